import { and, eq, exists, gt, inArray, isNotNull, notExists, sql } from "drizzle-orm";
import { orderItems, orders, payments, transactions } from "../../db/schema";
import type { AppContext } from "../context";
import { chargeMoment, type ChargeKind } from "../domain/payment-timing";
import { tellChargeFailed } from "./payment-failed-notice.server";
import { localPaymentProvider } from "./payments-local.server";
import { mapPart, rowsPart } from "../data/parts.server";

// One payment interface (docs/decisions/0035-payments.md; DECISIONS.md: capture is outside the
// first version, the seam is not). The app authorizes an order when it is placed, captures each
// transaction the lifecycle records (a purchase delivered, a rental's fee at delivery, a rental
// bought or converted) and the order's delivery fee at its delivery, and refunds a cancelled
// order. Every call is a row in `payments`, failed ones included, whatever the provider; a
// capture's idempotency key follows from its transaction (or, for the delivery fee, its order),
// at most one call per key can succeed (a unique index), and a provider gets the same key again
// on a retry (as Stripe's Idempotency-Key): a retried capture never charges twice.

export type PaymentServices = Pick<AppContext, "env" | "config" | "db">;

export { PaymentDeclined } from "./payment-types";
export type {
  HostedSession,
  HostedSessionRequest,
  PaymentCall,
  PaymentOperation,
  PaymentProvider,
} from "./payment-types";
import type { PaymentCall, PaymentProvider } from "./payment-types";

export type PaymentOutcome = { ok: true; ref: string; replayed: boolean } | { ok: false; error: string };

/**
 * The provider this deployment uses (decision 0055): Stripe when PAYMENT_PROVIDER=stripe (its
 * adapter is loaded only then), else the local one, which a Worker outside development refuses
 * to start with (app/env.server.ts).
 */
export function paymentProvider(services: PaymentServices): PaymentProvider {
  if (services.config.PAYMENT_PROVIDER === "stripe") return lazyStripeProvider(services.config);
  return localPaymentProvider(services);
}

/**
 * Stripe's adapter, its SDK (580 kB) loaded at the first payment call rather than at every
 * start of the Worker (decision 0077).
 */
function lazyStripeProvider(config: PaymentServices["config"]): PaymentProvider {
  const adapter = () => import("./stripe.server").then((stripe) => stripe.stripeProvider(config));
  return {
    name: "stripe",
    call: async (request) => (await adapter()).call(request),
    createSession: async (request) => {
      const stripe = await adapter();
      if (!stripe.createSession) throw new Error("The Stripe adapter makes no hosted sessions");
      return stripe.createSession(request);
    },
  };
}

const succeeded = (services: PaymentServices, key: string) =>
  services.db
    .select({ ref: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.idempotencyKey, key), eq(payments.status, "succeeded")))
    .get();

/**
 * One call through the interface: answered from the record when this key already succeeded
 * (a repeat or a retry), else sent to the provider and recorded, success or failure.
 */
export async function callPayment(
  services: PaymentServices,
  request: PaymentCall,
  now: number,
  provider = paymentProvider(services),
): Promise<PaymentOutcome> {
  const done = await succeeded(services, request.idempotencyKey);
  if (done) return { ok: true, ref: done.ref ?? "", replayed: true };
  const row = {
    orderId: request.orderId,
    transactionId: request.transactionId,
    operation: request.operation,
    amount: request.amount,
    idempotencyKey: request.idempotencyKey,
    provider: provider.name,
    createdAt: now,
  };
  try {
    const { ref } = await provider.call(await withOrderPayment(services, request));
    // Two calls at once with one key: the provider answered both alike; one row is kept.
    await services.db
      .insert(payments)
      .values({ id: `pay_${crypto.randomUUID()}`, ...row, status: "succeeded", providerRef: ref })
      .onConflictDoNothing();
    return { ok: true, ref, replayed: false };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await services.db
      .insert(payments)
      .values({ id: `pay_${crypto.randomUUID()}`, ...row, status: "failed", error: message.slice(0, 500) });
    return { ok: false, error: message };
  }
}

/**
 * What the order's checkout payment left (decision 0055): its payment intent (a refund goes
 * against it, or against the later charge it gives back), its customer and saved card (a later
 * charge uses them off-session).
 */
