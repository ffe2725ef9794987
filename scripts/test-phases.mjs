// `npm test`: every phase in order, stopping at the first failure, and each phase's time printed at
// the end (issue 28: CI time is visible, phase by phase). The phases are the package's own scripts.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";

const PHASES = [
  ["typecheck", "npm run typecheck"],
  ["lint", "npm run lint"],
  ["unit", "npm run test:unit"],
  ["integration", "npm run test:integration"],
  ["build", "npm run build"],
  ["jobs", "npm run test:jobs"],
  ["budget", "npm run budget"],
  ["browser", "npm run test:e2e"],
];

// Each phase writes a JSON report there; the slowest tests are listed from them at the end.
rmSync(".test-reports", { recursive: true, force: true });
const times = [];
let failed = null;
const started = Date.now();
for (const [name, command] of PHASES) {
  const t0 = Date.now();
  // The browser tests reuse the build made above.
  const env = name === "browser" ? { ...process.env, E2E_SKIP_BUILD: "1" } : process.env;
  const { status } = spawnSync(command, { shell: true, stdio: "inherit", env });
  times.push([name, (Date.now() - t0) / 1000]);
  if (status !== 0) {
    failed = name;
    break;
  }
}

const width = Math.max(...PHASES.map(([n]) => n.length));
console.log("\nnpm test, time per phase:");
for (const [name, seconds] of times) console.log(`  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s`);
console.log(`  ${"total".padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`);
spawnSync("node scripts/slowest-tests.mjs 20", { shell: true, stdio: "inherit" });
if (failed) {
  console.error(`\nnpm test failed in phase: ${failed}`);
  process.exit(1);
}
