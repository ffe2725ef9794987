import { describe, expect, it } from "vitest";
import {
  mayNotifyToday,
  newMatches,
  priceDrop,
  priceDropKey,
  readListingUrl,
  readSavedSearch,
  SAVED_SEARCH_MESSAGES,
} from "./alerts";

const DAY = 86_400_000;
// Wednesday 25 November 2026, 12:00 UTC (GMT in the UK).
const NOW = Date.UTC(2026, 10, 25, 12);

describe("a favourite's price drop", () => {
  it.each([
    [
      { rentalPrice: 3000, buyingPrice: 20000 },
      { rentalPrice: 2500, buyingPrice: 20000 },
      { rental: { from: 3000, to: 2500 }, buying: null },
    ],
    [
      { rentalPrice: 3000, buyingPrice: 20000 },
      { rentalPrice: 3000, buyingPrice: 18000 },
      { rental: null, buying: { from: 20000, to: 18000 } },
    ],
    [
      { rentalPrice: 3000, buyingPrice: 20000 },
      { rentalPrice: 2000, buyingPrice: 15000 },
      { rental: { from: 3000, to: 2000 }, buying: { from: 20000, to: 15000 } },
    ],
    [
      { rentalPrice: 3000, buyingPrice: 20000 },
      { rentalPrice: 3500, buyingPrice: 18000 },
      { rental: null, buying: { from: 20000, to: 18000 } },
    ],
    [{ rentalPrice: 3000, buyingPrice: 20000 }, { rentalPrice: 3000, buyingPrice: 20000 }, null],
    [{ rentalPrice: 3000, buyingPrice: 20000 }, { rentalPrice: 3500, buyingPrice: 21000 }, null],
    // A rental price added or taken away is not a drop.
    [{ rentalPrice: null, buyingPrice: 20000 }, { rentalPrice: 1000, buyingPrice: 20000 }, null],
    [{ rentalPrice: 3000, buyingPrice: 20000 }, { rentalPrice: null, buyingPrice: 20000 }, null],
  ])("%o → %o", (before, after, expected) => {
    expect(priceDrop(before, after)).toEqual(expected);
  });

  it("is keyed by the new prices: a further drop is a new event, the same prices the same one", () => {
    const first = priceDropKey("p1", { rentalPrice: 2500, buyingPrice: 20000 });
    expect(first).toBe("price_drop:p1:r2500:b20000");
    expect(priceDropKey("p1", { rentalPrice: 2000, buyingPrice: 20000 })).not.toBe(first);
    expect(priceDropKey("p1", { rentalPrice: 2500, buyingPrice: 20000 })).toBe(first);
    expect(priceDropKey("p1", { rentalPrice: null, buyingPrice: 20000 })).toBe("price_drop:p1:r-:b20000");
  });
});

describe("which URLs are listings", () => {
  it.each([
    ["/all-products", { page: "all" }, "/all-products", ""],
    ["/all-products?search=coat&brand=Acne", { page: "all" }, "/all-products", "search=coat&brand=Acne"],
    ["http://localhost:4173/all-products?color=Black", { page: "all" }, "/all-products", "color=Black"],
    ["/categories/coats?after=abc&color=Red", { page: "category", slug: "coats" }, "/categories/coats", "color=Red"],
    ["/brand/Acne%20Studios", { page: "brand", name: "Acne Studios" }, "/brand/Acne%20Studios", ""],
    ["/Women?tag=summer", { page: "type", type: "Women" }, "/Women", "tag=summer"],
    ["/men/", { page: "type", type: "Men" }, "/men", ""],
  ])("%s is a listing", (url, listing, path, query) => {
    expect(readListingUrl(url)).toEqual({ listing, path, query });
  });

  it.each([
    "",
    "/",
    "/product/p1",
    "/account",
    "/VintageVera",
    "/categories",
    "/categories/coats/extra",
    "javascript:alert(1)",
    "//evil.example/all-products",
    "all-products",
    "/brand/%E0%A4%A",
    `/all-products?search=${"x".repeat(1000)}`,
  ])("%s is not", (url) => {
    expect(readListingUrl(url)).toBeNull();
  });
});

describe("the save form", () => {
  it("takes a name and a listing, without a later page's cursor", () => {
    expect(readSavedSearch({ name: "  Black   coats ", url: "/categories/coats?color=Black&before=xyz" })).toEqual({
      ok: true,
      value: {
        name: "Black coats",
        url: "/categories/coats?color=Black",
        listing: { page: "category", slug: "coats" },
      },
    });
  });

  it("refuses an empty or over-long name and a URL that is not a listing, at their fields", () => {
    expect(readSavedSearch({ name: "", url: "/all-products" })).toEqual({
      ok: false,
      errors: { name: SAVED_SEARCH_MESSAGES.nameMissing },
    });
    expect(readSavedSearch({ name: "x".repeat(61), url: "/all-products" })).toEqual({
      ok: false,
      errors: { name: SAVED_SEARCH_MESSAGES.nameTooLong },
    });
    expect(readSavedSearch({ name: "Mine", url: "/account" })).toEqual({
      ok: false,
      errors: { url: SAVED_SEARCH_MESSAGES.notListing },
    });
    expect(readSavedSearch({ name: 42, url: null })).toEqual({
      ok: false,
      errors: { name: SAVED_SEARCH_MESSAGES.nameMissing, url: SAVED_SEARCH_MESSAGES.notListing },
    });
  });
});

describe("the daily saved-search run", () => {
  const savedAt = NOW - 3 * DAY;
  const items = [
    { id: "new2", createdAt: NOW - DAY },
    { id: "new1", createdAt: NOW - 2 * DAY },
    { id: "told", createdAt: NOW - 2 * DAY },
    { id: "atSave", createdAt: savedAt },
    { id: "old", createdAt: savedAt - DAY },
  ];

  it("tells of items listed after the search was saved, newest first, never one it told of before", () => {
    expect(newMatches(items, savedAt, new Set(["told"])).map((i) => i.id)).toEqual(["new2", "new1"]);
    expect(newMatches(items, savedAt, new Set(["new2", "new1", "told"]))).toEqual([]);
    expect(newMatches([], savedAt, new Set())).toEqual([]);
  });

  it.each([
    [null, NOW, true],
    [NOW - 2 * 60 * 60 * 1000, NOW, false],
    // The same UK day, earlier: no; yesterday evening: yes, even under 24 hours ago.
    [Date.UTC(2026, 10, 25, 0, 5), NOW, false],
    [Date.UTC(2026, 10, 24, 23, 30), Date.UTC(2026, 10, 25, 3), true],
    [NOW - DAY, NOW, true],
  ])("told at %s, run at %s: may tell again %s (once a UK day at most)", (last, now, expected) => {
    expect(mayNotifyToday(last, now)).toBe(expected);
  });

  it("reads UK days across the clock change (BST)", () => {
    // 31 May 2026 23:30 UTC is 1 June 00:30 in London: a new UK day.
    expect(mayNotifyToday(Date.UTC(2026, 4, 31, 22, 0), Date.UTC(2026, 4, 31, 23, 30))).toBe(true);
    expect(mayNotifyToday(Date.UTC(2026, 4, 31, 23, 10), Date.UTC(2026, 4, 31, 23, 30))).toBe(false);
  });
});
