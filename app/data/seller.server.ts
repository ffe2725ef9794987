import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { brands, brandSuggestions, orderItems, orders, priceChangeRequests, products, stores } from "../../db/schema";
import type { ProductFormValues } from "../domain/product-form";
import type { SellerTab } from "../domain/seller-dashboard";
import type { SessionUser } from "../domain/roles";
import type { Database } from "./db.server";
import { ownerEarnings, weeklyRevenue } from "./finance.server";
import { groupByOrder, orderLineColumns, ordersToSend, returnsAwaitingInspection } from "./orders.server";
import { withHandlerMoney } from "./order-money.server";
import { mayEditProduct } from "./product.server";

// What the seller dashboard reads and writes (seller-store-admin.md §2 Seller dashboard, §7
// Seller and store). Every query is limited to the signed-in seller's own records in its WHERE.

export const SELLER_PAGE_SIZE = 20;
export const SELLER_ORDERS_SHOWN = 50;
export const PRICE_REQUESTS_SHOWN = 50;

/** The header and stat cards' counts and the Notifications badge: query builders for one batch. */
export function sellerCountQueries(db: Database, ownerId: string) {
  return [
    // Every product, the live ones (on the shop, not sold) and those waiting for approval (issue 24).
    db
      .select({
        n: count(),
        live: sql<number>`coalesce(sum(case when ${products.productStatus} = 'live' and ${products.availability} <> 'sold' then 1 else 0 end), 0)`,
        pending: sql<number>`coalesce(sum(case when ${products.productStatus} = 'pending' then 1 else 0 end), 0)`,
      })
      .from(products)
      .where(eq(products.ownerId, ownerId)),
    db
      .select({ n: count() })
      .from(priceChangeRequests)
      .where(and(eq(priceChangeRequests.ownerId, ownerId), eq(priceChangeRequests.status, "pending"))),
    // Active rentals: the seller's items out with a shopper, in their 7-day window.
    db
      .select({ n: count() })
      .from(orderItems)
      .where(and(eq(orderItems.ownerId, ownerId), eq(orderItems.type, "rental"), eq(orderItems.status, "active"))),
  ] as const;
}

/** 'Your Products', newest first, one page (one more row than shown says there is a next page). */
export function sellerProductsQuery(db: Database, ownerId: string, page: number) {
  return db
    .select({
      id: products.id,
      name: products.name,
      images: products.images,
      rentalPrice: products.rentalPrice,
      buyingPrice: products.buyingPrice,
      originalPrice: products.originalPrice,
      condition: products.condition,
      status: products.status,
      productStatus: products.productStatus,
      conciergeStatus: products.conciergeStatus,
      rejectionReason: products.rejectionReason,
      availability: products.availability,
      createdAt: products.createdAt,
      storeName: sql<string | null>`${stores.name}`.as("store_name"),
    })
    .from(products)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .where(eq(products.ownerId, ownerId))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(SELLER_PAGE_SIZE + 1)
    .offset((page - 1) * SELLER_PAGE_SIZE);
}

/** Price-change requests on the seller's products, newest first, with the product and store. */
export function priceRequestsQuery(db: Database, ownerId: string) {
  return db
    .select({
      id: priceChangeRequests.id,
      productId: priceChangeRequests.productId,
      productName: sql<string>`${products.name}`.as("product_name"),
      currentRentalPrice: sql<number | null>`${products.rentalPrice}`.as("current_rental_price"),
      currentBuyingPrice: sql<number | null>`${products.buyingPrice}`.as("current_buying_price"),
      storeName: sql<string | null>`${stores.name}`.as("store_name"),
      suggestedRentalPrice: priceChangeRequests.suggestedRentalPrice,
      suggestedBuyingPrice: priceChangeRequests.suggestedBuyingPrice,
      reason: priceChangeRequests.reason,
      status: priceChangeRequests.status,
      createdAt: priceChangeRequests.createdAt,
      reviewedAt: priceChangeRequests.reviewedAt,
    })
    .from(priceChangeRequests)
    .innerJoin(products, eq(products.id, priceChangeRequests.productId))
    .leftJoin(stores, eq(stores.id, priceChangeRequests.storeId))
    .where(eq(priceChangeRequests.ownerId, ownerId))
    .orderBy(desc(priceChangeRequests.createdAt), desc(priceChangeRequests.id))
    .limit(PRICE_REQUESTS_SHOWN);
}

