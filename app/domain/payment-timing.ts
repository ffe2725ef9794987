// When each amount is taken (issue 27 item 1; docs/decisions/0055-stripe-payments.md). Pure.
//
// At checkout the shopper pays, on the provider's hosted page, everything the order costs then:
// each purchase's price, each rental's 7-day fee and the delivery fee. The card is saved for the
// order. Everything that becomes due later (a rental bought in its window, a rental converted when
// its window ends, a repair fee or a not-returnable charge after the inspection) was never part
// of that payment: it is charged off-session, with the saved card, when the lifecycle records it.
// The captures of decision 0035 that follow delivery settle against the checkout payment and
// charge nothing more.

/** How long an order's items stay reserved for the shopper who pays: Stripe's shortest session (30 minutes) and one minute for the call. */
export const RESERVATION_MS = 31 * 60_000;
export const reservationEnds = (now: number) => now + RESERVATION_MS;
/** Whether a reservation made until `expiresAt` has ended at `now`. */
export const reservationEnded = (expiresAt: number | null, now: number) => expiresAt !== null && expiresAt <= now;

export type ChargeKind =
  "sale" | "rental_fee" | "delivery_fee" | "rental_purchase" | "rental_conversion" | "damage_charge" | "not_returnable";
export type ChargeMoment = "checkout" | "later_off_session";

/** Paid on the hosted page at checkout, or charged later off-session with the saved card. */
export function chargeMoment(kind: ChargeKind): ChargeMoment {
  return kind === "sale" || kind === "rental_fee" || kind === "delivery_fee" ? "checkout" : "later_off_session";
}

export interface CheckoutLine {
  type: "rental" | "purchase";
  /** Rental fee or buying price, integer pence. */
  price: number;
  /** What buying a rental costs (the buying price on the day of the order), integer pence. */
  buyingPrice?: number | null;
}

/** What the shopper pays at checkout and what may follow, in pence. */
export function checkoutAmounts(lines: readonly CheckoutLine[], deliveryFee: number) {
  const atCheckout = lines.reduce((sum, l) => sum + l.price, 0) + deliveryFee;
  // At most, later: each rental bought or converted at its buying price (damage charges aside).
  const laterAtMost = lines.filter((l) => l.type === "rental").reduce((sum, l) => sum + (l.buyingPrice ?? 0), 0);
  return { atCheckout, laterAtMost };
}
