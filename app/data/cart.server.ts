import { count, eq } from "drizzle-orm";
import { cartItems } from "../../db/schema";
import type { Database } from "./db.server";

/** The header badge: how many items the user's basket holds. */
export async function cartCount(db: Database, userId: string): Promise<number> {
  const row = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId)).get();
  return row?.n ?? 0;
}
