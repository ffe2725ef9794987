import { drizzle } from "drizzle-orm/d1";
import { schema } from "../../db/schema";

export function database(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof database>;

/** How many times a request went to D1 (a batch is one trip), and the wall time spent waiting. */
export interface RoundTrips {
  count: number;
  ms: number;
}

/**
 * D1 as the app sees it, counting round trips. Every page promises at most three (issue 4), and
 * the count goes out in the Server-Timing header, where tests and browser dev tools read it.
 */
export function countingD1(d1: D1Database, trips: RoundTrips): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const timed = <T>(work: Promise<T>): Promise<T> => {
    const started = Date.now();
    trips.count++;
    return work.finally(() => {
      trips.ms += Date.now() - started;
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
    exec: (query: string) => timed(d1.exec(query)),
    dump: () => timed(d1.dump()),
    withSession: (constraint?: string) => d1.withSession(constraint as never),
  } as unknown as D1Database;
}
