import type { Config } from "@react-router/dev/config";

// CLOSETLOOP_BUILD_DIR lets a test build the production bundle without touching build/ (scripts/deploy.test.mjs).
export default { ssr: true, buildDirectory: process.env.CLOSETLOOP_BUILD_DIR ?? "build" } satisfies Config;
