import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { listProducts } from "../../app/data/catalog.server";
import { encodeCursor, parseCatalogQuery } from "../../app/domain/catalog";
import {
  bandsOfRange,
  facetToken,
  PRICE_BAND_STARTS,
  priceBand,
  priceFacetToken,
  priceFacetTokens,
} from "../../app/domain/catalog-index";
import { createProduct } from "./factories";
import { db, ownerId, brand, seedQueryProducts, walk } from "./catalog-query-helpers";

// The catalog's data layer: search in the FTS index, with tags and other filters (facet tokens),
// and with a price range (price bands).

beforeAll(seedQueryProducts);

describe("search (answered inside the FTS index of public items)", () => {
  const word = `zq${Date.now().toString(36)}`;
  const ids: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 17; i++) {
      // Every fourth item says the word in its name; the others only in their description.
      const inName = i % 4 === 0;
      ids.push(
        (
          await createProduct(ownerId, {
            id: `s_${word}_${String(i).padStart(2, "0")}`,
            name: inName ? `${word} Blazer ${i}` : `Blazer ${i}`,
            description: inName ? "A blazer." : `A blazer in ${word} cloth.`,
          })
        ).id,
      );
    }
  });

  const searchPage = (after: string | null = null, before: string | null = null) => {
    const { filters, page } = parseCatalogQuery(new URLSearchParams({ search: word.slice(0, -1) }));
    return listProducts(db, filters, { ...page, after, before }, {}, 5);
  };

  it("pages through every match once, forward and back, names first and newest first within", async () => {
    const pages = [await searchPage()];
    while (pages.at(-1)!.nextCursor) pages.push(await searchPage(pages.at(-1)!.nextCursor));
    const seen = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(pages[0]!.total).toBe(17);
    expect(pages.map((p) => p.items.length)).toEqual([5, 5, 5, 2]);
    // The five that say the word in their name, newest listing first, then the rest likewise.
    const named = ids.filter((_, i) => i % 4 === 0).reverse();
    const described = ids.filter((_, i) => i % 4 !== 0).reverse();
    expect(seen).toEqual([...named, ...described]);
    const back = await searchPage(null, pages[2]!.prevCursor);
    expect(back.items.map((i) => i.id)).toEqual(pages[1]!.items.map((i) => i.id));
    const first = await searchPage(null, pages[1]!.prevCursor);
    expect(first.items.map((i) => i.id)).toEqual(pages[0]!.items.map((i) => i.id));
    expect(first.prevCursor).toBeNull();
  });

  it("sorts a search by price when asked, over the same matches", async () => {
    const { filters } = parseCatalogQuery(new URLSearchParams({ search: word }));
    const result = await listProducts(db, filters, { sort: "price_desc", after: null, before: null }, {}, 50);
    expect(result.total).toBe(17);
    expect(new Set(result.items.map((i) => i.id))).toEqual(new Set(ids));
  });

  it("ignores a tampered relevance cursor", async () => {
    const { filters, page } = parseCatalogQuery(new URLSearchParams({ search: word }));
    const result = await listProducts(db, filters, { ...page, after: encodeCursor(7, "not-a-rowid") }, {}, 5);
    expect(result.items).toHaveLength(5);
  });
  it("follows an item in and out of the public catalog", async () => {
    const id = `s_${word}_moving`;
    await createProduct(ownerId, { id, name: `${word}moving Cape`, productStatus: "pending" });
    const find = async (search: string) => {
      const { filters, page } = parseCatalogQuery(new URLSearchParams({ search }));
      return (await listProducts(db, filters, page)).items.map((i) => i.id);
    };
    expect(await find(`${word}moving`)).toEqual([]);
    await env.DB.prepare("UPDATE products SET product_status = 'live' WHERE id = ?").bind(id).run();
    expect(await find(`${word}moving`)).toEqual([id]);
    await env.DB.prepare("UPDATE products SET name = ? WHERE id = ?").bind(`${word}renamed Cape`, id).run();
    expect(await find(`${word}moving`)).toEqual([]);
    expect(await find(`${word}renamed`)).toEqual([id]);
    await env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(id).run();
    expect(await find(`${word}renamed`)).toEqual([]);
    await env.DB.prepare("UPDATE products SET availability = 'rented' WHERE id = ?").bind(id).run();
    expect(await find(`${word}renamed`)).toEqual([id]);
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(id).run();
    expect(await find(`${word}renamed`)).toEqual([]);
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM products_fts WHERE products_fts MATCH ?")
      .bind(`"${word}renamed"*`)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
  });
});

