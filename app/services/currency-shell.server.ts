import { cachedRates } from "../data/rates.server";
import type { Database } from "../data/db.server";
import { priceDisplayFor, type DisplayCurrency, type PriceDisplay } from "../domain/currency";
import { displayCurrencyOf } from "./display-currency.server";

/** What every page knows of its display currency (the root loader; decision 0084). */
export interface CurrencyShell {
  /** The currency the visitor chose (or was given by their country). */
  chosen: DisplayCurrency;
  /** How prices show: converted at a fresh rate, or null for pounds. */
  prices: PriceDisplay | null;
  /** A currency other than pounds was chosen but there is no fresh rate: prices show in pounds, and the visitor is told. */
  ratesUnavailable: boolean;
}

export async function currencyShell(request: Request, db: Database, now: number): Promise<CurrencyShell> {
  const chosen = displayCurrencyOf(request);
  if (chosen === "GBP") return { chosen, prices: null, ratesUnavailable: false };
  const prices = priceDisplayFor(chosen, await cachedRates(db, now), now);
  return { chosen, prices, ratesUnavailable: prices === null };
}
