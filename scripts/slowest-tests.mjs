// The slowest tests of the last `npm test` (issue 28, item 5): every phase's JSON report in
// .test-reports/ (vitest's unit, integration and jobs runs; Playwright's browser run), read
// together, the slowest N printed with their phase and file. `npm test` prints the slowest 20.
//   node scripts/slowest-tests.mjs [N]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const DIR = ".test-reports";
const count = Number(process.argv[2] ?? 20);

/** [{ phase, file, name, ms }] from a vitest JSON report. */
const fromVitest = (phase, report) =>
  (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      phase,
      file: path.relative(process.cwd(), file.name),
      name: test.fullName ?? test.title,
      ms: test.duration ?? 0,
    })),
  );

/** [{ phase, file, name, ms }] from Playwright's JSON report (suites nest; one result per project and retry). */
function fromPlaywright(phase, report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        out.push({
          phase: `${phase} (${test.projectName})`,
          file: spec.file ?? suite.file,
          name: [...titles, spec.title].join(" › "),
          ms,
        });
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

export function slowestTests(n = count, dir = DIR) {
  if (!existsSync(dir)) return [];
  const all = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => {
      const phase = f.replace(/\.json$/, "");
      const report = JSON.parse(readFileSync(path.join(dir, f), "utf8"));
      return report.suites ? fromPlaywright(phase, report) : fromVitest(phase, report);
    });
  return all.sort((a, b) => b.ms - a.ms).slice(0, n);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = slowestTests();
  if (rows.length === 0) console.log(`No test reports in ${DIR}/: run npm test (or one of its phases) first.`);
  else {
    console.log(`\nThe ${rows.length} slowest tests of the last run (s):`);
    for (const r of rows)
      console.log(
        `  ${(r.ms / 1000).toFixed(1).padStart(6)}  ${r.phase.padEnd(16)} ${r.file} › ${r.name}`.slice(0, 220),
      );
  }
}
