import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import { integer, real, sqliteTable } from "drizzle-orm/sqlite-core";
import { catalogStats, products } from "../../db/schema";
import {
  decodeCursor,
  encodeCursor,
  hasFilters,
  newItemsSince,
  PAGE_SIZE,
  type CatalogFilters,
  type PageRequest,
  type ProductCardData,
  type ProductPage,
} from "../domain/catalog";
import { facetsCoverFilters, indexQuery, type PriceCount } from "../domain/catalog-index";
import { limitOf, type Database } from "./db.server";
import { batchParts, type Part } from "./parts.server";
import { newestFirst } from "./paging.server";
import { preparedOnce } from "./prepared.server";
import { handlerShipsTo } from "./ships-to.server";
import { cardColumns, isPublic } from "./public-products.server";

export type { ProductPage };

/** The FTS5 table of migration 0005 (public items only, with facet tokens), seen by drizzle for queries (never migrated from here). */
const productsFts = sqliteTable("products_fts", { rowid: integer("rowid"), rank: real("rank") });

const displayPrice = sql<number>`coalesce(${products.rentalPrice}, ${products.price})`;
export interface Scope {
  /** A seller's id, or a subquery naming them (a profile's batch). */
  ownerId?: string | SQL;
  storeId?: string;
  /** 'Ships to <country>' (decision 0094): only items whose handler ships to this zone. */
  shipsTo?: "europe" | "world";
}

export function conditions(filters: CatalogFilters, scope: Scope = {}): SQL[] {
  const where: SQL[] = [isPublic()];
  if (scope.ownerId) where.push(eq(products.ownerId, scope.ownerId));
  if (scope.storeId) where.push(eq(products.storeId, scope.storeId));
  if (scope.shipsTo) where.push(handlerShipsTo(scope.shipsTo));
  if (filters.brands.length) where.push(inArray(products.brand, filters.brands));
  if (filters.categories.length) where.push(inArray(products.category, filters.categories));
  if (filters.productTypes.length) where.push(inArray(products.productType, filters.productTypes));
  if (filters.colors.length) where.push(inArray(products.color, filters.colors));
  if (filters.conditions.length) where.push(inArray(products.condition, filters.conditions));
  return [...where, ...priceConditions(filters)];
}

/**
 * A listing's price ranges, checked inside the covering index it walks: the unary + keeps the
 * planner off the plain price indexes, which only serve the cut parts of price bands (decision
 * 0038); a listing driven by one of them would sort every item in range (82 ms on 100,000).
 */
function priceConditions(filters: CatalogFilters, unary = true): SQL[] {
  const plus = sql.raw(unary ? "+" : "");
  const where: SQL[] = [];
  if (filters.rentalMin !== null) where.push(sql`${plus}${products.rentalPrice} >= ${filters.rentalMin}`);
  if (filters.rentalMax !== null) where.push(sql`${plus}${products.rentalPrice} <= ${filters.rentalMax}`);
  if (filters.buyMin !== null) where.push(sql`${plus}${products.buyingPrice} >= ${filters.buyMin}`);
  if (filters.buyMax !== null) where.push(sql`${plus}${products.buyingPrice} <= ${filters.buyMax}`);
  return where;
}

/**
 * Merges the full-text index into one segment (migration 0016). Every change of a public item
 * writes a small segment and FTS5 merges them only in part, while a listing reads every segment
 * for each of its tokens: merged, a tag with a price range counts in 3.8 ms instead of 5.1 ms
 * (100,000 products). The daily job runs it; about 1.5 s at 100,000 products.
 */
export async function mergeSearchIndex(db: Database) {
  await db.run(sql`INSERT INTO products_fts(products_fts) VALUES('optimize')`);
  // The words of search that forgives (migration 0031) gather small segments the same way.
  await db.run(sql`INSERT INTO search_words(search_words) VALUES('optimize')`);
}

const ftsCount = (match: string) => sql`(select count(*) from products_fts where products_fts match ${match})`;
export const ftsRowids = (match: string) => sql`(select rowid from products_fts where products_fts match ${match})`;

