// Applies the SQL migrations to the local D1 (or to CLOSETLOOP_STATE's, for benchmarks).
import { execFileSync } from "node:child_process";
import path from "node:path";

const args = ["d1", "migrations", "apply", "DB", "--local"];
if (process.env.CLOSETLOOP_STATE) args.push("--persist-to", process.env.CLOSETLOOP_STATE);
execFileSync(path.resolve("node_modules/.bin/wrangler"), args, {
  stdio: "inherit",
  env: { ...process.env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
});
