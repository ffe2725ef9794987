import { and, desc, eq, type Placeholder } from "drizzle-orm";
import { favorites, products } from "../../db/schema";
import { cardColumns, isPublic } from "./public-products.server";
import type { Database } from "./db.server";
import type { ProductCardData } from "../domain/catalog";

export const favoriteQuery = (db: Database, userId: string | Placeholder, productId: string | Placeholder) =>
  db
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
    .limit(1);

export async function isFavorite(db: Database, userId: string, productId: string) {
  return (await favoriteQuery(db, userId, productId)).length > 0;
}

/** Saves or unsaves; returns the new state. Only public products can be saved. */
export async function toggleFavorite(
  db: Database,
  userId: string,
  productId: string,
  now: number,
): Promise<boolean | null> {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
    .returning({ id: favorites.id });
  if (removed.length) return false;
  const product = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isPublic()))
    .get();
  if (!product) return null;
  await db
    .insert(favorites)
    .values({ id: crypto.randomUUID(), userId, productId, createdAt: now })
    .onConflictDoNothing();
  return true;
}

/** The user's saved products that are still live, newest save first (shopper.md §2.10). */
export async function favoriteProducts(db: Database, userId: string): Promise<ProductCardData[]> {
  return db
    .select(cardColumns)
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .where(and(eq(favorites.userId, userId), isPublic()))
    .orderBy(desc(favorites.createdAt));
}
