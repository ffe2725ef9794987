import { fillPlaceholders, sql, type Placeholder } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Database } from "./db.server";
import type { Part, Statement } from "./parts.server";

// Statements built once per isolate (decision 0111). Drizzle builds a statement's SQL text from
// its query builder at every use: on the product page that was ~10% of the CPU, the same text each
// time with other values. A statement whose shape does not change is built here once, with named
// placeholders, and each use binds its values and goes in a page's batch like any other part.
// Only values that are the statement's inputs may be placeholders: a time, a limit or a list that
// changes the text must stay out of a prepared statement (or be one of its values).

/** A D1 that only builds statements: they are made against it, and never run on it. */
const building = drizzle({
  prepare: () => ({}),
  batch: () => Promise.reject(new Error("a statement prepared once runs through a request's database")),
} as unknown as D1Database);

interface Built {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
}

type Buildable = { prepare(): unknown; all(): Promise<unknown> };

/** A statement's SQL and row mapping: a query builder's, or a statement already written (sqlPart) as it is. */
const builtOf = (statement: Statement): Built => {
  const own = statement as unknown as Partial<Buildable> & { _prepare(): Built };
  return (typeof own.prepare === "function" ? own.prepare() : own._prepare()) as Built;
};

/** A placeholder named as each value: what a statement built once is built with. */
const placeholdersOf = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, sql.placeholder(name)]));

/**
 * A statement built once, the first time it is used: `build` makes it from the building database
 * and placeholders named as the values; each use gives the statement with `values` bound, as a part
 * of a page's batch (parts.server.ts) read with `db`'s session.
 */
export function preparedOnce<const N extends string, Q extends Buildable>(
  names: readonly N[],
  build: (db: Database, placeholders: { [K in N]: Placeholder<K, unknown> }) => Q,
): (db: Database, values: { [K in N]: unknown }) => Part<Awaited<ReturnType<Q["all"]>>> {
  let built: Built | undefined;
  return (db, values) => {
    built ??= build(building, placeholdersOf(names) as { [K in N]: Placeholder<K, unknown> }).prepare() as Built;
    const statement = boundStatement(db, built, values);
    return { statements: [statement], read: ([rows]) => rows as Awaited<ReturnType<Q["all"]>> };
  };
}

/**
 * A part whose statements' SQL is built once per isolate and shape (decision 0132): a part of many
 * statements (a dashboard tab's) where `preparedOnce` takes one. Each use builds the part with its
 * `values` as before, for its `read` (which may use them), but not its statements' SQL: the first
 * use of a shape built them against placeholders named as the values, and every use binds its own
 * values to that text. A shape is the names `values` has: a value that changes the text (a page's
 * cursor or none) is left out of `values` when absent, so `build` sees it absent. `build` may only
 * pass the values into statements, never compute with them (a time turned into a week's start must
 * stay out: its part goes beside this one).
 *
 * With `rowsOnly`, the part's `read` is made from its rows alone (no value in it): the read of the
 * shape's first build serves every use, and a use builds nothing (decision 0141). On the seller's
 * Orders tab building the part each time was 3% of the request.
 */
export function preparedPart<V extends Record<string, unknown>, T>(
  build: (db: Database, values: V) => Part<T>,
  { rowsOnly = false }: { rowsOnly?: boolean } = {},
): (db: Database, values: V) => Part<T> {
  const shapes = new Map<string, { built: Built[]; read: Part<T>["read"] }>();
  return (db, values) => {
    const names = Object.keys(values).sort();
    const shape = names.join(",");
    let kept = shapes.get(shape);
    if (!kept) {
      const part = build(building, placeholdersOf(names) as V);
      kept = { built: part.statements.map(builtOf), read: part.read };
      shapes.set(shape, kept);
    }
    return {
      statements: kept.built.map((statement) => boundStatement(db, statement, values)),
      read: rowsOnly ? kept.read : build(db, values).read,
    };
  };
}

/** `preparedPart`'s option for a part whose read is made from its rows alone. */
export const ROWS_ONLY = { rowsOnly: true } as const;

/** SQL with its values, in the shape drizzle's D1 batch takes (what a query builder's `_prepare` gives). */
function batchStatement(db: Database, text: string, params: unknown[], mapResult: Built["mapResult"]): Statement {
  return {
    _prepare: () => ({ getQuery: () => ({ sql: text, params }), stmt: db.$client.prepare(text), mapResult }),
    // What a query builder answers too: the query-plan checks explain a page's statements by it.
    toSQL: () => ({ sql: text, params }),
  } as unknown as Statement;
}

/** A built statement with its values (its placeholders' `values`, or none), read as drizzle maps its rows. */
function boundStatement(db: Database, built: Built, values?: Record<string, unknown>): Statement {
  const { sql: text, params } = built.getQuery();
  return batchStatement(db, text, values ? fillPlaceholders(params, values) : params, (result, isFromBatch) =>
    built.mapResult(result, isFromBatch),
  );
}

/** A statement written in SQL, with its values, as a part of a page's batch: its rows as D1 gives them. */
export function sqlPart<R>(db: Database, text: string, params: unknown[]): Part<R[]> {
  const statement = batchStatement(db, text, params, (result) => (result as D1Result<R>).results);
  return { statements: [statement], read: ([rows]) => (rows ?? []) as R[] };
}

/**
 * A part whose statements' SQL is remembered by its inputs (decision 0138): a listing's page,
 * count and Size counts, whose text follows every filter, its cursor and its search words, so no
 * shape short of the inputs themselves fixes it. The same inputs asked again (the first page of a
 * category, a brand, the shop's sorts: the pages most asked for) bind the remembered text to the
 * request's D1; other inputs build theirs as before. The rows are read fresh every time: only the
 * SQL text and how its rows are mapped are kept, built against the building database, never a
 * request's. `build` must be a function of its inputs alone (no time, no randomness); the last
 * `size` inputs are kept, the least recently used forgotten first.
 */
export function rememberedPart<A extends unknown[], T>(
  build: (db: Database, ...inputs: A) => Part<T>,
  size = 200,
): (db: Database, ...inputs: A) => Part<T> {
  const kept = new Map<string, { built: Built[]; read: Part<T>["read"] }>();
  return (db, ...inputs) => {
    // Inputs JSON does not say whole (a subquery, a function, a Set) build as before, every time.
    if (!inputs.every(isPlain)) return build(db, ...inputs);
    const key = JSON.stringify(inputs);
    let entry = kept.get(key);
    if (entry) {
      kept.delete(key);
    } else {
      const part = build(building, ...inputs);
      entry = { built: part.statements.map(builtOf), read: part.read };
      if (kept.size >= size) kept.delete(kept.keys().next().value!);
    }
    kept.set(key, entry);
    return { statements: entry.built.map((built) => boundStatement(db, built)), read: entry.read };
  };
}

/** Whether JSON says all of `value`: text, numbers, booleans, null, undefined, and arrays and plain objects of them. */
function isPlain(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object":
      if (Array.isArray(value)) return value.every(isPlain);
      return Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(isPlain);
    default:
      return false;
  }
}
