import { and, count, desc, eq, sql } from "drizzle-orm";
import { brandSuggestions, orderItems, orders, priceChangeRequests, products, stores } from "../../db/schema";
import type { SellerTab } from "../domain/seller-dashboard";
import type { Database } from "./db.server";
import { aliased, aliasedOrNull } from "./columns.server";
import { newestFirst, onePage } from "./paging.server";
import { pageOf } from "../domain/tabs";
import { ownerEarnings, weeklyRevenue } from "./finance.server";
import {
  groupByOrder,
  orderHead,
  orderLineColumns,
  ordersToSend,
  returnsAwaitingInspection,
} from "./handler-orders.server";
import { withHandlerMoney } from "./order-money.server";
import { listedProductColumns, uploadFormQueries } from "./listings.server";
import { rejectionColumns } from "./product.server";
import { orderStageOf } from "./public-products.server";

// What the seller dashboard reads and writes (seller-store-admin.md §2 Seller dashboard, §7
// Seller and store). Every query is limited to the signed-in seller's own records in its WHERE.

export const SELLER_PAGE_SIZE = 20;
export const SELLER_ORDERS_SHOWN = 50;
export const PRICE_REQUESTS_SHOWN = 50;

/** The header and stat cards' counts and the Notifications badge: query builders for one batch. */
export function sellerCountQueries(db: Database, ownerId: string) {
  return [
    // The live products (on the shop, not sold) and those waiting for approval (issue 24).
    db
      .select({
        live: sql<number>`coalesce(sum(case when ${products.productStatus} = 'live' and ${products.availability} <> 'sold' then 1 else 0 end), 0)`,
        pending: sql<number>`coalesce(sum(case when ${products.productStatus} = 'pending' and ${products.status} <> 'rejected' then 1 else 0 end), 0)`,
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
  const query = db
    .select({
      ...listedProductColumns,
      ...rejectionColumns,
      availability: products.availability,
      storeName: aliasedOrNull(stores.name, "store_name"),
      // Where its latest order stands while it is not with the shopper yet (decision 0069).
      orderStage: orderStageOf().as("order_stage"),
    })
    .from(products)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .where(eq(products.ownerId, ownerId))
    .orderBy(...newestFirst(products))
    .$dynamic();
  return onePage(query, page, SELLER_PAGE_SIZE);
}

/** Price-change requests on the seller's products, newest first, with the product and store. */
export function priceRequestsQuery(db: Database, ownerId: string) {
  return db
    .select({
      id: priceChangeRequests.id,
      productId: priceChangeRequests.productId,
      productName: aliased(products.name, "product_name"),
      productImages: aliased(products.images, "product_images"),
      currentRentalPrice: aliased(products.rentalPrice, "current_rental_price"),
      currentBuyingPrice: aliased(products.buyingPrice, "current_buying_price"),
      originalPrice: products.originalPrice,
      condition: products.condition,
      storeName: aliasedOrNull(stores.name, "store_name"),
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
    .orderBy(...newestFirst(priceChangeRequests))
    .limit(PRICE_REQUESTS_SHOWN);
}

/** The seller's lines of the orders that contain their products, newest order first (through the line's owner, migration 0007). */
export function sellerOrderLinesQuery(db: Database, ownerId: string) {
  return (
    db
      .select(orderLineColumns)
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      // The lines are written with their order: newest lines are the newest orders' (order_items_owner_idx).
      .where(eq(orderItems.ownerId, ownerId))
      .orderBy(desc(orderItems.createdAt), desc(orderItems.orderId))
      .limit(SELLER_ORDERS_SHOWN * 3)
  );
}

export type SellerOrderLine = Awaited<ReturnType<typeof sellerOrderLinesQuery>>[number];

/** Lines grouped by order, in order, at most SELLER_ORDERS_SHOWN orders. */
export function groupOrderLines(lines: SellerOrderLine[]) {
  return groupByOrder(lines, SELLER_ORDERS_SHOWN, orderHead, (line) => ({
    id: line.itemId,
    name: line.name,
    type: line.type,
    price: line.price,
    status: line.itemStatus,
  }));
}

/**
 * The product owner's answer to a store's price-change request (§4): accepting sets both prices
 * and stamps the request, in one atomic batch; the product changes only if this very answer
 * moved the request out of pending, so a second answer (or a race) changes nothing.
 * Returns null when there is no pending request of this owner with that id.
 */
export async function answerPriceChange(
  db: Database,
  requestId: string,
  ownerId: string,
  answer: "accepted" | "rejected",
  now: number,
) {
  const request = await db
    .select({
      productId: priceChangeRequests.productId,
      rental: priceChangeRequests.suggestedRentalPrice,
      buying: priceChangeRequests.suggestedBuyingPrice,
      productStatus: products.productStatus,
      before: { rentalPrice: products.rentalPrice, buyingPrice: products.buyingPrice },
    })
    .from(priceChangeRequests)
    .innerJoin(products, eq(products.id, priceChangeRequests.productId))
    .where(
      and(
        eq(priceChangeRequests.id, requestId),
        eq(priceChangeRequests.ownerId, ownerId),
        eq(priceChangeRequests.status, "pending"),
        eq(products.ownerId, ownerId),
      ),
    )
    .get();
  if (!request) return null;
  const stamp = db
    .update(priceChangeRequests)
    .set({ status: answer, reviewedAt: now, reviewedBy: ownerId })
    .where(
      and(
        eq(priceChangeRequests.id, requestId),
        eq(priceChangeRequests.ownerId, ownerId),
        eq(priceChangeRequests.status, "pending"),
      ),
    )
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
export async function insertBrandSuggestion(
  db: Database,
  id: string,
  userId: string,
  name: string,
  description: string | null,
  now: number,
) {
  const already = await db
    .select({ id: brandSuggestions.id })
    .from(brandSuggestions)
    .where(
      and(
        eq(brandSuggestions.suggestedBy, userId),
        eq(brandSuggestions.status, "pending"),
        sql`lower(${brandSuggestions.suggestedName}) = ${name.toLowerCase()}`,
      ),
    )
    .get();
  if (already) return false;
  await db
    .insert(brandSuggestions)
    .values({ id, suggestedName: name, description, suggestedBy: userId, status: "pending", createdAt: now });
  return true;
}

/**
 * Everything /vendor shows for one tab: the counts (header, stat cards, badge) and only the
 * current tab's records, in one D1 batch; earnings (and the chart on Orders) beside it.
 */
export async function sellerDashboard(db: Database, ownerId: string, tab: SellerTab, page: number, now: number) {
  const counts = sellerCountQueries(db, ownerId);
  const earnings = ownerEarnings(db, ownerId);
  const summary = (rows: readonly { n?: number; live?: number; pending?: number }[][]) => ({
    liveCount: rows[0]![0]?.live ?? 0,
    awaitingApproval: rows[0]![0]?.pending ?? 0,
    pendingRequests: rows[1]![0]?.n ?? 0,
    activeRentals: rows[2]![0]?.n ?? 0,
  });
  switch (tab) {
    case "products": {
      const [a, b, c, rows] = await db.batch([...counts, sellerProductsQuery(db, ownerId, page)]);
      const { rows: shown, hasNext } = pageOf(rows, SELLER_PAGE_SIZE);
      return { tab, ...summary([a, b, c]), revenue: (await earnings).net, products: shown, hasNext, page } as const;
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
      const returns = await returnsAwaitingInspection(
        db,
        and(eq(orderItems.ownerId, ownerId), eq(orderItems.handler, "vendor")),
        50,
      );
      const orders = await withHandlerMoney(db, groupOrderLines(lines));
      return { tab, ...summary([a, b, c]), revenue: (await earnings).net, orders, weeks, toSend, returns } as const;
    }
    case "upload": {
      const [a, b, c, brandRows, storeRows, suggestions] = await db.batch([
        ...counts,
        ...uploadFormQueries(db, ownerId),
      ]);
      return {
        tab,
        ...summary([a, b, c]),
        revenue: (await earnings).net,
        brands: brandRows.map((r) => r.name),
        stores: storeRows,
        suggestions,
      } as const;
    }
  }
}

export type SellerDashboard = Awaited<ReturnType<typeof sellerDashboard>>;
