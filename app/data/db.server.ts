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
 * prepare and batch.
 */
export function countingD1(d1: D1Database | D1DatabaseSession, trips: RoundTrips): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const timed = <T>(work: Promise<T>): Promise<T> => {
    const started = Date.now();
    trips.count++;
    return work.then((result) => {
      trips.ms += Date.now() - started;
      trips.sqlMs += sqlDuration(result);
      return result;
    });
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      first: (column?: string) => timed(column === undefined ? statement.first() : statement.first(column)),
      all: () => timed(statement.all()),
      run: () => timed(statement.run()),
      raw: (options?: { columnNames?: boolean }) => timed(statement.raw(options as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    real.set(wrapped, statement);
    return wrapped;
  };
  return {
    prepare: (query: string) => wrap(d1.prepare(query)),
    batch: (statements: D1PreparedStatement[]) => timed(d1.batch(statements.map((s) => real.get(s) ?? s))),
  } as unknown as D1Database;
}

/** Did a statement fail on a UNIQUE index? Drizzle wraps D1's error, so its causes are read too. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (String((e as { message?: unknown }).message ?? e).includes("UNIQUE constraint failed")) return true;
  }
  return false;
}
