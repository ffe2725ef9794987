// `npm test`: every phase in order, stopping at the first failure, and each phase's time printed at
// the end (issue 28: CI time is visible, phase by phase). The phases are the package's own scripts.
//
// A step of several phases runs them side by side: the type checker and the linter each use one
// core, the unit tests are short, and the browser tests' state (migrations and seed, ~30 s of one
// core) needs nothing they make, so on a 2-core machine they take little more than the longest.
// Their output is printed phase by phase as each ends, never interleaved.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

const E2E_STATE = ".wrangler/e2e-state"; // playwright.config.ts STATE
const SOAK_STATE = ".wrangler/soak-seed";
const JOBS_STATE = ".tmp/jobs-test-state"; // scripts/jobs-test-helpers.mjs STATE
// The states the last step's tests start from, made from the start of the run in the background:
// nothing before the build needs them, and the checks and the integration tests leave some of the
// machine idle (one phase's tail, a worker's last file), which they fill. Waited for before the build.
const BACKGROUND = [
  // The browser tests' own state, made afresh (playwright.config.ts serves it as it is).
  // The soak starts from a copy of it, made before any browser test changes it.
  [
    "browser state",
    `rm -rf ${E2E_STATE} ${SOAK_STATE} && CLOSETLOOP_STATE=${E2E_STATE} npm run -s db:migrate && CLOSETLOOP_STATE=${E2E_STATE} npm run -s db:seed -- --fixtures tests/e2e/seed && cp -r ${E2E_STATE} ${SOAK_STATE}`,
  ],
  // The jobs command's test's state: the demo shop as `npm start` seeds it, without the image
  // variants no job reads (scripts/jobs.test.mjs makes it itself when run alone).
  [
    "jobs state",
    `rm -rf ${JOBS_STATE} && CLOSETLOOP_STATE=${JOBS_STATE} npm run -s db:migrate && CLOSETLOOP_STATE=${JOBS_STATE} npm run -s db:seed -- --no-image-variants`,
  ],
];
const STEPS = [
  [
    ["typecheck", "npm run typecheck"],
    ["lint", "npm run lint"],
    ["unit", "npm run test:unit"],
  ],
  [["integration", "npm run test:integration"]],
  "background",
  [["build", "npm run build"]],
  // The budget alone: its Worker startup check measures CPU, which anything beside it would inflate.
  [["budget", "npm run budget"]],
  // The browser tests reuse the build and the state made above. Beside them, what needs neither
  // their state nor their port: the jobs command's test (its own state, port and workerd; it
  // mostly waits on processes starting) and the soak. The browser tests leave a third of the
  // machine idle (their steps wait on one another).
  [
    ["browser", "npm run test:e2e", { E2E_SKIP_BUILD: "1", E2E_STATE_READY: "1" }],
    ["jobs", "npm run test:jobs", { JOBS_STATE_READY: "1" }],
    // A crowd trading for 30 s (bench/soak.mjs, issue 41): fails on any 5xx, unanswered request or lost write.
    ["soak", `node bench/soak.mjs --short --skip-build --from ${SOAK_STATE}`],
  ],
];

/** The children's user and system seconds from bash's `times` (its second line: "0m12.345s 0m1.234s"). */
function cpuSeconds(text) {
  const line = text.trim().split("\n")[1] ?? "";
  const seconds = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
  return seconds.length === 2 ? seconds[0] + seconds[1] : null;
}

/**
 * Runs one phase; alone it prints as it goes, beside others its output is kept and printed when it
 * ends (a background phase's when it is waited for, so it never cuts into a phase printing as it goes).
 */
function run([name, command, extraEnv = {}], alone, held = false) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    // The shell's `times` prints its children's CPU time (user and system, each descendant it
    // waited for included) last: how much of the 2-core machine the phase took, beside its wall time.
    const child = spawn(`${command}; status=$?; times >&3; exit $status`, {
      shell: "/bin/bash",
      stdio: alone ? ["inherit", "inherit", "inherit", "pipe"] : ["ignore", "pipe", "pipe", "pipe"],
      env: { ...process.env, ...extraEnv },
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    const times = [];
    child.stdio[3].on("data", (chunk) => times.push(chunk));
    child.on("close", (status) => {
      const printed = `\n── ${name} ──\n${Buffer.concat(output).toString()}`;
      if (!alone && !held) process.stdout.write(printed);
      resolve({
        printed,
        name,
        status,
        seconds: (Date.now() - t0) / 1000,
        cpu: cpuSeconds(Buffer.concat(times).toString()),
      });
    });
  });
}

// Each phase writes a JSON report there; the slowest tests are listed from them at the end.
rmSync(".test-reports", { recursive: true, force: true });
const times = [];
let failed = null;
const started = Date.now();
const background = Promise.all(BACKGROUND.map((phase) => run(phase, false, true)));
for (const step of STEPS) {
  const t0 = Date.now();
  const results =
    step === "background"
      ? await background.then((done) => (done.forEach((r) => process.stdout.write(r.printed)), done))
      : await Promise.all(step.map((phase) => run(phase, step.length === 1)));
  for (const { name, seconds, cpu } of results) times.push([name, seconds, cpu]);
  if (step === "background")
    times.push([`  (in the background from the start; waited ${((Date.now() - t0) / 1000).toFixed(1)} s)`, null, null]);
  else if (step.length > 1) times.push([`  (side by side: ${((Date.now() - t0) / 1000).toFixed(1)} s)`, null, null]);
  failed = results.find((r) => r.status !== 0)?.name ?? null;
  if (failed) break;
}
// A run that failed early still lets the background phases end (no process is left behind).
if (failed && !times.some(([name]) => name === BACKGROUND[0][0])) await background;

const width = Math.max(...times.filter(([, seconds]) => seconds !== null).map(([n]) => n.length));
const cpuOf = (cpu) => (cpu === null ? "" : `   ${cpu.toFixed(0).padStart(5)} s of CPU`);
console.log("\nnpm test, time per phase (wall, and the CPU its processes used):");
for (const [name, seconds, cpu] of times)
  console.log(seconds === null ? name : `  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s${cpuOf(cpu)}`);
const allCpu = times.reduce((sum, [, , cpu]) => sum + (cpu ?? 0), 0);
console.log(`  ${"total".padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s${cpuOf(allCpu)}`);
await new Promise((resolve) =>
  spawn("node scripts/slowest-tests.mjs 20", { shell: true, stdio: "inherit" }).on("close", resolve),
);
if (failed) {
  console.error(`\nnpm test failed in phase: ${failed}`);
  process.exit(1);
}
