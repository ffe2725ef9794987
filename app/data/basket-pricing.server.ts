import { priceBasket, type PricedLine } from "../domain/bundles";
import { groupKey } from "../domain/delivery";
import type { Database } from "./db.server";
import { agreedPrices, bundleTiersOf } from "./offers.server";

// The one place a basket is priced (issue 43 items 4-5): the basket page, its drawer and the
// checkout all take the shopper's agreed prices (accepted offers) and their sellers' bundle
// discounts from here, so what the basket shows is what checkout charges.

/** The lines priced for the shopper at `now`, and each handler group's bundle discount. */
export async function priceForShopper<L extends PricedLine & { productId: string }>(db: Database, shopperId: string, lines: readonly L[], now: number) {
  if (lines.length === 0) return { lines: [] as ReturnType<typeof priceBasket<L>>["lines"], groups: [] };
  const [agreed, tiers] = await Promise.all([agreedPrices(db, shopperId, now), bundleTiersOf(db, lines.map(groupKey))]);
  return priceBasket(lines, agreed, (key) => tiers.get(key) ?? []);
}

/** The basket's lines with the available ones priced (what someone else took is shown as it was, and not counted). */
export async function priceCart<L extends PricedLine & { productId: string; available: boolean }>(db: Database, shopperId: string, lines: readonly L[], now: number) {
  const priced = await priceForShopper(db, shopperId, lines.filter((l) => l.available), now);
  const byId = new Map(priced.lines.map((l) => [l.productId, l]));
  return lines.map((l) => byId.get(l.productId) ?? l);
}
