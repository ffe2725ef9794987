// The Size filter's counts (issue 25, item 2; decision 0048): with a listing's page, in its D1 batch.
import { and, count, inArray, sql } from "drizzle-orm";
import { products, sizeCounts } from "../../db/schema";
import {
  PAGE_SIZE,
  type CatalogFilters,
  type PageRequest,
  type ProductCardData,
  type ProductPage,
} from "../domain/catalog";
import { sizeCountQuery } from "../domain/catalog-index";
import { conditions, ftsRowids, listingPart, type Scope } from "./catalog.server";
import type { Database } from "./db.server";
import { batchParts, mapPart, partsOf, rowsPart, valuePart, type Part } from "./parts.server";
import { rememberedPart } from "./prepared.server";

/** A listing's page and total, and its Size filter's counts for `sizes`, as a part of a page's batch. */
export const listingWithSizesPart = rememberedPart(function listingWithSizes(
  db: Database,
  filters: CatalogFilters,
  page: PageRequest,
  sizes: readonly string[],
  scope: Scope = {},
  limit: number = PAGE_SIZE,
): Part<{ page: ProductPage<ProductCardData>; sizeCounts: { size: string; n: number }[] }> {
  const listing = listingPart(db, filters, page, scope, limit);
  // A search that can find nothing reads nothing, its sizes neither.
  const counts = listing.statements.length ? sizeCountsQuery(db, filters, sizes, scope) : null;
  return mapPart(partsOf([listing, counts ? rowsPart(counts) : valuePart([])] as const), ([listed, sizeCounts]) => ({
    page: listed,
    sizeCounts: sizeCounts as { size: string; n: number }[],
  }));
});

/** The same in a D1 batch of its own. */
export async function listProductsWithSizes(
  db: Database,
  filters: CatalogFilters,
  page: PageRequest,
  sizes: readonly string[],
  scope: Scope = {},
) {
  return (await batchParts(db, [listingWithSizesPart(db, filters, page, sizes, scope)] as const))[0];
}

/**
 * The Size filter's counts (issue 25, item 2; decision 0048): for each offered size, how many items
 * the listing would show with that size and every other filter. One statement:
 * - filtered by type and category only: the `size_counts` table the triggers keep;
 * - otherwise only the offered sizes that have items of the page's types and categories at all
 *   (`size_counts` again) are counted, from `size_items` (migrations 0041, 0042: each public item's
 *   size code and prices, narrow rows keyed by the index's rowid): the index's matches of every
 *   other filter are joined to it by rowid and grouped by size code, their prices checked there;
 *   a price range with no other filter is counted size by size down a price index led by the code.
 * - Scoped listings (a store's or seller's page) count their own products rows; `via: "products"`
 *   counts any listing that way (the tests compare the two).
 */
export function sizeCountsQuery(
  db: Database,
  filters: CatalogFilters,
  sizes: readonly string[],
  scope: Scope = {},
  via: "narrow" | "products" = "narrow",
) {
  const { rest, others, exact, unusable } = sizeCountQuery(filters);
  if (unusable || sizes.length === 0) return null;
  const scoped = Boolean(scope.ownerId || scope.storeId || scope.shipsTo);
  // Query builders (not db.all): they go in the listing's own D1 batch.
  // Filtered by type and category only: the counts the triggers of migration 0030 keep.
  const onlyKind =
    !filters.search &&
    !filters.brands.length &&
    !filters.colors.length &&
    !filters.tags.length &&
    !filters.conditions.length &&
    exact;
  const kind = and(
    sql`${sizeCounts.n} > 0`,
    filters.productTypes.length ? inArray(sizeCounts.productType, filters.productTypes) : undefined,
    filters.categories.length ? inArray(sizeCounts.category, filters.categories) : undefined,
  );
  if (onlyKind && !scoped) {
    return db
      .select({ size: sizeCounts.size, n: sql<number>`sum(${sizeCounts.n})` })
      .from(sizeCounts)
      .where(and(kind, inArray(sizeCounts.size, [...sizes])))
      .groupBy(sizeCounts.size);
  }
  if (!scoped && via === "narrow") {
    // Written with the tables' names in full: the counts nest selects of size_items and size_codes.
    const offered = sql`size_codes.label in (select value from json_each(${JSON.stringify(sizes)})) and size_codes.label in (select ${sizeCounts.size} from ${sizeCounts} where ${kind})`;
    const prices = [
      filters.rentalMin !== null ? sql` and size_items.rental_price >= ${filters.rentalMin}` : sql``,
      filters.rentalMax !== null ? sql` and size_items.rental_price <= ${filters.rentalMax}` : sql``,
      filters.buyMin !== null ? sql` and size_items.buying_price >= ${filters.buyMin}` : sql``,
      filters.buyMax !== null ? sql` and size_items.buying_price <= ${filters.buyMax}` : sql``,
    ];
    const inRange = sql.join(prices);
    const match = exact ? rest : others;
    const counts = { size: sql<string>`size`, n: sql<number>`n` };
    if (!match) {
      // A price range alone: counted size by size down the price index that leads with the size's
      // code (migration 0042), a range count each: no grouping of every item in range.
      return db
        .select(counts)
        .from(
          sql`(select size_codes.label as size, (select count(*) from size_items where size_items.code = size_codes.code${inRange}) as n from size_codes where ${offered}) as per_size`,
        )
        .where(sql`n > 0`);
    }
    // The index's matches drive (CROSS JOIN keeps it outer); each is one narrow row by rowid,
    // counted by size code (integers group without a costly sort), then named and kept if offered
    // (checked on the few groups, not on every match).
    return db
      .select(counts)
      .from(
        sql`(select size_codes.label as size, counted.n as n from (select size_items.code as code, count(*) as n from products_fts cross join size_items on size_items.item = products_fts.rowid where products_fts match ${match}${inRange} group by size_items.code) as counted join size_codes on size_codes.code = counted.code where ${offered}) as sized`,
      );
  }
  // The matches are read by rowid (driven by the index, never a walk of the catalog).
  const where = conditions({ ...filters, sizes: [] }, scope);
  return db
    .select({ size: sql<string>`${products.size}`, n: count() })
    .from(products)
    .where(
      and(
        ...where,
        sql`${products.size} in (select value from json_each(${JSON.stringify(sizes)}))`,
        rest ? sql`${products}.rowid in ${ftsRowids(rest)}` : undefined,
      ),
    )
    .groupBy(products.size);
}