/** The signed terms of a price-banded count (PriceCount in app/domain/catalog.ts). */
function priceCountTerms(priced: PriceCount, where: SQL[]) {
  const sign = (n: 1 | -1) => sql.raw(n > 0 ? "+" : "-");
  return [
    ...priced.counts.map((c) => sql`${sign(c.sign)} ${ftsCount(c.match)}`),
    ...priced.walks.map((w) => {
      // Walked down the price's own index; the index's matches (public items only) are probed by
      // rowid, never used to drive the walk (+).
      const price = w.kind === "rental" ? products.rentalPrice : products.buyingPrice;
      const inRange = or(
        ...w.prices.map((part) =>
          and(gte(price, part.min), ...(Number.isFinite(part.max) ? [lte(price, part.max)] : [])),
        ),
      );
      return sql`${sign(w.sign)} (select count(*) from ${products} where ${inRange} and +${products}.rowid in ${ftsRowids(w.set)})`;
    }),
    ...(priced.edges
      ? [
          sql`+ (select count(*) from ${products} where ${products}.rowid in ${ftsRowids(priced.edges)} and ${and(...where)})`,
        ]
      : []),
  ];
}

function sortKey(sort: PageRequest["sort"]) {
  switch (sort) {
    case "price_asc":
      return { expr: displayPrice, direction: "asc" as const };
    case "price_desc":
      return { expr: displayPrice, direction: "desc" as const };
    default:
      return { expr: sql<number>`${products.createdAt}`, direction: "desc" as const };
  }
}

/**
 * The page and count queries of a listing, for one D1 batch (alone, or joined with a page's
 * other queries); exposed so their query plans can be tested. Keyset pagination over
 * (sort value, id): `after` walks forward, `before` walks back, with no repeats or gaps.
 *
 * Filters on columns are checked inside the covering indexes of migration 0004. A search or a
 * tag filter also asks the full-text index (migration 0005, public items only, with facet
 * tokens for the list filters): the listing keeps the rows whose rowid the index matched, so
 * the walk in sort order still runs down a covering index. The count is taken inside the index
 * alone when its facets cover every filter (no price range, no owner or store scope).
 */
export function listingQueries(
  db: Database,
  filters: CatalogFilters,
  page: PageRequest,
  scope: Scope = {},
  limit = PAGE_SIZE,
) {
  const index = indexQuery(filters);
  const where = conditions(filters, scope);
  const after = decodeCursor(page.after);
  const before = after ? null : decodeCursor(page.before);
  // Walking back reads the page in reverse order, then flips it.
  const reverse = Boolean(before);
  const scoped = Boolean(scope.ownerId || scope.storeId || scope.shipsTo);
  const searchUnusable = Boolean(index?.unusable);

  const inIndex = index && !index.unusable && !scoped;
  const inSet = (match: string) => sql`${products}.rowid in ${ftsRowids(match)}`;
  // The sorted walk keeps the matches without their price bands: it checks the prices itself.
  const matched = index && !index.unusable ? sql`+${inSet(index.match)}` : undefined;
  const walked = index && !index.unusable ? sql`+${inSet(index.walk)}` : undefined;
  const priced = inIndex ? index.priceCount : null;
  // Every public item: the count the triggers of migration 0015 keep.
  const everyPublicItem = !hasFilters(filters) && !scoped;
  const priceRangeAlone =
    !scoped && !hasFilters({ ...filters, rentalMin: null, rentalMax: null, buyMin: null, buyMax: null });
  const countQuery = everyPublicItem
    ? db
        .select({ n: sql<number>`coalesce(max(${catalogStats.n}), 0)` })
        .from(catalogStats)
        .where(eq(catalogStats.key, "public_items"))
    : inIndex && facetsCoverFilters(filters)
      ? db
          .select({ n: count() })
          .from(productsFts)
          .where(sql`products_fts match ${index.match}`)
      : priced
        ? // Price bands (decision 0038): counted in the index; the parts of bands the range cuts are
          // walked in price order, or (with two ranges) their matches read by rowid.
          db.select({ n: sql<number>`0 ${sql.join(priceCountTerms(priced, where), sql` `)}` }).from(sql`(select 1)`)
        : priceRangeAlone
          ? // A price range alone: one range of the public items' own price index (migration 0043).
            db
              .select({ n: count() })
              .from(products)
              .where(and(isPublic(), ...priceConditions(filters, false)))
          : db
              .select({ n: count() })
              .from(products)
              .where(and(...where, matched));

  if (index?.tiers && page.sort === "relevance") {
    return {
      pageQuery: rankedPage(db, index.tiers, where, after ?? before, reverse, limit),
      countQuery,
      reverse,
      after,
      tieKey: "rowid" as const,
      searchUnusable,
    };
  }

  const sort = sortKey(page.sort === "relevance" ? "newest" : page.sort);
  const forwardCmp = sort.direction === "asc" ? sql`>` : sql`<`;
  const backwardCmp = sort.direction === "asc" ? sql`<` : sql`>`;
  const pageWhere = [...where, walked];
  if (after) pageWhere.push(sql`(${sort.expr}, ${products.id}) ${forwardCmp} (${after.value}, ${after.id})`);
  if (before) pageWhere.push(sql`(${sort.expr}, ${products.id}) ${backwardCmp} (${before.value}, ${before.id})`);
  const dir = (sort.direction === "asc") !== reverse ? asc : desc;
  const pageQuery = db
    .select({ ...cardColumns, sortValue: sort.expr })
    .from(products)
    .where(and(...pageWhere))
    .orderBy(dir(sort.expr), dir(products.id))
    .limit(limit + 1);
  return { pageQuery, countQuery, reverse, after, tieKey: "id" as const, searchUnusable };
}