describe("search and tags with other filters (the index's facet tokens)", () => {
  const word = `fx${Date.now().toString(36)}`;
  const brand = `Facet${Date.now().toString(36)}`;
  beforeAll(async () => {
    const rows: Parameters<typeof createProduct>[1][] = [
      { id: `f_${word}_1`, name: `${word} Coat`, category: "Coats", tags: ["wool", `${word}tag`], rentalPrice: 1000 },
      { id: `f_${word}_2`, name: `${word} Dress`, category: "Dresses", tags: [`${word}tag`], rentalPrice: 2000 },
      {
        id: `f_${word}_3`,
        name: `${word} Parka`,
        category: "Coats",
        brand,
        tags: ["Wool"],
        rentalPrice: 3000,
        color: "Navy",
      },
      {
        id: `f_${word}_4`,
        name: `Plain Coat ${word}x`,
        category: "Coats",
        brand,
        tags: [`${word}tag`, "wool"],
        rentalPrice: 4000,
      },
    ];
    for (const row of rows) await createProduct(ownerId, { brand: "Test Brand", ...row });
  });

  const ids = async (qs: string, sort?: "price_asc") => {
    const { filters, page } = parseCatalogQuery(new URLSearchParams(qs));
    const result = await listProducts(db, filters, sort ? { ...page, sort } : page, {}, 50);
    return { ids: result.items.map((i) => i.id).sort(), total: result.total };
  };

  it.each([
    [`search=${word}&category=Coats`, [1, 3, 4]],
    [`search=${word}&category=Coats&category=Dresses`, [1, 2, 3, 4]],
    [`search=${word}&brand=${brand}`, [3, 4]],
    [`search=${word}&brand=${brand.toLowerCase()}`, []],
    [`search=${word}&color=Navy`, [3]],
    [`search=${word}&tag=wool`, [1, 4]],
    [`search=${word}&tag=Wool`, [3]],
    [`tag=${word}tag`, [1, 2, 4]],
    [`tag=${word}tag&category=Coats`, [1, 4]],
    [`search=${word}&category=Coats&rental_max=30`, [1, 3]],
    [`tag=${word}tag&rental_min=15`, [2, 4]],
  ] as const)("%s finds exactly %j, counted alike", async (qs, expected) => {
    const want = expected.map((n) => `f_${word}_${n}`).sort();
    for (const sort of [undefined, "price_asc"] as const) {
      const result = await ids(qs, sort);
      expect(result.ids, `${qs} ${sort ?? ""}`).toEqual(want);
      expect(result.total, `${qs} ${sort ?? ""}`).toBe(want.length);
    }
  });

  it("indexes the tokens facetToken() asks for (the view and the TypeScript agree)", async () => {
    const row = await env.DB.prepare(
      "SELECT facets, (SELECT buying_price FROM products WHERE id = ?1) AS buy FROM products_fts_source WHERE product_rowid = (SELECT rowid FROM products WHERE id = ?1)",
    )
      .bind(`f_${word}_3`)
      .first<{ facets: string; buy: number }>();
    const expected = [
      facetToken("productTypes", "Women"),
      facetToken("categories", "Coats"),
      facetToken("brands", brand),
      facetToken("conditions", "Almost New"),
      facetToken("colors", "Navy"),
      facetToken("tags", "Wool"),
      ...priceFacetTokens("rental", 3000),
      ...priceFacetTokens("buy", row!.buy),
    ];
    expect(row!.facets.toLowerCase().split(" ").sort()).toEqual(expected.sort());
  });

  it("follows a change of category, brand or tags", async () => {
    const id = `f_${word}_moving`;
    await createProduct(ownerId, { id, name: `${word}moving Cape`, category: "Coats", tags: ["before"] });
    expect((await ids(`search=${word}moving&category=Coats`)).ids).toEqual([id]);
    await env.DB.prepare(`UPDATE products SET category = 'Accessories', brand = ?, tags = '["after"]' WHERE id = ?`)
      .bind(brand, id)
      .run();
    expect((await ids(`search=${word}moving&category=Coats`)).ids).toEqual([]);
    expect((await ids(`search=${word}moving&category=Accessories&brand=${brand}`)).ids).toEqual([id]);
    expect((await ids(`tag=before&search=${word}moving`)).ids).toEqual([]);
    expect((await ids(`tag=after&search=${word}moving`)).ids).toEqual([id]);
  });
});

