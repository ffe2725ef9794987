import fc from "fast-check";
import { describe, expect, it } from "vitest";
import migration0016 from "../../migrations/0016_price_band_groups.sql?raw";
import {
  decodeCursor,
  encodeCursor,
  hasFilters,
  parseCatalogQuery,
  priceFilterNotes,
  productTypeFromSlug,
} from "./catalog";
import {
  bandGroupTokens,
  facetsCoverFilters,
  type FacetFilter,
  facetToken,
  ftsQuery,
  indexQuery,
  PRICE_BAND_STARTS,
  PRICE_GROUP_LEVELS,
  priceFacetTokens,
} from "./catalog-index";

describe("ftsQuery", () => {
  it.each([
    ["jack", '"jack"*'],
    ["Wool  COAT", '"wool"* "coat"*'],
    ['"unbalanced', '"unbalanced"*'],
    ["coat OR dress NOT red", '"coat"* "dress"* "red"*'],
    ["name:evil*", '"name"* "evil"*'],
    ["café", '"café"*'],
    ["a coat", '"a" "coat"*'],
    ["***", null],
    ["", null],
  ])("%j → %j", (input, expected) => {
    expect(ftsQuery(input)).toBe(expected);
  });
});

describe("facetToken", () => {
  // One sample for every filter of the index: a new filter without a sample does not type-check.
  const samples = {
    categories: { value: "Coats", token: "c436f617473" },
    brands: { value: "Acne Studios", token: "b41636e652053747564696f73" },
    conditions: { value: "Almost New", token: "n416c6d6f7374204e6577" },
    tags: { value: "café", token: "g636166c3a9" },
    productTypes: { value: "Women", token: "t576f6d656e" },
    colors: { value: "Black", token: "k426c61636b" },
    sizes: { value: "UK 10", token: "s554b203130" },
  } satisfies Record<FacetFilter, { value: string; token: string }>;
  it.each(Object.entries(samples) as [FacetFilter, { value: string; token: string }][])(
    "%s %j (letters and digits only: one token)",
    (filter, { value, token }) => {
      expect(facetToken(filter, value)).toBe(token);
    },
  );

  it("keeps values apart that differ only in case", () => {
    expect(facetToken("brands", "Ganni")).not.toBe(facetToken("brands", "ganni"));
  });
});