async function withOrderPayment(services: PaymentServices, request: PaymentCall): Promise<PaymentCall> {
  if (request.paymentIntentId !== undefined) return request;
  const order = await services.db
    .select({
      paymentIntentId: orders.paymentIntentId,
      customerId: orders.paymentCustomerId,
      paymentMethodId: orders.paymentMethodId,
    })
    .from(orders)
    .where(eq(orders.id, request.orderId))
    .get();
  let paymentIntentId = order?.paymentIntentId ?? null;
  // An overturned later charge is given back from the later charge that took it, never from the
  // checkout payment: one whose capture never succeeded has nothing to give back (issue 42; the
  // refund cap stops such a refund before it gets here). A purchase's kept price was the checkout's.
  const overturned =
    request.operation === "refund" ? /^refund:overturn:(.+)$/.exec(request.idempotencyKey)?.[1] : undefined;
  if (overturned) {
    const charge = await services.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          eq(transactions.orderItemId, overturned),
          inArray(transactions.transactionType, ["damage_charge", "not_returnable"]),
        ),
      )
      .get();
    if (charge) {
      const capture = await succeeded(services, captureKey(charge.id));
      paymentIntentId = capture?.ref?.startsWith("pi_") ? capture.ref : capture ? paymentIntentId : null;
    }
  }
  return {
    ...request,
    paymentIntentId,
    customerId: order?.customerId ?? null,
    paymentMethodId: order?.paymentMethodId ?? null,
  };
}

export const authorizeKey = (orderId: string) => `authorize:${orderId}`;
export const captureKey = (transactionId: string) => `capture:${transactionId}`;
/** The delivery fee is collected once per order, whatever its items do later. */
export const deliveryCaptureKey = (orderId: string) => `capture:delivery:${orderId}`;
export const refundKey = (orderId: string) => `refund:${orderId}`;

/** At order time: the order's total is authorized. The order stands if this fails (no card step in v1); it is logged and recorded. */
export async function authorizeOrder(
  services: PaymentServices,
  orderId: string,
  total: number,
  now: number,
): Promise<PaymentOutcome> {
  try {
    const outcome = await callPayment(
      services,
      { operation: "authorize", orderId, transactionId: null, amount: total, idempotencyKey: authorizeKey(orderId) },
      now,
    );
    if (!outcome.ok) console.error(`payments: authorizing ${orderId} failed`, outcome.error);
    return outcome;
  } catch (error) {
    console.error(`payments: authorizing ${orderId} could not be recorded`, error);
    return { ok: false, error: String(error) };
  }
}

/** The transactions of an order (or of every order) whose capture has not succeeded yet. */
async function uncaptured(services: PaymentServices, orderId?: string) {
  const capturedAlready = services.db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.idempotencyKey, sql`'capture:' || ${transactions.id}`), eq(payments.status, "succeeded")));
  return (
    services.db
      .select({
        id: transactions.id,
        orderId: transactions.orderId,
        gross: transactions.grossAmount,
        type: transactions.transactionType,
        paidAtCheckout: orders.paymentIntentId,
      })
      .from(transactions)
      .leftJoin(orders, eq(orders.id, transactions.orderId))
      // Money going back (a refund, a reversal) is given back by refundPayment, never captured.
      .where(
        and(
          orderId ? eq(transactions.orderId, orderId) : isNotNull(transactions.orderId),
          inArray(transactions.status, ["completed", "pending"]),
          gt(transactions.grossAmount, 0),
          notExists(capturedAlready),
        ),
      )
  );
}

/**
 * Orders (one, or every one) delivered but whose delivery fee has not been captured yet. An order
 * is delivered as a whole (staff mark it), so any item with a delivery time means the fee is due;
 * a cancelled order was never delivered (cancelling is refused after delivery) and is refunded
 * instead. The status literal is written raw so the partial unique index on succeeded keys serves
 * the lookup (a bound parameter would not match its condition).
 */
async function deliveryFeesDue(services: PaymentServices, orderId?: string) {
  const delivered = services.db
    .select({ one: sql`1` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orders.id), isNotNull(orderItems.deliveredAt)));
  const capturedAlready = services.db
    .select({ one: sql`1` })
    .from(payments)
    .where(
      and(eq(payments.idempotencyKey, sql`'capture:delivery:' || ${orders.id}`), sql`${payments.status} = 'succeeded'`),
    );
  return services.db
    .select({ orderId: orders.id, fee: orders.deliveryFee, paidAtCheckout: orders.paymentIntentId })
    .from(orders)
    .where(
      and(
        orderId ? eq(orders.id, orderId) : undefined,
        // The terms of orders_fee_uncollected_idx, as it writes them (migration 0080): literals, not
        // bound values, so the planner reads only the orders whose fee no capture has collected.
        sql`${orders.deliveryFee} > 0 AND ${orders.feeCollectedAt} IS NULL AND ${orders.status} <> 'cancelled'`,
        exists(delivered),
        notExists(capturedAlready),
      ),
    );
}