/** The seller's lines of the orders that contain their products, newest order first (through the line's owner, migration 0007). */
export function sellerOrderLinesQuery(db: Database, ownerId: string) {
  return db
    .select(orderLineColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    // The lines are written with their order: newest lines are the newest orders' (order_items_owner_idx).
    .where(eq(orderItems.ownerId, ownerId))
    .orderBy(desc(orderItems.createdAt), desc(orderItems.orderId))
    .limit(SELLER_ORDERS_SHOWN * 3);
}

export type SellerOrderLine = Awaited<ReturnType<typeof sellerOrderLinesQuery>>[number];

/** Lines grouped by order, in order, at most SELLER_ORDERS_SHOWN orders. */
export function groupOrderLines(lines: SellerOrderLine[]) {
  return groupByOrder(lines, SELLER_ORDERS_SHOWN, (line) => ({ id: line.itemId, name: line.name, type: line.type, price: line.price, status: line.itemStatus }));
}

/** The Upload Product tab's lists: brand names, stores for concierge, the seller's brand suggestions. */
export function uploadFormQueries(db: Database, userId: string) {
  return [
    db.select({ name: brands.name }).from(brands).orderBy(asc(brands.name)),
    db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.name)),
    db
      .select({ id: brandSuggestions.id, name: brandSuggestions.suggestedName, status: brandSuggestions.status, createdAt: brandSuggestions.createdAt })
      .from(brandSuggestions)
      .where(eq(brandSuggestions.suggestedBy, userId))
      .orderBy(desc(brandSuggestions.createdAt), desc(brandSuggestions.id))
      .limit(20),
  ] as const;
}

export async function productFormOptions(db: Database, userId: string) {
  const [brandRows, storeRows, suggestions] = await db.batch(uploadFormQueries(db, userId));
  return { brands: brandRows.map((b) => b.name), stores: storeRows, suggestions };
}

/** The brand a typed name stands for (case-insensitive) and the chosen store, checked in one trip. */
export async function brandAndStore(db: Database, brand: string, storeId: string | null) {
  const [brandRows, storeRows] = await db.batch([
    db.select({ name: brands.name }).from(brands).where(sql`lower(${brands.name}) = ${brand.trim().toLowerCase()}`).limit(1),
    db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId ?? "")).limit(1),
  ]);
  return { brand: brandRows[0]?.name ?? null, storeFound: Boolean(storeRows[0]) };
}

/** The columns a product form writes. `price` is the buying price (the price of buying it outright). */
function formColumns(values: ProductFormValues, brand: string) {
  return {
    name: values.name,
    description: values.description,
    price: values.buyingPrice,
    originalPrice: values.originalPrice,
    rentalPrice: values.rentalPrice,
    buyingPrice: values.buyingPrice,
    brand,
    condition: values.condition,
    color: values.color,
    productType: values.productType,
    category: values.category,
    tags: values.tags,
    materials: values.materials,
    careInstructions: values.careInstructions,
    memoryStory: values.memoryStory,
    size: values.size,
    fitNote: values.fitNote,
    measurements: Object.keys(values.measurements).length ? JSON.stringify(values.measurements) : null,
  };
}

/** A new listing (§4: status pending, product_status pending; concierge: the store asked, 'pending'). */
export async function insertProduct(db: Database, id: string, ownerId: string, values: ProductFormValues, brand: string, now: number) {
  const inserted = await db
    .insert(products)
    .values({
      id,
      ...formColumns(values, brand),
      images: [],
      ownerId,
      storeId: values.storeId,
      status: "pending",
      productStatus: "pending",
      conciergeStatus: values.storeId ? "pending" : "no",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: products.id });
  return inserted.length > 0;
}

/** Who owns the product with this id, if it exists (a form sent twice finds its first product). */
export async function productOwnerOf(db: Database, id: string) {
  return (await db.select({ ownerId: products.ownerId }).from(products).where(eq(products.id, id)).get())?.ownerId ?? null;
}

export async function setProductImages(db: Database, id: string, ownerId: string, images: string[], now: number) {
  await db.update(products).set({ images, updatedAt: now }).where(and(eq(products.id, id), eq(products.ownerId, ownerId)));
}

/**
 * Saves the edit form (§7: update by id and owner; staff of decision 0012 by id). Turning concierge
 * off clears the store; concierge on with a store sends the product back to pending (§4), for the
 * store to approve again. Returns false when nothing was updated (not theirs, or gone).
 */
export async function updateProductFromForm(db: Database, id: string, user: SessionUser, values: ProductFormValues, brand: string, images: string[], now: number) {
  const concierge = values.storeId !== null;
  const updated = await db
    .update(products)
    .set({
      ...formColumns(values, brand),
      images,
      storeId: values.storeId,
      conciergeStatus: concierge ? "pending" : "no",
      ...(concierge ? { status: "pending" as const } : {}),
      updatedAt: now,
    })
    .where(and(eq(products.id, id), mayEditProduct(user, "seller")))
    .returning({ id: products.id });
  return updated.length > 0;
}

export async function restoreProductImages(db: Database, id: string, images: string[], now: number) {
  await db
    .update(products)
    .set({ images, updatedAt: now })
    .where(and(eq(products.id, id), sql`${products.images} = '[]'`));
}

/**
 * The product owner's answer to a store's price-change request (§4): accepting sets both prices
 * and stamps the request, in one atomic batch; the product changes only if this very answer
 * moved the request out of pending, so a second answer (or a race) changes nothing.
 * Returns null when there is no pending request of this owner with that id.
 */
