import { and, eq, inArray } from "drizzle-orm";
import { orderItems, orders, stores, users } from "../../db/schema";
import type { Database } from "./db.server";

// Concierge returns (decision 0021): the store that handles an item inspects it when it comes back.

/** The ids of the stores a user owns. */
export async function storesOwnedBy(db: Database, userId: string) {
  const rows = await db.select({ id: stores.id }).from(stores).where(eq(stores.ownerId, userId));
  return rows.map((r) => r.id);
}

/** Rentals sent back to the user's stores and waiting for their inspection, oldest first. */
export async function storeReturnsToInspect(db: Database, storeIds: string[]) {
  if (storeIds.length === 0) return [];
  return db
    .select({
      itemId: orderItems.id,
      orderId: orderItems.orderId,
      name: orderItems.name,
      returnRequestedAt: orderItems.returnRequestedAt,
      shopperName: users.fullName,
      shopperEmail: users.email,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderItems.status, "return_requested"), eq(orderItems.handler, "store"), inArray(orderItems.sellerId, storeIds)))
    .orderBy(orderItems.returnRequestedAt)
    .limit(100);
}