describe("indexQuery", () => {
  const filtersOf = (qs: string) => parseCatalogQuery(new URLSearchParams(qs)).filters;

  it("is not needed without a search or a tag", () => {
    expect(indexQuery(filtersOf("category=Coats&brand=Ganni&rental_min=10"))).toBeNull();
  });

  it("matches a tag filter on its facet tokens alone", () => {
    expect(indexQuery(filtersOf("tag=wool&tag=winter"))).toEqual({
      match: '(facets : ("g776f6f6c" OR "g77696e746572"))',
      walk: '(facets : ("g776f6f6c" OR "g77696e746572"))',
      tiers: null,
      unusable: false,
      priceCount: null,
    });
  });

  it("keeps the words to the text columns and adds one clause per list filter", () => {
    const query = indexQuery(filtersOf("search=wool coat&category=Coats&brand=Ganni&brand=Reiss"))!;
    expect(query.match).toBe(
      '({name brand description tags color category} : ("wool"* "coat"*)) AND (facets : ("c436f617473")) AND (facets : ("b47616e6e69" OR "b5265697373"))',
    );
    expect(query.tiers![0]).toBe(
      '({name brand} : ("wool"* "coat"*)) AND (facets : ("c436f617473")) AND (facets : ("b47616e6e69" OR "b5265697373"))',
    );
    expect(query.tiers![1]).toBe(`(${query.match}) NOT ({name brand} : ("wool"* "coat"*))`);
  });

  it("marks a search with no words as unusable", () => {
    expect(indexQuery(filtersOf("search=***"))).toEqual({ match: "", walk: "", tiers: null, unusable: true });
  });

  it("narrows a price range to the bands it touches, and counts the covered bands in the index", () => {
    const query = indexQuery(filtersOf("tag=wool&rental_min=10&rental_max=14"))!;
    // £10–£14 touches band 2 (£10–£14.99) only, and cuts it.
    expect(query.match).toBe('(facets : ("g776f6f6c")) AND (facets : ("r2"))');
    expect(query.walk).toBe('(facets : ("g776f6f6c"))');
    // Less of it is out of range (£14.01–£14.99) than in: it is counted, and the items priced out of range are walked and taken off.
    expect(query.priceCount).toEqual({
      counts: [{ match: '(facets : ("g776f6f6c")) AND (facets : ("r2"))', sign: 1 }],
      walks: [
        {
          kind: "rental",
          set: '(facets : ("g776f6f6c")) AND (facets : ("r2"))',
          prices: [{ min: 1401, max: 1499 }],
          sign: -1,
        },
      ],
      edges: null,
    });
    // £10–£11: more of band 2 is out of range than in: the items priced in range are walked and added.
    expect(indexQuery(filtersOf("tag=wool&rental_min=10&rental_max=11"))!.priceCount).toEqual({
      counts: [],
      walks: [
        {
          kind: "rental",
          set: '(facets : ("g776f6f6c")) AND (facets : ("r2"))',
          prices: [{ min: 1000, max: 1100 }],
          sign: 1,
        },
      ],
      edges: null,
    });
    // £10–£20: band 2 and 3 are covered (the group of bands 2 and 3: "rg1x1"); of band 4 (£20–£24.99) only the items at exactly £20 are in range.
    expect(indexQuery(filtersOf("search=dress&rental_min=10&rental_max=20"))!.priceCount).toEqual({
      counts: [
        {
          match: '({name brand description tags color category} : ("dress"*)) AND (facets : ("rg1x1" OR "rx4"))',
          sign: 1,
        },
      ],
      walks: [],
      edges: null,
    });
    // £12.50–£33 cuts bands 2 and 6: both counted, their parts out of range walked once and taken off.
    expect(indexQuery(filtersOf("tag=wool&rental_min=12.5&rental_max=33"))!.priceCount).toEqual({
      counts: [{ match: '(facets : ("g776f6f6c")) AND (facets : ("rg1x1" OR "rg1x2" OR "r6"))', sign: 1 }],
      walks: [
        {
          kind: "rental",
          set: '(facets : ("g776f6f6c")) AND (facets : ("r2" OR "r6"))',
          prices: [
            { min: 1000, max: 1249 },
            { min: 3301, max: 3499 },
          ],
          sign: -1,
        },
      ],
      edges: null,
    });
    // Bands 10 to 38: 10–11, 12–15, 16–31, 32–35, 36–37 and 38.
    expect(indexQuery(filtersOf("search=coat&buy_min=50"))!.match).toContain(
      '(facets : ("pg1x5" OR "pg2x3" OR "pg4x1" OR "pg2x8" OR "pg1x18" OR "p38"))',
    );
    expect(indexQuery(filtersOf("tag=wool"))!.priceCount).toBeNull();
    // A range no band satisfies is left to the listing's own price check.
    expect(indexQuery(filtersOf("tag=wool&rental_min=30&rental_max=10"))!.priceCount).toBeNull();
  });

  it("counts a range covering most bands as its complement", () => {
    const tag = '(facets : ("g776f6f6c"))';
    // From £50: bands 10 to 38 are inside, 0 to 9 outside, none is cut.
    expect(indexQuery(filtersOf("tag=wool&buy_min=50"))!.priceCount).toEqual({
      counts: [
        { match: tag, sign: 1 },
        { match: `${tag} AND (facets : ("pg3x0" OR "pg1x4" OR "pn"))`, sign: -1 },
      ],
      walks: [],
      edges: null,
    });
    // From £50.50: band 10 (£50–£59.99) is cut, counted, and its items below £50.50 taken off.
    expect(indexQuery(filtersOf("tag=wool&buy_min=50.5"))!.priceCount).toMatchObject({
      counts: [
        { match: tag, sign: 1 },
        { match: `${tag} AND (facets : ("pg3x0" OR "pg1x4" OR "pn"))`, sign: -1 },
      ],
      walks: [{ kind: "buy", set: `${tag} AND (facets : ("p10"))`, prices: [{ min: 5000, max: 5049 }], sign: -1 }],
    });
    // £5–£1,000: band 29 starts at £1,000; all of it is taken off, then its items at exactly £1,000 are added.
    expect(indexQuery(filtersOf("tag=wool&buy_min=5&buy_max=1000"))!.priceCount).toEqual({
      counts: [
        { match: tag, sign: 1 },
        {
          match: `${tag} AND (facets : ("p0" OR "p29" OR "pg1x15" OR "pg2x8" OR "pg1x18" OR "p38" OR "pn"))`,
          sign: -1,
        },
        { match: `${tag} AND (facets : ("px29"))`, sign: 1 },
      ],
      walks: [],
      edges: null,
    });
  });

  it("counts a rental and a buying range together by their covered bands, then reads the matches in cut bands", () => {
    const query = indexQuery(filtersOf("tag=wool&rental_max=14.99&buy_min=50"))!;
    const rental = '(facets : ("rg1x0" OR "r2"))';
    const buy = '(facets : ("pg1x5" OR "pg2x3" OR "pg4x1" OR "pg2x8" OR "pg1x18" OR "p38"))';
    expect(query.priceCount).toEqual({
      counts: [{ match: `(facets : ("g776f6f6c")) AND ${rental} AND ${buy}`, sign: 1 }],
      walks: [],
      edges: null,
    });
    expect(indexQuery(filtersOf("tag=wool&rental_max=14&buy_min=50"))!.priceCount!.edges).toBe(
      `((facets : ("g776f6f6c")) AND ${rental} AND ${buy}) NOT ((facets : ("rg1x0")) AND ${buy})`,
    );
  });

  it("names any set of bands with group tokens that match exactly those bands' items", () => {
    const bands = Array.from({ length: PRICE_BAND_STARTS.length + 1 }, (_, band) => band);
    // An item in band b carries its band's token and one group token per level (priceFacetTokens).
    const priceIn = (band: number) => (band === 0 ? 0 : PRICE_BAND_STARTS[band - 1]! + 1);
    const tokensOf = (band: number) => priceFacetTokens("buy", priceIn(band)).map((t) => t.slice(1));
    fc.assert(
      fc.property(fc.subarray(bands), (chosen) => {
        const tokens = bandGroupTokens(chosen);
        // Each chosen band's items match exactly one token (so OR-ing them counts each item once); no other band's items match any.
        for (const band of bands)
          expect(tokensOf(band).filter((t) => tokens.includes(t)).length).toBe(chosen.includes(band) ? 1 : 0);
        // At most two tokens per level for each run of neighbouring bands.
        const runs = chosen.filter((b) => !chosen.includes(b - 1)).length;
        expect(tokens.length).toBeLessThanOrEqual(runs * 2 * (PRICE_GROUP_LEVELS + 1));
      }),
      { numRuns: 500 },
    );
    expect(bandGroupTokens([11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23])).toEqual(["11", "g2x3", "g3x2"]);
    expect(bandGroupTokens(bands)).toEqual(["g5x0", "g2x8", "g1x18", "38"]);
    expect(bandGroupTokens([])).toEqual([]);
  });

  it("uses the band starts the index's view (migration 0016) indexes with", () => {
    const lists = [...migration0016.matchAll(/json_each\('(\[[\d,]+\])'\)/g)].map((m) => JSON.parse(m[1]!));
    expect(lists).toHaveLength(4);
    for (const list of lists) expect(list).toEqual([...PRICE_BAND_STARTS]);
  });

  it("lets the facets answer every filter but a price range", () => {
    expect(facetsCoverFilters(filtersOf("search=coat&tag=wool&color=Black&condition=Almost%20New&type=Women"))).toBe(
      true,
    );
    expect(facetsCoverFilters(filtersOf("search=coat&rental_max=20"))).toBe(false);
    expect(facetsCoverFilters(filtersOf("search=coat&buy_min=5"))).toBe(false);
  });
});

