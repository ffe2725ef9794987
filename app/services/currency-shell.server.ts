import { accountCurrency, cachedRates } from "../data/rates.server";
import type { Database } from "../data/db.server";
import { priceDisplayFor, type DisplayCurrency, type PriceDisplay } from "../domain/currency";
import { formatGBP, formatPrice } from "../domain/money";

/** What every page knows of its display currency (the root loader; decision 0084). */
export interface CurrencyShell {
  /** The currency the visitor chose (or was given by their country). */
  chosen: DisplayCurrency;
  /** How prices show: converted at a fresh rate, or null for pounds. */
  prices: PriceDisplay | null;
  /** A currency other than pounds was chosen but there is no fresh rate: prices show in pounds, and the visitor is told. */
  ratesUnavailable: boolean;
}

export async function currencyShell(chosen: DisplayCurrency, db: Database, now: number): Promise<CurrencyShell> {
  if (chosen === "GBP") return { chosen, prices: null, ratesUnavailable: false };
  const prices = priceDisplayFor(chosen, await cachedRates(db, now), now);
  return { chosen, prices, ratesUnavailable: prices === null };
}

/**
 * The order e-mail's line saying what is charged, in pounds (it is sent once the payment came in),
 * with the approximate amount in the shopper's own display currency when they chose one on their
 * account and its rate is fresh.
 */
export async function chargedInPoundsLine(db: Database, userId: string, pence: number, now: number): Promise<string> {
  const charged = `Charged in pounds: ${formatGBP(pence)}`;
  try {
    const currency = await accountCurrency(db, userId);
    const prices = currency ? priceDisplayFor(currency, await cachedRates(db, now), now) : null;
    return prices ? `${charged} (${formatPrice(pence, prices)} in ${prices.currency} at today's rate).` : `${charged}.`;
  } catch (error) {
    console.error(
      "e-mail: the shopper's display currency could not be read; the charge is said in pounds alone",
      error,
    );
    return `${charged}.`;
  }
}
