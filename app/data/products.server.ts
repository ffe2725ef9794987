import { and, desc, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import { products } from "../../db/schema";
import { newItemsSince } from "../domain/catalog";
import type { Database } from "./db.server";

export const cardColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  price: products.price,
  rentalPrice: products.rentalPrice,
  images: products.images,
  availability: products.availability,
};

/** Home's new items: live, created in the last 30 days, newest first, with images and a rental price. */
export async function newItems(db: Database, now: number, limit = 12) {
  return db
    .select(cardColumns)
    .from(products)
    .where(
      and(
        eq(products.productStatus, "live"),
        gte(products.createdAt, newItemsSince(now)),
        isNotNull(products.rentalPrice),
        sql`${products.images} <> '[]'`,
        ne(products.availability, "sold"),
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}
