import { describe, expect, it } from "vitest";
import { buyFairness, priceStatus, rentalFairness } from "./fairness";

describe("rental fairness: rental as a percentage of the buying price", () => {
  it.each([
    // rental, buying, band
    [1199, 10000, "Too Low"], // 11.99%
    [1200, 10000, "Fair"], // 12%
    [1350, 10000, "Fair"],
    [1500, 10000, "Fair"], // 15%
    [1501, 10000, "Too High"], // 15.01%
    [0, 10000, "Too Low"],
    [10000, 10000, "Too High"],
  ])("£%i pence of %i → %s", (rental, buying, band) => {
    expect(rentalFairness(rental, buying)?.band).toBe(band);
  });

  it("never shows a percentage that contradicts its band (11.99% is not '12% · Too Low')", () => {
    expect(rentalFairness(1199, 10000)).toEqual({ band: "Too Low", percent: 11.9, low: 12, high: 15 });
    expect(rentalFairness(1501, 10000)).toEqual({ band: "Too High", percent: 15.1, low: 12, high: 15 });
    expect(rentalFairness(1200, 10000)).toMatchObject({ band: "Fair", percent: 12 });
    for (let price = 1100; price <= 1600; price++) {
      const f = rentalFairness(price, 10000)!;
      const shownFair = f.percent >= f.low && f.percent <= f.high;
      expect(shownFair, `${price}: ${f.percent}% ${f.band}`).toBe(f.band === "Fair");
    }
  });

  it("reports the percentage to one decimal", () => {
    expect(rentalFairness(1234, 10000)).toEqual({ band: "Fair", percent: 12.3, low: 12, high: 15 });
  });

  it("has no verdict without both prices", () => {
    expect(rentalFairness(null, 10000)).toBeNull();
    expect(rentalFairness(1000, null)).toBeNull();
    expect(rentalFairness(1000, 0)).toBeNull();
  });
});

describe("buy fairness: buying as a percentage of the original price, by condition", () => {
  it.each([
    ["Brand New With Tags", 5999, "Too Low"],
    ["Brand New With Tags", 6000, "Fair"],
    ["Brand New With Tags", 7000, "Fair"],
    ["Brand New With Tags", 7001, "Too High"],
    ["Brand New Without Tags", 4999, "Too Low"],
    ["Brand New Without Tags", 5000, "Fair"],
    ["Brand New Without Tags", 6500, "Fair"],
    ["Brand New Without Tags", 6501, "Too High"],
    ["Almost New", 3999, "Too Low"],
    ["Almost New", 4000, "Fair"],
    ["Almost New", 5500, "Fair"],
    ["Almost New", 5501, "Too High"],
    ["Good Condition", 3499, "Too Low"],
    ["Good Condition", 3500, "Fair"],
    ["Good Condition", 4500, "Fair"],
    ["Good Condition", 4501, "Too High"],
    ["Vintage", 3999, "Too Low"], // other: 40–55
    ["Vintage", 5500, "Fair"],
    ["Vintage", 5501, "Too High"],
  ])("%s: %i of 10000 → %s", (condition, buying, band) => {
    expect(buyFairness(buying, 10000, condition)?.band).toBe(band);
  });
});

describe("priceStatus", () => {
  it("asks for a review when either price is outside its range", () => {
    expect(priceStatus({ rentalPrice: 1300, buyingPrice: 10000, originalPrice: 20000, condition: "Almost New" })).toBe(
      "No Action Required",
    );
    expect(priceStatus({ rentalPrice: 1000, buyingPrice: 10000, originalPrice: 20000, condition: "Almost New" })).toBe(
      "Review Price",
    );
    expect(priceStatus({ rentalPrice: 1300, buyingPrice: 10000, originalPrice: 10000, condition: "Almost New" })).toBe(
      "Review Price",
    );
    expect(priceStatus({ rentalPrice: null, buyingPrice: 10000, originalPrice: 20000, condition: "Almost New" })).toBe(
      "No Action Required",
    );
  });
});
