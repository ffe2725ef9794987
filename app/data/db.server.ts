import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";

/**
 * Drizzle over D1, made per request (the binding lives in the request's env). Queries use the
 * query builder only, so no schema is passed: drizzle would otherwise rebuild its relational
 * config on every request (~1.5% of a page's CPU in a profile).
 */
export function database(d1: D1Database) {
  return drizzle(d1);
}

export type Database = ReturnType<typeof database>;

/**
 * A row limit written into a statement's text, not bound (decision 0145): SQLite's planner reads a
 * bound LIMIT's value, so a statement with `limit ?` is compiled again every time it is bound.
 * Drizzle's own `.limit(n)` is written the same way in the Worker's build
 * (scripts/vite/drizzle-limit-written.mjs).
 */
export function limitOf(rows: number): SQL {
  return sql.raw(writtenLimit(rows));
}

/** `limitOf` for SQL written as a string: the whole number of rows, as text. */
export function writtenLimit(rows: number): string {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`Not a row limit: ${rows}`);
  return String(rows);
}

/**
 * How many times a request went to D1 (a batch is one trip), the wall time spent waiting, and
 * the time D1 itself reports spending on the SQL (where its answer carries it).
 */
export interface RoundTrips {
  count: number;
  ms: number;
  sqlMs: number;
}

const sqlDuration = (result: unknown): number => {
  if (Array.isArray(result)) return result.reduce<number>((sum, r) => sum + sqlDuration(r), 0);
  const duration = (result as { meta?: { duration?: unknown } } | null)?.meta?.duration;
  return typeof duration === "number" ? duration : 0;
};

/**
 * D1 as the app sees it, counting round trips. Every page promises at most three (issue 4), and
 * the count goes out in the Server-Timing header, where tests and browser dev tools read it.
 * Requests read through a D1 session (app/services/d1-session.server.ts); drizzle needs only
 * prepare and batch. Statements may ride with the request's next batch of reads (`Riding`).
 */
export function countingD1(d1: D1Database | D1DatabaseSession, trips: RoundTrips): D1Database & Riding {
  const real = new WeakMap<object, D1PreparedStatement>();
  // Statements that read, by their SQL: only a batch of reads takes riders (a write's failure would be theirs).
  const reads = new WeakSet<object>();
  const timed = <T>(work: Promise<T>): Promise<T> => {
    const started = Date.now();
    trips.count++;
    return work.then(
      (result) => {
        trips.ms += Date.now() - started;
        trips.sqlMs += sqlDuration(result);
        return result;
      },
      (error: unknown) => {
        // D1 itself failed (unreachable, overloaded, reset): the request answers the site's 503
        // page (workers/app.ts). A refused statement (a constraint, a guard) stays what it was.
        throw isStorageFailure(error) ? new StorageUnavailable("D1", { cause: error }) : error;
      },
    );
  };
  const wrap = (statement: D1PreparedStatement, read: boolean): D1PreparedStatement => {
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), read),
      first: (column?: string) => timed(column === undefined ? statement.first() : statement.first(column)),
      all: () => timed(statement.all()),
      run: () => timed(statement.run()),
      raw: (options?: { columnNames?: boolean }) => timed(statement.raw(options as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    real.set(wrapped, statement);
    if (read) reads.add(wrapped);
    return wrapped;
  };
  const riders: Rider[] = [];
  const batch = async (statements: D1PreparedStatement[]) => {
    const riding = statements.every((s) => reads.has(s)) ? riders.splice(0) : [];
    const all = [...riding.flatMap((r) => r.statements), ...statements];
    try {
      const results = await timed(d1.batch(all.map((s) => real.get(s) ?? s)));
      let at = 0;
      for (const rider of riding) rider.settle(results.slice(at, (at += rider.statements.length)));
      return results.slice(at);
    } catch (error) {
      for (const rider of riding) rider.fail(error);
      throw error;
    }
  };
  return {
    prepare: (query: string) => wrap(d1.prepare(query), /^\s*(select|with)\b/i.test(query)),
    batch,
    ride: (statements: D1PreparedStatement[]) =>
      new Promise<D1Result[]>((settle, fail) => {
        riders.push({ statements, settle, fail });
        // No batch of reads left before the next turn of the event loop: the riders go alone.
        setTimeout(() => void (riders.length && batch([]).catch(() => undefined)), 0);
      }),
  } as unknown as D1Database & Riding;
}

