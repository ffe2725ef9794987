import { currencyForCountry, readCurrency, type DisplayCurrency } from "../domain/currency";
import { cookieValue } from "../domain/cookies";

// Which currency a request's prices show in (issue 45, item 1; decision 0084): the visitor's
// choice (the cl_currency cookie; a signed-in shopper's saved choice is put in it when they sign
// in), else the country the edge sees the request come from, else pounds. Worked out once, at the
// Worker's door (workers/app.ts), and handed to the page cache's key and to every loader in the
// router's context (`displayCurrency`, app/context.ts), so they all read the same answer, for a
// client navigation's data request too. A header a client sends is never read.

export const CURRENCY_COOKIE = "cl_currency";
const ONE_YEAR = 60 * 60 * 24 * 365;

/** The currency the visitor chose in their cookie, or null (none, or not one we show). */
export function chosenCurrency(cookieHeader: string | null): DisplayCurrency | null {
  const value = cookieValue(cookieHeader, CURRENCY_COOKIE);
  return value ? readCurrency(decodeURIComponent(value)) : null;
}

/**
 * The display currency of a request as it arrives. `trustCountry` is false in development: the
 * local runtime makes up a visitor in Texas, and locally prices start in pounds.
 */
export function resolveDisplayCurrency(
  request: { headers: Headers; cf?: unknown },
  trustCountry: boolean,
): DisplayCurrency {
  const chosen = chosenCurrency(request.headers.get("cookie"));
  if (chosen) return chosen;
  const country = trustCountry ? (request.cf as { country?: unknown } | undefined)?.country : undefined;
  return currencyForCountry(typeof country === "string" ? country : null);
}

/** The cookie remembering a visitor's choice for a year. */
export function currencyCookie(currency: DisplayCurrency, secure: boolean): string {
  return `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
