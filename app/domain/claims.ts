// Buyer protection (issue 43 items 1–3; docs/decisions/0078-buyer-protection-and-claims.md). Pure:
// the claim window, which problems a shopper may report on an item and when, the deadlines of
// each side, what holds an item's money from the weekly payout, and the words of each status.
// No storage, no clock: `now` is passed in.

import { formatGBP } from "./money";
import { dispatchBy } from "./shipping";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** After delivery the shopper has 2 days to report a problem (for a rental: its condition on arrival). */
export const CLAIM_WINDOW_MS = 2 * DAY_MS;
/** The handler (seller or store) answers a claim within 3 days, else it goes to staff. */
export const HANDLER_ANSWER_MS = 3 * DAY_MS;
/** The shopper answers a partial refund offer within 3 days, else it goes to staff. */
export const OFFER_ANSWER_MS = 3 * DAY_MS;
/** A parcel not delivered 5 days after its post-by date counts as not received. */
export const DELIVERY_ALLOWANCE_MS = 5 * DAY_MS;
/** A claim holds up to 4 photos. */
export const CLAIM_PHOTOS_MAX = 4;
export const CLAIM_TEXT_MIN = 10;
export const CLAIM_TEXT_MAX = 2000;

/** The content page that explains buyer protection (/pages/buyer_protection). */
export const BUYER_PROTECTION_PAGE = "buyer_protection";

export const CLAIM_REASONS = [
  "not_as_described",
  "damaged",
  "wrong_item",
  "missing",
  "not_received",
  "repair_fee",
] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

export const REASON_LABELS: Readonly<Record<ClaimReason, string>> = {
  not_as_described: "Not as described",
  damaged: "Damaged",
  wrong_item: "Wrong item",
  missing: "Missing (the parcel came without it)",
  not_received: "Not received",
  repair_fee: "Repair fee disputed",
};

/** A delivered item's problems (reported within the window). */
export const ON_ARRIVAL: readonly ClaimReason[] = ["not_as_described", "damaged", "wrong_item", "missing"];

