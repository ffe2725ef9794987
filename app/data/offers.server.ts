import { and, eq, gt, or, sql } from "drizzle-orm";
import { bundleDiscounts, offers, products, stores, users } from "../../db/schema";
import type { BundleTier } from "../domain/bundles";
import {
  afterMove,
  agreedPrice,
  offerState,
  DAY_MS,
  OFFER_LAPSES_AFTER_MS,
  OFFERS_PER_DAY,
  type OfferMove,
  type OfferStatus,
} from "../domain/offers";
import { handlerOf } from "../domain/messages";
import { sortableId } from "../domain/ids";
import { isPublic, reservedUntil } from "./public-products.server";
import type { Database } from "./db.server";
import { mapPart, rowsPart } from "./parts.server";

// Offers and bundle discounts in D1 (issue 43 items 4-5; docs/decisions/0088, 0089). Every move
// of an offer is guarded by its status and time in the UPDATE's WHERE: two answers at once
// change it once, and a lapsed offer cannot be accepted.

/** An item as an offer sees it: its Buy Now price, who handles it, and whether it is for sale now. */
export async function offerableItem(db: Database, productId: string) {
  const row = await db
    .select({
      id: products.id,
      name: products.name,
      buyingPrice: products.buyingPrice,
      ownerId: products.ownerId,
      storeId: products.storeId,
      conciergeStatus: products.conciergeStatus,
      productStatus: products.productStatus,
      forSale: sql<number>`(${isPublic()}) and ${products.availability} = 'available'`,
      reservedUntil: reservedUntil(),
      storeOwnerId: sql<string | null>`(select owner_id from stores where id = ${products.storeId})`,
    })
    .from(products)
    .where(eq(products.id, productId))
    .get();
  if (!row || row.productStatus !== "live") return null;
  const handler = handlerOf({ ownerId: row.ownerId, storeId: row.storeId, conciergeStatus: row.conciergeStatus });
  const handlerUserId = handler.sellerId ?? row.storeOwnerId;
  return { ...row, forSale: Boolean(row.forSale) && row.reservedUntil === null, handler, handlerUserId };
}
export type OfferableItem = NonNullable<Awaited<ReturnType<typeof offerableItem>>>;

/** Whether the shopper may make another offer on the item now: none open, and under the day's limit. */
export async function offerRoom(db: Database, shopperId: string, productId: string, now: number) {
  const row = await db
    .select({
      today: sql<number>`sum(case when ${offers.createdAt} > ${now - DAY_MS} then 1 else 0 end)`,
      open: sql<number>`sum(case when ${offers.status} in ('pending', 'countered') and ${offers.expiresAt} > ${now} then 1 else 0 end)`,
    })
    .from(offers)
    .where(and(eq(offers.shopperId, shopperId), eq(offers.productId, productId)))
    .get();
  return { today: row?.today ?? 0, open: row?.open ?? 0 };
}

/**
 * Records an offer, only while the shopper has none open on the item and fewer than the day's
 * limit (checked in the INSERT itself, so two at once cannot pass it). Null when refused.
 */
export async function insertOffer(
  db: Database,
  o: { shopperId: string; item: OfferableItem; amount: number; conversationId: string | null; now: number },
) {
  const id = `ofr_${sortableId(o.now)}`;
  const { now } = o;
  const result = await db.$client
    .prepare(
      `INSERT INTO offers (id, product_id, shopper_id, conversation_id, seller_id, store_id, list_price, amount, status, expires_at, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'pending', ?9, ?10, ?10
       WHERE (SELECT count(*) FROM offers WHERE shopper_id = ?3 AND product_id = ?2 AND created_at > ?11) < ?12
         AND NOT EXISTS (SELECT 1 FROM offers WHERE shopper_id = ?3 AND product_id = ?2 AND status IN ('pending', 'countered') AND expires_at > ?10)`,
    )
    .bind(
      id,
      o.item.id,
      o.shopperId,
      o.conversationId,
      o.item.handler.sellerId,
      o.item.handler.storeId,
      o.item.buyingPrice,
      o.amount,
      now + OFFER_LAPSES_AFTER_MS,
      now,
      now - DAY_MS,
      OFFERS_PER_DAY,
    )
    .run();
  return result.meta.changes > 0 ? id : null;
}

const offerColumns = {
  id: offers.id,
  productId: offers.productId,
  productName: products.name,
  shopperId: offers.shopperId,
  shopperName: users.displayName,
  conversationId: offers.conversationId,
  sellerId: offers.sellerId,
  storeId: offers.storeId,
  storeOwnerId: sql<string | null>`(select owner_id from stores where id = ${offers.storeId})`,
  listPrice: offers.listPrice,
  amount: offers.amount,
  counterAmount: offers.counterAmount,
  status: offers.status,
  expiresAt: offers.expiresAt,
  buyBy: offers.buyBy,
  createdAt: offers.createdAt,
};

