import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  backInStockRequests,
  favorites,
  orderItems,
  products,
  savedSearches,
  savedSearchHits,
  users,
} from "../../db/schema";
import { SAVED_SEARCH_LIMIT, type CurrentRental } from "../domain/alerts";
import { isPublic, reservedByCheckout } from "./public-products.server";
import type { Database } from "./db.server";
import { newestFirst } from "./paging.server";

// Storage of alerts (issue 25, items 6 and 7): 'Notify me' requests, favourites' shoppers for a
// price drop, saved searches and what each already told of. Ownership is in every WHERE.

/** The rental that keeps a rented item away: its latest rental order item still out. */
export async function currentRental(db: Database, productId: string): Promise<CurrentRental | null> {
  return (
    (await db
      .select({
        status: orderItems.status,
        placedAt: orderItems.createdAt,
        shippedAt: orderItems.shippedAt,
        rentalEndsAt: orderItems.rentalEndsAt,
        returnRequestedAt: orderItems.returnRequestedAt,
      })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.productId, productId),
          eq(orderItems.type, "rental"),
          inArray(orderItems.status, ["pending", "processing", "shipped", "delivered", "active", "return_requested"]),
        ),
      )
      .orderBy(desc(orderItems.createdAt))
      .limit(1)
      .get()) ?? null
  );
}

export type NotifyMeOutcome = "waiting" | "available" | "sold" | "missing";

/**
 * 'Notify me' on an item: recorded only while the item is public and rented, or held by another
 * shopper's checkout (one waiting request
 * per shopper and item: asking twice is answered the same). A sold, available or missing item
 * writes nothing.
 */
export async function requestBackInStock(
  db: Database,
  userId: string,
  productId: string,
  now: number,
): Promise<NotifyMeOutcome> {
  const product = await db
    .select({
      availability: products.availability,
      live: sql<number>`${products.productStatus} = 'live'`,
      reserved: reservedByCheckout(),
    })
    .from(products)
    .where(eq(products.id, productId))
    .get();
  if (!product || (!product.live && product.availability !== "sold")) return "missing";
  // Bought, unless only held by a checkout that may not be paid (then it may be back soon).
  if (product.availability === "sold" && !product.reserved) return "sold";
  if (product.availability === "available") return "available";
  await db
    .insert(backInStockRequests)
    .values({ id: `bis_${crypto.randomUUID()}`, userId, productId, createdAt: now })
    .onConflictDoNothing();
  return "waiting";
}

/** Does this shopper wait for this item? */
export async function isWaitingFor(db: Database, userId: string, productId: string) {
  const row = await db
    .select({ id: backInStockRequests.id })
    .from(backInStockRequests)
    .where(
      and(
        eq(backInStockRequests.userId, userId),
        eq(backInStockRequests.productId, productId),
        isNull(backInStockRequests.notifiedAt),
      ),
    )
    .get();
  return Boolean(row);
}

/**
 * The requests of items now back on sale (public and available), stamped as told in the same
 * statement: only the call whose update stamped a row tells its shopper, so two at once tell once.
 */
export async function takeBackOnSale(db: Database, productIds: readonly string[], now: number) {
  if (productIds.length === 0) return [];
  const stamped = await db
    .update(backInStockRequests)
    .set({ notifiedAt: now })
    .where(
      and(
        inArray(backInStockRequests.productId, [...productIds]),
        isNull(backInStockRequests.notifiedAt),
        sql`${backInStockRequests.productId} in (select ${products.id} from ${products} where ${isPublic()} and ${products.availability} = 'available')`,
      ),
    )
    .returning({
      id: backInStockRequests.id,
      userId: backInStockRequests.userId,
      productId: backInStockRequests.productId,
    });
  if (stamped.length === 0) return [];
  const people = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, [...new Set(stamped.map((s) => s.userId))]));
  const items = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...new Set(stamped.map((s) => s.productId))]));
  return stamped.flatMap((s) => {
    const person = people.find((p) => p.id === s.userId);
    const item = items.find((p) => p.id === s.productId);
    return person && item ? [{ requestId: s.id, person, item }] : [];
  });
}

/** A public item's prices and name, with the shoppers who saved it. */
export async function favouritedBy(db: Database, productId: string) {
  const [item, people] = await db.batch([
    db
      .select({
        id: products.id,
        name: products.name,
        rentalPrice: products.rentalPrice,
        buyingPrice: products.buyingPrice,
      })
      .from(products)
      .where(and(eq(products.id, productId), isPublic())),
    db
      .select({ id: users.id, email: users.email, fullName: users.fullName })
      .from(favorites)
      .innerJoin(users, eq(users.id, favorites.userId))
      .where(eq(favorites.productId, productId)),
  ]);
  return item[0] ? { item: item[0], people } : null;
}

// ---------------------------------------------------------------------------------------------
// Saved searches

export async function savedSearchesOf(db: Database, userId: string) {
  return db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      url: savedSearches.url,
      createdAt: savedSearches.createdAt,
      lastNotifiedAt: savedSearches.lastNotifiedAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(...newestFirst(savedSearches));
}

/**
 * Saves a search unless the person already keeps 20, or already keeps this one (the same listing
 * address): both are checked in the insert itself, so two saves at once cannot make 21 or a twin.
 * 'saved', 'already' (with the name it is kept under) or 'full'.
 */
