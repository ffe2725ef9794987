import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "app/**/*.server.test.ts", "workers/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.mjs", "tests/stripe/**/*.test.ts"],
    // Needs a build: vitest.jobs.config.ts runs it after `npm run build`.
    exclude: [...configDefaults.exclude, "scripts/jobs.test.mjs"],
    environment: "node",
    // Each case's time, for `node scripts/slowest-tests.mjs` (npm test prints the slowest 20).
    reporters: ["default", ["json", { outputFile: ".test-reports/unit.json" }]],
  },
});
