// Reading orders as the lifecycle sees them (app/data/order-lifecycle.server.ts moves them): one
// order with its items, and the items in given statuses (the daily job's windows).
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { orderItems, orders, products, users } from "../../db/schema";
import type { ItemStatus, LifecycleOrder } from "../domain/order-lifecycle";
import type { Database } from "./db.server";
import { aliased } from "./columns.server";
import { turnaroundOf } from "./renting.server";

/** An order with its items as the lifecycle sees them (who handles each, its status and dates). */
export async function loadOrder(db: Database, orderId: string): Promise<LifecycleOrder | null> {
  const [orderRows, itemRows] = await db.batch([
    db
      .select({
        id: orders.id,
        reference: orders.reference,
        userId: orders.userId,
        status: orders.status,
        email: users.email,
        fullName: users.fullName,
        timeZone: users.timeZone,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId)),
    db
      .select({
        id: orderItems.id,
        orderId: orderItems.orderId,
        productId: orderItems.productId,
        name: orderItems.name,
        kind: orderItems.type,
        status: orderItems.status,
        price: orderItems.price,
        buyingPrice: orderItems.buyingPrice,
        rentalEndsAt: orderItems.rentalEndsAt,
        deliveredAt: orderItems.deliveredAt,
        returnedAt: orderItems.returnedAt,
        carrier: orderItems.carrier,
        trackingNumber: orderItems.trackingNumber,
        handler: orderItems.handler,
        sellerId: orderItems.sellerId,
        ownerId: products.ownerId,
        productBuyingPrice: aliased(products.buyingPrice, "product_buying_price"),
        protectionFee: orderItems.protectionFee,
        turnaroundDays: turnaroundOf(orderItems),
        groupDeliveryFee: orderItems.groupDeliveryFee,
        shipTo: sql<
          string | null
        >`(select json_extract(o.shipping_address, '$.country') from orders o where o.id = ${orderItems.orderId})`.as(
          "ship_to",
        ),
      })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id)),
  ]);
  const order = orderRows[0];
  return order ? { ...order, items: itemRows } : null;
}

/** Order items in given statuses, optionally narrowed (the daily job's windows, a handler's returns). */
export async function itemsInStatus(db: Database, statuses: ItemStatus[], where?: SQL) {
  return db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      status: orderItems.status,
      rentalEndsAt: orderItems.rentalEndsAt,
      reminderSentAt: orderItems.reminderSentAt,
    })
    .from(orderItems)
    .where(and(inArray(orderItems.status, statuses), where));
}
