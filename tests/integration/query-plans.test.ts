import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { listingQueries, newItems } from "../../app/data/catalog.server";
import { encodeCursor, parseCatalogQuery } from "../../app/domain/catalog";
import { cartLines } from "../../app/data/cart.server";
import { favoriteProducts } from "../../app/data/favorites.server";
import { productDetail } from "../../app/data/product.server";

const db = database(env.DB);

/** EXPLAIN QUERY PLAN lines of a drizzle query. */
async function plan(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return results.map((r) => r.detail);
}

/** A full table scan of a big table: "SCAN products" without an index. */
const fullScan = (detail: string) => /^SCAN (products|orders|order_items)\b(?!.*USING (COVERING )?INDEX)/.test(detail) && !/VIRTUAL TABLE/.test(detail);

/**
 * Runs a data function against a recording stand-in for D1 (every query answers "no rows"),
 * then explains each statement it prepared against the real local D1.
 */
async function explainEverything(run: (d: typeof db) => Promise<unknown>) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const empty = { results: [], success: true, meta: {} };
  const statement = (sql: string, params: unknown[] = []): any => {
    const record = () => seen.push({ sql, params });
    return {
      sql,
      params,
      bind: (...args: unknown[]) => statement(sql, args),
      all: async () => (record(), empty),
      raw: async () => (record(), []),
      first: async () => (record(), null),
      run: async () => (record(), empty),
    };
  };
  const recorder = {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: { sql: string; params: unknown[] }[]) => {
      for (const st of statements) seen.push({ sql: st.sql, params: st.params });
      return statements.map(() => empty);
    },
    exec: async () => ({ count: 0, duration: 0 }),
  };
  await run(database(recorder as unknown as D1Database));
  const lines: string[] = [];
  for (const { sql, params } of seen) {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
    lines.push(...results.map((r) => r.detail));
  }
  return lines;
}

const cursor = encodeCursor(1_700_000_000_000, "prod_000050");
const LISTINGS = [
  "",
  "sort=price_asc",
  "sort=price_desc",
  `sort=newest&after=${cursor}`,
  `sort=price_asc&after=${encodeCursor(1500, "prod_000050")}`,
  `before=${cursor}`,
  "category=Coats",
  "category=Coats&category=Dresses&sort=price_asc",
  "type=Women",
  "brand=Ganni",
  "brand=Ganni&brand=Reiss&type=Men&sort=price_desc",
  "color=Black",
  "condition=Almost%20New",
  "tag=wool",
  "rental_min=10&rental_max=30",
  "buy_min=50&buy_max=200",
  "search=wool%20coat",
  `search=wool%20coat&after=${encodeCursor(1, "500")}`,
  `search=wool%20coat&before=${encodeCursor(2, "500")}`,
  "search=jack&category=Jackets%20%26%20Blazers&sort=price_asc",
  "search=coat&category=Coats&brand=Ganni&tag=wool",
  "search=coat&rental_max=30",
  "search=coat&sort=newest",
  "tag=wool&category=Coats",
  "tag=wool&buy_min=50",
  "search=dress&rental_min=10&rental_max=30",
  "tag=wool&buy_min=50&buy_max=80&rental_max=20",
];

describe("catalog query plans never scan a whole table", () => {
  it("the detector recognises a full scan when there is one", async () => {
    const { products } = await import("../../db/schema");
    const { eq } = await import("drizzle-orm");
    const lines = await plan(db.select({ id: products.id }).from(products).where(eq(products.description, "x")));
    expect(lines.some(fullScan)).toBe(true);
  });

  it.each(LISTINGS)("listing ?%s", async (qs) => {
    const { filters, page } = parseCatalogQuery(new URLSearchParams(qs));
    const { pageQuery, countQuery } = listingQueries(db, filters, page);
    for (const query of [pageQuery, countQuery]) {
      const lines = await plan(query);
      expect(lines.filter(fullScan), lines.join("\n")).toEqual([]);
    }
  });

  it("a search or tag with a price range counts in the index and reads only edge-band rows, by rowid (decision 0038)", async () => {
    for (const qs of ["search=dress&rental_min=10&rental_max=30", "tag=wool&buy_min=50"]) {
      const { filters, page } = parseCatalogQuery(new URLSearchParams(qs));
      const lines = (await plan(listingQueries(db, filters, page).countQuery)).join("\n");
      expect(lines, qs).toMatch(/SEARCH products USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(lines, qs).toMatch(/SCAN products_fts VIRTUAL TABLE INDEX/);
    }
  });

  it("vendor and store listings use their indexes", async () => {
    const { filters, page } = parseCatalogQuery(new URLSearchParams(""));
    for (const scope of [{ ownerId: "user_vendor" }, { storeId: "store_kensington" }]) {
      const { pageQuery } = listingQueries(db, filters, page, scope);
      const lines = await plan(pageQuery);
      expect(lines.filter(fullScan), lines.join("\n")).toEqual([]);
    }
  });

  it.each([
    ["home new items", (d: typeof db) => newItems(d, Date.now())],
    ["product page", (d: typeof db) => productDetail(d, "prod_000001")],
    ["cart", (d: typeof db) => cartLines(d, "user_shopper")],
    ["favorites", (d: typeof db) => favoriteProducts(d, "user_shopper")],
  ] as const)("%s", async (_name, run) => {
    const lines = await explainEverything(run);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter(fullScan), lines.join("\n")).toEqual([]);
  });
});