export async function answerPriceChange(db: Database, requestId: string, ownerId: string, answer: "accepted" | "rejected", now: number) {
  const request = await db
    .select({ productId: priceChangeRequests.productId, rental: priceChangeRequests.suggestedRentalPrice, buying: priceChangeRequests.suggestedBuyingPrice, productStatus: products.productStatus, before: { rentalPrice: products.rentalPrice, buyingPrice: products.buyingPrice } })
    .from(priceChangeRequests)
    .innerJoin(products, eq(products.id, priceChangeRequests.productId))
    .where(and(eq(priceChangeRequests.id, requestId), eq(priceChangeRequests.ownerId, ownerId), eq(priceChangeRequests.status, "pending"), eq(products.ownerId, ownerId)))
    .get();
  if (!request) return null;
  const stamp = db
    .update(priceChangeRequests)
    .set({ status: answer, reviewedAt: now, reviewedBy: ownerId })
    .where(and(eq(priceChangeRequests.id, requestId), eq(priceChangeRequests.ownerId, ownerId), eq(priceChangeRequests.status, "pending")))
    .returning({ id: priceChangeRequests.id });
  if (answer === "rejected") {
    const stamped = await stamp;
    return stamped.length > 0 ? { ...request, changed: false } : null;
  }
  const answeredNow = sql`exists (select 1 from ${priceChangeRequests} where ${priceChangeRequests.id} = ${requestId} and ${priceChangeRequests.status} = 'accepted' and ${priceChangeRequests.reviewedAt} = ${now} and ${priceChangeRequests.reviewedBy} = ${ownerId})`;
  const [stamped] = await db.batch([
    stamp,
    db
      .update(products)
      .set({ rentalPrice: request.rental, buyingPrice: request.buying, price: request.buying, updatedAt: now })
      .where(and(eq(products.id, request.productId), eq(products.ownerId, ownerId), answeredNow)),
  ]);
  return stamped.length > 0 ? { ...request, changed: true } : null;
}

/** A brand suggestion (§7: suggested_name, suggested_by, description), unless this seller already made the same one. */
export async function insertBrandSuggestion(db: Database, id: string, userId: string, name: string, description: string | null, now: number) {
  const already = await db
    .select({ id: brandSuggestions.id })
    .from(brandSuggestions)
    .where(and(eq(brandSuggestions.suggestedBy, userId), eq(brandSuggestions.status, "pending"), sql`lower(${brandSuggestions.suggestedName}) = ${name.toLowerCase()}`))
    .get();
  if (already) return false;
  await db.insert(brandSuggestions).values({ id, suggestedName: name, description, suggestedBy: userId, status: "pending", createdAt: now });
  return true;
}


/**
 * Everything /vendor shows for one tab: the counts (header, stat cards, badge) and only the
 * current tab's records, in one D1 batch; earnings (and the chart on Orders) beside it.
 */
export async function sellerDashboard(db: Database, ownerId: string, tab: SellerTab, page: number, now: number) {
  const counts = sellerCountQueries(db, ownerId);
  const earnings = ownerEarnings(db, ownerId);
  const summary = (rows: readonly { n: number; live?: number; pending?: number }[][]) => ({
    productCount: rows[0]![0]?.n ?? 0,
    liveCount: rows[0]![0]?.live ?? 0,
    awaitingApproval: rows[0]![0]?.pending ?? 0,
    pendingRequests: rows[1]![0]?.n ?? 0,
    activeRentals: rows[2]![0]?.n ?? 0,
  });
  switch (tab) {
    case "products": {
      const [a, b, c, rows] = await db.batch([...counts, sellerProductsQuery(db, ownerId, page)]);
      return { tab, ...summary([a, b, c]), revenue: (await earnings).net, products: rows.slice(0, SELLER_PAGE_SIZE), hasNext: rows.length > SELLER_PAGE_SIZE, page } as const;
    }
    case "notifications": {
      const [a, b, c, requests] = await db.batch([...counts, priceRequestsQuery(db, ownerId)]);
      return { tab, ...summary([a, b, c]), revenue: (await earnings).net, requests } as const;
    }
    case "orders": {
      const [[a, b, c, lines], weeks, toSend] = await Promise.all([
        db.batch([...counts, sellerOrderLinesQuery(db, ownerId)]),
        weeklyRevenue(db, { owner: ownerId }, now, 12),
        // Their own items (not concierge ones: the store posts those) waiting to be posted.
        ordersToSend(db, and(eq(orderItems.ownerId, ownerId), eq(orderItems.handler, "vendor"))),
      ]);
      // Their own items on the way back, for them to record receipt and condition (issue 22).
      const returns = await returnsAwaitingInspection(db, and(eq(orderItems.ownerId, ownerId), eq(orderItems.handler, "vendor")), 50);
      const orders = await withHandlerMoney(db, groupOrderLines(lines));
      return { tab, ...summary([a, b, c]), revenue: (await earnings).net, orders, weeks, toSend, returns } as const;
    }
    case "upload": {
      const [a, b, c, brandRows, storeRows, suggestions] = await db.batch([...counts, ...uploadFormQueries(db, ownerId)]);
      return { tab, ...summary([a, b, c]), revenue: (await earnings).net, brands: brandRows.map((r) => r.name), stores: storeRows, suggestions } as const;
    }
  }
}

export type SellerDashboard = Awaited<ReturnType<typeof sellerDashboard>>;
