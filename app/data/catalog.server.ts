import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import { integer, real, sqliteTable } from "drizzle-orm/sqlite-core";
import { products, PUBLIC_PRODUCT_SQL } from "../../db/schema";
import { decodeCursor, encodeCursor, ftsQuery, hasFilters, newItemsSince, PAGE_SIZE, type CatalogFilters, type PageRequest, type ProductCardData } from "../domain/catalog";
import type { Database } from "./db.server";

/** The FTS5 table of migration 0004 (public items only), seen by drizzle for queries (never migrated from here). */
const productsFts = sqliteTable("products_fts", { rowid: integer("rowid"), rank: real("rank") });

export const cardColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  price: products.price,
  rentalPrice: products.rentalPrice,
  images: products.images,
  availability: products.availability,
};

/**
 * What every public page may show: live and not sold (DECISIONS.md: items are one of a kind).
 * Literal SQL, the same text as the partial indexes' condition, so SQLite uses those indexes.
 */
const PUBLIC_PRODUCT = sql.raw(`(${PUBLIC_PRODUCT_SQL.replace(/\b(product_status|availability)\b/g, '"products"."$1"')})`);
export const isPublic = () => sql`${PUBLIC_PRODUCT}`;

const displayPrice = sql<number>`coalesce(${products.rentalPrice}, ${products.price})`;
// Field weights for relevance: name, brand, description, tags, color, category.
const relevance = sql<number>`bm25(products_fts, 10.0, 6.0, 1.0, 4.0, 3.0, 3.0)`;

export interface Scope {
  ownerId?: string;
  storeId?: string;
}

function conditions(filters: CatalogFilters, scope: Scope = {}): SQL[] {
  const where: SQL[] = [isPublic()];
  if (scope.ownerId) where.push(eq(products.ownerId, scope.ownerId));
  if (scope.storeId) where.push(eq(products.storeId, scope.storeId));
  if (filters.brands.length) where.push(inArray(products.brand, filters.brands));
  if (filters.categories.length) where.push(inArray(products.category, filters.categories));
  if (filters.productTypes.length) where.push(inArray(products.productType, filters.productTypes));
  if (filters.colors.length) where.push(inArray(products.color, filters.colors));
  if (filters.conditions.length) where.push(inArray(products.condition, filters.conditions));
  if (filters.tags.length) {
    where.push(sql`exists (select 1 from json_each(${products.tags}) where json_each.value in ${filters.tags})`);
  }
  if (filters.rentalMin !== null) where.push(gte(products.rentalPrice, filters.rentalMin));
  if (filters.rentalMax !== null) where.push(lte(products.rentalPrice, filters.rentalMax));
  if (filters.buyMin !== null) where.push(gte(products.buyingPrice, filters.buyMin));
  if (filters.buyMax !== null) where.push(lte(products.buyingPrice, filters.buyMax));
  return where;
}

function sortKey(sort: PageRequest["sort"]) {
  switch (sort) {
    case "price_asc":
      return { expr: displayPrice, direction: "asc" as const };
    case "price_desc":
      return { expr: displayPrice, direction: "desc" as const };
    case "relevance":
      return { expr: relevance, direction: "asc" as const };
    default:
      return { expr: sql<number>`${products.createdAt}`, direction: "desc" as const };
  }
}

export interface ProductPage<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * The page and count queries of a listing, for one D1 batch (alone, or joined with a page's
 * other queries); exposed so their query plans can be tested. Keyset pagination over
 * (sort value, id): `after` walks forward, `before` walks back, with no repeats or gaps.
 */
