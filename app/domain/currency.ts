// Display currency (issue 45, items 1-2; docs/decisions/0084-display-currency.md). Money stays
// integer pence of GBP everywhere it is charged, refunded, paid out or stored; a display currency
// only changes how a price reads, as an approximate amount beside what will be charged in pounds.

export const DISPLAY_CURRENCIES = ["GBP", "EUR", "USD", "AUD", "CAD", "SEK", "DKK", "CHF", "PLN", "JPY"] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

/** The currencies a price can be converted into (every display currency but pounds). */
// Marked pure (as the country table below), so a page that never uses them does not compute them:
// the root's chunk, which every page loads, holds this module (vite.config.ts).
export const FOREIGN_CURRENCIES = /* @__PURE__ */ DISPLAY_CURRENCIES.filter((code) => code !== "GBP") as Exclude<
  DisplayCurrency,
  "GBP"
>[];

export const UNKNOWN_CURRENCY_MESSAGE = "Choose a currency from the list.";

export function isDisplayCurrency(code: unknown): code is DisplayCurrency {
  return typeof code === "string" && (DISPLAY_CURRENCIES as readonly string[]).includes(code);
}

/** A code as a person or a cookie may send it (" eur ") → the currency, or null when it is not one we show. */
export function readCurrency(code: unknown): DisplayCurrency | null {
  if (typeof code !== "string") return null;
  const upper = code.trim().toUpperCase();
  return isDisplayCurrency(upper) ? upper : null;
}

const EURO_COUNTRIES = "AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK";
const COUNTRY_CURRENCY: Record<string, DisplayCurrency> = /* @__PURE__ */ Object.assign(
  /* @__PURE__ */ Object.fromEntries(
    /* @__PURE__ */ EURO_COUNTRIES.split(" ").map((country) => [country, "EUR" as const]),
  ),
  {
    GB: "GBP",
    IM: "GBP",
    JE: "GBP",
    GG: "GBP",
    US: "USD",
    PR: "USD",
    AU: "AUD",
    CA: "CAD",
    SE: "SEK",
    DK: "DKK",
    FO: "DKK",
    GL: "DKK",
    CH: "CHF",
    LI: "CHF",
    PL: "PLN",
    JP: "JPY",
  },
);

/** The currency first shown to a visitor from a country (ISO 3166 alpha-2, as the edge sees it); pounds elsewhere. */
export function currencyForCountry(country: string | null | undefined): DisplayCurrency {
  return (country && COUNTRY_CURRENCY[country.toUpperCase()]) || "GBP";
}

/** Digits after the point: 2, or 0 for the yen (no minor unit in use). */
export function minorDigits(currency: DisplayCurrency): number {
  return currency === "JPY" ? 0 : 2;
}

/**
 * Pence converted at `perPound` (units of `currency` for one pound) into the currency's minor
 * units (cents, öre; whole yen), rounded half away from zero. Computed on integers, with the rate
 * to six decimals (the ECB publishes at most four or five), so a half is exactly a half.
 */
export function convertPence(pence: number, perPound: number, currency: DisplayCurrency): number {
  if (!Number.isInteger(pence)) throw new TypeError(`Money must be integer pence, got ${pence}`);
  if (!(perPound > 0) || !Number.isFinite(perPound)) throw new RangeError(`Not a rate: ${perPound}`);
  const scale = 10 ** minorDigits(currency);
  // pence/100 pounds × perPound × scale minor units, on integers (the rate in millionths).
  const numerator = BigInt(pence) * BigInt(Math.round(perPound * 1_000_000)) * BigInt(scale);
  const denominator = 100_000_000n;
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = Number((magnitude * 2n + denominator) / (2n * denominator));
  return numerator < 0n ? -rounded : rounded;
}

const formatters = new Map<DisplayCurrency, Intl.NumberFormat>();
function formatterOf(currency: DisplayCurrency) {
  let formatter = formatters.get(currency);
  if (!formatter) {
    const digits = minorDigits(currency);
    formatter = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** Minor units of a currency as text: 6340 EUR → "€63.40", 10255 JPY → "JP¥10,255". */
export function formatMinor(minor: number, currency: DisplayCurrency): string {
  return formatterOf(currency).format(minor / 10 ** minorDigits(currency));
}

/** A currency to show prices in and its rate; null (or pounds) shows pounds alone. */
export interface PriceDisplay {
  currency: DisplayCurrency;
  /** Units of `currency` for one pound. */
  perPound: number;
}

/** Rates for one day: units of each currency for one pound. */
export interface PoundRates {
  /** The day the rates are for, YYYY-MM-DD (the publisher's reference date). */
  date: string;
  perPound: Partial<Record<DisplayCurrency, number>>;
}

/** Rates of late 2026 for a machine with none yet: the seed's, and the local provider's fallback. */
export const LOCAL_RATES: PoundRates["perPound"] = {
  GBP: 1,
  EUR: 1.1853,
  USD: 1.3366,
  AUD: 2.0458,
  CAD: 1.8687,
  SEK: 12.9611,
  DKK: 8.8406,
  CHF: 1.0795,
  PLN: 5.0283,
  JPY: 205.67,
};

/** A rate older than this (from its reference date) is not shown: prices show in pounds alone. */
export const MAX_RATE_AGE_DAYS = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Are rates of `date` recent enough to show at `now`? */
export function ratesAreFresh(date: string, now: number): boolean {
  const day = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(day)) return false;
  return now - day <= MAX_RATE_AGE_DAYS * DAY_MS && day <= now + DAY_MS;
}

/** How prices show for a visitor who chose `currency`: converted at a fresh rate, else pounds alone (null). */
export function priceDisplayFor(currency: DisplayCurrency, rates: PoundRates | null, now: number): PriceDisplay | null {
  if (currency === "GBP" || !rates || !ratesAreFresh(rates.date, now)) return null;
  const perPound = rates.perPound[currency];
  return perPound && perPound > 0 ? { currency, perPound } : null;
}
