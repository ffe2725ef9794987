import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StallGuard } from "./stall-guard.mjs";

/** A test module as Vitest's reporters see it, with its tests' states. */
const testModule = (moduleId, states) => ({
  moduleId,
  state: () => (states.includes("failed") ? "failed" : "passed"),
  errors: () => [],
  children: {
    allTests: () =>
      states.map((state, i) => ({
        fullName: `${moduleId} case ${i}`,
        result: () => ({ state }),
        diagnostic: () => ({ duration: 10 * (i + 1) }),
      })),
  },
});

describe("the stall guard of the integration run", () => {
  let outputFile;
  let exit;
  let log;
  beforeEach(() => {
    vi.useFakeTimers();
    outputFile = path.join(mkdtempSync(path.join(os.tmpdir(), "stall-")), "integration.json");
    exit = vi.fn();
    log = vi.fn();
  });
  afterEach(() => vi.useRealTimers());

  const started = (files) => {
    const guard = new StallGuard({
      outputFile,
      graceSeconds: 60,
      exit,
      log,
      openResources: () => ["ChildProcess", "TCPSocketWrap", "TCPSocketWrap"],
    });
    guard.onTestRunStart(files.map((f) => ({ moduleId: f })));
    return guard;
  };

  it("ends a run whose files all passed but which does not end, with exit 0 and their report", () => {
    const guard = started(["a.test.ts", "b.test.ts"]);
    guard.onTestModuleEnd(testModule("a.test.ts", ["passed", "passed"]));
    guard.onTestModuleEnd(testModule("b.test.ts", ["passed"]));
    vi.advanceTimersByTime(59_000);
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(exit).toHaveBeenCalledWith(0);
    expect(log.mock.calls[0][0]).toContain(
      "All 2 test files ended (3 tests passed, 0 failed), but the run did not end within 60 s",
    );
    expect(log.mock.calls[0][0]).toContain("Still open: ChildProcess, TCPSocketWrap ×2.");
    const report = JSON.parse(readFileSync(outputFile, "utf8"));
    expect(report.testResults.map((f) => f.name)).toEqual(["a.test.ts", "b.test.ts"]);
    expect(report.testResults[0].assertionResults[1]).toEqual({
      fullName: "a.test.ts case 1",
      status: "passed",
      duration: 20,
    });
  });

  it("ends it with exit 1 when a test failed", () => {
    const guard = started(["a.test.ts"]);
    guard.onTestModuleEnd(testModule("a.test.ts", ["passed", "failed"]));
    vi.advanceTimersByTime(60_000);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it("leaves alone a run that ends on its own, and one still running files", () => {
    const ending = started(["a.test.ts"]);
    ending.onTestModuleEnd(testModule("a.test.ts", ["passed"]));
    ending.onTestRunEnd();
    const running = started(["a.test.ts", "b.test.ts"]);
    running.onTestModuleEnd(testModule("a.test.ts", ["passed"]));
    vi.advanceTimersByTime(10 * 60_000);
    expect(exit).not.toHaveBeenCalled();
    expect(existsSync(outputFile)).toBe(false);
  });
});
