import { formatGBP, parsePounds } from "./money";

// Make an offer (issue 43 item 4; docs/decisions/0088-offers.md). Pure: the rules of an offer's
// amount, its limits and its life; app/data/offers.server.ts stores them, time is passed in.

/** The lowest offer is 60% of the Buy Now price (rounded up to the penny). */
export const OFFER_FLOOR_PERCENT = 60;
/** Offers one shopper may make on one item in any 24 hours. */
export const OFFERS_PER_DAY = 3;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** A pending offer (or a counter) not answered within 48 hours lapses. */
export const OFFER_LAPSES_AFTER_MS = 2 * DAY_MS;
/** An accepted offer lets its shopper buy at its price for 24 hours. */
export const BUY_WINDOW_MS = DAY_MS;

export type OfferStatus = "pending" | "countered" | "accepted" | "declined";
/** What an offer is at a moment: its stored status, or 'lapsed' / 'expired' once its time passed. */
export type OfferState = OfferStatus | "lapsed" | "expired";

export interface OfferTimes {
  status: OfferStatus;
  /** When a pending or countered offer lapses. */
  expiresAt: number;
  /** When an accepted offer's price stops applying; null until accepted. */
  buyBy: number | null;
}

export const offerFloor = (price: number) => Math.ceil((price * OFFER_FLOOR_PERCENT) / 100);

export const OFFER_MESSAGES = {
  amount: "Enter an amount in pounds, such as 45 or 45.50",
  positive: "An offer must be more than £0.00",
  tooMany: `You can make up to ${OFFERS_PER_DAY} offers on an item in 24 hours. Try again later.`,
  own: "This is your own item: shoppers make offers to you.",
  notForSale: "This item is not for sale at the moment, so it cannot take offers.",
  noBuyPrice: "This item has no Buy Now price, so it cannot take offers.",
  open: "You already have an open offer on this item. Wait for its answer.",
  lapsed: "This offer has lapsed: it was not answered within 48 hours.",
  answered: "This offer was already answered.",
  notYours: "Only the other side can answer this offer.",
} as const;

export const belowFloor = (price: number) =>
  `The lowest offer for this item is ${formatGBP(offerFloor(price))} (${OFFER_FLOOR_PERCENT}% of its price)`;
export const notBelowPrice = (price: number) =>
  `An offer must be less than the price, ${formatGBP(price)}: at that price, buy it now`;

export type AmountCheck = { ok: true; amount: number } | { ok: false; error: string };

/**
 * A typed offer (or counter) in pounds, checked against the item's Buy Now price: at least the
 * floor, below the price. `above`, for a counter, is the shopper's amount it must beat.
 */
export function checkOfferAmount(raw: unknown, price: number, above = 0): AmountCheck {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") return { ok: false, error: OFFER_MESSAGES.amount };
  if (/^-/.test(text.replace(/^£/, ""))) return { ok: false, error: OFFER_MESSAGES.positive };
  const amount = parsePounds(text.slice(0, 20));
  if (amount === null) return { ok: false, error: OFFER_MESSAGES.amount };
  if (amount <= 0) return { ok: false, error: OFFER_MESSAGES.positive };
  if (amount >= price) return { ok: false, error: notBelowPrice(price) };
  if (amount < offerFloor(price)) return { ok: false, error: belowFloor(price) };
  if (amount <= above) return { ok: false, error: `A counter must be more than the offer, ${formatGBP(above)}` };
  return { ok: true, amount };
}

/** Where an offer stands at `now`: a pending or countered one past its time has lapsed; an accepted one past its buy window has expired. */
export function offerState(offer: OfferTimes, now: number): OfferState {
  if ((offer.status === "pending" || offer.status === "countered") && now >= offer.expiresAt) return "lapsed";
  if (offer.status === "accepted" && offer.buyBy !== null && now >= offer.buyBy) return "expired";
  return offer.status;
}

/** The price agreed: the handler's counter if they made one, else the shopper's offer. */
export const agreedPrice = (offer: { amount: number; counterAmount: number | null }) =>
  offer.counterAmount ?? offer.amount;

export type OfferMove = "accept" | "decline" | "counter";
export type OfferParty = "shopper" | "handler";

/**
 * Who may do what: the handler answers a pending offer (accept, decline, counter); the shopper
 * answers a counter (accept or decline). Anything else is refused with why.
 */
export function offerMoveAllowed(
  state: OfferState,
  party: OfferParty,
  move: OfferMove,
): { ok: true } | { ok: false; error: string; status: number } {
  if (state === "lapsed") return { ok: false, error: OFFER_MESSAGES.lapsed, status: 409 };
  if (state !== "pending" && state !== "countered") return { ok: false, error: OFFER_MESSAGES.answered, status: 409 };
  const turn: OfferParty = state === "pending" ? "handler" : "shopper";
  if (party !== turn) return { ok: false, error: OFFER_MESSAGES.notYours, status: 403 };
  if (party === "shopper" && move === "counter")
    return { ok: false, error: "Accept or decline the counter offer.", status: 400 };
  return { ok: true };
}

/** The status a move leaves, and the times it sets. */
export function afterMove(move: OfferMove, now: number): { status: OfferStatus; expiresAt?: number; buyBy?: number } {
  if (move === "accept") return { status: "accepted", buyBy: now + BUY_WINDOW_MS };
  if (move === "counter") return { status: "countered", expiresAt: now + OFFER_LAPSES_AFTER_MS };
  return { status: "declined" };
}

export const STATE_LABELS: Record<OfferState, string> = {
  pending: "Waiting for the seller",
  countered: "Countered: waiting for the shopper",
  accepted: "Accepted",
  declined: "Declined",
  lapsed: "Lapsed",
  expired: "Accepted: the time to buy ran out",
};
