import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "tests/stripe/**/*.test.ts", "app/**/*.server.test.ts", "workers/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.mjs"],
    // Needs a build: vitest.jobs.config.ts runs it after `npm run build`.
    exclude: [...configDefaults.exclude, "scripts/jobs.test.mjs"],
    environment: "node",
  },
});
