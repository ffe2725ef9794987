import { describe, expect, it } from "vitest";
import { reviewStageOf } from "./admin-products";
import { RENTAL_NOT_BELOW_BUYING } from "./product-fields";
import {
  checkPriceChange,
  joinStoreDescription,
  PRICE_INVALID,
  PRICE_REASON_REQUIRED,
  PRICE_UNCHANGED,
  readReviewStatus,
  readStoreParam,
  storeHref,
} from "./store-dashboard";

describe("checkPriceChange (§5 Price change request)", () => {
  const current = { rental: 1850, buying: 13500 };
  it.each([
    [
      "a blank price keeps the current one",
      { rental: "", buying: "140", reason: "Seasonal" },
      { ok: true, rental: 1850, buying: 14000, reason: "Seasonal" },
    ],
    [
      "both blank change nothing, so ask nothing",
      { rental: "", buying: "", reason: "Seasonal" },
      { ok: false, errors: { suggestedRentalPrice: PRICE_UNCHANGED } },
    ],
    [
      "the same prices typed change nothing either",
      { rental: "18.50", buying: "135", reason: "Seasonal" },
      { ok: false, errors: { suggestedRentalPrice: PRICE_UNCHANGED } },
    ],
    [
      "a rental not below the buying price",
      { rental: "135", buying: "", reason: "x" },
      { ok: false, errors: { suggestedRentalPrice: RENTAL_NOT_BELOW_BUYING } },
    ],
    [
      "typed prices in pounds become pence",
      { rental: "15", buying: "120.5", reason: "  Market  " },
      { ok: true, rental: 1500, buying: 12050, reason: "Market" },
    ],
    [
      "£ and thousands separators are read",
      { rental: "", buying: "£1,500.00", reason: "x" },
      { ok: true, rental: 1850, buying: 150000, reason: "x" },
    ],
    [
      "a reason of only spaces is none",
      { rental: "15", buying: "", reason: "   " },
      { ok: false, errors: { reason: PRICE_REASON_REQUIRED } },
    ],
    [
      "a negative price",
      { rental: "-1", buying: "", reason: "x" },
      { ok: false, errors: { suggestedRentalPrice: PRICE_INVALID } },
    ],
    ["zero", { rental: "", buying: "0", reason: "x" }, { ok: false, errors: { suggestedBuyingPrice: PRICE_INVALID } }],
    [
      "0.01 is the minimum",
      { rental: "0.01", buying: "", reason: "x" },
      { ok: true, rental: 1, buying: 13500, reason: "x" },
    ],
    [
      "three decimals (step 0.01)",
      { rental: "1.005", buying: "", reason: "x" },
      { ok: false, errors: { suggestedRentalPrice: PRICE_INVALID } },
    ],
    [
      "not a number",
      { rental: "abc", buying: "1e3", reason: "" },
      {
        ok: false,
        errors: {
          suggestedRentalPrice: PRICE_INVALID,
          suggestedBuyingPrice: PRICE_INVALID,
          reason: PRICE_REASON_REQUIRED,
        },
      },
    ],
  ])("%s", (_label, input, expected) => {
    expect(checkPriceChange(input, current)).toEqual(expected);
  });

  it("a blank price with no current price is refused", () => {
    expect(checkPriceChange({ rental: "", buying: "10", reason: "x" }, { rental: null, buying: 100 })).toEqual({
      ok: false,
      errors: { suggestedRentalPrice: PRICE_INVALID },
    });
  });
});

describe("joinStoreDescription (§2: the address after 'Store located at: ')", () => {
  it.each([
    ["Vintage rails.", "1 Old Street", "Vintage rails.\n\nStore located at: 1 Old Street"],
    ["", "1 Old Street", "Store located at: 1 Old Street"],
    ["  Vintage rails.  ", "  ", "Vintage rails."],
    ["", "", null],
    ["Words", "1 Old Street\nLondon", "Words\n\nStore located at: 1 Old Street, London"],
  ])("%j + %j", (about, address, stored) => {
    expect(joinStoreDescription(about, address)).toBe(stored);
  });
});

describe("the store's choices from a form or URL", () => {
  it("reads only the three statuses", () => {
    expect(readReviewStatus("approved")).toBe("approved");
    expect(readReviewStatus("live")).toBeNull();
    expect(readReviewStatus(null)).toBeNull();
  });
  it("reads a store id from ?store= and keeps it in tab links", () => {
    expect(readStoreParam(new URL("http://x/store?store=store_kensington"))).toBe("store_kensington");
    expect(readStoreParam(new URL("http://x/store?store=a%20b"))).toBeNull();
    expect(storeHref("requests", null)).toBe("/store?tab=requests");
    expect(storeHref("products", "store_k", { page: "2" })).toBe("/store?tab=products&store=store_k&page=2");
  });
});

describe("reviewStageOf (decision 0030: the store first, then staff)", () => {
  it.each([
    [{ storeId: "s", status: "pending", productStatus: "pending", conciergeStatus: "pending" }, "store"],
    [{ storeId: "s", status: "approved", productStatus: "pending", conciergeStatus: "yes" }, "staff"],
    [{ storeId: null, status: "pending", productStatus: "pending", conciergeStatus: "no" }, "staff"],
    [{ storeId: null, status: "rejected", productStatus: "pending", conciergeStatus: "no" }, null],
    [{ storeId: "s", status: "approved", productStatus: "live", conciergeStatus: "yes" }, null],
    [{ storeId: null, status: "rejected", productStatus: "archived", conciergeStatus: "no" }, null],
    // A damaged return goes back to staff review, its store kept.
    [{ storeId: "s", status: "pending", productStatus: "pending", conciergeStatus: "yes" }, "staff"],
  ] as const)("%j → %s", (product, stage) => {
    expect(reviewStageOf(product)).toBe(stage);
  });
});
