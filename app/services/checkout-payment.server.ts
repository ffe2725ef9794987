import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { orderItems, orders, orderStatusHistory, products, users } from "../../db/schema";
import type { AppContext } from "../context";
import { addToCart } from "../data/cart.server";
import type { PlacedOrder } from "../data/orders.server";
import { formatGBP } from "../domain/money";
import { reservationEnds } from "../domain/payment-timing";
import { tellBackOnSale } from "./alerts.server";
import { publicPagesChanged } from "./freshness.server";
import { notify } from "./notify.server";
import { paymentProvider, type HostedSession } from "./payments.server";
import { orderPath } from "./links.server";

// Checkout pays (issue 27 item 1; docs/decisions/0055-stripe-payments.md). The order is placed
// 'awaiting_payment' with its items reserved; the shopper pays on the provider's hosted page; the
// provider's signed event (never the browser's return) confirms it: the order becomes 'pending'
// and is announced as before. A reservation that was not paid in time ends: its items are back on
// sale, the order is cancelled and the shopper told. A payment that arrives after that is refunded.

type Services = Pick<AppContext, "env" | "config" | "db">;

/** The hosted session for a placed order: its lines and delivery, its success and cancel pages on this site. */
export async function startPayment(
  app: Services,
  order: PlacedOrder,
  customer: { email: string },
  origin: string,
  now: number,
): Promise<HostedSession> {
  const expiresAt = reservationEnds(now);
  const lines = order.lines.map((l) => ({
    name: `${l.name} (${l.type === "rental" ? "7-day rental" : "Buy Now"})`,
    amount: l.price,
  }));
  const delivery = order.total - order.lines.reduce((sum, l) => sum + l.price, 0);
  if (delivery > 0) lines.push({ name: "Delivery", amount: delivery });
  const session = await paymentProvider(app).createSession!({
    mode: "payment",
    orderId: order.orderId,
    amount: order.total,
    lines,
    customerEmail: customer.email,
    successUrl: `${origin}${orderPath(order.orderId)}?placed=1`,
    cancelUrl: `${origin}${orderPath(order.orderId)}`,
    expiresAt,
    idempotencyKey: `checkout:${order.orderId}`,
  });
  await app.db
    .update(orders)
    .set({ paymentSessionId: session.id, paymentSessionUrl: session.url, paymentExpiresAt: expiresAt })
    .where(eq(orders.id, order.orderId));
  return session;
}

/** A hosted setup session: the shopper saves a new card for this order's later charges ('Update your card'). */
export async function startCardUpdate(
  app: Services,
  order: { id: string; customerId: string | null },
  customer: { email: string },
  origin: string,
  now: number,
): Promise<HostedSession> {
  return paymentProvider(app).createSession!({
    mode: "setup",
    orderId: order.id,
    amount: 0,
    lines: [],
    customerEmail: customer.email,
    customerId: order.customerId,
    successUrl: `${origin}${orderPath(order.id)}?card=updated`,
    cancelUrl: `${origin}${orderPath(order.id)}/card`,
    // Stripe's shortest session; the page can be opened again at any time.
    expiresAt: reservationEnds(now),
    idempotencyKey: `setup:${order.id}:${Math.floor(now / 60_000)}`,
  });
}

/** The checkout's payment intent and saved card, whichever event brings them first (they may come in any order). */
export async function rememberPaymentMethod(
  app: Services,
  orderId: string,
  found: { paymentIntentId?: string | null; customerId?: string | null; paymentMethodId?: string | null },
) {
  const set: Partial<typeof orders.$inferInsert> = {};
  if (found.paymentMethodId) set.paymentMethodId = found.paymentMethodId;
  if (found.customerId) set.paymentCustomerId = found.customerId;
  if (Object.keys(set).length === 0) return false;
  const updated = await app.db
    .update(orders)
    .set(set)
    .where(
      and(
        eq(orders.id, orderId),
        found.paymentIntentId
          ? sql`coalesce(${orders.paymentIntentId}, ${found.paymentIntentId}) = ${found.paymentIntentId}`
          : undefined,
      ),
    )
    .returning({ id: orders.id });
  return updated.length > 0;
}

/**
 * A reservation that was not paid in time (the Cron job, or the provider's 'expired' event), or
 * that its shopper called off before paying (`byShopper`, decision 0067): the order is cancelled,
 * its items are back on sale and the shopper is told (unless they did it). Only an order still
 * awaiting payment is touched, so a paid order, a replay or two runs at once change nothing; a
 * payment that arrives after is given back (confirmPaid).
 */
