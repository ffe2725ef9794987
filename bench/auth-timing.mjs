// `npm run bench:auth`: how long the account forms take to answer for an e-mail that has an
// account and for one that does not (issue 16, item 5; docs/decisions/0017-accounts-no-enumeration-no-lockout.md).
// A timing difference would tell an outsider which addresses have accounts. Serves the built
// Worker in workerd on loopback with its own state, makes accounts through the sign-up form,
// then alternates known and unknown e-mails, each request from a fresh client address (so the
// rate limits, which are tested elsewhere, stay out of the figures). Prints medians; writes
// bench/auth-timing.json. A benchmark, not a test: the figures depend on the machine.
//   --samples N     requests per case (default 60)
//   --no-build      reuse the current build
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startServer } from "../scripts/server-process.mjs";

const args = process.argv.slice(2);
const samples = Number(args.includes("--samples") ? args[args.indexOf("--samples") + 1] : 60);
const PORT = 4323;
const BASE = `http://localhost:${PORT}`;
const STATE = path.resolve(".wrangler/bench/auth-timing");
const env = {
  ...process.env,
  CLOSETLOOP_STATE: STATE,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "true",
};
const npm = (script) => execFileSync("npm", ["run", "-s", script], { stdio: "inherit", env });

rmSync(STATE, { recursive: true, force: true });
mkdirSync(STATE, { recursive: true });
npm("db:migrate");
npm("db:seed");
if (!args.includes("--no-build")) npm("build");
const stop = await startServer(PORT, { env });

let client = 0;
/** One form post from a new client address; its wall time in milliseconds and its status. */
async function post(path, form) {
  client++;
  const headers = {
    "content-type": "application/x-www-form-urlencoded",
    "cf-connecting-ip": `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
    origin: BASE,
  };
  const started = performance.now();
  const response = await fetch(`${BASE}${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const summary = (runs) => ({
  median: +quantile(
    runs.map((r) => r.ms),
    0.5,
  ).toFixed(2),
  p10: +quantile(
    runs.map((r) => r.ms),
    0.1,
  ).toFixed(2),
  p90: +quantile(
    runs.map((r) => r.ms),
    0.9,
  ).toFixed(2),
  statuses: [...new Set(runs.map((r) => r.status))],
});

try {
  // Accounts to ask about: made through the sign-up form, as anyone would.
  const known = Array.from({ length: samples }, (_, i) => `timing-${i}-${Date.now()}@example.test`);
  for (const email of known)
    await post("/auth", {
      intent: "signup",
      fullName: "Timing Test",
      email,
      password: "timing-secret",
      confirmPassword: "timing-secret",
    });
  let fresh = 0;
  const unknown = () => `nobody-${++fresh}-${Date.now()}@example.test`;

  const cases = {
    "forgot password": (email) => post("/auth/forgot", { email }),
    "sign in (wrong password)": (email) => post("/auth", { intent: "signin", email, password: "not-the-password" }),
    "resend verification": (email) => post("/auth", { intent: "resend", email }),
    "sign up": (email) =>
      post("/auth", {
        intent: "signup",
        fullName: "Timing Test",
        email,
        password: "another-secret",
        confirmPassword: "another-secret",
      }),
  };
  const results = {};
  for (const [name, send] of Object.entries(cases)) {
    // Warm the isolate and the caches, then alternate: known, unknown, known, unknown ...
    for (let i = 0; i < 5; i++) await send(unknown());
    const runs = { existing: [], unknown: [] };
    for (let i = 0; i < samples; i++) {
      runs.existing.push(await send(known[i]));
      runs.unknown.push(await send(unknown()));
    }
    results[name] = {
      existing: summary(runs.existing),
      unknown: summary(runs.unknown),
    };
    results[name].medianDifferenceMs = +(results[name].existing.median - results[name].unknown.median).toFixed(2);
  }

  const machine = {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    node: process.version,
    loadavg: os.loadavg().map((l) => +l.toFixed(2)),
  };
  writeFileSync(
    "bench/auth-timing.json",
    JSON.stringify({ at: new Date().toISOString(), samples, machine, results }, null, 2),
  );
  console.log(`\nAccount forms, ${samples} requests per case, median (p10-p90) in ms, wall time on loopback:\n`);
  console.log(`${"form".padEnd(26)}${"existing e-mail".padEnd(26)}${"unknown e-mail".padEnd(26)}difference of medians`);
  for (const [name, r] of Object.entries(results)) {
    const cell = (s) => `${s.median} (${s.p10}-${s.p90}) [${s.statuses.join(",")}]`.padEnd(26);
    console.log(`${name.padEnd(26)}${cell(r.existing)}${cell(r.unknown)}${r.medianDifferenceMs}`);
  }
  console.log("\n(sign up: 'existing' is a second sign-up for an e-mail that has an account.)");
} finally {
  await stop();
}
