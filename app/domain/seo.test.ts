import { describe, expect, it } from "vitest";
import { parseCatalogQuery } from "./catalog";
import { canonicalQuery, canonicalUrl } from "./seo";

const canonicalOf = (query: string) => canonicalQuery(parseCatalogQuery(new URLSearchParams(query)).filters);

describe("canonicalQuery", () => {
  it("is empty without filters, whatever the sort or cursor", () => {
    expect(canonicalOf("sort=price_desc&after=xyz&before=abc")).toBe("");
  });

  it("puts filters in one order with sorted values, so equal filter sets share one URL", () => {
    const a = canonicalOf("color=Red&brand=Zara&brand=Acne&rental_min=5");
    const b = canonicalOf("rental_min=5.00&brand=Acne|Zara&color=Red&sort=newest");
    expect(a).toBe("?brand=Acne&brand=Zara&color=Red&rental_min=5.00");
    expect(b).toBe(a);
  });

  it("keeps the search words and prices in pounds", () => {
    expect(canonicalOf("search=wool coat&buy_max=120.5")).toBe("?search=wool+coat&buy_max=120.50");
  });
});

describe("canonicalUrl", () => {
  it("uses the request origin and the page's own path", () => {
    expect(canonicalUrl("https://closetloop.example/MEN?x=1", "/men")).toBe("https://closetloop.example/men");
  });
});
