// Refunds (decisions 0035, 0055; issue 22): a cancelled order's authorization given back, once;
// part of an order (a cancelled item, a returned purchase, an overturned damage charge) under a
// stable key; and the daily job's retries of the refunds that failed.
import { and, eq, exists, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { orders, payments } from "../../db/schema";
import { moneyInputOf } from "../data/order-money.server";
import { refundCap } from "../domain/refund-cap";
import type { PaymentOperation } from "./payment-types";
import { callPayment, refundKey, type PaymentOutcome, type PaymentServices } from "./payments.server";

/**
 * A cancelled order: what was authorized (less anything captured) is given back, once. An order
 * is cancelled only before delivery, so nothing of it, its delivery fee included, was captured
 * and the whole authorization comes back; the subtraction keeps it right should that change.
 */
export async function refundOrder(services: PaymentServices, orderId: string, now: number) {
  // Only a cancelled order is given back whole, whoever asks (the property test's finding, decision 0075).
  const [rows, [order]] = await services.db.batch([
    services.db
      .select({ operation: payments.operation, amount: sql<number>`sum(${payments.amount})` })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, "succeeded")))
      .groupBy(payments.operation),
    services.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)),
  ]);
  if (order?.status !== "cancelled") return null;
  const sum = (op: PaymentOperation) => rows.find((r) => r.operation === op)?.amount ?? 0;
  // What is given back by partial refunds (a cancelled item's price, issue 22) is not given back
  // twice: each one counts once by its key, refunded already or failed and owed (the daily job
  // retries it under the same key).
  const partial = await services.db
    .select({ amount: sql<number>`max(${payments.amount})` })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.operation, "refund"),
        sql`${payments.idempotencyKey} like 'refund:%:%'`,
      ),
    )
    .groupBy(payments.idempotencyKey);
  const amount = sum("authorize") - sum("capture") - partial.reduce((total, r) => total + r.amount, 0);
  if (sum("authorize") === 0 || amount <= 0) return null;
  const outcome = await callPayment(
    services,
    { operation: "refund", orderId, transactionId: null, amount, idempotencyKey: refundKey(orderId) },
    now,
  );
  if (!outcome.ok) console.error(`payments: refunding ${orderId} failed; the daily job retries it`, outcome.error);
  return outcome;
}

/**
 * A refund of part of an order (issue 22): a cancelled item, a returned purchase, an overturned
 * charge, a cancelled group's delivery. The caller names it by a stable idempotency key
 * (`refund:cancel:{itemId}`, `refund:return:{itemId}`, `refund:overturn:{itemId}`,
 * `refund:delivery:{itemId}`), so a replay refunds once; a failure is a failed row that
 * retryFailedRefunds() sends again with the same key.
 *
 * The one place the refund cap is enforced (issue 42; decision 0074): whatever path asks, the
 * amount is cut to what was captured for the item (or the delivery, or the overturned charge)
 * less its other refunds, given or owed (refundCap, app/domain/refund-cap.ts). Nothing left: no
 * call at all, answered `refused`.
 */
export async function refundPayment(
  services: PaymentServices,
  request: { orderId: string; transactionId: string | null; amount: number; idempotencyKey: string },
  now: number,
): Promise<PaymentOutcome | RefundRefused | null> {
  if (request.amount <= 0) return null;
  const input = await moneyInputOf(services.db, request.orderId);
  const cap = input ? refundCap(input, request.idempotencyKey) : 0;
  const amount = Math.min(request.amount, cap);
  if (amount <= 0) {
    console.error(
      `payments: refund ${request.idempotencyKey} of ${request.amount} refused: nothing captured is left to give back`,
    );
    return { ok: false, refused: true, error: "Nothing that was paid is left to refund." };
  }
  if (amount < request.amount)
    console.error(
      `payments: refund ${request.idempotencyKey} cut from ${request.amount} to ${amount}, what was captured and not yet refunded`,
    );
  const outcome = await callPayment(services, { operation: "refund", ...request, amount }, now);
  if (!outcome.ok)
    console.error(`payments: refund ${request.idempotencyKey} failed; the daily job retries it`, outcome.error);
  return outcome;
}

/** A refund the cap stopped before any call: nothing was captured that is not already given back. */
export interface RefundRefused {
  ok: false;
  refused: true;
  error: string;
}

/** Refunds that failed and never succeeded under their key: the daily job sends each again, once per run. */
export async function retryFailedRefunds(services: PaymentServices, now: number) {
  const failed = alias(payments, "failed");
  const done = services.db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.idempotencyKey, failed.idempotencyKey), sql`${payments.status} = 'succeeded'`));
  const rows = await services.db
    .selectDistinct({
      orderId: failed.orderId,
      transactionId: failed.transactionId,
      amount: failed.amount,
      idempotencyKey: failed.idempotencyKey,
    })
    .from(failed)
    // Partial refunds only (refund:{why}:{item}); a whole cancelled order's refund is refundsDue()'s.
    .where(
      and(
        eq(failed.operation, "refund"),
        eq(failed.status, "failed"),
        sql`${failed.idempotencyKey} like 'refund:%:%'`,
        notExists(done),
      ),
    );
  let refunded = 0;
  for (const row of rows) if ((await refundPayment(services, row, now))?.ok) refunded++;
  return refunded;
}

/** Cancelled orders whose authorization was not given back yet (a failed refund): the daily job retries them. */
export async function refundsDue(services: PaymentServices) {
  const refunded = services.db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.idempotencyKey, sql`'refund:' || ${orders.id}`), eq(payments.status, "succeeded")));
  const authorized = services.db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.idempotencyKey, sql`'authorize:' || ${orders.id}`), eq(payments.status, "succeeded")));
  const rows = await services.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "cancelled"), exists(authorized), notExists(refunded)));
  return rows.map((r) => r.id);
}