/**
 * A search page in relevance order: first the matches whose name or brand holds every word,
 * then the rest, newest listing (highest rowid) first within each; the cursor carries (tier,
 * rowid). Each tier is read from the index in rowid order and stops once the page is full, so
 * the cost follows the page, not the number of matches (bm25 over 10,000 matches took 20-30 ms).
 */
function rankedPage(
  db: Database,
  tiers: [string, string],
  where: SQL[],
  keyset: { value: number; id: string } | null,
  reverse: boolean,
  limit: number,
) {
  const cursor =
    keyset && (keyset.value === 1 || keyset.value === 2) && /^\d{1,15}$/.test(keyset.id)
      ? { tier: keyset.value, rowid: Number(keyset.id) }
      : null;
  // Forward: tier 1 then 2, rowids descending; back: tier 2 then 1, rowids ascending.
  const order = (reverse ? [2, 1] : [1, 2]).filter(
    (tier) => !cursor || (reverse ? tier <= cursor.tier : tier >= cursor.tier),
  );
  const rowidOrder = sql.raw(reverse ? "asc" : "desc");
  const parts = order.map((tier, i) => {
    const past =
      cursor?.tier === tier ? sql` and products_fts.rowid ${sql.raw(reverse ? ">" : "<")} ${cursor.rowid}` : sql``;
    const room =
      i === 0 ? limitOf(limit + 1) : sql`${limitOf(limit + 1)} - (select count(*) from tier${sql.raw(String(i - 1))})`;
    return sql`tier${sql.raw(String(i))} as materialized (select ${tier} as tier, products_fts.rowid as rid from products_fts join ${products} on ${products}.rowid = products_fts.rowid where products_fts match ${tiers[tier - 1]} and ${and(...where)}${past} order by products_fts.rowid ${rowidOrder} limit ${room})`;
  });
  const union = sql.join(
    order.map((_, i) => sql.raw(`select tier, rid from tier${i}`)),
    sql` union all `,
  );
  const ranked = sql`(with ${sql.join(parts, sql`, `)} ${union}) ranked`;
  const tierDir = reverse ? desc : asc;
  const rowidDir = reverse ? asc : desc;
  return db
    .select({ ...cardColumns, sortValue: sql<number>`ranked.tier`, tie: sql<number>`ranked.rid` })
    .from(ranked)
    .innerJoin(products, sql`${products}.rowid = ranked.rid`)
    .orderBy(tierDir(sql`ranked.tier`), rowidDir(sql`ranked.rid`));
}

/**
 * One page of a listing with its total, in one D1 round trip. Keyset pagination over
 * (sort value, id): `after` walks forward, `before` walks back, with no repeats or gaps.
 */
