import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { StallGuard } from "./scripts/stall-guard.mjs";

// The sweeps take a rotating share of their cases per run (tests/integration/sweep.ts): the seed is
// printed so a failing run can be repeated (SWEEP_SEED=…); SWEEP=full (`npm run test:full`) runs all.
const SWEEP_SEED = (process.env.SWEEP_SEED ??= String(Math.floor(Math.random() * 2 ** 31)));
const SWEEP = process.env.SWEEP === "full" ? "full" : "sampled";
console.log(
  `Integration sweeps: ${SWEEP}, SWEEP_SEED=${SWEEP_SEED}${SWEEP === "full" ? "" : " (every case: npm run test:full)"}`,
);
// The ledger property test (tests/integration/ledger-property.test.ts, decision 0075): a random seed
// per run unless LEDGER_SEED repeats one; LEDGER_RUNS=5000 runs thousands of lifecycles, LEDGER_MINUTES=40 time-boxes them.
const LEDGER_SEED = (process.env.LEDGER_SEED ??= String(Math.floor(Math.random() * 2 ** 31)));
const LEDGER_RUNS = process.env.LEDGER_RUNS ?? "";
const LEDGER_MINUTES = process.env.LEDGER_MINUTES ?? "";

const REPORT = ".test-reports/integration.json";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        // The page cache has its own tests; elsewhere every request must see the latest rows.
        // MESSAGES_PER_MINUTE: the conversations' burst test sends 50 messages a sender at once (issue 26).
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            PAGE_CACHE_SECONDS: "0",
            MESSAGES_PER_MINUTE: "1000",
            SWEEP,
            SWEEP_SEED,
            LEDGER_SEED,
            LEDGER_RUNS,
            LEDGER_MINUTES,
          },
        },
      }),
      reactRouter(),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      include: ["tests/integration/**/*.test.ts"],
      // Test files run side by side and several suites send thousands of requests (the route-table
      // sweeps, the fuzzer): on a shared 2-core machine a test that makes 20 users at once (PBKDF2
      // each) needs more than the default 5 s. Timeouts guard against hangs, not for speed.
      testTimeout: 30_000,
      // Vitest's default is one file at a time on a 2-core machine (cores - 1); each file waits on
      // workerd and D1 as much as on the CPU, so two side by side halve the phase (measured on 12
      // files: 164 s → 86 s). Three (a workerd each) are a little faster still (144–153 s for the
      // phase against 156–165 s) and keep two working when the stall below stops one (decision 0063).
      maxWorkers: 3,
      // One workerd per Vitest worker, shared by the files it runs one after another (a process per
      // file cost ~3 s of a 2-core machine each: the phase ~290 s instead of ~160 s). setup.ts and
      // per-file.ts give each file the state a fresh process had. About one run in three, one file's
      // tests all pass but the file never finishes inside its workerd, and the run never ends: the
      // stall guard below ends such a run with the files' results (decision 0063).
      isolate: false,
      setupFiles: ["./tests/integration/setup.ts"],
      reporters: [
        "default",
        ["json", { outputFile: REPORT }] as ["json", { outputFile: string }],
        new StallGuard({ outputFile: REPORT, graceSeconds: 20 }),
      ],
    },
  };
});
