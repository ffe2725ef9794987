// A Vitest reporter that ends a run whose every test file has ended but which does not end itself
// (docs/decisions/0063-ci-under-ten-minutes.md). The integration files share a workerd per Vitest
// worker (`isolate: false`); about one run in five, every file passed and Vitest then never
// reached the end of the run (the Workers pool never finished stopping its last workerd, and no
// report was written). Once the last file has ended, the guard waits `graceSeconds`; if the run
// has not ended by then it writes the run's JSON report itself, says so, and exits with the files'
// result: 1 when any file or test failed, else 0. A run that ends on its own is left alone.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** ["Timeout", "TCPSocketWrap", "Timeout"] → "Timeout ×2, TCPSocketWrap": what kept the process, for whoever looks into the stall. */
const summarize = (resources) => {
  const counts = new Map();
  for (const r of resources) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts].map(([r, n]) => (n > 1 ? `${r} ×${n}` : r)).join(", ") || "nothing";
};

export class StallGuard {
  /** @param {{ outputFile: string, graceSeconds?: number, exit?: (code: number) => void, log?: (line: string) => void, openResources?: () => string[] }} options */
  constructor({
    outputFile,
    graceSeconds = 60,
    exit = (code) => process.exit(code),
    log = (line) => console.error(line),
    openResources = () => process.getActiveResourcesInfo(),
  }) {
    this.outputFile = outputFile;
    this.graceSeconds = graceSeconds;
    this.exit = exit;
    this.log = log;
    this.openResources = openResources;
    this.expected = 0;
    /** @type {any[]} the ended test modules */
    this.ended = [];
    this.timer = undefined;
  }

  onTestRunStart(specifications) {
    this.expected = specifications.length;
    this.ended = [];
  }

  onTestModuleEnd(testModule) {
    this.ended.push(testModule);
    if (this.expected > 0 && this.ended.length >= this.expected && !this.timer) {
      this.timer = setTimeout(() => this.endStalledRun(), this.graceSeconds * 1000);
      this.timer.unref?.();
    }
  }

  onTestRunEnd() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The files' results, in the shape of Vitest's JSON report (what scripts/slowest-tests.mjs reads). */
  report() {
    const testResults = this.ended.map((m) => ({
      name: m.moduleId,
      status: m.state() === "failed" || m.errors().length > 0 ? "failed" : "passed",
      assertionResults: [...m.children.allTests()].map((t) => ({
        fullName: t.fullName,
        status: t.result().state,
        duration: t.diagnostic()?.duration ?? 0,
      })),
    }));
    const tests = testResults.flatMap((f) => f.assertionResults);
    return {
      success: testResults.every((f) => f.status === "passed") && tests.every((t) => t.status !== "failed"),
      numTotalTestSuites: testResults.length,
      numTotalTests: tests.length,
      numPassedTests: tests.filter((t) => t.status === "passed").length,
      numFailedTests: tests.filter((t) => t.status === "failed").length,
      testResults,
    };
  }

  endStalledRun() {
    const report = this.report();
    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, JSON.stringify(report));
    this.log(
      `\nAll ${report.numTotalTestSuites} test files ended (${report.numPassedTests} tests passed, ${report.numFailedTests} failed), ` +
        `but the run did not end within ${this.graceSeconds} s: the Workers pool did not stop (decision 0063). ` +
        `Ending it with the files' results; report written to ${this.outputFile}. Still open: ${summarize(this.openResources())}.`,
    );
    this.exit(report.success ? 0 : 1);
  }
}