export async function listProducts(
  db: Database,
  filters: CatalogFilters,
  page: PageRequest,
  scope: Scope = {},
  limit = PAGE_SIZE,
): Promise<ProductPage<ProductCardData>> {
  const [listing] = await batchParts(db, [listingPart(db, filters, page, scope, limit)] as const);
  return listing;
}

/** The page of a search that can find nothing (no trip to D1). */
const noItems = (): ProductPage<ProductCardData> => ({ items: [], total: 0, nextCursor: null, prevCursor: null });

/** A listing's page and total as a part of a page's batch (parts.server.ts): a profile's items beside its other parts. */
export function listingPart(
  db: Database,
  filters: CatalogFilters,
  page: PageRequest,
  scope: Scope = {},
  limit = PAGE_SIZE,
): Part<ProductPage<ProductCardData>> {
  const queries = listingQueries(db, filters, page, scope, limit);
  if (queries.searchUnusable) return { statements: [], read: noItems };
  return {
    statements: [queries.pageQuery, queries.countQuery],
    read: ([pageRows, countRows]) => listingPage(queries, pageRows, countRows, limit),
  };
}

/** Turns the rows of `listingQueries` (read in any batch) into a page with its cursors. */
export function listingPage(
  queries: Pick<ReturnType<typeof listingQueries>, "reverse" | "after" | "tieKey">,
  pageRows: unknown,
  countRows: unknown,
  limit = PAGE_SIZE,
): ProductPage<ProductCardData> {
  const { reverse, after } = queries;
  const tie = (row: Record<string, any>) => (queries.tieKey === "rowid" ? String(row.tie) : row.id);
  const rows = pageRows as Array<Record<string, any>>;
  const totals = countRows as Array<{ n: number }>;
  const hasMore = rows.length > limit;
  const shown = rows.slice(0, limit);
  if (reverse) shown.reverse();
  const first = shown[0];
  const last = shown[shown.length - 1];
  const moreForward = reverse ? true : hasMore;
  const moreBackward = reverse ? hasMore : Boolean(after);
  return {
    items: shown.map(({ sortValue: _s, tie: _t, ...item }) => item) as ProductCardData[],
    total: totals[0]?.n ?? 0,
    nextCursor: moreForward && last ? encodeCursor(Number(last.sortValue), tie(last)) : null,
    prevCursor: moreBackward && first ? encodeCursor(Number(first.sortValue), tie(first)) : null,
  };
}

/** Values for the filter sidebar; shared by every visitor, so cached briefly in KV. */
export async function filterOptions(db: Database) {
  const [brandRows, colorRows, tagRows] = (await db.batch([
    // Only brands with something on the shop: a brand of no items finds nothing (decision 0068).
    db.all(
      sql`select name from brands b where exists (select 1 from products where products.brand = b.name and ${isPublic()}) order by name`,
    ),
    db.all(sql`select distinct color from products where product_status = 'live' and color is not null order by color`),
    db.all(
      sql`select value as tag, count(*) as n from products, json_each(products.tags) where products.product_status = 'live' group by value order by n desc, value limit 30`,
    ),
  ] as any)) as [{ name: string }[], { color: string }[], { tag: string }[]];
  return {
    brands: brandRows.map((r) => r.name),
    colors: colorRows.map((r) => r.color),
    tags: tagRows.map((r) => r.tag).sort((a, b) => a.localeCompare(b)),
  };
}

/** Home's new items: public, created in the last 30 days, newest first, with images and a rental price. */
export function newItems(db: Database, now: number, limit = 12) {
  return newItemsFrom(db, newItemsSince(now), limit);
}

/** The same from the window's start (a value, so it can be built once with a placeholder). */
function newItemsFrom(db: Database, since: number | Placeholder, limit = 12) {
  return db
    .select(cardColumns)
    .from(products)
    .where(
      and(isPublic(), gte(products.createdAt, since), isNotNull(products.rentalPrice), sql`${products.images} <> '[]'`),
    )
    .orderBy(...newestFirst(products))
    .limit(limit);
}

const newItemsOnce = preparedOnce(["since"], (db, { since }) => newItemsFrom(db, since));
/** Home's new items as a part of its batch, the statement built once per isolate (decision 0135). */
export const newItemsPart = (db: Database, now: number) => newItemsOnce(db, { since: newItemsSince(now) });
