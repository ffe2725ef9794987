import { desc } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect } from "drizzle-orm/sqlite-core";
import { pageOf } from "../domain/tabs";
import { mapPart, rowsPart, type Part, type Statement } from "./parts.server";

// How every paged list reads its rows (admin lists, the seller's and store's products, orders,
// notifications, blog posts): newest first with the id breaking ties, so a row never moves
// between pages of one listing; one row more than a page is asked for, and its presence says
// whether another page follows (`pageOf` in app/domain/tabs.ts reads it).

/** Newest first, then by id: a stable order for the rows of `table`. */
export function newestFirst(table: { createdAt: SQLiteColumn; id: SQLiteColumn }) {
  return [desc(table.createdAt), desc(table.id)] as const;
}

/** Page `page` (from 1) of `size` rows of a query in dynamic mode (`.$dynamic()`), and one more. */
export function onePage<Q extends SQLiteSelect>(query: Q, page: number, size: number) {
  return query.limit(size + 1).offset((page - 1) * size);
}

/** Page `page` of a query as a part of a batch (app/data/parts.server.ts): its rows and whether another page follows. */
export function pagePart<Q extends SQLiteSelect>(
  query: Q,
  page: number,
  size: number,
): Part<{ rows: Awaited<Q>[number][]; hasNext: boolean }> {
  type Row = Awaited<Q>[number];
  // A select in dynamic mode is a statement of a batch and a promise of its rows.
  const rows = rowsPart(onePage(query, page, size) as unknown as Statement & PromiseLike<Row[]>);
  return mapPart(rows, (read) => pageOf(read, size));
}

/** Page `page` of a query read on its own (not in a batch): its rows and whether another page follows. */
export async function readOnePage<Q extends SQLiteSelect>(query: Q, page: number, size: number) {
  return pageOf<Awaited<Q>[number]>(await onePage(query, page, size), size);
}