/** One offer with its item's name and both sides. */
export async function offerById(db: Database, id: string) {
  return (
    (await db
      .select(offerColumns)
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .innerJoin(users, eq(users.id, offers.shopperId))
      .where(eq(offers.id, id))
      .get()) ?? null
  );
}
export type OfferRow = NonNullable<Awaited<ReturnType<typeof offerById>>>;

/** Which side of an offer the user is, if any: the shopper who made it, or its handler (the seller, or the store's owner). */
export const offerPartyOf = (offer: Pick<OfferRow, "shopperId" | "sellerId" | "storeOwnerId">, userId: string) =>
  offer.shopperId === userId
    ? ("shopper" as const)
    : offer.sellerId === userId || offer.storeOwnerId === userId
      ? ("handler" as const)
      : null;

/** The offers of a conversation, newest first, each with where it stands at `now` (its page shows them as cards). */
export function offersOfConversationPart(db: Database, conversationId: string, now: number) {
  const query = db
    .select(offerColumns)
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(users, eq(users.id, offers.shopperId))
    .where(eq(offers.conversationId, conversationId))
    .orderBy(sql`${offers.createdAt} desc`)
    .limit(20);
  return mapPart(rowsPart(query), (rows) => rows.map((r) => ({ ...r, state: offerState(r, now) })));
}

/**
 * Moves an offer from `from` (its status when read) by `move`, only if it is still in that status
 * and not lapsed: true when this call changed it.
 */
export async function moveOffer(
  db: Database,
  id: string,
  from: OfferStatus,
  move: OfferMove,
  by: string,
  now: number,
  counter?: number,
) {
  const set = { ...afterMove(move, now), ...(move === "counter" ? { counterAmount: counter! } : {}) };
  const changed = await db
    .update(offers)
    .set({ ...set, answeredBy: by, updatedAt: now })
    .where(and(eq(offers.id, id), eq(offers.status, from), gt(offers.expiresAt, now)))
    .returning({ id: offers.id });
  return changed.length > 0;
}

/** The prices the shopper agreed for items (accepted offers still inside their buy window), by product id. */
export async function agreedPrices(
  db: Database,
  shopperId: string,
  now: number,
): Promise<Map<string, { offerId: string; price: number }>> {
  const rows = await db
    .select({ id: offers.id, productId: offers.productId, amount: offers.amount, counterAmount: offers.counterAmount })
    .from(offers)
    .where(and(eq(offers.shopperId, shopperId), eq(offers.status, "accepted"), gt(offers.buyBy, now)))
    .orderBy(offers.updatedAt);
  return new Map(rows.map((r) => [r.productId, { offerId: r.id, price: agreedPrice(r) }]));
}

// ---------------------------------------------------------------------------------------------
// Bundle discounts

/** The tiers of the handlers named by the basket's group keys (`vendor:{userId}`, `store:{storeId}`). */
export async function bundleTiersOf(db: Database, keys: readonly string[]): Promise<Map<string, BundleTier[]>> {
  const handlers = [...new Set(keys)]
    .map((k) => ({ handler: k.slice(0, k.indexOf(":")), id: k.slice(k.indexOf(":") + 1) }))
    .filter((h) => h.handler === "vendor" || h.handler === "store");
  if (handlers.length === 0) return new Map();
  // By the primary key (handler, handler_id): one lookup per group of the basket.
  const rows = await db
    .select()
    .from(bundleDiscounts)
    .where(
      or(
        ...handlers.map((h) =>
          and(eq(bundleDiscounts.handler, h.handler as "vendor" | "store"), eq(bundleDiscounts.handlerId, h.id)),
        ),
      ),
    );
  return new Map(rows.map((r) => [`${r.handler}:${r.handlerId}`, r.tiers]));
}

/** A seller's own tiers, or those of the store the user owns. */
export async function handlerBundleTiers(db: Database, handler: "vendor" | "store", handlerId: string) {
  const row = await db
    .select({ tiers: bundleDiscounts.tiers })
    .from(bundleDiscounts)
    .where(and(eq(bundleDiscounts.handler, handler), eq(bundleDiscounts.handlerId, handlerId)))
    .get();
  return row?.tiers ?? [];
}

export async function saveBundleTiers(
  db: Database,
  handler: "vendor" | "store",
  handlerId: string,
  tiers: BundleTier[],
  now: number,
) {
  if (tiers.length === 0) {
    await db
      .delete(bundleDiscounts)
      .where(and(eq(bundleDiscounts.handler, handler), eq(bundleDiscounts.handlerId, handlerId)));
    return;
  }
  await db
    .insert(bundleDiscounts)
    .values({ handler, handlerId, tiers, updatedAt: now })
    .onConflictDoUpdate({
      target: [bundleDiscounts.handler, bundleDiscounts.handlerId],
      set: { tiers, updatedAt: now },
    });
}

/** The store the user owns, if any (its bundle settings are theirs to set). */
export async function ownedStoreId(db: Database, userId: string) {
  return (await db.select({ id: stores.id }).from(stores).where(eq(stores.ownerId, userId)).limit(1).get())?.id ?? null;
}