export async function expireReservation(
  app: Services,
  orderId: string,
  now: number,
  { sessionId, byShopper, paymentIssue }: { sessionId?: string; byShopper?: string; paymentIssue?: string } = {},
): Promise<boolean> {
  const ended = await app.db
    .update(orders)
    .set({
      status: "cancelled",
      updatedAt: now,
      ...(paymentIssue ? { paymentIssue: paymentIssue.slice(0, 300), paymentIssueAt: now, paidAt: now } : {}),
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "awaiting_payment"),
        sessionId ? eq(orders.paymentSessionId, sessionId) : undefined,
      ),
    )
    .returning({ id: orders.id, userId: orders.userId });
  if (ended.length === 0) return false;
  const items = await app.db
    .select({ id: orderItems.id, productId: orderItems.productId, name: orderItems.name })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const productIds = items.map((i) => i.productId);
  await app.db.batch([
    app.db
      .update(orderItems)
      .set({ status: "cancelled", cancelledAt: now })
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, "pending"))),
    // Back on sale: the reservation was this order's (nobody else could take a reserved item).
    app.db
      .update(products)
      .set({ availability: "available", updatedAt: now })
      .where(
        and(
          inArray(products.id, productIds.length ? productIds : [""]),
          inArray(products.availability, ["rented", "sold"]),
        ),
      ),
    app.db.insert(orderStatusHistory).values(
      byShopper
        ? {
            id: `hist_${crypto.randomUUID()}`,
            orderId,
            fromStatus: "awaiting_payment",
            toStatus: "cancelled",
            actorId: byShopper,
            actorRole: "shopper",
            note: "Cancelled before paying",
            createdAt: now,
          }
        : {
            id: `hist_${crypto.randomUUID()}`,
            orderId,
            fromStatus: "awaiting_payment",
            toStatus: "cancelled",
            actorId: null,
            actorRole: "system",
            note: paymentIssue
              ? `Payment did not match the order: ${paymentIssue}. Held, not confirmed; the payment is refunded`
              : "Payment not completed in time: reservation ended",
            createdAt: now,
          },
    ),
  ]);
  await publicPagesChanged(app.env.CACHE, now);
  await tellBackOnSale(app, productIds, now);
  if (byShopper) return true;
  const shopper = await app.db
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, ended[0]!.userId))
    .get();
  if (shopper) {
    try {
      await notify(app, [
        {
          key: `reservation_expired:${orderId}`,
          kind: "reservation_expired",
          userId: ended[0]!.userId,
          to: shopper.email,
          title: paymentIssue ? "Your order was not confirmed" : "Your reservation has ended",
          text: `Hello ${shopper.fullName ?? "there"},\n\n${paymentIssue ? `The payment for your order ${orderId} did not match its total, so we did not confirm the order, released` : `The payment for your order ${orderId} was not completed in time, so we released`} ${items.length === 1 ? "its item" : "its items"} (${items.map((i) => i.name).join(", ")}). ${paymentIssue ? "What was taken is refunded to your card." : "You have not been charged."}\n\nIf ${items.length === 1 ? "it is" : "they are"} still available you can add ${items.length === 1 ? "it" : "them"} to your basket again.`,
          link: "/cart",
          action: "Your basket",
        },
      ]);
    } catch (error) {
      console.error(`checkout: could not tell the shopper that ${orderId}'s reservation ended`, error);
    }
  }
  return true;
}

/** Every reservation whose time is up (the Cron job, every five minutes). */
export async function expireReservations(app: Services, now: number) {
  const due = await app.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "awaiting_payment"), lte(orders.paymentExpiresAt, now)))
    .limit(200);
  let expired = 0;
  for (const order of due) {
    try {
      if (await expireReservation(app, order.id, now)) expired++;
    } catch (error) {
      console.error(`job reservations: ending the reservation of ${order.id} failed`, error);
    }
  }
  return expired;
}

/** The shopper's basket again after a session could not be started: the order is released, the lines go back. */
export async function releaseUnstartedOrder(app: Services, order: PlacedOrder, userId: string, now: number) {
  await expireReservation(app, order.orderId, now);
  for (const line of order.lines) {
    try {
      await addToCart(app.db, userId, line.productId, line.type, now);
    } catch {
      // Gone meanwhile: the basket shows what is left.
    }
  }
}

export const describeAmount = formatGBP;
