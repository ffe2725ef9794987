import { and, count, eq, sql } from "drizzle-orm";
import { brandSuggestions, orderItems, priceChangeRequests, products, stores, users } from "../../db/schema";
import type { SellerTab } from "../domain/seller-dashboard";
import type { Database } from "./db.server";
import { aliased, aliasedOrNull } from "./columns.server";
import { newestFirst, onePage } from "./paging.server";
import { pageOf } from "../domain/tabs";
import { ownerEarningsPart } from "./finance.server";
import { ordersTabPart } from "./handler-orders-tab.server";
import { dashboardBatch, mapPart, partsOf, rowsPart, type Part } from "./parts.server";
import { preparedPart, ROWS_ONLY } from "./prepared.server";
import { listedProductColumns, uploadFormQueries } from "./listings.server";
import { rejectionColumns } from "./product.server";
import { orderStageOf } from "./public-products.server";

// What the seller dashboard reads and writes (seller-store-admin.md §2 Seller dashboard, §7
// Seller and store). Every query is limited to the signed-in seller's own records in its WHERE.

export const SELLER_PAGE_SIZE = 20;
export const PRICE_REQUESTS_SHOWN = 50;

/** The header and stat cards' counts and the Notifications badge: query builders for one batch. */
export function sellerCountQueries(db: Database, ownerId: string) {
  return [
    // The live products (on the shop, not sold) and those waiting for approval (issue 24), each
    // counted in its own part of products_owner_counts_idx (migration 0078, decision 0107): at
    // 50,000 products one pass over all of them took twice as long. Read beside the seller's row.
    db
      .select({
        live: sql<number>`(select count(*) from ${products} where ${products.ownerId} = ${ownerId} and ${products.productStatus} = 'live' and ${products.availability} <> 'sold')`,
        pending: sql<number>`(select count(*) from ${products} where ${products.ownerId} = ${ownerId} and ${products.productStatus} = 'pending' and ${products.status} <> 'rejected')`,
      })
      .from(users)
      .where(eq(users.id, ownerId)),
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

/** The header and stat cards' figures: the counts and the seller's earnings (their SQL built once: decision 0132). */
const summaryStatements = preparedPart((db, { ownerId }: { ownerId: string }) => {
  const [live, requests, rentals] = sellerCountQueries(db, ownerId);
  return partsOf([rowsPart(live), rowsPart(requests), rowsPart(rentals), ownerEarningsPart(db, ownerId)] as const);
}, ROWS_ONLY);

function summaryPart(db: Database, ownerId: string) {
  return mapPart(summaryStatements(db, { ownerId }), ([[products], [pending], [active], earnings]) => ({
    liveCount: products?.live ?? 0,
    awaitingApproval: products?.pending ?? 0,
    pendingRequests: pending?.n ?? 0,
    activeRentals: active?.n ?? 0,
    revenue: earnings.net,
  }));
}

/** Only the current tab's records. */
/** Whose dashboard, which tab and page, and when. */
/** `before`: the Orders tab's cursor (readOrderCursor), null on its first page. */
type SellerView = { ownerId: string; tab: SellerTab; pageNumber: number; now: number; before?: string | null };

function tabPart(db: Database, { ownerId, tab, pageNumber, now, before = null }: SellerView) {
  switch (tab) {
    case "products":
      return mapPart(rowsPart(sellerProductsQuery(db, ownerId, pageNumber)), (rows) => {
        const { rows: products, hasNext } = pageOf(rows, SELLER_PAGE_SIZE);
        return { tab, products, hasNext, page: pageNumber } as const;
      });
    case "notifications":
      return mapPart(rowsPart(priceRequestsQuery(db, ownerId)), (requests) => ({ tab, requests }) as const);
    case "orders":
      return mapPart(ordersTabPart(db, { ownerId }, now, before), (ordersTab) => ({ tab, ordersTab }) as const);
    case "upload": {
      const [brands, stores, suggestions] = uploadFormQueries(db, ownerId);
      return mapPart(
        partsOf([rowsPart(brands), rowsPart(stores), rowsPart(suggestions)] as const),
        ([brandRows, storeRows, suggested]) =>
          ({ tab, brands: brandRows.map((r) => r.name), stores: storeRows, suggestions: suggested }) as const,
      );
    }
  }
}

/**
 * Everything /vendor shows for one tab: the figures (header, stat cards, badge), only the current
 * tab's records and the page's other parts (`page`: views, payouts), in one D1 batch (issue 47
 * item 3; decision 0100). Gives the dashboard and the page's parts' results.
 */
export function sellerDashboard<P extends readonly Part<unknown>[]>(db: Database, view: SellerView, page: P) {
  return dashboardBatch(db, summaryPart(db, view.ownerId), tabPart(db, view), page);
}

export type SellerDashboard = Awaited<ReturnType<typeof sellerDashboard>>[0];
