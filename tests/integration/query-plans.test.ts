import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { explainEverything } from "./query-plan-helpers";
import { listingQueries, newItems } from "../../app/data/catalog.server";
import { sizeCountsQuery } from "../../app/data/size-counts.server";
import { sizeOptions } from "../../app/domain/size-filter";
import { encodeCursor, parseCatalogQuery } from "../../app/domain/catalog";
import { cartLines } from "../../app/data/cart.server";
import { sellerNamed } from "../../app/data/columns.server";
import { batchParts } from "../../app/data/parts.server";
import { conversationMessagesPart, conversationPart } from "../../app/data/conversation-page.server";
import { partySafetyPart } from "../../app/data/conversation-safety.server";
import { favoriteProducts } from "../../app/data/favorites.server";
import { productDetail, similarItemsQuery, similarListsRefresh } from "../../app/data/product.server";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import {
  brandsRunTogether,
  brandsStartingWith,
  suggestionSources,
  wordsStartingWith,
  wordsWithSecondLetter,
} from "../../app/data/search.server";

const db = database(env.DB);

/** EXPLAIN QUERY PLAN lines of a drizzle query. */
async function plan(
  query: { toSQL(): { sql: string; params: unknown[] } } | { getQuery(): { sql: string; params: unknown[] } },
) {
  const { sql, params } = "toSQL" in query ? query.toSQL() : query.getQuery();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

/** A full table scan of a big table: "SCAN products" without an index. */
const fullScan = (detail: string) =>
  /^SCAN (products|orders|order_items|size_items)\b(?!.*USING (COVERING )?INDEX)/.test(detail) &&
  !/VIRTUAL TABLE/.test(detail);

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
  // Sizes (issue 25, item 2): a size filter is a facet of the full-text index.
  "size=UK%2010",
  "size=UK%2010&category=Dresses",
  "size=UK%2010&size=UK%2012&category=Dresses&type=Women&sort=price_asc",
  "size=M&brand=Ganni&color=Black",
  "size=UK%2010&search=dress",
  "size=UK%2010&rental_min=10&rental_max=30",
  "size=UK%2010&tag=wool&buy_min=50",
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

  it("a price range alone is counted down the public items' own price index (migration 0043), one range, no row read", async () => {
    for (const [qs, index] of [
      ["rental_min=10&rental_max=100", "rental"],
      ["buy_min=20", "buying"],
      ["buy_max=80&rental_min=5", "(rental|buying)"],
    ]) {
      const { filters, page } = parseCatalogQuery(new URLSearchParams(qs));
      const lines = (await plan(listingQueries(db, filters, page).countQuery)).join("\n");
      expect(lines, qs).toMatch(
        new RegExp(`SEARCH products USING (COVERING )?INDEX products_pub_${index}_idx \\((rental|buying)_price[<>]`),
      );
    }
  });

  it("a search or tag with a price range counts in the index and walks only the cut parts of bands (decision 0038)", async () => {
    const countPlan = async (qs: string) => {
      const { filters, page } = parseCatalogQuery(new URLSearchParams(qs));
      return (await plan(listingQueries(db, filters, page).countQuery)).join("\n");
    };
    // £12.50–£33 cuts bands 2 and 6, £60.50–£399 bands 11 and 23: their parts are walked down
    // the price's own index. The index's matches are probed, never read row by row.
    const rental = await countPlan("search=dress&rental_min=12.5&rental_max=33");
    expect(rental).toMatch(
      /SEARCH products USING COVERING INDEX products_rental_price_idx \(rental_price>\? AND rental_price<\?\)/,
    );
    const buying = await countPlan("tag=wool&buy_min=60.5&buy_max=399");
    expect(buying).toMatch(
      /SEARCH products USING COVERING INDEX products_buying_price_idx \(buying_price>\? AND buying_price<\?\)/,
    );
    for (const lines of [rental, buying]) expect(lines).not.toMatch(/INTEGER PRIMARY KEY/);
    // A listing's page is never driven by those price indexes: it would sort every item in range.
    for (const qs of [
      "tag=wool&buy_min=60.5&buy_max=399",
      "buy_min=50&buy_max=200",
      "rental_min=10&rental_max=30",
      "search=dress&rental_min=12.5&rental_max=33&sort=newest",
    ]) {
      const { filters, page } = parseCatalogQuery(new URLSearchParams(qs));
      expect((await plan(listingQueries(db, filters, page).pageQuery)).join("\n"), qs).not.toMatch(
        /products_(rental|buying)_price_idx|TEMP B-TREE/,
      );
    }
    // A rental and a buying range read their cut bands' matches by rowid.
    expect(await countPlan("tag=wool&rental_max=14&buy_min=50")).toMatch(
      /SEARCH products USING INTEGER PRIMARY KEY \(rowid=\?\)/,
    );
    // £10–£30 covers bands 2–5 and the items at exactly £30; from £50 is counted as its complement:
    // the index alone answers, no product row is read.
    for (const qs of ["search=dress&rental_min=10&rental_max=30", "tag=wool&buy_min=50"]) {
      const inIndex = await countPlan(qs);
      expect(inIndex, qs).toMatch(/SCAN products_fts VIRTUAL TABLE INDEX/);
      expect(inIndex, qs).not.toMatch(/\bproducts\b(?!_fts)/);
    }
  });

  it.each([
    ...LISTINGS.filter((qs) => !qs.includes("after=") && !qs.includes("before=")),
    "category=Dresses&type=Women",
    "brand=Ganni&rental_min=10",
    "rental_min=10&rental_max=30",
    "buy_min=50",
    "rental_max=14&buy_min=50",
    "category=Dresses&rental_min=10&rental_max=30",
  ])("the Size filter's counts of ?%s", async (qs) => {
    const { filters } = parseCatalogQuery(new URLSearchParams(qs));
    const query = sizeCountsQuery(db, filters, sizeOptions(filters));
    if (!query) return expect(filters.search).toBeTruthy();
    const lines = await plan(query);
    const text = lines.join("\n");
    expect(lines.filter(fullScan), text).toEqual([]);
    // Never a products row (decision 0048, 2026-11-25): size_counts, or size_items (migrations 0041, 0042)
    // by the index's rowids, or a price range alone down its covering price index.
    expect(text).not.toMatch(/\bproducts\b(?!_fts)/);
    if (/SCAN products_fts/.test(text)) {
      expect(text).toMatch(/SEARCH size_items USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      // The index's matches drive: size_items is never walked and probed into the index.
      expect(text).not.toMatch(/SCAN size_items/);
    } else if (/size_items/.test(text)) {
      // A price range alone: a range count per size down the index led by the size's code (migration 0042).
      expect(text).toMatch(
        /SEARCH size_items USING COVERING INDEX size_items_(rental|buying)_idx \(code=\? AND (rental|buying)_price[<>]/,
      );
    }
  });

  it("'You may also like' reads its pool down the category's and the newest items' indexes (issue 25, item 4)", async () => {
    const lines = (await plan(similarItemsQuery(db, "prod_000001"))).join("\n");
    expect(lines).toMatch(/products_pub_category_idx \(category=\?\)/);
    expect(lines).toMatch(/SCAN products USING (COVERING )?INDEX products_pub_created_idx/);
    expect(lines).toMatch(/SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(lines).not.toMatch(/SCAN (p|products)\b(?! USING)/);
    // The kept list (decision 0123): its ids looked up one by one.
    expect(lines).toMatch(/SEARCH products USING INDEX sqlite_autoindex_products_1 \(id=\?\)/);
  });

  it("the five-minute job finds the 'You may also like' lists to remake in their partial indexes (decision 0123)", async () => {
    const lines = (
      await plan({ getQuery: () => new SQLiteSyncDialect().sqlToQuery(similarListsRefresh(1, 250)) })
    ).join("\n");
    expect(lines).toMatch(/products_similar_due_idx/);
    expect(lines).toMatch(/SCAN products USING INDEX products_pub_similar_idx/);
    expect(lines).toMatch(/products_pub_category_idx \(category=\?\)/);
    expect(lines.split("\n").filter(fullScan)).toEqual([]);
  });

  // 'Ships to <country>' (decision 0094): the handlers who ship abroad are read from the small
  // partial indexes of migration 0074, and the page is still walked down the listing's sorted index.
  it.each([
    "",
    "sort=price_asc",
    `after=${cursor}`,
    "category=Coats",
    "brand=Ganni&type=Men",
    "size=UK%2010",
    "tag=wool",
    "search=wool%20coat",
    "search=coat&sort=newest",
    "rental_min=10&rental_max=30",
    "tag=wool&buy_min=50",
  ])("listing ?%s shipping abroad", async (qs) => {
    const { filters, page } = parseCatalogQuery(new URLSearchParams(qs));
    for (const shipsTo of ["europe", "world"] as const) {
      const { pageQuery, countQuery } = listingQueries(db, filters, page, { shipsTo });
      const sizes = sizeCountsQuery(db, filters, sizeOptions(filters), { shipsTo });
      for (const query of [pageQuery, countQuery, ...(sizes ? [sizes] : [])]) {
        const text = (await plan(query)).join("\n");
        expect(text.split("\n").filter(fullScan), text).toEqual([]);
        expect(text, `${qs} ${shipsTo}`).toMatch(
          /SEARCH users USING COVERING INDEX users_ships_abroad_idx \(ship_reach=\?\)/,
        );
        expect(text).toMatch(/SEARCH stores USING COVERING INDEX stores_ships_abroad_idx \(ship_reach=\?\)/);
        expect(text).not.toMatch(/SCAN (users|stores)\b/);
      }
      if (!filters.search)
        expect((await plan(pageQuery)).join("\n"), qs).not.toMatch(/TEMP B-TREE|products_(owner|store)_idx/);
    }
  });

  it("vendor and store listings use their indexes", async () => {
    const { filters, page } = parseCatalogQuery(new URLSearchParams(""));
    // A seller's profile names them by a subquery on their display name (decision 0113).
    for (const scope of [
      { ownerId: "user_vendor" },
      { ownerId: sellerNamed("vintagevera") },
      { storeId: "store_kensington" },
    ]) {
      const { pageQuery, countQuery } = listingQueries(db, filters, page, scope);
      for (const query of [pageQuery, countQuery]) {
        const lines = await plan(query);
        expect(lines.filter(fullScan), lines.join("\n")).toEqual([]);
      }
    }
  });

  it("search that forgives reads its words by a range of terms, and suggestions read brands by their name index (decision 0050)", async () => {
    const words = await explainEverything((d) => wordsStartingWith(d, "j"));
    // fts5vocab's plan number carries its term constraints: 0x200 (>=) and 0x400 (<=, <) both used.
    const vocabulary = /SCAN search_words_vocab VIRTUAL TABLE INDEX (\d+)/.exec(words.join("\n"));
    expect(vocabulary, words.join("\n")).not.toBeNull();
    expect(Number(vocabulary![1]) & 0x600).toBe(0x600);
    // A wrong first letter (2026-11-25): the words with 'a' second, read range by range (the list of
    // ranges outside, each one a term range of the vocabulary inside).
    const seconds = (await plan(wordsWithSecondLetter(db, "a"))).join("\n");
    expect(seconds).toMatch(/SCAN r VIRTUAL TABLE[\s\S]*SCAN v VIRTUAL TABLE/);
    const inner = /SCAN v VIRTUAL TABLE INDEX (\d+)/.exec(seconds);
    expect(inner, seconds).not.toBeNull();
    expect(Number(inner![1]) & 0x600).toBe(0x600);
    // Brands in the order of their unique index on lower(name): no sort, no scan.
    const brands = (await plan(brandsStartingWith(db, "har"))).join("\n");
    expect(brands).toMatch(/SEARCH brands USING INDEX brands_name_unique \(<expr>>\? AND <expr><\?\)/);
    expect(brands).not.toMatch(/TEMP B-TREE|SCAN brands/);
    // The same for names run together (decision 0069): 'levis' finds Levi's by its own index.
    const together = (await plan(brandsRunTogether(db, "levis"))).join("\n");
    expect(together).toMatch(/SEARCH brands USING INDEX brands_name_run_together \(<expr>>\? AND <expr><\?\)/);
    expect(together).not.toMatch(/TEMP B-TREE|SCAN brands/);
    // The endpoint's one batch: those brands and the handful of active categories.
    const suggestions = await explainEverything((d) => suggestionSources(d, "har"));
    expect(suggestions.filter(fullScan), suggestions.join("\n")).toEqual([]);
  });

  it.each([
    ["home new items", (d: typeof db) => newItems(d, Date.now())],
    ["product page", (d: typeof db) => productDetail(d, "prod_000001", "user_shopper", Date.now())],
    ["cart", (d: typeof db) => cartLines(d, "user_shopper")],
    [
      "conversation page",
      (d: typeof db) =>
        batchParts(d, [
          conversationPart(d, "cnv_demo_vendor"),
          conversationMessagesPart(d, "cnv_demo_vendor", 40),
          partySafetyPart(d, "cnv_demo_vendor", "user_shopper"),
        ] as const),
    ],
    ["favorites", (d: typeof db) => favoriteProducts(d, "user_shopper")],
  ] as const)("%s", async (_name, run) => {
    const lines = await explainEverything(run);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter(fullScan), lines.join("\n")).toEqual([]);
  });
});
