import { sql } from "drizzle-orm";
import { cartItems } from "../../db/schema";
import { priceBasket, type BundleTier, type PricedLine } from "../domain/bundles";
import { groupKey } from "../domain/delivery";
import type { Database } from "./db.server";
import { agreedPrices, bundleTiersOf } from "./offers.server";

// The one place a basket is priced (issue 43 items 4-5): the basket page, its drawer and the
// checkout all take the shopper's agreed prices (accepted offers) and their sellers' bundle
// discounts from here, so what the basket shows is what checkout charges.

/** The lines priced for the shopper at `now`, and each handler group's bundle discount. */
export async function priceForShopper<L extends PricedLine & { productId: string }>(
  db: Database,
  shopperId: string,
  lines: readonly L[],
  now: number,
) {
  if (lines.length === 0) return { lines: [] as ReturnType<typeof priceBasket<L>>["lines"], groups: [] };
  const [agreed, tiers] = await Promise.all([agreedPrices(db, shopperId, now), bundleTiersOf(db, lines.map(groupKey))]);
  return priceBasket(lines, agreed, (key) => tiers.get(key) ?? []);
}

/**
 * What the basket page prices a line by, read in the basket's own statement (no round trip of its
 * own): the shopper's accepted offer still inside its 24 hours, and the line's seller's bundle tiers.
 */
export const pricingColumns = (userId: string, now: number) => ({
  agreedPrice: sql<
    number | null
  >`(select coalesce(o.counter_amount, o.amount) from offers o where o.shopper_id = ${userId} and o.product_id = ${cartItems.productId} and o.status = 'accepted' and o.buy_by > ${now} order by o.updated_at desc limit 1)`.as(
    "agreed_price",
  ),
  bundleTiers: sql<
    string | null
  >`(select b.tiers from bundle_discounts b where b.handler = ${cartItems.handler} and b.handler_id = ${cartItems.sellerId})`.as(
    "bundle_tiers",
  ),
});

/** A basket row's pricing columns, read. */
export function readPricing(row: { agreedPrice: number | null; bundleTiers: string | null }) {
  let tiers: BundleTier[] = [];
  try {
    tiers = row.bundleTiers ? (JSON.parse(row.bundleTiers) as BundleTier[]) : [];
  } catch {
    tiers = [];
  }
  return { agreedPrice: row.agreedPrice, bundleTiers: tiers };
}

/** The basket's lines with the available ones priced (what someone else took is shown as it was, and not counted). */
export function priceCart<
  L extends PricedLine & {
    productId: string;
    available: boolean;
    agreedPrice?: number | null;
    bundleTiers?: BundleTier[];
  },
>(lines: readonly L[]) {
  const available = lines.filter((l) => l.available);
  const agreed = new Map(
    available.flatMap((l) => (l.agreedPrice != null ? [[l.productId, { price: l.agreedPrice }] as const] : [])),
  );
  const tiers = new Map(available.map((l) => [groupKey(l), l.bundleTiers ?? []]));
  const priced = priceBasket(available, agreed, (key) => tiers.get(key) ?? []);
  const byId = new Map(priced.lines.map((l) => [l.productId, l]));
  return lines.map((l) => byId.get(l.productId) ?? l);
}
