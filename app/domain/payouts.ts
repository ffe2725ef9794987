// Payouts through Connect (issue 27 item 4; docs/decisions/0056-connect-payouts.md). Pure: what a
// payout sends as a transfer, what a provider's account answer means for the payee, and what the
// dashboards and the admin Financial tab say about either. No storage, no clock.
import { formatGBP } from "./money";

export type PayeeType = "owner" | "store";
export type PayeeAccountStatus = "not_started" | "pending_verification" | "active";
export type PayoutTransferStatus = "waiting_for_details" | "failed" | "paid" | "reversed";

export const PAYEE_STATUS_LABELS: Record<PayeeAccountStatus, string> = {
  not_started: "Not started",
  pending_verification: "Pending verification",
  active: "Active",
};

export const PAYOUT_MESSAGES = {
  setUp: "Set up payouts",
  continue: "Continue payout setup",
  update: "Update payout details",
  waiting: "Waiting for payout details",
  staffCannot: "Only the store's owner can set up its payouts: the provider asks for their identity and bank details.",
  failed: "Payout setup could not start",
  failedDescription: "The payment provider did not answer. Please try again in a few minutes.",
  missing: "Set up payouts so we can pay you each week",
  pending: "Your payout details are being verified",
} as const;

/** The dashboards' line for a payee who owes from refunds after earlier payouts (decision 0073). */
export const owedMessage = (owed: number) =>
  `You owe ${formatGBP(owed)} from refunds after earlier payouts: it is taken from your next payouts before anything is sent.`;

/** What a payout asks the provider to send: pence, GBP, the payout's id as idempotency key and in the metadata. */
export interface TransferRequest {
  /** The payout's id: the provider's Idempotency-Key, so a retry or a rerun never sends twice. */
  idempotencyKey: string;
  /** Integer pence. */
  amount: number;
  currency: "gbp";
  /** The payee's connected account at the provider. */
  destination: string;
  metadata: { payout_id: string };
  /** The payout's id again: a transfer can be found by it after the provider forgot the idempotency key (Stripe: 24 hours). */
  transferGroup: string;
  description: string;
}

export interface PayoutToSend {
  id: string;
  /** What the payout settles (its due amount: the week's net plus the balance carried in), in pence. */
  amount: number;
  periodStart: number;
}

export function transferFor(payout: PayoutToSend, destination: string): TransferRequest {
  if (!Number.isInteger(payout.amount) || payout.amount <= 0)
    throw new RangeError(`A transfer needs a positive whole number of pence, not ${payout.amount}`);
  const week = new Date(payout.periodStart).toISOString().slice(0, 10);
  return {
    idempotencyKey: payout.id,
    amount: payout.amount,
    currency: "gbp",
    destination,
    metadata: { payout_id: payout.id },
    transferGroup: payout.id,
    description: `Closetloop payout for the week of ${week}`,
  };
}

// ---- A payee's balance carried forward (issue 42 item 1; docs/decisions/0073-payout-balances.md) ----

/** A payout's amounts: the week's net (negative when refunds came to more than sales) and the balance it took over. */
export interface PayoutAmounts {
  net: number;
  /** Zero, or negative: a debt from the payee's earlier payouts still to recover. */
  carriedIn: number;
}

/**
 * What a payout settles. due = net + carried in. Above zero it is sent in full (the debt it took
 * over is cleared); at or below zero nothing is sent and it is carried into the payee's next
 * payout. `offset` is how much of the debt carried in this payout's earnings recovered.
 */
export function settlement({ net, carriedIn }: PayoutAmounts) {
  const due = net + carriedIn;
  const carriedOut = Math.min(due, 0);
  return { due, send: Math.max(due, 0), carriedOut, offset: Math.max(carriedOut - carriedIn, 0) };
}

/**
 * A payee's balance after all their payouts so far: sum of net less what was (or is to be) sent,
 * sum of due above zero. Zero or negative whatever the order they were made in; it is what the
 * next payout takes over (createPayout computes it the same way in SQL).
 */
export function carriedBalance(payouts: readonly { net: number; due: number }[]) {
  return payouts.reduce((balance, p) => balance + p.net - Math.max(p.due, 0), 0);
}

/** The fields of a provider's account object (Stripe's Account) that decide the payee's status. */
export interface AccountFacts {
  details_submitted?: boolean | null;
  payouts_enabled?: boolean | null;
  capabilities?: { transfers?: string | null } | null;
}

/**
 * Active once the provider lets us transfer to it and it can pay out to a bank (the transfers
 * capability, when it is reported, is 'active'); pending verification once the payee has given
 * their details; else not started.
 */
