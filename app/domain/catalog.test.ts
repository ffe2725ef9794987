import { describe, expect, it } from "vitest";
import migration0008 from "../../migrations/0008_price_bands.sql?raw";
import { decodeCursor, encodeCursor, facetsCoverFilters, facetToken, ftsQuery, hasFilters, indexQuery, parseCatalogQuery, PRICE_BAND_STARTS, productTypeFromSlug } from "./catalog";

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
  it.each([
    ["categories", "Coats", "c436f617473"],
    ["brands", "Acne Studios", "b41636e652053747564696f73"],
    ["conditions", "Almost New", "n416c6d6f7374204e6577"],
    ["tags", "café", "g636166c3a9"],
    ["productTypes", "Women", "t576f6d656e"],
    ["colors", "Black", "k426c61636b"],
  ] as const)("%s %j → %s (letters and digits only: one token)", (filter, value, token) => {
    expect(facetToken(filter, value)).toBe(token);
  });

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
    expect(indexQuery(filtersOf("tag=wool&tag=winter"))).toEqual({ match: '(facets : ("g776f6f6c" OR "g77696e746572"))', tiers: null, unusable: false, priceCount: null });
  });

  it("keeps the words to the text columns and adds one clause per list filter", () => {
    const query = indexQuery(filtersOf("search=wool coat&category=Coats&brand=Ganni&brand=Reiss"))!;
    expect(query.match).toBe(
      '({name brand description tags color category} : ("wool"* "coat"*)) AND (facets : ("c436f617473")) AND (facets : ("b47616e6e69" OR "b5265697373"))',
    );
    expect(query.tiers![0]).toBe('({name brand} : ("wool"* "coat"*)) AND (facets : ("c436f617473")) AND (facets : ("b47616e6e69" OR "b5265697373"))');
    expect(query.tiers![1]).toBe(`(${query.match}) NOT ({name brand} : ("wool"* "coat"*))`);
  });

  it("marks a search with no words as unusable", () => {
    expect(indexQuery(filtersOf("search=***"))).toEqual({ match: "", tiers: null, unusable: true });
  });

  it("narrows a price range to the bands it touches, and counts the covered bands in the index", () => {
    const query = indexQuery(filtersOf("tag=wool&rental_min=10&rental_max=15"))!;
    // £10–£15 touches bands 2 (£10–£14.99) and 3 (£15–£19.99); band 2 lies wholly inside.
    expect(query.match).toBe('(facets : ("g776f6f6c")) AND (facets : ("r2" OR "r3"))');
    expect(query.priceCount).toEqual({ inside: '(facets : ("g776f6f6c")) AND (facets : ("r2"))', edges: `(${query.match}) NOT ((facets : ("r2")))` });
    expect(indexQuery(filtersOf("search=coat&buy_min=50"))!.match).toContain('(facets : ("p10" OR "p11"');
    expect(indexQuery(filtersOf("tag=wool"))!.priceCount).toBeNull();
    // A range no band satisfies is left to the listing's own price check.
    expect(indexQuery(filtersOf("tag=wool&rental_min=30&rental_max=10"))!.priceCount).toBeNull();
  });

  it("uses the band starts migration 0008 indexes with", () => {
    const lists = [...migration0008.matchAll(/json_each\('(\[[\d,]+\])'\)/g)].map((m) => JSON.parse(m[1]!));
    expect(lists).toHaveLength(2);
    for (const list of lists) expect(list).toEqual([...PRICE_BAND_STARTS]);
  });

  it("lets the facets answer every filter but a price range", () => {
    expect(facetsCoverFilters(filtersOf("search=coat&tag=wool&color=Black&condition=Almost%20New&type=Women"))).toBe(true);
    expect(facetsCoverFilters(filtersOf("search=coat&rental_max=20"))).toBe(false);
    expect(facetsCoverFilters(filtersOf("search=coat&buy_min=5"))).toBe(false);
  });
});

describe("parseCatalogQuery", () => {
  it("reads every filter and normalises known values", () => {
    const { filters, page } = parseCatalogQuery(
      new URLSearchParams("brand=Ganni&brand=Reiss&category=coats&type=women&color=Black&tag=wool&condition=almost%20new&rental_min=10&rental_max=25.50&buy_min=x&sort=price_asc"),
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
  it.each([["women", "Women"], ["MEN", "Men"], ["unisex", "Unisex"], ["vintagevera", null]])("%s", (slug, type) => {
    expect(productTypeFromSlug(slug)).toBe(type);
  });
});
