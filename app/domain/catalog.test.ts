import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, ftsQuery, hasFilters, parseCatalogQuery, productTypeFromSlug } from "./catalog";

describe("ftsQuery", () => {
  it.each([
    ["jack", '"jack"*'],
    ["Wool  COAT", '"wool"* "coat"*'],
    ['"unbalanced', '"unbalanced"*'],
    ["coat OR dress NOT red", '"coat"* "dress"* "red"*'],
    ["name:evil*", '"name"* "evil"*'],
    ["café", '"café"*'],
    ["***", null],
    ["", null],
  ])("%j → %j", (input, expected) => {
    expect(ftsQuery(input)).toBe(expected);
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