export function listingQueries(db: Database, filters: CatalogFilters, page: PageRequest, scope: Scope = {}, limit = PAGE_SIZE) {
  const match = filters.search ? ftsQuery(filters.search) : null;
  const sort = page.sort === "relevance" && !match ? sortKey("newest") : sortKey(page.sort);
  const where = conditions(filters, scope);
  if (match) where.push(sql`products_fts match ${match}`);

  const after = decodeCursor(page.after);
  const before = after ? null : decodeCursor(page.before);
  const forwardCmp = sort.direction === "asc" ? sql`>` : sql`<`;
  const backwardCmp = sort.direction === "asc" ? sql`<` : sql`>`;
  const pageWhere = [...where];
  if (after) pageWhere.push(sql`(${sort.expr}, ${products.id}) ${forwardCmp} (${after.value}, ${after.id})`);
  if (before) pageWhere.push(sql`(${sort.expr}, ${products.id}) ${backwardCmp} (${before.value}, ${before.id})`);
  // Walking back reads the page in reverse order, then flips it.
  const reverse = Boolean(before);
  const dir = (sort.direction === "asc") !== reverse ? asc : desc;

  const withFts = <Q extends { innerJoin: any }>(q: Q) => (match ? q.innerJoin(productsFts, sql`products_fts.rowid = ${products}.rowid`) : q);
  let pageQuery = withFts(db.select({ ...cardColumns, sortValue: sort.expr }).from(products) as any)
    .where(and(...pageWhere))
    .orderBy(dir(sort.expr), dir(products.id))
    .limit(limit + 1);
  let countQuery = withFts(db.select({ n: count() }).from(products) as any).where(and(...where));

  // A search with no other filter is answered inside the FTS index, which holds only public
  // items: counted there, ranked there (ties broken by rowid, which the cursor then carries),
  // and only the page's own rows are read from products.
  const searchOnly = match && !hasFilters({ ...filters, search: "" }) && !scope.ownerId && !scope.storeId;
  let tieKey: "id" | "rowid" = "id";
  if (searchOnly) {
    countQuery = db.select({ n: count() }).from(productsFts).where(sql`products_fts match ${match}`);
    if (sort.expr === relevance) {
      tieKey = "rowid";
      const keyset = after ?? before;
      const keysetRowid = keyset && /^\d{1,15}$/.test(keyset.id) ? Number(keyset.id) : null;
      const ranked = db
        .select({ rowid: sql<number>`products_fts.rowid`.as("ranked_rowid"), rank: sql<number>`${relevance}`.as("ranked_rank") })
        .from(productsFts)
        .where(
          and(
            sql`products_fts match ${match}`,
            keyset ? sql`(${relevance}, products_fts.rowid) ${after ? forwardCmp : backwardCmp} (${keyset.value}, ${keysetRowid ?? 0})` : undefined,
          ),
        )
        .orderBy(dir(relevance), dir(sql`products_fts.rowid`))
        .limit(limit + 1)
        .as("ranked");
      pageQuery = db
        .select({ ...cardColumns, sortValue: sql<number>`${ranked.rank}`, tie: sql<number>`${ranked.rowid}` })
        .from(ranked)
        .innerJoin(products, sql`${products}.rowid = ${ranked.rowid}`)
        .orderBy(dir(ranked.rank), dir(ranked.rowid));
    }
  }
  return { pageQuery, countQuery, reverse, after, tieKey, searchUnusable: Boolean(filters.search && !match) };
}

/**
 * One page of a listing with its total, in one D1 round trip. Keyset pagination over
 * (sort value, id): `after` walks forward, `before` walks back, with no repeats or gaps.
 */
export async function listProducts(db: Database, filters: CatalogFilters, page: PageRequest, scope: Scope = {}, limit = PAGE_SIZE): Promise<ProductPage<ProductCardData>> {
  const queries = listingQueries(db, filters, page, scope, limit);
  if (queries.searchUnusable) return { items: [], total: 0, nextCursor: null, prevCursor: null };
  const [rows, totals] = (await db.batch([queries.pageQuery, queries.countQuery] as any)) as [unknown, unknown];
  return listingPage(queries, rows, totals, limit);
}

/** Turns the rows of `listingQueries` (read in any batch) into a page with its cursors. */
export function listingPage(queries: Pick<ReturnType<typeof listingQueries>, "reverse" | "after" | "tieKey">, pageRows: unknown, countRows: unknown, limit = PAGE_SIZE): ProductPage<ProductCardData> {
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
    db.all(sql`select name from brands order by name`),
    db.all(sql`select distinct color from products where product_status = 'live' and color is not null order by color`),
    db.all(sql`select value as tag, count(*) as n from products, json_each(products.tags) where products.product_status = 'live' group by value order by n desc, value limit 30`),
  ] as any)) as [{ name: string }[], { color: string }[], { tag: string }[]];
  return {
    brands: brandRows.map((r) => r.name),
    colors: colorRows.map((r) => r.color),
    tags: tagRows.map((r) => r.tag).sort((a, b) => a.localeCompare(b)),
  };
}

/** Home's new items: public, created in the last 30 days, newest first, with images and a rental price. */
export async function newItems(db: Database, now: number, limit = 12): Promise<ProductCardData[]> {
  return db
    .select(cardColumns)
    .from(products)
    .where(and(isPublic(), gte(products.createdAt, newItemsSince(now)), isNotNull(products.rentalPrice), sql`${products.images} <> '[]'`))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}
