import { and, eq } from "drizzle-orm";
import { orderItems, stores, users } from "../../db/schema";
import { CLOSETLOOP_RETURNS_ADDRESS } from "../domain/returns";
import type { Database } from "./db.server";
import { splitStoreDescription } from "./profiles.server";
import { addressLines } from "../domain/postal-address";

// Where a returned item goes (issue 22): its handler's return address — the store's address for a
// concierge item, the seller's return address (set in their profile) otherwise — and Closetloop's
// own returns address when a seller has none (staff are the fallback handler).

export interface ReturnDestination {
  /** Who receives it: the store, the seller, or Closetloop. */
  name: string;
  lines: string[];
  handledBy: "store" | "seller" | "closetloop";
  /** A store's address as its Settings keep it (decision 0094), when it was saved in the fields. */
  address?: Record<string, string | undefined> | null;
}

export async function returnDestination(
  db: Database,
  item: { handler: "vendor" | "store"; sellerId: string | null; ownerId: string | null },
): Promise<ReturnDestination> {
  if (item.handler === "store" && item.sellerId) {
    const store = await db
      .select({ name: stores.name, description: stores.description, address: stores.address })
      .from(stores)
      .where(eq(stores.id, item.sellerId))
      .get();
    // Saved in the address fields: printed the way its country writes it.
    if (store?.address)
      return { name: store.name, lines: addressLines(store.address), handledBy: "store", address: store.address };
    const address = store ? splitStoreDescription(store.description).address : null;
    if (store)
      return {
        name: store.name,
        lines: [store.name, ...(address ?? "").split(/,\s*|\n/).filter(Boolean)],
        handledBy: "store",
      };
  }
  if (item.handler === "vendor" && item.ownerId) {
    const seller = await db
      .select({ name: users.displayName, fullName: users.fullName, address: users.returnAddress })
      .from(users)
      .where(eq(users.id, item.ownerId))
      .get();
    const lines = addressLines(seller?.address ?? null);
    if (seller && lines.length)
      return { name: seller.name ?? seller.fullName ?? "the seller", lines, handledBy: "seller" };
  }
  return { name: "Closetloop", lines: [...CLOSETLOOP_RETURNS_ADDRESS], handledBy: "closetloop" };
}

/** The shopper's own carrier and tracking number for a return on its way (only while it is coming back). */
export async function setReturnTracking(
  db: Database,
  itemId: string,
  tracking: { carrier: string; trackingNumber: string },
) {
  const updated = await db
    .update(orderItems)
    .set({ returnCarrier: tracking.carrier, returnTrackingNumber: tracking.trackingNumber })
    .where(and(eq(orderItems.id, itemId), eq(orderItems.status, "return_requested")))
    .returning({ status: orderItems.status });
  return updated.length > 0;
}
