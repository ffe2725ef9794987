import { defineConfig } from "vitest/config";

// `npm run test:jobs`: the `npm run jobs` command run for real against the last build (build/) and a
// state folder of its own (scripts/jobs.test.mjs). `npm test` runs it right after `npm run build`.
export default defineConfig({
  test: {
    include: ["scripts/jobs.test.mjs"],
    environment: "node",
    testTimeout: 240_000,
    hookTimeout: 300_000,
    reporters: ["default", ["json", { outputFile: ".test-reports/jobs.json" }]],
  },
});
