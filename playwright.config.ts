import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets two checkouts run their browser tests side by side (each serves its own build and state).
// Not `npm start`'s 4173: the browser tests serve a state of their own (below), never the demo shop's.
const PORT = Number(process.env.E2E_PORT ?? 4174);
// The browser tests' state: the demo seed plus their own records (tests/e2e/seed), in a folder of
// its own, so nothing a test makes or needs ever shows in the demo shop `npm start` serves.
const STATE = process.env.E2E_STATE ?? ".wrangler/e2e-state";

export default defineConfig({
  testDir: "tests/e2e",
  // Two workers run spec files side by side (issue 28 item 5); a file's tests keep their order in
  // one worker. Files may share only what none of them changes: every test that changes an account
  // or an item (a basket, an order, favorites, sizes, a store, a price) acts on records of its own
  // per browser project (tests/e2e/seed), since the js and no-js runs of a file may overlap too.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json", { outputFile: ".test-reports/browser.json" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace for every test cost ~45% of the browser phase (decision 0063): a failure
    // leaves its screenshot and page snapshot (error-context.md); E2E_TRACE=retain-on-failure
    // (or `--trace on`) records traces when a failure needs one.
    trace: (process.env.E2E_TRACE as "off" | "on" | "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium headless shell (scripts/ensure-chromium.mjs installs it; decision 0063).
      executablePath: process.env.E2E_CHROMIUM ?? "/usr/lib/chromium/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    // Every journey also runs with JavaScript off; *.js.spec.ts covers what needs it (axe injects a script).
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false }, testIgnore: /\.js\.spec\.ts$/ },
  ],
  webServer: {
    // The built Worker served in workerd with the seeded local bindings, as `npm start` does.
    // E2E_STATE_READY: `npm test` made the state already, beside the type checker (scripts/test-phases.mjs).
    command: `${process.env.E2E_STATE_READY ? "" : "npm run db:migrate && npm run db:seed -- --fixtures tests/e2e/seed && "}${process.env.E2E_SKIP_BUILD ? "" : "npm run build && "}node scripts/serve.mjs --port ${PORT}`,
    env: { ...(process.env as Record<string, string>), CLOSETLOOP_STATE: STATE },
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
