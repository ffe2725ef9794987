import { describe, expect, it } from "vitest";
import { chosenCurrency, currencyCookie, resolveDisplayCurrency } from "./display-currency.server";

const request = (cookie: string | null, country?: string) => ({
  headers: new Headers(cookie ? { cookie } : {}),
  cf: country ? { country } : undefined,
});

describe("a request's display currency", () => {
  it("is the visitor's choice when their cookie holds one we show", () => {
    expect(resolveDisplayCurrency(request("cl_consent=x; cl_currency=JPY", "FR"), true)).toBe("JPY");
  });

  it("is their country's when they chose none, or chose one we do not show", () => {
    expect(resolveDisplayCurrency(request(null, "FR"), true)).toBe("EUR");
    expect(resolveDisplayCurrency(request("cl_currency=XYZ", "SE"), true)).toBe("SEK");
    expect(resolveDisplayCurrency(request("cl_currency=%3Cscript%3E", "US"), true)).toBe("USD");
  });

  it("starts in pounds where the country is unknown, or not trusted (development's made-up visitor in Texas)", () => {
    expect(resolveDisplayCurrency(request(null), true)).toBe("GBP");
    expect(resolveDisplayCurrency(request(null, "US"), false)).toBe("GBP");
    expect(resolveDisplayCurrency(request(null, "BR"), true)).toBe("GBP");
  });

  it("remembers a choice for a year, secure outside development", () => {
    expect(currencyCookie("EUR", true)).toBe(
      "cl_currency=EUR; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure",
    );
    expect(chosenCurrency(currencyCookie("EUR", false).split(";")[0]!)).toBe("EUR");
  });
});