export const CLAIM_STATUSES = ["awaiting_handler", "offer_made", "with_staff", "resolved"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const OPEN_CLAIM_STATUSES: readonly ClaimStatus[] = ["awaiting_handler", "offer_made", "with_staff"];

export const CLAIM_OUTCOMES = ["full_refund", "partial_refund", "no_refund"] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

export const STATUS_LABELS: Readonly<Record<ClaimStatus, string>> = {
  awaiting_handler: "Waiting for the seller's answer",
  offer_made: "Partial refund offered",
  with_staff: "With our team",
  resolved: "Resolved",
};

export const OUTCOME_LABELS: Readonly<Record<ClaimOutcome, string>> = {
  full_refund: "Full refund",
  partial_refund: "Partial refund",
  no_refund: "No refund",
};

export const CLAIM_MESSAGES = {
  reason: "Choose what went wrong.",
  reasonNotOffered: "This problem cannot be reported for this item now.",
  description: `Describe the problem in ${CLAIM_TEXT_MIN} to ${CLAIM_TEXT_MAX} characters.`,
  windowClosed: "The time to report a problem with this item has passed.",
  twice: "A problem was already reported for this item.",
  amount: "Enter an amount in pounds, such as 12.50.",
  amountTooHigh: (paid: number) => `A partial refund must be less than what was paid: ${formatGBP(paid)}.`,
  decisionReason: "Give the reason for the decision (at least 10 characters).",
  notYours: "Claim not found",
} as const;

export const claimWindowEndsAt = (deliveredAt: number) => deliveredAt + CLAIM_WINDOW_MS;

/** The latest an item is expected to arrive: 5 days after its post-by date. */
export const expectedDeliveryBy = (placedAt: number) => dispatchBy(placedAt) + DELIVERY_ALLOWANCE_MS;

export interface ClaimableItem {
  status: string;
  deliveredAt: number | null;
  /** 'Everything is OK' ended the window early. */
  claimWindowClosedAt: number | null;
  /** The order was placed (the expected delivery date follows from it). */
  placedAt: number;
  /** A problem claim exists already for it. */
  claimed: boolean;
}

const NOT_YET_DELIVERED = new Set(["pending", "processing", "shipped"]);

/** Is the item's claim window open (delivered, within 2 days, not ended early)? */
export function windowOpen(item: Pick<ClaimableItem, "deliveredAt" | "claimWindowClosedAt">, now: number) {
  return item.deliveredAt !== null && item.claimWindowClosedAt === null && now < claimWindowEndsAt(item.deliveredAt);
}

/**
 * The problems the shopper may report on an item now: those of arrival while its window is open;
 * 'not received' once it was not delivered by its expected date; none once one was reported.
 */
export function reasonsOffered(item: ClaimableItem, now: number): ClaimReason[] {
  if (item.claimed || item.status === "cancelled") return [];
  if (windowOpen(item, now)) return [...ON_ARRIVAL];
  if (item.deliveredAt === null && NOT_YET_DELIVERED.has(item.status) && now >= expectedDeliveryBy(item.placedAt))
    return ["not_received"];
  return [];
}

/**
 * Why an item's money stays out of a weekly payout, or null when it may be paid: its claim
 * window is still open, or a claim of it is not resolved. The SQL in payouts.server.ts
 * (claimHoldSql) is this rule over the tables.
 */
export function payoutHold(
  item: { deliveredAt: number | null; claimWindowClosedAt: number | null; openClaim: boolean },
  now: number,
): string | null {
  if (item.openClaim) return "A claim about this item is not resolved yet.";
  if (windowOpen(item, now))
    return `Its claim window is open until ${new Date(claimWindowEndsAt(item.deliveredAt!)).toISOString().slice(0, 16).replace("T", " ")} UTC.`;
  return null;
}

/** Pounds as typed ('12.50', '£12', '12') to pence; null when it is not an amount. */
export function readPence(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^\s*£?\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** A partial refund: more than nothing, less than what was paid for the item. */
export function checkPartial(
  value: unknown,
  paid: number,
): { ok: true; amount: number } | { ok: false; error: string } {
  const amount = readPence(value);
  if (amount === null || amount <= 0) return { ok: false, error: CLAIM_MESSAGES.amount };
  if (amount >= paid) return { ok: false, error: CLAIM_MESSAGES.amountTooHigh(paid) };
  return { ok: true, amount };
}

/** A claim's text (the shopper's description, the handler's answer): trimmed, 10 to 2000 characters. */
export function readClaimText(value: unknown): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  return text.length >= CLAIM_TEXT_MIN && text.length <= CLAIM_TEXT_MAX ? text : null;
}

/** Problems whose item cannot go back: it never arrived, or was not in the parcel. */
const NOTHING_TO_SEND: readonly ClaimReason[] = ["not_received", "missing"];

/**
 * Does a claim's item go back to its handler on a prepaid label of its own (decision 0093)? A
 * problem with a purchase that arrived, refunded in full. A rental goes back as every rental
 * does (its own return, with the rental's return label), so it gets no second label.
 */
export function comesBack(claim: { kind: string; reason: string; outcome: string | null; itemKind: string }) {
  return (
    claim.kind === "problem" &&
    claim.outcome === "full_refund" &&
    claim.itemKind === "purchase" &&
    !NOTHING_TO_SEND.includes(claim.reason as ClaimReason)
  );
}

/** What the claim's return says to its shopper and handler: on its way, or back (decision 0093). */
export function claimReturnWords(returnedAt: number | null, trackingStatus: string | null) {
  if (returnedAt !== null) return "Received back by the seller";
  if (trackingStatus === "returned_to_sender") return "Returned to the shopper by the carrier";
  if (trackingStatus === "in_transit" || trackingStatus === "out_for_delivery") return "On its way back";
  return "Waiting to be sent back";
}

export const isReason = (value: unknown): value is ClaimReason =>
  typeof value === "string" && (CLAIM_REASONS as readonly string[]).includes(value);
export const isOutcome = (value: unknown): value is ClaimOutcome =>
  typeof value === "string" && (CLAIM_OUTCOMES as readonly string[]).includes(value);
