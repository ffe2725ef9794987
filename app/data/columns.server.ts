import { or, sql, type Column, type GetColumnData, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { products, stores, users } from "../../db/schema";

// A joined table's column under a name of its own. D1 batches collapse the columns of a joined
// select that share a name (`products.name` and `stores.name`), so every joined column of a
// select that may run in a batch is aliased (decision 0009). These keep the column's own type and
// reading (a JSON list comes back a list, a boolean a boolean) instead of a type written by hand.

/** `column` as `alias`, typed and read as the column itself (an inner join's columns). */
export function aliased<C extends Column>(column: C, alias: string) {
  return sql<GetColumnData<C>>`${column}`.mapWith(column).as(alias);
}

/** `column` of a left-joined table as `alias`: the column's type, or null where no row joined. */
export function aliasedOrNull<C extends Column>(column: C, alias: string) {
  return sql<GetColumnData<C> | null>`${column}`.mapWith(column).as(alias);
}

/** A store's name by its id (null when there is none), for a list that names the store a row belongs to. */
export const storeNameOf = (id: SQLiteColumn) =>
  sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${id})`;

/**
 * Rows where any of `columns` holds `text`, case aside (the staff searches; issue 41 item 4).
 * instr() rather than LIKE: D1 refuses a LIKE pattern over 50 bytes ('LIKE or GLOB pattern too
 * complex'), so a long e-mail address could not be searched, and instr() has no wildcards to
 * escape. Neither can use an index for "anywhere in the text", so it costs the same.
 */
export function containsText(columns: readonly (SQL | SQLiteColumn)[], text: string) {
  // SQLite's lower() folds ASCII only; the text is folded here as the LIKE search folded it.
  const folded = text.toLowerCase();
  return or(...columns.map((column) => sql`instr(lower(${column}), ${folded}) > 0`))!;
}

/**
 * An item's seller and its store, as subqueries on the item's id (a value or a placeholder): what
 * the product page shows around the item reads in the item's own batch, one round trip (issue 47).
 */
export const ownerOfItem = (id: unknown) =>
  sql<string>`(select ${products.ownerId} from ${products} where ${products.id} = ${id})`;
export const storeOfItem = (id: unknown) =>
  sql<string | null>`(select ${products.storeId} from ${products} where ${products.id} = ${id})`;

/** The public seller of a display name (given lower-cased), as a subquery: a profile's parts read in the profile's own batch. */
export const sellerNamed = (lowerName: unknown) =>
  sql<string>`(select ${users.id} from ${users} where lower(${users.displayName}) = ${lowerName} and ${users.deactivatedAt} is null)`;