describe("a search or tag filter with a price range (price bands in the index, decision 0038)", () => {
  // The 30 items of the first block: Jackets at every third, the rest Dresses; rental £10–£16 (none
  // at every fifth), buying £50.00–£52.90. Each shape's count and walk must equal the items whose
  // prices are in range, whichever bands the range touches or covers.
  const items = Array.from({ length: 30 }, (_, i) => ({
    id: `q_${brand}_${String(i).padStart(2, "0")}`,
    dress: i % 3 !== 0,
    rental: i % 5 === 0 ? null : 1000 + (i % 7) * 100,
    buy: 5000 + i * 10,
  }));
  const within = (price: number | null, min?: number, max?: number) =>
    price !== null && (min === undefined || price >= min) && (max === undefined || price <= max);
  it.each([
    [
      "search=dress&rental_min=11&rental_max=15",
      (x: (typeof items)[number]) => x.dress && within(x.rental, 1100, 1500),
    ],
    ["search=dress&rental_min=10", (x: (typeof items)[number]) => x.dress && within(x.rental, 1000)],
    [
      "search=dress&rental_min=12&rental_max=12",
      (x: (typeof items)[number]) => x.dress && within(x.rental, 1200, 1200),
    ],
    ["search=dress&rental_max=4.99", () => false],
    ["search=dress&rental_min=30&rental_max=10", () => false],
    ["search=jacket&buy_min=50.5&buy_max=52", (x: (typeof items)[number]) => !x.dress && within(x.buy, 5050, 5200)],
    [
      "tag=test&buy_min=50&rental_max=14.99",
      (x: (typeof items)[number]) => within(x.buy, 5000) && within(x.rental, undefined, 1499),
    ],
    ["tag=test&rental_min=5&rental_max=100", (x: (typeof items)[number]) => within(x.rental, 500, 10000)],
    // Ranges covering most bands are counted as their complement (items without the price taken off).
    ["tag=test&rental_min=10", (x: (typeof items)[number]) => within(x.rental, 1000)],
    ["tag=test&rental_min=12.5", (x: (typeof items)[number]) => within(x.rental, 1250)],
    ["search=jacket&buy_min=50.5", (x: (typeof items)[number]) => !x.dress && within(x.buy, 5050)],
    ["tag=test&buy_min=5&buy_max=9999", (x: (typeof items)[number]) => within(x.buy, 500, 999900)],
    // A maximum at a band's start: that band's items priced exactly at it are found in the index.
    ["tag=test&buy_max=50", (x: (typeof items)[number]) => within(x.buy, undefined, 5000)],
    ["tag=test&buy_min=50&buy_max=50", (x: (typeof items)[number]) => within(x.buy, 5000, 5000)],
    [
      "search=dress&rental_min=10&rental_max=15",
      (x: (typeof items)[number]) => x.dress && within(x.rental, 1000, 1500),
    ],
  ] as const)("?%s counts and lists exactly the items in range", async (qs, wanted) => {
    const expected = items
      .filter(wanted)
      .map((x) => x.id)
      .sort();
    const { seen, total } = await walk(qs);
    expect([...seen].sort()).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it("puts a price in the band of the starts at or below it, and splits a range into touched and covered bands", () => {
    expect(priceBand(0)).toBe(0);
    expect(priceBand(499)).toBe(0);
    expect(priceBand(500)).toBe(1);
    expect(priceBand(1499)).toBe(2);
    expect(priceBand(10_000_000)).toBe(PRICE_BAND_STARTS.length);
    // £10–£15: bands 2 and 3; of band 3 (£15–£19.99) only the items at exactly £15 are in range.
    expect(bandsOfRange(1000, 1500)).toEqual({ touched: [2, 3], inside: [2], exact: 3 });
    expect(bandsOfRange(1000, 1499)).toEqual({ touched: [2], inside: [2], exact: null });
    expect(bandsOfRange(1000, 1400)).toEqual({ touched: [2], inside: [], exact: null });
    expect(bandsOfRange(1500, 1500)).toEqual({ touched: [3], inside: [], exact: 3 });
    expect(bandsOfRange(null, 499)).toEqual({ touched: [0], inside: [0], exact: null });
    expect(bandsOfRange(3000, 1000)).toEqual({ touched: [], inside: [], exact: null });
    expect(bandsOfRange(750_000, null).inside).toEqual([PRICE_BAND_STARTS.length - 1, PRICE_BAND_STARTS.length]);
  });

  it("indexes each public item's price bands, and re-indexes a price change", async () => {
    const id = `q_${brand}_03`;
    // Is this item among the index's matches for the token?
    const indexed = async (token: string) =>
      (await env.DB.prepare(
        "SELECT count(*) AS n FROM products_fts WHERE products_fts MATCH ? AND rowid = (SELECT rowid FROM products WHERE id = ?)",
      )
        .bind(`facets : "${token}"`, id)
        .first<{ n: number }>())!.n;
    expect(await indexed(priceFacetToken("rental", 1300))).toBe(1);
    expect(await indexed(priceFacetToken("buy", 5030))).toBe(1);
    await env.DB.prepare("UPDATE products SET rental_price = 4000, buying_price = NULL WHERE id = ?").bind(id).run();
    expect(await indexed(priceFacetToken("rental", 1300))).toBe(0);
    expect(await indexed(priceFacetToken("rental", 4000))).toBe(1);
    expect(await indexed(priceFacetToken("buy", 5030))).toBe(0);
    expect(await indexed(priceFacetToken("buy", null))).toBe(1);
    await env.DB.prepare("UPDATE products SET rental_price = 1300, buying_price = 5030 WHERE id = ?").bind(id).run();
    expect(await indexed(priceFacetToken("buy", 5030))).toBe(1);
    expect(await indexed(priceFacetToken("buy", null))).toBe(0);
  });
});
