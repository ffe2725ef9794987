import { describe, expect, it } from "vitest";
import { readListingUrl, readSavedSearch } from "./alerts";
import { activeFilterCount, EMPTY_FILTERS, parseCatalogQuery } from "./catalog";
import { canonicalQuery } from "./seo";

// 'Ships to <country>' counted, kept and saved like every other listing filter (decision 0098).

describe("the Filters (n) count", () => {
  it("counts a chosen country as one filter beside the others", () => {
    const { filters } = parseCatalogQuery(new URLSearchParams("color=Black&size=M&rental_min=5"));
    expect(activeFilterCount(filters)).toBe(3);
    expect(activeFilterCount(filters, "FR")).toBe(4);
    expect(activeFilterCount(EMPTY_FILTERS, "GB")).toBe(1);
    expect(activeFilterCount(EMPTY_FILTERS, null)).toBe(0);
  });
});

describe("the listing's own address (canonical, and what 'Save this search' posts)", () => {
  const canonicalOf = (query: string, shipsTo: string | null) =>
    canonicalQuery(parseCatalogQuery(new URLSearchParams(query)).filters, shipsTo);

  it("keeps the chosen country after the other filters, and nothing without one", () => {
    expect(canonicalOf("ships_to=FR&color=Red&sort=newest", "FR")).toBe("?color=Red&ships_to=FR");
    expect(canonicalOf("", "US")).toBe("?ships_to=US");
    expect(canonicalOf("color=Red", null)).toBe("?color=Red");
  });
});

describe("a saved listing's 'Ships to'", () => {
  it.each([
    ["/all-products?color=Black&ships_to=FR", "color=Black&ships_to=FR"],
    ["/all-products?ships_to=fr&color=Black", "ships_to=FR&color=Black"],
    ["/all-products?ships_to=GB", "ships_to=GB"],
    // 'my country' is answered only by the visitor's own request; an unknown code, as the listing, left out.
    ["/all-products?ships_to=mine&color=Black", "color=Black"],
    ["/all-products?ships_to=ZZ", ""],
    [`/all-products?ships_to=${"x".repeat(300)}`, ""],
  ])("%s is kept as %s", (url, query) => {
    expect(readListingUrl(url)?.query).toBe(query);
  });

  it("is saved with the search", () => {
    const read = readSavedSearch({ name: "Coats to Paris", url: "/categories/coats?ships_to=fr&after=abc" });
    expect(read).toEqual({
      ok: true,
      value: {
        name: "Coats to Paris",
        url: "/categories/coats?ships_to=FR",
        listing: { page: "category", slug: "coats" },
      },
    });
  });
});
