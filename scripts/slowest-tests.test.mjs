import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { slowestTests } from "./slowest-tests.mjs";

describe("the slowest tests of a run", () => {
  it("reads vitest's and Playwright's reports together, slowest first, with their phase", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "slowest-"));
    const vitest = {
      testResults: [
        {
          name: path.join(process.cwd(), "tests/integration/a.test.ts"),
          assertionResults: [
            { fullName: "sweep A", duration: 4200 },
            { fullName: "quick", duration: 3 },
          ],
        },
      ],
    };
    const playwright = {
      suites: [
        {
          title: "checkout.spec.ts",
          file: "checkout.spec.ts",
          specs: [],
          suites: [
            {
              title: "checkout",
              file: "checkout.spec.ts",
              specs: [
                {
                  title: "pays",
                  file: "checkout.spec.ts",
                  tests: [{ projectName: "no-js", results: [{ duration: 9000 }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    writeFileSync(path.join(dir, "integration.json"), JSON.stringify(vitest));
    writeFileSync(path.join(dir, "browser.json"), JSON.stringify(playwright));
    expect(slowestTests(2, dir)).toEqual([
      { phase: "browser (no-js)", file: "checkout.spec.ts", name: "checkout › pays", ms: 9000 },
      { phase: "integration", file: "tests/integration/a.test.ts", name: "sweep A", ms: 4200 },
    ]);
  });

  it("lists nothing before a run", () => {
    expect(slowestTests(20, path.join(os.tmpdir(), "no-such-reports-dir"))).toEqual([]);
  });
});
