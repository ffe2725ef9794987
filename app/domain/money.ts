import { convertPence, formatMinor, type PriceDisplay } from "./currency";

// Money is integer pence, always GBP (DECISIONS.md). This is the only way it becomes text: what
// Intl's en-GB currency format writes ('£1,234.56', '-£0.50'), written by hand because every price
// of every page goes through here and Intl's format was 2% of a page's CPU (issue 47); the tests
// hold it to Intl's output.

export function formatGBP(pence: number): string {
  if (!Number.isInteger(pence)) throw new TypeError(`Money must be integer pence, got ${pence}`);
  const abs = Math.abs(pence);
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${pence < 0 ? "-" : ""}£${pounds}.${String(abs % 100).padStart(2, "0")}`;
}

/** Parses a pounds amount typed by a person ("12", "12.5", "£1,299.99") into pence, or null. */
export function parsePounds(input: string): number | null {
  const cleaned = input.trim().replace(/^£/, "").replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Pence as pounds for a JSON payload: 4599 → 45.99 (two decimals at most). */
export const penceToPounds = (pence: number) => Math.round(pence) / 100;

/**
 * Every price a shopper reads goes through here (issue 45; decision 0084): pounds as they are, or
 * with a display currency and a fresh rate, the converted amount marked as approximate
 * ("≈ €63.40"). What is charged is always the pounds (`formatGBP`).
 */
export function formatPrice(pence: number, display?: PriceDisplay | null): string {
  if (!display || display.currency === "GBP") return formatGBP(pence);
  return `≈ ${formatMinor(convertPence(pence, display.perPound, display.currency), display.currency)}`;
}
