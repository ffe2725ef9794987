import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { include: ["app/**/*.test.ts", "app/**/*.server.test.ts", "workers/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.mjs"], environment: "node" },
});