interface Rider {
  statements: D1PreparedStatement[];
  settle: (results: D1Result[]) => void;
  fail: (error: unknown) => void;
}

/**
 * A request's D1 that lets statements ride with its next batch of reads (decision 0115): `ride`
 * gives their results when that batch comes back, or sends them alone when no batch of reads is
 * sent before the next turn of the event loop (everything the request started meanwhile has run).
 * One round trip instead of two, the same answers: a batch is one transaction.
 */
export interface Riding {
  ride(statements: D1PreparedStatement[]): Promise<D1Result[]>;
}

/** The request's D1 when it lets statements ride (countingD1), else null. */
export const ridingOf = (db: Database): Riding | null =>
  typeof (db.$client as Partial<Riding>).ride === "function" ? (db.$client as unknown as Riding) : null;

/** Did a statement fail on a UNIQUE index? Drizzle wraps D1's error, so its causes are read too. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (String((e as { message?: unknown }).message ?? e).includes("UNIQUE constraint failed")) return true;
  }
  return false;
}

/**
 * Storage the request needs did not answer (D1, a conversation's Durable Object): the request is
 * answered with the site's own error page, 503 and Retry-After (decision 0072), never a bare 500.
 */
export class StorageUnavailable extends Error {
  constructor(
    readonly storage: string,
    options?: { cause?: unknown },
  ) {
    super(`${storage} is unavailable`, options);
    this.name = "StorageUnavailable";
  }
}

/** Is this error (or what it wraps: drizzle wraps D1's errors in its own) storage being unavailable? */
export function isStorageUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof StorageUnavailable) return true;
  }
  return false;
}

/**
 * Did D1 fail to do the work, rather than refuse it? A constraint or a guard (UNIQUE, NOT NULL,
 * CHECK, FOREIGN KEY) is the app's answer and a SQL mistake is a bug (a 500 that tests catch);
 * anything else (network lost, overloaded, reset, timed out) is storage being unavailable.
 */
export function isStorageFailure(error: unknown): boolean {
  if (isStorageUnavailable(error)) return false;
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = String((e as { message?: unknown }).message ?? e);
    if (/constraint failed|SQLITE_CONSTRAINT|SQLITE_ERROR|no such (table|column|function)|syntax error/i.test(message))
      return false;
  }
  return true;
}

/**
 * A D1 that fails as an unreachable one does (development's switch and the tests; decision 0072):
 * every statement, or only those that write (`writes`), rejects; a batch with a write rejects.
 */
export function failingD1(d1: Pick<D1Database, "prepare" | "batch">, which: "all" | "writes"): D1Database {
  const fail = () =>
    Promise.reject(new Error("D1_ERROR: Network connection lost (the development switch makes this database fail)"));
  const writes = (query: string) => /^\s*(insert|update|delete|replace|create|drop|alter)\b/i.test(query);
  const failing = new WeakSet<object>();
  const wrap = (statement: D1PreparedStatement, fails: boolean): D1PreparedStatement => {
    if (!fails) return statement;
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), true),
      first: fail,
      all: fail,
      run: fail,
      raw: fail,
    } as unknown as D1PreparedStatement;
    failing.add(wrapped);
    return wrapped;
  };
  const database: D1Database = {
    prepare: (query: string) => wrap(d1.prepare(query), which === "all" || writes(query)),
    batch: (statements: D1PreparedStatement[]) =>
      which === "all" || statements.some((s) => failing.has(s)) ? fail() : d1.batch(statements),
    exec: () => fail(),
    dump: () => fail(),
    withSession: () => Object.assign(Object.create(database) as D1DatabaseSession, { getBookmark: () => null }),
  } as unknown as D1Database;
  return database;
}
