import { and, eq, sql, type SQL } from "drizzle-orm";
import { orderItems, orders, users } from "../../db/schema";
import type { Database } from "./db.server";
import { aliased } from "./columns.server";
import { batchParts, mapPart, rowsPart } from "./parts.server";
import { addressLines, type PostalAddress } from "../domain/postal-address";

// The orders a handler (a seller, a store, staff) works through on their dashboard: order lines with
// their order's columns, grouped by order; the items to post; the returns to inspect.

/**
 * An order line as the dashboards list it, with its order's id, status and date. D1 batches
 * collapse duplicate column names of joined tables (decision 0009): the order's are aliased.
 */
export const orderLineColumns = {
  orderId: aliased(orders.id, "order_ref"),
  orderReference: aliased(orders.reference, "order_reference"),
  orderStatus: aliased(orders.status, "order_status"),
  placedAt: aliased(orders.createdAt, "order_placed_at"),
  itemId: orderItems.id,
  name: orderItems.name,
  type: orderItems.type,
  price: orderItems.price,
  itemStatus: orderItems.status,
};

/** What the shopper said of a return, for its handler (decision 0068): why, and the parcel's carrier and tracking. */
export const returnSentColumns = {
  returnReason: orderItems.returnReason,
  returnCarrier: orderItems.returnCarrier,
  returnTrackingNumber: orderItems.returnTrackingNumber,
};

type OrderLine = { orderId: string; orderReference: string | null; orderStatus: string; placedAt: number };

/** An order as the dashboards list it, from the order columns of its first line (`orderLineColumns`). */
export const orderHead = (line: OrderLine) => ({
  id: line.orderId,
  reference: line.orderReference,
  status: line.orderStatus,
  placedAt: line.placedAt,
});

/**
 * Lines grouped by their order, in the lines' order, at most `max` orders: `head` makes an order
 * from its first line, `item` what each line shows.
 */
export function groupByOrder<L extends { orderId: string }, H, I>(
  lines: L[],
  max: number,
  head: (line: L) => H,
  item: (line: L) => I,
) {
  const byOrder = new Map<string, H & { items: I[] }>();
  for (const line of lines) {
    let order = byOrder.get(line.orderId);
    if (!order) {
      if (byOrder.size >= max) break;
      order = { ...head(line), items: [] };
      byOrder.set(line.orderId, order);
    }
    order.items.push(item(line));
  }
  return [...byOrder.values()];
}

/**
 * Orders waiting to be posted (issue 22): items still pending or processing among the lines
 * `handledBy` selects (a seller's own items, a store's concierge items, or all for staff), oldest
 * order first, with the ship-to name and address. The handlers' Orders tabs and admin list them.
 */
export function ordersToSendQuery(db: Database, handledBy: SQL | undefined, limit = 50) {
  return (
    db
      .select({ ...orderLineColumns, shippingAddress: orders.shippingAddress, postBy: orderItems.postBy })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      // An order still awaiting its payment is not sent (decision 0055).
      .where(
        and(
          sql`${orderItems.status} in ('pending', 'processing')`,
          sql`${orders.status} <> 'awaiting_payment'`,
          handledBy,
        ),
      )
      .orderBy(orders.createdAt, orderItems.orderId, orderItems.id)
      .limit(limit * 4)
  );
}

/** The lines `ordersToSendQuery` read, grouped by order, at most `limit` orders. */
export function toSendFrom(lines: Awaited<ReturnType<typeof ordersToSendQuery>>, limit = 50) {
  return groupByOrder(
    lines,
    limit,
    (line) => ({
      orderId: line.orderId,
      reference: line.orderReference,
      placedAt: line.placedAt,
      shipTo: addressLines(line.shippingAddress as PostalAddress | null),
    }),
    (line) => ({ id: line.itemId, name: line.name, type: line.type, postBy: line.postBy }),
  );
}

/** The orders to send as a part of a page's batch (the handlers' Orders tabs, admin Orders). */
export function ordersToSendPart(db: Database, handledBy: SQL | undefined, limit = 50) {
  return mapPart(rowsPart(ordersToSendQuery(db, handledBy, limit)), (lines) => toSendFrom(lines, limit));
}

export async function ordersToSend(db: Database, handledBy: SQL | undefined, limit = 50) {
  return (await batchParts(db, [ordersToSendPart(db, handledBy, limit)] as const))[0];
}

export type OrderToSend = Awaited<ReturnType<typeof ordersToSend>>[number];

/**
 * Items sent back (rentals, and purchases returned within their window) and waiting for their
 * inspection, oldest first, among the lines `handledBy` selects (the platform's, or some
 * stores'): the admin Orders tab and the store dashboard list them. Who sent each back: staff
 * see the shopper's full name and e-mail; a seller or a store their display name only, as in a
 * conversation (issue 41, decision 0071).
 */
export function returnsAwaitingInspection(
  db: Database,
  handledBy: SQL | undefined,
  limit: number,
  seenBy: "staff" | "handler" = "handler",
) {
  const staff = seenBy === "staff";
  return db
    .select({
      itemId: orderItems.id,
      orderId: orderItems.orderId,
      orderReference: aliased(orders.reference, "order_reference"),
      name: orderItems.name,
      returnRequestedAt: orderItems.returnRequestedAt,
      ...returnSentColumns,
      shopperName: staff ? users.fullName : users.displayName,
      shopperEmail: staff ? users.email : sql<string | null>`null`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderItems.status, "return_requested"), handledBy))
    .orderBy(orderItems.returnRequestedAt)
    .limit(limit);
}
