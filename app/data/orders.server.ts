import { and, desc, eq, sql, type SQLWrapper } from "drizzle-orm";
import {
  cartItems,
  orderIdempotencyKeys,
  orderItems,
  orders,
  orderStatusHistory,
  products,
  users,
} from "../../db/schema";
import type { BillingAddress, ShippingAddress } from "../domain/checkout";
import { basketTotals } from "../domain/delivery";
import { deliveryTo } from "../domain/shipping-zones";
import { handlerShipping } from "./shipping.server";
import { orderId } from "../domain/ids";
import { randomOrderReference } from "../domain/order-reference";
import { reservationEnds } from "../domain/payment-timing";
import type { HeldReservation } from "../domain/alerts";
import { heldForYouBox } from "../domain/held-for-you";
import { lineExtras, placedBackAround, protectionTotal, type RentalChoices } from "../domain/rental-checkout";
import { priceNote } from "../domain/price-notes";
import type { Database } from "./db.server";
import { mapPart, rowsPart } from "./parts.server";
import { priceForShopper } from "./basket-pricing.server";

/**
 * An order's payment (decision 0055): whose it is, its status, the provider's hosted page for it
 * (its session, address and when the reservation ends) and its saved card; undefined when no such order.
 */
export function orderPayment(db: Database, id: string) {
  return orderPaymentQuery(db, id).get();
}

/** `orderPayment` as a part of a batch. */
export function orderPaymentPart(db: Database, id: string) {
  return mapPart(rowsPart(orderPaymentQuery(db, id)), (rows) => rows[0]);
}