export function accountStatus(account: AccountFacts): PayeeAccountStatus {
  const transfers = account.capabilities?.transfers ?? "active";
  if (account.payouts_enabled && transfers === "active") return "active";
  if (account.details_submitted) return "pending_verification";
  return "not_started";
}

/** A payout's provider status as the admin Financial tab says it. */
export function payoutProviderStatus(p: {
  status: string;
  recipientType: string;
  due: number;
  transferStatus: string | null;
  transferId: string | null;
  transferError: string | null;
  paidBy?: string | null;
}) {
  if (p.due < 0 && p.recipientType === "platform")
    return `Nothing kept: ${formatGBP(-p.due)} of commission given back, taken from the next weeks'`;
  if (p.due < 0) return `Nothing to send: ${formatGBP(-p.due)} owed, taken from the next payouts`;
  if (p.due === 0) return "Nothing to send";
  if (p.transferStatus === "paid") return `Paid via transfer ${p.transferId ?? ""}`.trim();
  if (p.transferStatus === "reversed") return `Transfer ${p.transferId ?? ""} reversed`.replace("  ", " ");
  if (p.status === "paid")
    return p.recipientType === "platform" ? "Kept by the platform (marked paid)" : "Marked paid by staff";
  if (p.recipientType === "platform") return "Kept by the platform";
  if (p.transferStatus === "waiting_for_details") return PAYOUT_MESSAGES.waiting;
  if (p.transferStatus === "failed") return `Failed: ${p.transferError ?? "unknown error"}`;
  return "Not sent yet";
}

const EARNED_BY: Record<"owner" | "store" | "platform", string> = {
  owner: "your sales",
  store: "your store's concierge commissions",
  platform: "the platform's commissions",
};

/**
 * The e-mail announcing a calculated payout (issue 42 item 1; decision 0073). It never announces
 * a negative payout: when the payout sends nothing, it says so and how much is taken from the
 * next payouts, in positive amounts; when it recovered a balance carried in, it says how much.
 */
export function payoutAnnouncement(
  p: {
    recipientType: "owner" | "store" | "platform";
    total: number;
    commission: number;
    net: number;
    carriedIn: number;
  },
  week: { first: string; range: string },
) {
  const { due, offset } = settlement(p);
  const earned =
    p.recipientType === "owner"
      ? `Sales: ${formatGBP(p.total)}\nCommission: ${formatGBP(p.commission)}\nYour share: ${formatGBP(p.net)}`
      : `Commissions: ${formatGBP(p.net)}`;
  const recovered = offset > 0 ? `\nTaken off for refunds after earlier payouts: ${formatGBP(offset)}` : "";
  const where =
    p.recipientType === "platform"
      ? "It stays in the platform's balance."
      : "We send it to your payout account. If you have not set up payouts yet, do so from your dashboard (Set up payouts): it is sent with the next weekly run after.";
  if (due > 0) {
    return {
      title: `Your Closetloop payout for the week of ${week.first}: ${formatGBP(due)}`,
      // due > 0 means net > 0 (the balance carried in is never above zero): no negative figure.
      text: `Hello,\n\nThe payout for ${EARNED_BY[p.recipientType]} in the week ${week.range} is calculated.\n\n${earned}${recovered}\nYour payout: ${formatGBP(due)}\n\n${where}\n`,
    };
  }
  const why =
    p.net < 0
      ? `Refunds in the week ${week.range} came to ${formatGBP(-p.net)} more than ${EARNED_BY[p.recipientType]}${p.recipientType === "owner" ? ", after commission" : ""}.`
      : p.net > 0
        ? `${EARNED_BY[p.recipientType].replace(/^./, (c) => c.toUpperCase())} in the week ${week.range}, ${formatGBP(p.net)}, went toward refunds after earlier payouts.`
        : `Nothing was earned in the week ${week.range}.`;
  const next = p.recipientType === "platform" ? "the next weeks' commissions" : "your next payouts";
  const owed = due < 0 ? ` ${formatGBP(-due)} is still to recover: it is taken from ${next}.` : "";
  return {
    title: `No Closetloop payout for the week of ${week.first}`,
    text: `Hello,\n\n${why} Nothing is ${p.recipientType === "platform" ? "kept" : "paid"} this week.${owed}\n`,
  };
}

/** The items a payout left for a later run, with why (issue 43 item 2; decision 0078): a paragraph of its e-mail, or nothing. */
export function heldWords(held: readonly { itemName: string; amount: number; reason: string }[]) {
  if (held.length === 0) return "";
  const lines = held.map((h) => `- ${h.itemName}: ${formatGBP(h.amount)}. ${h.reason}`);
  return `\nHeld for a later payout (buyer protection):\n${lines.join("\n")}\n`;
}