describe("parseCatalogQuery", () => {
  it("reads every filter and normalises known values", () => {
    const { filters, page } = parseCatalogQuery(
      new URLSearchParams(
        "brand=Ganni&brand=Reiss&category=coats&type=women&color=Black&tag=wool&condition=almost%20new&rental_min=10&rental_max=25.50&buy_min=x&sort=price_asc",
      ),
    );
    expect(filters).toMatchObject({
      brands: ["Ganni", "Reiss"],
      categories: ["Coats"],
      productTypes: ["Women"],
      colors: ["Black"],
      tags: ["wool"],
      conditions: ["Almost New"],
      rentalMin: 1000,
      rentalMax: 2550,
      buyMin: null,
    });
    expect(page.sort).toBe("price_asc");
  });

  it("ignores unknown categories and sorts by relevance only when searching", () => {
    expect(parseCatalogQuery(new URLSearchParams("category=Spaceships")).filters.categories).toEqual([]);
    expect(parseCatalogQuery(new URLSearchParams("search=coat")).page.sort).toBe("relevance");
    expect(parseCatalogQuery(new URLSearchParams("sort=relevance")).page.sort).toBe("newest");
    expect(hasFilters(parseCatalogQuery(new URLSearchParams("")).filters)).toBe(false);
  });
});

describe("cursors", () => {
  it("round-trip and refuse tampering", () => {
    expect(decodeCursor(encodeCursor(1234, "prod_1"))).toEqual({ value: 1234, id: "prod_1" });
    expect(decodeCursor("not-a-cursor")).toBeNull();
    expect(decodeCursor(btoa('["x", 1]'))).toBeNull();
  });
});

describe("productTypeFromSlug", () => {
  it.each([
    ["women", "Women"],
    ["MEN", "Men"],
    ["unisex", "Unisex"],
    ["vintagevera", null],
  ])("%s", (slug, type) => {
    expect(productTypeFromSlug(slug)).toBe(type);
  });
});

describe("priceFilterNotes", () => {
  const notes = (query: string) => {
    const params = new URLSearchParams(query);
    return priceFilterNotes(params, parseCatalogQuery(params).filters);
  };

  it("says which price was no price, and that it was left out", () => {
    expect(notes("rental_min=abc&buy_max=-5")).toEqual([
      'Rental price: the minimum "abc" is not a price in pounds, so it was left out.',
      'Buy price: the maximum "-5" is not a price in pounds, so it was left out.',
    ]);
  });

  it("says a range with its minimum above its maximum matches nothing", () => {
    expect(notes("rental_min=50&rental_max=10")).toEqual([
      "Rental price: the minimum is above the maximum, so nothing can match.",
    ]);
  });

  it("says nothing of usable prices", () => {
    expect(notes("rental_min=10&rental_max=50&buy_min=12.50")).toEqual([]);
  });
});
