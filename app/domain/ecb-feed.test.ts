import { describe, expect, it } from "vitest";
import { ecbFeedXml, poundRatesFromEcb } from "./ecb-feed";
// A saved copy of the ECB's daily feed, in its documented format.
import SAVED from "../../tests/fixtures/ecb-eurofxref-daily.xml?raw";
const DAY_AFTER = Date.parse("2024-06-29T03:00:00Z");

describe("the ECB's daily reference rates as units for one pound", () => {
  it("reads the saved feed: every display currency, from euros through the pound's rate", () => {
    const result = poundRatesFromEcb(SAVED, DAY_AFTER);
    expect(result).toEqual({
      ok: true,
      rates: {
        date: "2024-06-28",
        perPound: {
          GBP: 1,
          EUR: 1.181502, // 1 / 0.84638
          USD: 1.264798, // 1.0705 / 0.84638
          AUD: 1.899738,
          CAD: 1.733264,
          SEK: 13.421276,
          DKK: 8.811054,
          CHF: 1.138259,
          PLN: 5.091094,
          JPY: 203.147522,
        },
      },
    });
  });

  it.each([
    ["empty", "", /empty/],
    ["blank", "  \n ", /empty/],
    ["not XML", "<html><body>Service unavailable</body></html>", /not the ECB's reference rates/],
    ["cut short before its day", SAVED.slice(0, SAVED.indexOf("<Cube time")), /no day of rates/],
    ["cut short after a few rates", SAVED.slice(0, SAVED.indexOf("<Cube currency='DKK'")), /no rate for GBP/],
    ["without the pound", SAVED.replace(/<Cube currency='GBP'[^>]*\/>/, ""), /no rate for GBP/],
    ["without the yen", SAVED.replace(/<Cube currency='JPY'[^>]*\/>/, ""), /no rate for JPY/],
    ["with a zero rate", SAVED.replace("rate='1.0705'", "rate='0'"), /no rate for USD/],
    ["with a word for a rate", SAVED.replace("rate='1.0705'", "rate='one'"), /no rate for USD/],
    ["with a date that is not one", SAVED.replace("2024-06-28", "2024-13-45"), /not a date/],
    [
      "with two days",
      SAVED.replace("<Cube time='2024-06-28'>", "<Cube time='2024-06-27'></Cube><Cube time='2024-06-28'>"),
      /more than one day/,
    ],
  ])("refuses a feed %s, saying why", (_name, xml, reason) => {
    const result = poundRatesFromEcb(xml, DAY_AFTER);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });

  it("refuses rates years old, or from the future", () => {
    const old = poundRatesFromEcb(SAVED, Date.parse("2026-11-28T03:00:00Z"));
    expect(!old.ok && old.reason).toMatch(/of 2024-06-28, more than 4 days old/);
    const future = poundRatesFromEcb(SAVED, Date.parse("2024-06-20T03:00:00Z"));
    expect(future.ok).toBe(false);
  });

  it("reads a feed written in double quotes as well", () => {
    const result = poundRatesFromEcb(SAVED.replace(/'/g, '"'), DAY_AFTER);
    expect(result.ok && result.rates.perPound.EUR).toBe(1.181502);
  });

  it("reads back what ecbFeedXml writes", () => {
    const xml = ecbFeedXml("2026-11-27", {
      USD: 1.1,
      JPY: 170,
      DKK: 7.46,
      GBP: 0.85,
      PLN: 4.3,
      SEK: 11.2,
      CHF: 0.94,
      AUD: 1.7,
      CAD: 1.55,
    });
    const result = poundRatesFromEcb(xml, Date.parse("2026-11-28T03:00:00Z"));
    expect(result.ok && result.rates.perPound.JPY).toBe(200);
  });
});
