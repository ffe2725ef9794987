import { and, count, eq, inArray, sql } from "drizzle-orm";
import { cartItems, products, stores, users } from "../../db/schema";
import type { CartLine, CartOption } from "../domain/basket";
import type { Database } from "./db.server";
import { aliased } from "./columns.server";

export type { CartLine, CartOption };
import { isPublic, publicOrReserved, reservedUntil } from "./public-products.server";
import { newestFirst } from "./paging.server";
import { reservedText } from "../domain/alerts";
import { pricingColumns, readPricing } from "./basket-pricing.server";

/** How many lines the user's basket holds, as a query builder (the session reads it in its batch). */
export function cartCountQuery(db: Database, userId: string) {
  return db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
}

/** The header badge: how many items the user's basket holds. */
export async function cartCount(db: Database, userId: string): Promise<number> {
  const rows = await cartCountQuery(db, userId);
  return rows[0]?.n ?? 0;
}

/** A line someone else rented or bought since it was added. */
const GONE = "No longer available: someone else has it now.";

/**
 * The user's basket, newest first. Store sellers show the store's name and logo; if that
 * lookup fails the vendor names are kept and the failure is only logged (shopper.md §8).
 */
export async function cartLines(db: Database, userId: string, now = Date.now()): Promise<CartLine[]> {
  const rows = await db
    .select({
      productId: cartItems.productId,
      name: cartItems.name,
      imageUrl: cartItems.imageUrl,
      type: cartItems.type,
      price: cartItems.price,
      vendor: cartItems.vendor,
      sellerId: cartItems.sellerId,
      sellerAvatar: cartItems.sellerAvatar,
      sellerType: cartItems.sellerType,
      handler: cartItems.handler,
      hasRentalPrice: sql<number>`${products.rentalPrice} is not null`,
      hasBuyingPrice: sql<number>`${products.buyingPrice} is not null`,
      // Someone else may have reserved, rented or bought it since it was added.
      available: sql<number>`(${isPublic()}) and ${products.availability} = 'available'`,
      // Held by another shopper's checkout: when that hold ends, as the product page says it (issue 46 item 4).
      reservedUntil: reservedUntil().as("reserved_until"),
      // How the basket prices it for this shopper (issue 43): an accepted offer's price, its seller's bundle tiers.
      ...pricingColumns(userId, now),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(...newestFirst(cartItems));
  const lines = rows.map((r) => ({
    ...r,
    ...readPricing(r),
    quantity: 1 as const,
    hasRentalPrice: Boolean(r.hasRentalPrice),
    hasBuyingPrice: Boolean(r.hasBuyingPrice),
    available: Boolean(r.available),
    unavailableText: r.available ? null : r.reservedUntil !== null ? reservedText(r.reservedUntil) : GONE,
  }));
  const storeIds = [...new Set(lines.filter((l) => l.sellerType === "store" && l.sellerId).map((l) => l.sellerId!))];
  if (storeIds.length === 0) return lines;
  try {
    const found = await db
      .select({ id: stores.id, name: stores.name, logoUrl: stores.logoUrl })
      .from(stores)
      .where(inArray(stores.id, storeIds));
    const byId = new Map(found.map((s) => [s.id, s]));
    return lines.map((l) => {
      const store = l.sellerType === "store" && l.sellerId ? byId.get(l.sellerId) : undefined;
      return store ? { ...l, vendor: store.name, sellerAvatar: store.logoUrl } : l;
    });
  } catch (error) {
    console.error("cart: store lookup failed; keeping vendor names", error);
    return lines;
  }
}

export class CartError extends Error {
  constructor(
    readonly title: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const PRICE_MISSING: Record<CartOption, string> = {
  rental: "Rental price is not set for this item",
  purchase: "Purchase price is not set for this item",
};

async function publicProduct(db: Database, productId: string) {
  return db
    .select({
      id: products.id,
      name: products.name,
      images: products.images,
      brand: products.brand,
      rentalPrice: products.rentalPrice,
      buyingPrice: products.buyingPrice,
      status: products.status,
      conciergeStatus: products.conciergeStatus,
      availability: products.availability,
      storeId: products.storeId,
      ownerId: products.ownerId,
      ownerName: aliased(users.displayName, "owner_display_name"),
      ownerAvatar: aliased(users.avatarUrl, "owner_avatar"),
      reservedUntil: reservedUntil(),
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.ownerId))
    .where(and(eq(products.id, productId), publicOrReserved()))
    .get();
}

/**
 * Adds a product with the chosen option, prices from the database only. Every item is one of a
 * kind (issue 22, superseding the spec's quantity): a product already in the basket stays as it
 * is, and `added` is false so the shopper is told it is already there.
 */
export async function addToCart(db: Database, userId: string, productId: string, option: CartOption, now: number) {
  const product = await publicProduct(db, productId);
  if (!product) throw new CartError("Error adding item", "This item is no longer available", 404);
  // A seller does not buy or rent what they sell (decision 0069).
  if (product.ownerId === userId)
    throw new CartError("Error adding item", "This is your own item: it cannot go in your basket.", 409);
  // Why it cannot be added: another shopper's checkout holds it, or it is out on rental.
  if (product.reservedUntil !== null)
    throw new CartError("Error adding item", reservedText(product.reservedUntil), 409);
  if (product.availability !== "available")
    throw new CartError("Error adding item", "This item is currently rented", 409);
  const price = option === "rental" ? product.rentalPrice : product.buyingPrice;
  if (price === null) throw new CartError("Price not available", PRICE_MISSING[option]);
  const byStore = Boolean(product.storeId) && product.status === "approved";
  const seller = byStore
    ? {
        vendor: "Store",
        sellerId: product.storeId,
        sellerAvatar: null,
        sellerType: "store" as const,
        handler: "store" as const,
      }
    : {
        vendor: product.ownerName ?? product.brand,
        sellerId: product.ownerId,
        sellerAvatar: product.ownerAvatar,
        sellerType: "vendor" as const,
        handler: "vendor" as const,
      };
  const inserted = await db
    .insert(cartItems)
    .values({
      id: crypto.randomUUID(),
      userId,
      productId,
      name: product.name,
      imageUrl: product.images[0] ?? null,
      type: option,
      price,
      duration: option === "rental" ? 7 : null,
      quantity: 1,
      ...seller,
      conciergeStatus: product.conciergeStatus,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [cartItems.userId, cartItems.productId] })
    .returning({ id: cartItems.id });
  return { product, added: inserted.length > 0 };
}

/** Switches a line between rental and purchase; refused when that price is missing. */
export async function switchOption(db: Database, userId: string, productId: string, option: CartOption) {
  const product = await db
    .select({ rentalPrice: products.rentalPrice, buyingPrice: products.buyingPrice })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .get();
  if (!product) throw new CartError("Error updating option", "Failed to update purchase option", 404);
  const price = option === "rental" ? product.rentalPrice : product.buyingPrice;
  if (price === null) throw new CartError("Price not available", PRICE_MISSING[option]);
  await db
    .update(cartItems)
    .set({ type: option, price, duration: option === "rental" ? 7 : null })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
}

export async function removeFromCart(db: Database, userId: string, productId: string) {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .returning({ id: cartItems.id });
  return removed.length > 0;
}

export async function clearCart(db: Database, userId: string) {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}