export async function insertSavedSearch(
  db: Database,
  userId: string,
  value: { name: string; url: string },
  now: number,
): Promise<{ outcome: "saved" } | { outcome: "already"; name: string } | { outcome: "full" }> {
  const id = `ss_${crypto.randomUUID()}`;
  const inserted = await db.run(
    sql`insert into ${savedSearches} (id, user_id, name, url, created_at) select ${id}, ${userId}, ${value.name}, ${value.url}, ${now}
      where (select count(*) from ${savedSearches} where ${savedSearches.userId} = ${userId}) < ${SAVED_SEARCH_LIMIT}
        and not exists (select 1 from ${savedSearches} where ${savedSearches.userId} = ${userId} and ${savedSearches.url} = ${value.url})`,
  );
  if ((inserted.meta.changes ?? 0) === 1) return { outcome: "saved" };
  const twin = await db
    .select({ name: savedSearches.name })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.url, value.url)))
    .get();
  return twin ? { outcome: "already", name: twin.name } : { outcome: "full" };
}

/** Deletes one of the person's saved searches; false when it is not theirs (or gone). */
export async function deleteSavedSearch(db: Database, userId: string, id: string) {
  const removed = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return removed.length > 0;
}

/** The one-click unsubscribe: the signed token names the search (and so its owner). */
export async function deleteSavedSearchById(db: Database, id: string) {
  const removed = await db
    .delete(savedSearches)
    .where(eq(savedSearches.id, id))
    .returning({ name: savedSearches.name });
  return removed[0]?.name ?? null;
}

export async function savedSearchName(db: Database, id: string) {
  return (
    (await db.select({ name: savedSearches.name }).from(savedSearches).where(eq(savedSearches.id, id)).get())?.name ??
    null
  );
}

/** Every saved search with its owner, for the daily run. */
export async function allSavedSearches(db: Database) {
  return db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      url: savedSearches.url,
      createdAt: savedSearches.createdAt,
      lastNotifiedAt: savedSearches.lastNotifiedAt,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
    })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(isNull(users.deactivatedAt))
    .orderBy(savedSearches.id);
}

/** Which of these items the search already told of. */
export async function toldOf(db: Database, savedSearchId: string, productIds: readonly string[]) {
  if (productIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ productId: savedSearchHits.productId })
    .from(savedSearchHits)
    .where(and(eq(savedSearchHits.savedSearchId, savedSearchId), inArray(savedSearchHits.productId, [...productIds])));
  return new Set(rows.map((r) => r.productId));
}

/**
 * Records the day and the items told of; the day's stamp is the guard (only a run
 * that moved it from what it read records anything), so two runs at once tell once.
 */
export async function recordTold(
  db: Database,
  savedSearchId: string,
  lastNotifiedAt: number | null,
  productIds: readonly string[],
  now: number,
) {
  const stamp = db
    .update(savedSearches)
    .set({ lastNotifiedAt: now })
    .where(
      and(
        eq(savedSearches.id, savedSearchId),
        lastNotifiedAt === null
          ? isNull(savedSearches.lastNotifiedAt)
          : eq(savedSearches.lastNotifiedAt, lastNotifiedAt),
      ),
    )
    .returning({ id: savedSearches.id });
  const stamped = await stamp;
  if (stamped.length === 0) return false;
  // D1 binds at most 100 values a statement: 3 a row.
  for (let i = 0; i < productIds.length; i += 30) {
    await db
      .insert(savedSearchHits)
      .values(productIds.slice(i, i + 30).map((productId) => ({ savedSearchId, productId, notifiedAt: now })))
      .onConflictDoNothing();
  }
  return true;
}

/** What the 'Notify me' page shows of an item: null when it is not on the shop (a sold item is shown, to say so). */
export async function notifyTarget(db: Database, productId: string) {
  const row = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      availability: products.availability,
      productStatus: products.productStatus,
      backAroundAt: products.backAroundAt,
      preparedUntil: products.preparedUntil,
    })
    .from(products)
    .where(eq(products.id, productId))
    .get();
  if (!row || (row.productStatus !== "live" && row.availability !== "sold")) return null;
  return row;
}

/** The items a shopper waits for ('Notify me'), newest request first. */
export async function waitingRequestsOf(db: Database, userId: string) {
  return db
    .select({
      id: backInStockRequests.id,
      productId: products.id,
      name: products.name,
      brand: products.brand,
      createdAt: backInStockRequests.createdAt,
    })
    .from(backInStockRequests)
    .innerJoin(products, eq(products.id, backInStockRequests.productId))
    .where(and(eq(backInStockRequests.userId, userId), isNull(backInStockRequests.notifiedAt)))
    .orderBy(desc(backInStockRequests.createdAt));
}

/** Stops waiting for an item; false when the request is not the shopper's. */
export async function cancelBackInStock(db: Database, userId: string, id: string) {
  const removed = await db
    .delete(backInStockRequests)
    .where(
      and(
        eq(backInStockRequests.id, id),
        eq(backInStockRequests.userId, userId),
        isNull(backInStockRequests.notifiedAt),
      ),
    )
    .returning({ id: backInStockRequests.id });
  return removed.length > 0;
}
