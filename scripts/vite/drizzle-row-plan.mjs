// Drizzle turns each row D1 returns into the object a query selected by asking, for every cell of
// every row, what kind of field its column is (a column? SQL? a subquery?) to find its decoder,
// and by walking the column's path through an iterator made for that cell. A listing's 25 cards of
// 12 columns ask 300 times what 12 answers would tell; that mapping was 3–4% of a listing's CPU
// (with the class checks it makes). The answers depend only on the statement's selected fields,
// a list drizzle builds once per statement and keeps: they are now worked out once per list and
// reused for each of its rows. The objects come out the same, key for key (decision 0117).
import { libraryPatch } from "./library-patch.mjs";

const ORIGINAL_HEAD = `function mapResultRow(columns, row, joinsNotNullableMap) {
  const nullifyMap = {};
  const result = columns.reduce(`;

export const PLANNED_ROW = `const rowPlans = new WeakMap();
function rowPlanOf(columns) {
  let plan = rowPlans.get(columns);
  if (plan === undefined) {
    plan = columns.map(({ path, field }) => {
      let decoder;
      if (is(field, Column)) {
        decoder = field;
      } else if (is(field, SQL)) {
        decoder = field.decoder;
      } else if (is(field, Subquery)) {
        decoder = field._.sql.decoder;
      } else {
        decoder = field.sql.decoder;
      }
      const table = is(field, Column) && path.length === 2 ? getTableName(field.table) : null;
      return { path, last: path.length - 1, decoder, table };
    });
    rowPlans.set(columns, plan);
  }
  return plan;
}
function mapResultRow(columns, row, joinsNotNullableMap) {
  const plan = rowPlanOf(columns);
  const result = {};
  let nullifyMap;
  for (let columnIndex = 0; columnIndex < plan.length; columnIndex++) {
    const { path, last, decoder, table } = plan[columnIndex];
    let node = result;
    for (let pathChunkIndex = 0; pathChunkIndex < last; pathChunkIndex++) {
      const pathChunk = path[pathChunkIndex];
      if (!(pathChunk in node)) {
        node[pathChunk] = {};
      }
      node = node[pathChunk];
    }
    const rawValue = row[columnIndex];
    const value = node[path[last]] = rawValue === null ? null : decoder.mapFromDriverValue(rawValue);
    if (joinsNotNullableMap && table !== null) {
      nullifyMap ??= {};
      const objectName = path[0];
      if (!(objectName in nullifyMap)) {
        nullifyMap[objectName] = value === null ? table : false;
      } else if (typeof nullifyMap[objectName] === "string" && nullifyMap[objectName] !== table) {
        nullifyMap[objectName] = false;
      }
    }
  }
  if (nullifyMap !== undefined) {
    for (const [objectName, tableName] of Object.entries(nullifyMap)) {
      if (typeof tableName === "string" && !joinsNotNullableMap[tableName]) {
        result[objectName] = null;
      }
    }
  }
  return result;
}
function mapResultRowAsked(columns, row, joinsNotNullableMap) {
  const nullifyMap = {};
  const result = columns.reduce(`;

/** Drizzle's row mapping with each statement's decoders and paths worked out once (the Worker's build). */
export const drizzleRowPlan = () =>
  libraryPatch({
    name: "drizzle-row-plan",
    library: "drizzle-orm",
    decision: "0117",
    file: /drizzle-orm[\\/]utils\.js$/,
    environments: ["ssr"],
    replacements: [[ORIGINAL_HEAD, PLANNED_ROW]],
  });
