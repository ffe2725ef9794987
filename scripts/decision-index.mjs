// The index of the decisions (issue 48, item 3): docs/decisions/README.md lists every record
// (docs/decisions/NNNN-*.md) on a line of its own, a bullet whose first link is the record.
// `npm run lint` runs it; it exits 1 and names each record without a line (or with two), each
// line whose label is not its record's number, and each link in the index to a file that does
// not exist. Links inside `code` are examples, not links.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const DECISIONS_DIR = fileURLToPath(new URL("../docs/decisions/", import.meta.url));
export const INDEX = "README.md";
export const RECORD = /^[0-9]{4}-.*\.md$/;

/** The index's text without fenced code blocks and `code` spans. */
function withoutCode(text) {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** A link's target as a path relative to the index's folder, or null for a web address or an anchor. */
function localTarget(href) {
  if (href.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(href)) return null;
  const file = href.replace(/[?#].*$/, "");
  try {
    return decodeURIComponent(file);
  } catch {
    return file;
  }
}

/**
 * What is wrong with `index` (the README's text) as the list of `records` (file names in the
 * folder): one sentence per problem, [] when every record is listed once and every link resolves.
 * `exists(target)` says whether a path relative to the folder exists.
 */
export function indexProblems(records, index, exists) {
  const problems = [];
  const text = withoutCode(index);
  const lines = new Map();
  for (const line of text.split("\n")) {
    const item = line.match(/^\s*[-*+]\s+\[([^\]]*)\]\(([^)\s]+)\)/);
    if (!item) continue;
    const [, label, href] = item;
    const target = localTarget(href);
    if (target === null || !RECORD.test(target)) continue;
    lines.set(target, (lines.get(target) ?? 0) + 1);
    if (label !== target.slice(0, 4))
      problems.push(`The line for ${target} is labelled [${label}]: label it [${target.slice(0, 4)}].`);
  }
  for (const record of records) {
    const count = lines.get(record) ?? 0;
    if (count === 0)
      problems.push(`${record} is not listed: add "- [${record.slice(0, 4)}](${record}) subject" under its area.`);
    else if (count > 1) problems.push(`${record} is listed ${count} times: a record has one line, in one area.`);
  }
  const missing = new Set();
  for (const [, href] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = localTarget(href);
    if (target !== null && target !== "" && !exists(target)) missing.add(target);
  }
  for (const target of missing) problems.push(`The index links ${target}, which does not exist.`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = readdirSync(DECISIONS_DIR)
    .filter((name) => RECORD.test(name))
    .sort();
  const index = readFileSync(path.join(DECISIONS_DIR, INDEX), "utf8");
  const problems = indexProblems(records, index, (target) => existsSync(path.join(DECISIONS_DIR, target)));
  if (problems.length > 0) {
    console.error(
      `The decisions' index (docs/decisions/${INDEX}) is out of step with the records (${problems.length}):`,
    );
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`All ${records.length} decision records are listed in docs/decisions/${INDEX}.`);
}
