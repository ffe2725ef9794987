import { and, eq } from "drizzle-orm";
import { orderItems, orders, orderStatusHistory, payments, users } from "../../db/schema";
import type { AppContext } from "../context";
import type { PlacedOrder } from "../data/orders.server";
import type { ShippingAddress } from "../domain/checkout";
import { checkPaymentAgainstOrder } from "../domain/payment-check";
import { announceOrder } from "./checkout.server";
import { expireReservation } from "./checkout-payment.server";
import { publicPagesChanged } from "./freshness.server";
import { authorizeKey } from "./payments.server";
import { refundOrder } from "./refunds.server";

// The provider's word that a checkout was paid (issue 27 item 1, decisions 0055 and 0072). The
// order is confirmed by one conditional update (awaiting payment → pending, for this session); a
// payment that loses to the reservation's end, or that does not match the order's total and
// currency, confirms nothing and is refunded at once.

type Services = Pick<AppContext, "env" | "config" | "db">;

export type PaidEvent = {
  orderId: string;
  sessionId: string;
  paymentIntentId: string | null;
  customerId: string | null;
  paymentMethodId?: string | null;
  /** Integer pence the provider collected. */
  amount: number;
  /** The currency it was collected in, as the provider reports it ('gbp'). */
  currency: string | null;
  provider: string;
};

/** Re-reads what announceOrder needs: the shopper, the lines, the shipping address. */
async function placedOrder(app: Services, orderId: string) {
  const order = await app.db
    .select({
      id: orders.id,
      reference: orders.reference,
      total: orders.totalAmount,
      shipping: orders.shippingAddress,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .get();
  if (!order) return null;
  const lines = await app.db
    .select({
      productId: orderItems.productId,
      name: orderItems.name,
      price: orderItems.price,
      quantity: orderItems.quantity,
      type: orderItems.type,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.createdAt, orderItems.id);
  return {
    order,
    placed: {
      orderId,
      reference: order.reference ?? "",
      duplicate: false,
      total: order.total,
      lines,
    } satisfies PlacedOrder,
  };
}

const orderNow = (app: Services, orderId: string) =>
  app.db
    .select({
      status: orders.status,
      sessionId: orders.paymentSessionId,
      total: orders.totalAmount,
      intent: orders.paymentIntentId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();

/** The payment given back: the order now names the payment intent the refund goes against. */
async function giveBack(app: Services, paid: PaidEvent, now: number) {
  await app.db
    .update(orders)
    .set({ paymentIntentId: paid.paymentIntentId, paymentCustomerId: paid.customerId })
    .where(eq(orders.id, paid.orderId));
  const refund = await refundOrder(app, paid.orderId, now);
  return refund?.ok === false ? "refund failed; the daily job retries it" : "refunded";
}

/**
 * The provider's event says the checkout was paid. The first one whose amount and currency match
 * the order confirms it (awaiting payment → pending), records the payment as the order's
 * authorization (decision 0035's row: what later captures settle against) and announces it; a
 * replay changes nothing. A payment that does not match holds the order (not confirmed: it is
 * cancelled, staff see it on the Orders tab) and is refunded; one that arrives after the
 * reservation ended, even by a moment, is refunded.
 */
export async function confirmPaid(app: Services, paid: PaidEvent, now: number): Promise<string> {
  const order = await orderNow(app, paid.orderId);
  if (!order) return "ignored: no such order";
  if (order.sessionId !== paid.sessionId) return "ignored: not this order's session";
  // The money was taken: recorded once, whatever the order's state (refunded below when it cannot stand).
  await app.db
    .insert(payments)
    .values({
      id: `pay_${crypto.randomUUID()}`,
      orderId: paid.orderId,
      transactionId: null,
      operation: "authorize",
      amount: paid.amount,
      idempotencyKey: authorizeKey(paid.orderId),
      provider: paid.provider,
      status: "succeeded",
      providerRef: paid.paymentIntentId,
      createdAt: now,
    })
    .onConflictDoNothing();
  const check = checkPaymentAgainstOrder(paid, order.total);
  if (!check.ok) {
    const held = await expireReservation(app, paid.orderId, now, {
      sessionId: paid.sessionId,
      paymentIssue: check.reason,
    });
    const after = held ? null : await orderNow(app, paid.orderId);
    // Confirmed already by a payment that matched (this one is a stray under the same session): nothing to undo.
    if (after && after.status !== "cancelled") return `ignored: already confirmed (${check.reason})`;
    // Ended a moment before by the reservation's end: staff still see what the payment was.
    if (after)
      await app.db
        .update(orders)
        .set({ paymentIssue: check.reason.slice(0, 300), paymentIssueAt: now })
        .where(eq(orders.id, paid.orderId));
    console.error(`payments: order ${paid.orderId}'s checkout payment did not match: ${check.reason}`);
    return `held: ${check.reason}; ${await giveBack(app, paid, now)}`;
  }
  const confirmed = await app.db
    .update(orders)
    .set({
      status: "pending",
      paidAt: now,
      updatedAt: now,
      paymentIntentId: paid.paymentIntentId,
      paymentCustomerId: paid.customerId,
      ...(paid.paymentMethodId ? { paymentMethodId: paid.paymentMethodId } : {}),
    })
    .where(
      and(
        eq(orders.id, paid.orderId),
        eq(orders.status, "awaiting_payment"),
        eq(orders.paymentSessionId, paid.sessionId),
      ),
    )
    .returning({ id: orders.id });
  if (confirmed.length === 0) {
    // Lost: what the order is now, read after the update (the reservation may have ended a moment ago).
    const after = await orderNow(app, paid.orderId);
    if (after?.status === "cancelled") return `${await giveBack(app, paid, now)}: the reservation had ended`;
    return "ignored: already confirmed";
  }
  await app.db.insert(orderStatusHistory).values({
    id: `hist_${crypto.randomUUID()}`,
    orderId: paid.orderId,
    fromStatus: "awaiting_payment",
    toStatus: "pending",
    actorId: null,
    actorRole: "system",
    note: "Payment confirmed by the provider",
    createdAt: now,
  });
  // Its items' pages said 'Reserved' while it waited: now they are rented or sold.
  await publicPagesChanged(app.env.CACHE, now);
  const found = await placedOrder(app, paid.orderId);
  if (found)
    await announceOrder(
      app as AppContext,
      { id: found.order.userId, email: found.order.email, fullName: found.order.fullName },
      found.placed,
      found.order.shipping as ShippingAddress,
      now,
    );
  return "confirmed";
}
