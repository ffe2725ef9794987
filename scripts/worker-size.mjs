// The Worker as Cloudflare would take it (issue 17, item 5): `wrangler deploy --dry-run` bundles
// the built Worker exactly as a deploy uploads it and reports its compressed size, which must stay
// within the platform's limit; `wrangler check startup` runs the bundle's startup in workerd and
// profiles it (Cloudflare refuses a Worker whose startup exceeds its limit). Both work offline.
// The bundle is build/ (npm run build); the production build differs from it by one constant and
// its wrangler.json, not by code (scripts/deploy.mjs).
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

/** Cloudflare's limits: 3 MB compressed on the Free plan (10 MB on paid plans); 1 s of startup. */
export const WORKER_GZIP_LIMIT_KIB = 3 * 1024;
export const STARTUP_LIMIT_MS = 1000;

function wrangler(args) {
  const run = spawnSync("npx", ["wrangler", ...args], { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", NO_COLOR: "1" } });
  return { ok: run.status === 0, output: `${run.stdout}\n${run.stderr}` };
}

export function checkWorker(buildDir = "build") {
  const out = path.resolve(".tmp/worker-size");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const bundle = path.join(out, "worker.bundle");
  const problems = [];
  const dry = wrangler(["deploy", "--dry-run", "--outfile", bundle, "-c", path.join(buildDir, "server", "wrangler.json")]);
  const size = dry.output.match(/Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
  if (!dry.ok || !size) problems.push(`wrangler deploy --dry-run failed:\n${dry.output.slice(-2000)}`);
  const uploadKiB = size ? Number(size[1]) : NaN;
  const gzipKiB = size ? Number(size[2]) : NaN;
  if (gzipKiB > WORKER_GZIP_LIMIT_KIB) problems.push(`The Worker is ${gzipKiB.toFixed(0)} KiB compressed: over Cloudflare's ${WORKER_GZIP_LIMIT_KIB} KiB limit.`);
  let startupMs = NaN;
  if (dry.ok) {
    const startup = wrangler(["check", "startup", "--worker", bundle, "--outfile", path.join(out, "startup.cpuprofile")]);
    const active = startup.output.match(/Active: ([\d.]+) ms/);
    if (!startup.ok || !active) problems.push(`wrangler check startup failed:\n${startup.output.slice(-2000)}`);
    else startupMs = Number(active[1]);
    if (startupMs > STARTUP_LIMIT_MS) problems.push(`The Worker's startup takes ${startupMs.toFixed(0)} ms of CPU: over Cloudflare's ${STARTUP_LIMIT_MS} ms.`);
  }
  return { uploadKiB, gzipKiB, limitKiB: WORKER_GZIP_LIMIT_KIB, startupMs, startupLimitMs: STARTUP_LIMIT_MS, problems };
}
