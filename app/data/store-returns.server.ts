import { and, eq, inArray } from "drizzle-orm";
import { orderItems, stores } from "../../db/schema";
import type { Database } from "./db.server";
import { returnsAwaitingInspection } from "./handler-orders.server";

// Concierge returns (decision 0021): the store that handles an item inspects it when it comes back.

/** The ids of the stores a user owns. */
export async function storesOwnedBy(db: Database, userId: string) {
  const rows = await db.select({ id: stores.id }).from(stores).where(eq(stores.ownerId, userId));
  return rows.map((r) => r.id);
}

/** Rentals sent back to the user's stores and waiting for their inspection, oldest first. */
export async function storeReturnsToInspect(db: Database, storeIds: string[]) {
  if (storeIds.length === 0) return [];
  return returnsAwaitingInspection(
    db,
    and(eq(orderItems.handler, "store"), inArray(orderItems.sellerId, storeIds)),
    100,
  );
}
