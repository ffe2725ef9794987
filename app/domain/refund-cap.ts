// Refunds never exceed what was captured (issue 42, items 2 and 3; decision 0074). The one rule
// every refund passes (app/services/refunds.server.ts refundPayment): whatever path asks — a
// cancellation, a return's inspection, an overturned charge, the daily retry — an item is never
// given back more than was collected for it, and an overturned later charge never more than that
// charge collected. Pure: the rows are the same four the order's money view reads (MoneyInput,
// app/data/order-money.server.ts), so a property test can compute the ledgers from the database.

import { refundAmounts, type MoneyInput } from "./order-money";

/** What an order's money was collected for: one of its items, or its delivery. */
export type LedgerTarget = string | "delivery";

export interface Ledger {
  /** Collected for it: its checkout line once the checkout was paid, plus each later charge captured. */
  captured: number;
  /** Given back: refunds that succeeded. */
  refunded: number;
  /** Refunds that failed and are owed (the daily job retries them under their key). */
  owed: number;
  /** Each refund key that concerns it, with its amount (counted once per key) and whether it succeeded. */
  refunds: Map<string, { amount: number; succeeded: boolean }>;
}

/** The later charges an overturn gives back (a rental's repair fee, a rental charged as a purchase). */
export const OVERTURNABLE_CHARGES: ReadonlySet<string> = new Set(["damage_charge", "not_returnable"]);
const CHECKOUT_TYPES: ReadonlySet<string> = new Set(["sale", "rental_fee"]);

/**
 * What a refund key gives back: `refund:{cancel|return|overturn}:{itemId}` an item,
 * `refund:delivery:{itemId}` the delivery of the handler group that item heads, `refund:{orderId}`
 * the whole cancelled order (null here: it is the order's remainder, see itemLedgers).
 */
export function refundTarget(key: string): { why: string; itemId: string; target: LedgerTarget } | null {
  const match = /^refund:([a-z]+):(.+)$/.exec(key);
  if (!match) return null;
  const [, why, itemId] = match as unknown as [string, string, string];
  return { why, itemId, target: why === "delivery" ? "delivery" : itemId };
}

const empty = (): Ledger => ({ captured: 0, refunded: 0, owed: 0, refunds: new Map() });

/**
 * Captured and refunded, per item and for the delivery. Captured: the item's price (or the
 * delivery fee) once the checkout payment succeeded (`authorize:{orderId}`, decision 0055: it is
 * taken at checkout) or its settling capture did, plus every later charge of the item whose
 * `capture:{transactionId}` succeeded. Refunded: every refund key of it that succeeded (owed:
 * failed and not yet succeeded). A whole cancelled order's refund (`refund:{orderId}`) is what the
 * checkout left after the partial refunds: it is shared out to the cancelled items, then the delivery.
 */
export function itemLedgers(input: MoneyInput): Map<LedgerTarget, Ledger> {
  const succeeded = new Set(input.payments.filter((p) => p.status === "succeeded").map((p) => p.idempotencyKey));
  const checkoutPaid = succeeded.has(`authorize:${input.order.id}`);
  const ledgers = new Map<LedgerTarget, Ledger>([["delivery", empty()]]);
  for (const item of input.items) {
    const checkoutTxn = input.transactions.find((t) => t.orderItemId === item.id && CHECKOUT_TYPES.has(t.type));
    const ledger = empty();
    // Damage protection (decision 0080) is taken with the item's line and given back with it.
    ledger.captured =
      checkoutPaid || (checkoutTxn && succeeded.has(`capture:${checkoutTxn.id}`))
        ? item.price + (item.protectionFee ?? 0)
        : 0;
    for (const txn of input.transactions) {
      // Damage protection is counted with the checkout line above (decision 0080).
      if (
        txn.orderItemId === item.id &&
        !CHECKOUT_TYPES.has(txn.type) &&
        txn.type !== "protection_fee" &&
        txn.gross > 0 &&
        succeeded.has(`capture:${txn.id}`)
      )
        ledger.captured += txn.gross;
    }
    ledgers.set(item.id, ledger);
  }
  const delivery = ledgers.get("delivery")!;
  delivery.captured = checkoutPaid || succeeded.has(`capture:delivery:${input.order.id}`) ? input.order.deliveryFee : 0;

  let whole: { key: string; amount: number } | null = null;
  for (const [key, amount] of refundAmounts(input.payments)) {
    const target = refundTarget(key);
    if (!target) {
      whole ??= { key, amount };
      continue;
    }
    ledgers.get(target.target)?.refunds.set(key, { amount, succeeded: succeeded.has(key) });
  }
  if (whole) {
    let left = whole.amount;
    const share = (ledger: Ledger) => {
      const part = Math.min(left, Math.max(0, ledger.captured - sumRefunds(ledger)));
      if (part > 0) ledger.refunds.set(whole!.key, { amount: part, succeeded: succeeded.has(whole!.key) });
      left -= part;
    };
    for (const item of input.items) if (item.status === "cancelled") share(ledgers.get(item.id)!);
    share(delivery);
  }
  for (const ledger of ledgers.values()) {
    for (const r of ledger.refunds.values()) {
      if (r.succeeded) ledger.refunded += r.amount;
      else ledger.owed += r.amount;
    }
  }
  return ledgers;
}

const sumRefunds = (ledger: Ledger, except?: string) =>
  [...ledger.refunds].reduce((sum, [key, r]) => (key === except ? sum : sum + r.amount), 0);

/**
 * The most a refund under `key` may give back: what was captured for its item (or the delivery)
 * less every other refund of it, given or owed. An overturn gives back at most what the overturned
 * later charge collected (nothing when its capture never succeeded), less earlier overturns.
 * 0 when the key names nothing of this order.
 */
export function refundCap(input: MoneyInput, key: string, ledgers = itemLedgers(input)): number {
  const target = refundTarget(key);
  const ledger = target ? ledgers.get(target.target) : undefined;
  if (!target || !ledger) return 0;
  let cap = ledger.captured - sumRefunds(ledger, key);
  if (target.why === "overturn") {
    const charge = input.transactions.find((t) => t.orderItemId === target.itemId && OVERTURNABLE_CHARGES.has(t.type));
    if (charge) {
      const collected = input.payments.some(
        (p) => p.idempotencyKey === `capture:${charge.id}` && p.status === "succeeded",
      )
        ? charge.gross
        : 0;
      cap = Math.min(cap, collected);
    }
  }
  return Math.max(0, cap);
}

/** What of the delivery is left to give back: captured less its refunds, given or owed. */
export function deliveryRefundable(input: MoneyInput, ledgers = itemLedgers(input)) {
  const delivery = ledgers.get("delivery")!;
  return Math.max(0, delivery.captured - delivery.refunded - delivery.owed);
}
