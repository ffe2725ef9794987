// Payouts through Connect (issue 27 item 4; docs/decisions/0056-connect-payouts.md). Pure: what a
// payout sends as a transfer, what a provider's account answer means for the payee, and what the
// dashboards and the admin Financial tab say about either. No storage, no clock.

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
  net: number;
  periodStart: number;
}

export function transferFor(payout: PayoutToSend, destination: string): TransferRequest {
  if (!Number.isInteger(payout.net) || payout.net <= 0) throw new RangeError(`A transfer needs a positive whole number of pence, not ${payout.net}`);
  const week = new Date(payout.periodStart).toISOString().slice(0, 10);
  return { idempotencyKey: payout.id, amount: payout.net, currency: "gbp", destination, metadata: { payout_id: payout.id }, transferGroup: payout.id, description: `Closetloop payout for the week of ${week}` };
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
export function payoutProviderStatus(p: { status: string; recipientType: string; transferStatus: string | null; transferId: string | null; transferError: string | null; paidBy?: string | null }) {
  if (p.transferStatus === "paid") return `Paid via transfer ${p.transferId ?? ""}`.trim();
  if (p.transferStatus === "reversed") return `Transfer ${p.transferId ?? ""} reversed`.replace("  ", " ");
  if (p.status === "paid") return p.recipientType === "platform" ? "Kept by the platform (marked paid)" : "Marked paid by staff";
  if (p.recipientType === "platform") return "Kept by the platform";
  if (p.transferStatus === "waiting_for_details") return PAYOUT_MESSAGES.waiting;
  if (p.transferStatus === "failed") return `Failed: ${p.transferError ?? "unknown error"}`;
  return "Not sent yet";
}
