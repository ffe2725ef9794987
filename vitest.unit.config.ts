import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The unit phase runs beside the type checker, the linter and the browser state's seed on two
    // cores: a property test or an ESLint run can take more than the default 5 s. Timeouts guard
    // against hangs, not for speed.
    testTimeout: 20_000,
    include: [
      "app/**/*.test.ts",
      "app/**/*.server.test.ts",
      "workers/**/*.test.ts",
      "db/**/*.test.ts",
      "scripts/**/*.test.mjs",
      "bench/**/*.test.mjs",
      "tests/stripe/**/*.test.ts",
      "tests/shipping/**/*.test.ts",
    ],
    // Needs a build: vitest.jobs.config.ts runs it after `npm run build`.
    exclude: [...configDefaults.exclude, "scripts/jobs.test.mjs"],
    environment: "node",
    // The unit tests are pure (no module mocks, globals or env changed; the one test with fake
    // timers restores them), so their files share workers: ~25 s → ~16 s on 2 cores (a new worker
    // per file cost ~90 ms each, plus its imports). Checked with \`--sequence.shuffle\`.
    isolate: false,
    // Each case's time, for `node scripts/slowest-tests.mjs` (npm test prints the slowest 20).
    reporters: ["default", ["json", { outputFile: ".test-reports/unit.json" }]],
  },
});