export interface CaptureSummary {
  captured: number;
  failed: number;
}

/**
 * Captures what the lifecycle recorded and has not been collected: after a status change for one
 * order, and from the daily job for every order (the retry). A failed capture leaves its
 * transaction 'pending' (not counted in revenue or payouts) until a retry succeeds. A delivered
 * order's delivery fee is captured here too, once, under its own key; until that succeeds the
 * order shows as owing it (deliveryFeesOwed in app/data/finance.server.ts, the admin Financial tab).
 */
export async function captureDue(services: PaymentServices, now: number, orderId?: string): Promise<CaptureSummary> {
  const due = await uncaptured(services, orderId);
  const summary: CaptureSummary = { captured: 0, failed: 0 };
  for (const txn of due) {
    try {
      // Cancelled since it was listed (an overturned charge never collected, decision 0074): not charged.
      const still = await services.db
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.id, txn.id))
        .get();
      if (still?.status !== "completed" && still?.status !== "pending") continue;
      // The lines were paid at checkout: their capture settles against that payment. Anything
      // later (Buy it now, a conversion, a damage charge) is charged off-session with the saved card.
      const collected = txn.paidAtCheckout !== null && chargeMoment(txn.type as ChargeKind) === "checkout";
      const outcome = await callPayment(
        services,
        {
          operation: "capture",
          orderId: txn.orderId!,
          transactionId: txn.id,
          amount: txn.gross,
          idempotencyKey: captureKey(txn.id),
          collected,
        },
        now,
      );
      await services.db
        .update(transactions)
        .set({ status: outcome.ok ? "completed" : "pending" })
        .where(and(eq(transactions.id, txn.id), inArray(transactions.status, ["completed", "pending"])));
      if (outcome.ok) summary.captured++;
      else {
        summary.failed++;
        console.error(
          `payments: capturing ${txn.id} failed; it stays pending and the daily job retries it`,
          outcome.error,
        );
        if (!collected) await tellChargeFailed(services, txn.orderId!, txn.id, txn.gross);
      }
    } catch (error) {
      summary.failed++;
      console.error(`payments: capturing ${txn.id} failed`, error);
    }
  }
  for (const order of await deliveryFeesDue(services, orderId)) {
    try {
      const outcome = await callPayment(
        services,
        {
          operation: "capture",
          orderId: order.orderId,
          transactionId: null,
          amount: order.fee,
          idempotencyKey: deliveryCaptureKey(order.orderId),
          collected: order.paidAtCheckout !== null,
        },
        now,
      );
      if (outcome.ok) summary.captured++;
      else {
        summary.failed++;
        console.error(
          `payments: capturing the delivery fee of ${order.orderId} failed; the daily job retries it`,
          outcome.error,
        );
      }
    } catch (error) {
      summary.failed++;
      console.error(`payments: capturing the delivery fee of ${order.orderId} failed`, error);
    }
  }
  return summary;
}

/** What an order's later charges still owe (a failed off-session charge): the 'Update your card' prompt. */
export async function laterChargesOwed(db: PaymentServices["db"], orderId: string) {
  return (await laterChargesOwedQuery(db, orderId).get())?.owed ?? 0;
}

/** `laterChargesOwed` as a part of a batch (the order page's). */
export function laterChargesOwedPart(db: PaymentServices["db"], orderId: string) {
  return mapPart(rowsPart(laterChargesOwedQuery(db, orderId)), (rows) => rows[0]?.owed ?? 0);
}

function laterChargesOwedQuery(db: PaymentServices["db"], orderId: string) {
  const failed = db
    .select({ one: sql`1` })
    .from(payments)
    .where(
      and(
        eq(payments.transactionId, transactions.id),
        eq(payments.operation, "capture"),
        sql`${payments.status} = 'failed'`,
      ),
    );
  return db
    .select({ owed: sql<number>`coalesce(sum(${transactions.grossAmount}), 0)` })
    .from(transactions)
    .where(
      and(
        eq(transactions.orderId, orderId),
        eq(transactions.status, "pending"),
        inArray(transactions.transactionType, [
          "rental_purchase",
          "rental_conversion",
          "damage_charge",
          "not_returnable",
        ]),
        exists(failed),
      ),
    );
}
