import type { BatchItem } from "drizzle-orm/batch";
import { ridingOf, type Database } from "./db.server";

// Parts of a page read together in one D1 round trip (issue 47: one round trip of batched
// statements per page): each part brings its statements and reads its own rows back; batchParts
// sends them as one batch. The product page's parts (page-parts.server.ts) and the handlers'
// dashboards (handler-orders-tab.server.ts, dashboard-parts.server.ts) and the admin tabs (decision
// 0106) are built from them.

export type Statement = BatchItem<"sqlite">;
export interface Part<T> {
  statements: Statement[];
  read: (rows: unknown[][]) => T;
}

type Results<T extends readonly Part<unknown>[]> = { [K in keyof T]: T[K] extends Part<infer R> ? R : never };

/** Several parts as one: their statements in turn, and each part's result from its own rows. */
export function partsOf<T extends readonly Part<unknown>[]>(parts: T): Part<Results<T>> {
  return {
    statements: parts.flatMap((part) => part.statements),
    read: (rows) => {
      let at = 0;
      return parts.map((part) => {
        const own = rows.slice(at, at + part.statements.length);
        at += part.statements.length;
        return part.read(own);
      }) as Results<T>;
    },
  };
}

/** A part whose result is made from another's. */
export const mapPart = <T, U>(part: Part<T>, to: (value: T) => U): Part<U> => ({
  statements: part.statements,
  read: (rows) => to(part.read(rows)),
});

/** One query's rows as a part. */
export const rowsPart = <R>(query: Statement & PromiseLike<R[]>): Part<R[]> => ({
  statements: [query],
  read: ([rows]) => (rows ?? []) as R[],
});

/** A part that reads nothing: a panel this page does not show, with its value as given. */
export const valuePart = <T>(value: T): Part<T> => ({ statements: [], read: () => value });

/** `part` when `shown`, else nothing read and `otherwise` (e.g. a panel of a list's first page only). */
export const partIf = <T>(shown: boolean, part: Part<T>, otherwise: T): Part<T> =>
  shown ? part : valuePart(otherwise);

/** Sends every part's statements as one batch and gives each part its rows back. */
export async function batchParts<T extends readonly Part<unknown>[]>(db: Database, parts: T): Promise<Results<T>> {
  const all = partsOf(parts);
  const rows = all.statements.length
    ? ((await db.batch(all.statements as [Statement, ...Statement[]])) as unknown[][])
    : [];
  return all.read(rows);
}

/** What drizzle's batch makes of a statement: its SQL and values, and how its rows are read. */
interface Prepared {
  getQuery(): { sql: string; params: unknown[] };
  stmt: D1PreparedStatement;
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
}

/**
 * A part whose statements ride with the request's next batch of reads (decision 0115): its result
 * when that batch comes back, or after a round trip of its own when none is sent before the next
 * turn of the event loop. Where the request's D1 takes no riders, it is one batch of its own.
 * Statements are bound and their rows read as drizzle's batch does (drizzle-orm/d1/session.js).
 */
export async function rideWithNextBatch<T>(db: Database, part: Part<T>): Promise<T> {
  const riding = ridingOf(db);
  if (!riding) return (await batchParts(db, [part] as const))[0];
  const prepared = part.statements.map((statement) => (statement as unknown as { _prepare(): Prepared })._prepare());
  const results = await riding.ride(
    prepared.map((p) => {
      const { sql, params } = p.getQuery();
      return params.length ? p.stmt.bind(...params) : db.$client.prepare(sql);
    }),
  );
  return part.read(results.map((result, i) => prepared[i]!.mapResult(result, true)) as unknown[][]);
}

/**
 * A dashboard page in one batch: its figures (cards, badges), its tab's records and the page's
 * other parts. Gives the figures and records as one object, and the other parts' results.
 */
export async function dashboardBatch<F extends object, T extends Part<object>, P extends readonly Part<unknown>[]>(
  db: Database,
  figures: Part<F>,
  records: T,
  page: P,
) {
  const [shown, tab, more] = await batchParts(db, [
    figures,
    records as unknown as Part<ResultOf<T>>,
    partsOf(page),
  ] as const);
  return [{ ...shown, ...tab }, more] as const;
}

/** What a part (or any of a union of parts: one per dashboard tab) reads. */
type ResultOf<T> = T extends Part<infer R> ? R : never;
