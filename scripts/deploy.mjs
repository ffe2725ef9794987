// `npm run deploy`: builds the Worker for wrangler.toml [env.production], checks that build, and
// deploys it with wrangler. It deploys nothing else: any other environment, a wrangler.toml
// without [env.production], or a production section still holding placeholders stops here with
// the reason (docs/decisions/0018-dev-surfaces-cannot-ship.md). Arguments go on to `wrangler deploy`.
//   CLOSETLOOP_BUILD_DIR   where to build (default build/; the tests build elsewhere)
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { productionConfigProblems } from "./production-config.mjs";

function stop(message) {
  console.error(`\nnpm run deploy stopped: ${message}\n`);
  process.exit(1);
}

const target = process.env.CLOUDFLARE_ENV || "production";
if (target !== "production") {
  stop(
    `it deploys the production environment only (wrangler.toml [env.production]), and CLOUDFLARE_ENV is ${JSON.stringify(target)}. Unset it or set CLOUDFLARE_ENV=production.`,
  );
}
if (!/^\[env\.production\]/m.test(readFileSync("wrangler.toml", "utf8"))) {
  stop(
    "wrangler.toml has no [env.production] section. The top level is the local development configuration and is never deployed; see README, Deploying to a Cloudflare account.",
  );
}

const buildDir = process.env.CLOSETLOOP_BUILD_DIR ?? "build";
const built = spawnSync("npx", ["react-router", "build"], {
  stdio: "inherit",
  env: { ...process.env, CLOUDFLARE_ENV: "production" },
});
if (built.status !== 0) stop("the production build failed (see above).");

const configPath = path.join(buildDir, "server", "wrangler.json");
const problems = productionConfigProblems(JSON.parse(readFileSync(configPath, "utf8")));
if (problems.length) stop(`the production configuration is not ready:\n  - ${problems.join("\n  - ")}`);

// wrangler deploys the build through the redirect the build wrote (.wrangler/deploy/config.json).
const deployed = spawnSync("npx", ["wrangler", "deploy", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(deployed.status ?? 1);
