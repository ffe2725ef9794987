import { groupKey } from "./delivery";

// Bundle discounts (issue 43 item 5; docs/decisions/0089-bundle-discounts.md). Pure: a seller's
// or store's tiers, which applies to a handler group of the basket, and how a group's discount
// is spread over its items in whole pence (largest remainder), so each order line holds the
// price paid for it and refunds and commissions follow from that line alone.

export interface BundleTier {
  /** The tier applies from this many items bought together. */
  minItems: number;
  /** Percent off, a whole number 1–50. */
  percent: number;
}

export const MAX_BUNDLE_PERCENT = 50;

/** The tier for `count` items: the one with the most items not above `count`. */
export function bundlePercent(tiers: readonly BundleTier[], count: number): number {
  let best: BundleTier | null = null;
  for (const tier of tiers) if (tier.minItems <= count && (!best || tier.minItems > best.minItems)) best = tier;
  return best?.percent ?? 0;
}

/** `percent` of `total`, rounded half up to the penny. */
export const discountOf = (total: number, percent: number) => Math.floor((total * percent + 50) / 100);

/**
 * Spreads `discount` over `prices` in proportion (largest remainder): whole pence, each share at
 * most its price, the shares adding up to the discount exactly. Ties go to the earlier item.
 */
export function spreadDiscount(prices: readonly number[], discount: number): number[] {
  const total = prices.reduce((a, b) => a + b, 0);
  if (discount <= 0 || total <= 0) return prices.map(() => 0);
  const d = Math.min(discount, total);
  const exact = prices.map((p) => (p * d) / total);
  const shares = exact.map(Math.floor);
  let left = d - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    if (shares[i]! < prices[i]!) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}

export interface PricedLine {
  handler: "vendor" | "store";
  sellerId: string | null;
  type: "rental" | "purchase";
  price: number;
  /** Priced by an accepted offer: not discounted again, nor counted in the bundle. */
  offer?: boolean;
  /** The listed price, when `price` is already an agreed one. */
  listPrice?: number;
}

export interface BundleGroup {
  key: string;
  items: number;
  percent: number;
  discount: number;
}

/**
 * A basket's bundle discounts: for each handler group whose tiers apply to its Buy Now items at
 * their listed price, the discount, spread over those lines. Returns the lines with the price to
 * pay (and what they were listed at) and the groups' discounts.
 */
export function applyBundles<L extends PricedLine>(
  lines: readonly L[],
  tiersOf: (key: string) => readonly BundleTier[],
) {
  const out = lines.map((l) => ({
    ...l,
    listPrice: l.listPrice ?? l.price,
    offer: l.offer ?? false,
    bundleDiscount: 0,
    bundlePercent: 0,
  }));
  const groups: BundleGroup[] = [];
  const byGroup = new Map<string, number[]>();
  out.forEach((l, i) => {
    if (l.type !== "purchase" || l.offer) return;
    const key = groupKey(l);
    byGroup.set(key, [...(byGroup.get(key) ?? []), i]);
  });
  for (const [key, indexes] of byGroup) {
    const percent = bundlePercent(tiersOf(key), indexes.length);
    if (percent <= 0) continue;
    const prices = indexes.map((i) => out[i]!.price);
    const discount = discountOf(
      prices.reduce((a, b) => a + b, 0),
      percent,
    );
    const shares = spreadDiscount(prices, discount);
    indexes.forEach((i, n) => {
      out[i]!.bundleDiscount = shares[n]!;
      out[i]!.price -= shares[n]!;
      out[i]!.bundlePercent = percent;
    });
    groups.push({ key, items: indexes.length, percent, discount });
  }
  return { lines: out, groups };
}

/**
 * A basket's prices, as the basket shows them and checkout charges them: a Buy Now line the
 * shopper agreed a price for (an accepted offer, `agreed` by product id) takes that price; then
 * each handler group's bundle discount applies to its other Buy Now lines.
 */
export function priceBasket<L extends PricedLine & { productId: string }>(
  lines: readonly L[],
  agreed: ReadonlyMap<string, { price: number }>,
  tiersOf: (key: string) => readonly BundleTier[],
) {
  const offered = lines.map((l) => {
    const deal = l.type === "purchase" ? agreed.get(l.productId) : undefined;
    return deal && deal.price < l.price ? { ...l, listPrice: l.price, price: deal.price, offer: true } : l;
  });
  return applyBundles(offered, tiersOf);
}

/** The dashboard form refused: its errors at the fields, and what was typed. */
export interface BundleFormData {
  errors: { two?: string; three?: string };
  values: { two: string; three: string };
}

export const BUNDLE_MESSAGES = {
  percent: `Enter a whole percentage from 0 to ${MAX_BUNDLE_PERCENT}`,
  order: "The discount for 3 or more items must be at least the one for 2 items",
} as const;

/** The dashboard's form: a percent for 2 items and one for 3 or more (0 or empty: none). */
export function parseBundleForm(form: {
  two: unknown;
  three: unknown;
}): { ok: true; tiers: BundleTier[] } | { ok: false; errors: Record<string, string> } {
  const read = (raw: unknown) => {
    const text = typeof raw === "string" ? raw.trim().replace(/%$/, "") : "";
    if (text === "") return 0;
    if (!/^\d{1,2}$/.test(text)) return null;
    const n = Number(text);
    return n <= MAX_BUNDLE_PERCENT ? n : null;
  };
  const two = read(form.two);
  const three = read(form.three);
  const errors: Record<string, string> = {};
  if (two === null) errors.two = BUNDLE_MESSAGES.percent;
  if (three === null) errors.three = BUNDLE_MESSAGES.percent;
  if (two !== null && three !== null && three > 0 && three < two) errors.three = BUNDLE_MESSAGES.order;
  if (Object.keys(errors).length) return { ok: false, errors };
  const tiers: BundleTier[] = [];
  if (two) tiers.push({ minItems: 2, percent: two });
  if (three) tiers.push({ minItems: 3, percent: three });
  return { ok: true, tiers };
}

/** The tiers as the basket and the product page say them: "2 items −10%, 3 or more −15%". */
export const bundleWords = (tiers: readonly BundleTier[]) =>
  [...tiers]
    .sort((a, b) => a.minItems - b.minItems)
    .map((t, i, all) => `${t.minItems}${i === all.length - 1 ? " or more" : ""} items −${t.percent}%`)
    .join(", ");
