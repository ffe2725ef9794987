// The badges a shopper can rely on (issue 46 item 2; docs/decisions/0091-ratings-and-badges.md and
// the help page /pages/badges). Each is a rule over facts anyone could check; pure, no storage.

/** 'Ships fast': posted within SHIPS_FAST_DAYS of the order in each of the last SHIPS_FAST_ORDERS orders. */
export const SHIPS_FAST_ORDERS = 10;
export const SHIPS_FAST_DAYS = 2;
/** 'Top rated': an average of TOP_RATED_AVERAGE or more over TOP_RATED_MIN_RATINGS or more ratings. */
export const TOP_RATED_AVERAGE = 4.8;
export const TOP_RATED_MIN_RATINGS = 10;

const DAY_MS = 86_400_000;

export type Badge = "verified" | "ships_fast" | "top_rated";

export const BADGE_LABELS: Readonly<Record<Badge, string>> = {
  verified: "Verified seller",
  ships_fast: "Ships fast",
  top_rated: "Top rated",
};

export const BADGE_EXPLANATIONS: Readonly<Record<Badge, string>> = {
  verified:
    "The payment provider checked the seller's identity and bank details to pay them out, and their e-mail address is confirmed.",
  ships_fast: `Posted each of their last ${SHIPS_FAST_ORDERS} orders within ${SHIPS_FAST_DAYS} days.`,
  top_rated: `Rated ${TOP_RATED_AVERAGE} or more on average by at least ${TOP_RATED_MIN_RATINGS} shoppers.`,
};

/** Verified seller: payouts set up and active with the payment provider (which checks identity) and a confirmed e-mail. */
export const isVerifiedSeller = (facts: { emailVerified: boolean; payoutsActive: boolean }) =>
  facts.emailVerified && facts.payoutsActive;

/**
 * Ships fast: the seller's last SHIPS_FAST_ORDERS decided order items (newest first, by when they
 * were ordered) were each posted within SHIPS_FAST_DAYS. An order is decided once posted, or once
 * its time is up without being posted (then it is late); one still in its time is left out.
 * Fewer than that many decided orders: not yet.
 */
export function shipsFast(orders: readonly { orderedAt: number; shippedAt: number | null }[], now: number) {
  const limit = SHIPS_FAST_DAYS * DAY_MS;
  const decided = orders
    .filter((o) => o.shippedAt !== null || now - o.orderedAt > limit)
    .sort((a, b) => b.orderedAt - a.orderedAt)
    .slice(0, SHIPS_FAST_ORDERS);
  if (decided.length < SHIPS_FAST_ORDERS) return false;
  return decided.every((o) => o.shippedAt !== null && o.shippedAt - o.orderedAt <= limit);
}

/** Top rated: average ≥ 4.8 over ≥ 10 ratings. */
export const topRated = (average: number | null, count: number) =>
  count >= TOP_RATED_MIN_RATINGS && average !== null && average >= TOP_RATED_AVERAGE;

/** Every badge a seller has earned, in the order pages show them. */
export function sellerBadges(facts: {
  emailVerified: boolean;
  payoutsActive: boolean;
  average: number | null;
  ratings: number;
  recentOrders: readonly { orderedAt: number; shippedAt: number | null }[];
  now: number;
}): Badge[] {
  const badges: Badge[] = [];
  if (isVerifiedSeller(facts)) badges.push("verified");
  if (topRated(facts.average, facts.ratings)) badges.push("top_rated");
  if (shipsFast(facts.recentOrders, facts.now)) badges.push("ships_fast");
  return badges;
}