function orderPaymentQuery(db: Database, id: string) {
  return db
    .select({
      id: orders.id,
      reference: orders.reference,
      userId: orders.userId,
      status: orders.status,
      sessionId: orders.paymentSessionId,
      url: orders.paymentSessionUrl,
      expiresAt: orders.paymentExpiresAt,
      customerId: orders.paymentCustomerId,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(eq(orders.id, id));
}

/** The addresses of the shopper's latest order: their next checkout starts from them (decision 0068). */
export function latestOrderAddresses(db: Database, userId: string) {
  return db
    .select({ billing: orders.billingAddress, shipping: orders.shippingAddress })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1)
    .get();
}

/**
 * Which of `productIds` the checkouts of `userId` hold, waiting for their payment, as a JSON list
 * (one subquery: the signed-in visitor's D1 statement reads it beside their header's values).
 */
export const heldReservationsJson = (userId: SQLWrapper | string, productIds: readonly string[]) =>
  sql<string>`(select json_group_array(json_object('productId', oi.product_id, 'orderId', o.id, 'until', o.payment_expires_at)) from order_items oi join orders o on o.id = oi.order_id where o.user_id = ${userId} and o.status = 'awaiting_payment' and oi.status <> 'cancelled' and oi.product_id in (select value from json_each(${JSON.stringify(productIds)})))`;

/** heldReservationsJson's list, by product id. */
export function readHeldReservations(json: string): Record<string, HeldReservation> {
  return Object.fromEntries(
    (JSON.parse(json) as (HeldReservation & { productId: string })[]).map(({ productId, orderId, until }) => [
      productId,
      { orderId, until },
    ]),
  );
}

/** The checkout of `userId` that holds `productId`, if one does, with the zone its holder reads it in. */
export async function heldReservation(db: Database, userId: string, productId: string, zone: string | null) {
  const row = await db
    .select({ held: heldReservationsJson(userId, [productId]) })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  const held = row ? readHeldReservations(row.held)[productId] : undefined;
  return held ? heldForYouBox(held, zone) : null;
}

export class CheckoutError extends Error {
  constructor(
    message: string,
    readonly unavailable: string[] = [],
  ) {
    super(message);
  }
}

export async function orderForKey(db: Database, userId: string, key: string) {
  const row = await db
    .select({ orderId: orderIdempotencyKeys.orderId, reference: orders.reference })
    .from(orderIdempotencyKeys)
    .innerJoin(orders, eq(orders.id, orderIdempotencyKeys.orderId))
    .where(and(eq(orderIdempotencyKeys.key, key), eq(orderIdempotencyKeys.userId, userId)))
    .get();
  return row ? { orderId: row.orderId, reference: row.reference ?? "" } : null;
}

/** The basket as the order will see it: prices from products, never from the cart or the form. */
async function checkoutLines(db: Database, userId: string) {
  const rows = await db
    .select({
      productId: cartItems.productId,
      name: products.name,
      type: cartItems.type,
      sellerId: cartItems.sellerId,
      sellerType: cartItems.sellerType,
      handler: cartItems.handler,
      rentalPrice: products.rentalPrice,
      buyingPrice: products.buyingPrice,
      productStatus: products.productStatus,
      availability: products.availability,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.createdAt));
  // One of a kind: a line is one item, whatever quantity an old basket row still holds (issue 22).
  return rows.map((r) => ({ ...r, quantity: 1, price: (r.type === "rental" ? r.rentalPrice : r.buyingPrice) ?? null }));
}

const unavailableMessage = (names: string[]) =>
  names.length === 1
    ? `"${names[0]}" is no longer available. Remove it from your basket to continue.`
    : `These items are no longer available: ${names.map((n) => `"${n}"`).join(", ")}. Remove them from your basket to continue.`;

export interface PlacedOrder {
  orderId: string;
  /** The short reference people see (decision 0076). */
  reference: string;
  duplicate: boolean;
  total: number;
  lines: { productId: string; name: string; price: number; quantity: number; type: "rental" | "purchase" }[];
}

/**
 * Places the order in one atomic D1 batch that also reserves every item. Each order line takes
 * its product id from a sub-select that only finds a live, available product: for an item that
 * was sold or rented meanwhile it yields NULL, the NOT NULL constraint fails, and the whole
 * batch (order, lines, reservations, cart clearing) rolls back. D1 runs batches one at a time,
 * so of two shoppers racing for one item exactly one wins.
 */
export async function placeOrder(
  db: Database,
  user: { id: string },
  input: { billing: BillingAddress; shipping: ShippingAddress; idempotencyKey: string; rentals?: RentalChoices },
  now: number,
  makeReference: () => string = randomOrderReference,
  attempt = 1,
): Promise<PlacedOrder> {
  const previous = await orderForKey(db, user.id, input.idempotencyKey);
  if (previous) return { ...previous, duplicate: true, total: 0, lines: [] };

  const lines = await checkoutLines(db, user.id);
  if (lines.length === 0) throw new CheckoutError("Your cart is empty");
  const gone = lines.filter((l) => l.productStatus !== "live" || l.availability !== "available").map((l) => l.name);
  if (gone.length) throw new CheckoutError(unavailableMessage(gone), gone);
  const unpriced = lines.filter((l) => l.price === null).map((l) => l.name);
  if (unpriced.length)
    throw new CheckoutError(
      `The price of ${unpriced.map((n) => `"${n}"`).join(", ")} is not set. Switch the option or remove it.`,
      unpriced,
    );

  // Agreed prices (accepted offers) and bundle discounts: the price paid is each line's own (issue 43).
  const priced = (
    await priceForShopper(
      db,
      user.id,
      lines.map((l) => ({ ...l, price: l.price! })),
      now,
    )
  ).lines;
  // Each handler group pays the fee of the destination's zone, or is refused (issue 45 item 4).
  const delivery = deliveryTo(priced, await handlerShipping(db, priced), input.shipping.country);
  if (!delivery.ok) throw new CheckoutError(delivery.message, delivery.refused);
  const totals = {
    ...basketTotals(priced),
    delivery: delivery.delivery,
    total: basketTotals(priced).subtotal + delivery.delivery,
  };
  // Damage protection (decision 0080) is part of the order's total, each rental's fee on its line.
  totals.total += protectionTotal(priced, input.rentals);
  const id = orderId(now);
  const reference = makeReference();
  const statements = [
    db.insert(orders).values({
      id,
      reference,
      userId: user.id,
      // Reserved for the shopper until the provider's event confirms the payment (decision 0055).
      status: "awaiting_payment",
      paymentExpiresAt: reservationEnds(now),
      subtotalAmount: totals.subtotal,
      deliveryFee: totals.delivery,
      totalAmount: totals.total,
      currency: "GBP",
      billingAddress: input.billing,
      shippingAddress: input.shipping,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(orderIdempotencyKeys).values({ key: input.idempotencyKey, userId: user.id, orderId: id, createdAt: now }),
    db.insert(orderStatusHistory).values({
      id: `hist_${crypto.randomUUID()}`,
      orderId: id,
      toStatus: "awaiting_payment",
      actorId: user.id,
      actorRole: "shopper",
      note: "Order placed, awaiting payment",
      createdAt: now,
    }),
    ...priced.flatMap((line) => [
      db.insert(orderItems).values({
        id: crypto.randomUUID(),
        orderId: id,
        productId: sql`(select id from ${products} where id = ${line.productId} and product_status = 'live' and availability = 'available')`,
        name: line.name,
        type: line.type,
        quantity: line.quantity,
        price: line.price,
        // What buying a rental will cost: the buying price on the day of the order.
        buyingPrice: line.buyingPrice,
        status: "pending",
        sellerId: line.sellerId,
        sellerType: line.sellerType,
        handler: line.handler,
        ...lineExtras(line, input.rentals),
        groupDeliveryFee: delivery.feeOf(line),
        // An agreed price or a bundle discount: what it was listed at, for the order page (decision 0093).
        ...priceNote(line),
        createdAt: now,
      }),
      db
        .update(products)
        .set({
          availability: line.type === "rental" ? "rented" : "sold",
          backAroundAt: placedBackAround(line, input.rentals, now, input.shipping.country),
          updatedAt: now,
        })
        .where(and(eq(products.id, line.productId), eq(products.availability, "available"))),
    ]),
    db.delete(cartItems).where(eq(cartItems.userId, user.id)),
  ];
  try {
    await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  } catch (error) {
    // A double submit that raced the first: the key now points at the winning order.
    const raced = await orderForKey(db, user.id, input.idempotencyKey);
    if (raced) return { ...raced, duplicate: true, total: 0, lines: [] };
    // One in a trillion: the random reference is taken. The batch changed nothing; draw again.
    if (String(error).includes("orders.reference") && attempt < 3)
      return placeOrder(db, user, input, now, makeReference, attempt + 1);
    const now2 = await checkoutLines(db, user.id);
    const lost = now2.filter((l) => l.productStatus !== "live" || l.availability !== "available").map((l) => l.name);
    if (lost.length) throw new CheckoutError(unavailableMessage(lost), lost);
    throw error;
  }
  return {
    orderId: id,
    reference,
    duplicate: false,
    total: totals.total,
    lines: priced.map((l) => ({
      productId: l.productId,
      name: l.name,
      price: l.price,
      quantity: l.quantity,
      type: l.type,
    })),
  };
}
