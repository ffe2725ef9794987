import { describe, expect, it } from "vitest";
import {
  convertPence,
  currencyForCountry,
  formatMinor,
  MAX_RATE_AGE_DAYS,
  priceDisplayFor,
  ratesAreFresh,
  readCurrency,
} from "./currency";
import { formatGBP, formatPrice } from "./money";

const NOW = Date.parse("2026-11-28T19:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

describe("convertPence: minor units of each currency, rounded half away from zero", () => {
  it.each([
    // pence, units for £1, currency, minor units
    [5499, 1.153, "EUR", 6340], // 63.40347 → €63.40
    [5499, 1.3366, "USD", 7350], // 73.49963 → 73.50
    [100, 1.005, "EUR", 101], // 1.005 exactly: a half rounds up
    [1, 1.185, "EUR", 1], // 1.185 cents → 1
    [3, 1.185, "EUR", 4], // 3.555 cents → 4
    [5499, 205.67, "JPY", 11310], // ¥11,309.79 → ¥11,310: no minor unit
    [250, 186.5, "JPY", 466], // ¥466.25 → 466
    [150, 187, "JPY", 281], // ¥280.5 exactly → 281
    [5499, 12.9611, "SEK", 71273], // 712.7309 kr → 712.73
    [0, 1.2, "CHF", 0],
    [-250, 1.153, "EUR", -288], // a refund reads negative: -2.8825 → -2.88
    [99_999_999, 205.67, "JPY", 205_669_998], // a big amount stays exact
  ] as const)("%i pence at %d → %i minor units of %s", (pence, rate, currency, minor) => {
    expect(convertPence(pence, rate, currency)).toBe(minor);
  });

  it("refuses fractional pence and a rate that is not one", () => {
    expect(() => convertPence(1.5, 1.1, "EUR")).toThrow(/integer pence/);
    expect(() => convertPence(100, 0, "EUR")).toThrow(/Not a rate/);
    expect(() => convertPence(100, Number.NaN, "EUR")).toThrow(/Not a rate/);
  });
});

describe("formatPrice: every price a shopper reads", () => {
  it("shows pounds as they are without a display currency, or in pounds", () => {
    expect(formatPrice(5499)).toBe("£54.99");
    expect(formatPrice(5499, null)).toBe("£54.99");
    expect(formatPrice(5499, { currency: "GBP", perPound: 1 })).toBe(formatGBP(5499));
  });

  it.each([
    ["EUR", 1.153, "≈ €63.40"],
    ["USD", 1.3366, "≈ US$73.50"],
    ["JPY", 205.67, "≈ JP¥11,310"],
    ["SEK", 12.9611, "≈ SEK 712.73"],
    ["CHF", 1.0795, "≈ CHF 59.36"],
    ["PLN", 5.0283, "≈ PLN 276.51"],
    ["DKK", 8.8406, "≈ DKK 486.14"],
    ["AUD", 2.0458, "≈ A$112.50"],
    ["CAD", 1.8687, "≈ CA$102.76"],
  ] as const)("£54.99 in %s at %d reads %s, marked approximate", (currency, perPound, text) => {
    expect(formatPrice(5499, { currency, perPound }).replace(/\u00a0/g, " ")).toBe(text);
  });

  it("formats yen with no decimals", () => {
    expect(formatMinor(1234, "JPY")).toBe("JP¥1,234");
  });
});

describe("the currency a visitor starts with", () => {
  it.each([
    ["FR", "EUR"],
    ["de", "EUR"],
    ["IE", "EUR"],
    ["GB", "GBP"],
    ["US", "USD"],
    ["AU", "AUD"],
    ["CA", "CAD"],
    ["SE", "SEK"],
    ["DK", "DKK"],
    ["CH", "CHF"],
    ["PL", "PLN"],
    ["JP", "JPY"],
    ["BR", "GBP"],
    ["T1", "GBP"],
    ["", "GBP"],
    [null, "GBP"],
  ] as const)("from %s: %s", (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });

  it("reads only the codes we show", () => {
    expect(readCurrency(" eur ")).toBe("EUR");
    expect(readCurrency("XYZ")).toBeNull();
    expect(readCurrency("NOK")).toBeNull();
    expect(readCurrency(undefined)).toBeNull();
  });
});

describe("rates too old are not shown", () => {
  const rates = { date: "2026-11-27", perPound: { EUR: 1.1853, JPY: 205.67 } };

  it(`shows rates up to ${MAX_RATE_AGE_DAYS} days from their day, not after, and never from the future`, () => {
    expect(ratesAreFresh("2026-11-28", NOW)).toBe(true);
    expect(ratesAreFresh("2026-11-24", Date.parse("2026-11-28T00:00:00Z"))).toBe(true);
    expect(ratesAreFresh("2026-11-24", Date.parse("2026-11-28T00:00:01Z"))).toBe(false);
    expect(ratesAreFresh("2026-12-01", NOW)).toBe(false);
    expect(ratesAreFresh("not a day", NOW)).toBe(false);
  });

  it("converts at a fresh rate, and shows pounds alone with a stale, missing or absent rate", () => {
    expect(priceDisplayFor("EUR", rates, NOW)).toEqual({ currency: "EUR", perPound: 1.1853 });
    expect(priceDisplayFor("EUR", rates, NOW + 5 * DAY)).toBeNull();
    expect(priceDisplayFor("USD", rates, NOW)).toBeNull();
    expect(priceDisplayFor("EUR", null, NOW)).toBeNull();
    expect(priceDisplayFor("GBP", rates, NOW)).toBeNull();
  });
});
