import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { authTokens, orderItems, orders, orderStatusHistory, products, reviews, stores, users } from "../../db/schema";
import { ACTIVE_ORDER_STATUSES, reviewable } from "../domain/account";
import { ratingWindow, tradeEndedAt } from "../domain/ratings";
import type { ItemStatus } from "../domain/order-lifecycle";
import { listedProductColumns } from "./listings.server";
import { rejectionColumns } from "./product.server";
import { ordersMoney } from "./order-money.server";
import type { Database } from "./db.server";
import { aliasedOrNull } from "./columns.server";
import { newestFirst, readOnePage } from "./paging.server";
import { batchParts } from "./parts.server";

// What the account page reads and writes (seller-store-admin.md §2, §7 Account). Every query
// names its user in the WHERE clause: a user reads and changes only their own records.

/** Active and total orders, and for a vendor the number of their products: one D1 trip. */
export async function accountCounts(db: Database, userId: string) {
  const [orderCounts, productCount] = await db.batch([
    db
      .select({
        total: count(),
        active: sql<number>`coalesce(sum(case when ${inArray(orders.status, [...ACTIVE_ORDER_STATUSES])} then 1 else 0 end), 0)`,
      })
      .from(orders)
      .where(eq(orders.userId, userId)),
    db.select({ n: count() }).from(products).where(eq(products.ownerId, userId)),
  ]);
  return {
    totalOrders: orderCounts[0]?.total ?? 0,
    activeOrders: orderCounts[0]?.active ?? 0,
    products: productCount[0]?.n ?? 0,
  };
}

export const ORDERS_PER_PAGE = 20;

/** The user's orders, newest first, a page at a time (one more row says whether there is a next page). */
export async function accountOrders(db: Database, userId: string, page: number) {
  const query = db
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      totalAmount: orders.totalAmount,
      createdAt: orders.createdAt,
      // The first of its rentals in their window to end: the list says by when (decision 0069).
      // Spelled out: drizzle names a one-table select's columns without their table.
      rentalEndsAt: sql<
        number | null
      >`(select min(i.rental_ends_at) from order_items i where i.order_id = "orders"."id" and i.status = 'active')`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(...newestFirst(orders))
    .$dynamic();
  const { rows: shown, hasNext } = await readOnePage(query, page, ORDERS_PER_PAGE);
  // What each order has cost so far: every charge less every refund (app/domain/order-money.ts);
  // one still waiting for its payment shows what it will cost, not the nothing paid so far (decision 0067).
  const money = await ordersMoney(
    db,
    shown.map((o) => o.id),
  );
  return {
    orders: shown.map((o) => ({
      ...o,
      total: o.status === "awaiting_payment" ? o.totalAmount : (money.get(o.id)?.total ?? o.totalAmount),
    })),
    hasNext,
  };
}

/** The vendor's own products for the Products tab, newest first. */
export async function ownProducts(db: Database, userId: string) {
  return db
    .select({ ...listedProductColumns, ...rejectionColumns })
    .from(products)
    .where(eq(products.ownerId, userId))
    .orderBy(...newestFirst(products))
    .limit(200);
}

/** The profile as the form shows it, with an e-mail change waiting for its link to be opened. */
export async function profileOf(db: Database, userId: string, now: number) {
  const [profile, pending] = await db.batch([
    db
      .select({
        fullName: users.fullName,
        displayName: users.displayName,
        email: users.email,
        avatarUrl: users.avatarUrl,
        returnAddress: users.returnAddress,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ email: authTokens.payload, expiresAt: authTokens.expiresAt })
      .from(authTokens)
      .where(
        and(
          eq(authTokens.userId, userId),
          eq(authTokens.purpose, "change_email"),
          sql`${authTokens.usedAt} is null`,
          sql`${authTokens.expiresAt} > ${now}`,
        ),
      )
      .orderBy(desc(authTokens.createdAt))
      .limit(1),
  ]);
  const row = profile[0];
  return row ? { ...row, pendingEmail: pending[0]?.email ?? null } : null;
}

/** A seller's return address (issue 22): where their items come back to. */
export async function saveReturnAddress(
  db: Database,
  userId: string,
  address: Record<string, string | undefined>,
  now: number,
) {
  await db.update(users).set({ returnAddress: address, updatedAt: now }).where(eq(users.id, userId));
}

/** Is this value of a column unique regardless of case (a display name, an e-mail) someone else's? */
async function takenByOther(
  db: Database,
  column: typeof users.displayName | typeof users.email,
  value: string,
  userId: string,
) {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${column}) = ${value.toLowerCase()}`, ne(users.id, userId)))
    .get();
  return Boolean(row);
}

export const displayNameTaken = (db: Database, displayName: string, userId: string) =>
  takenByOther(db, users.displayName, displayName, userId);
export const emailTaken = (db: Database, email: string, userId: string) => takenByOther(db, users.email, email, userId);

export async function updateNames(
  db: Database,
  userId: string,
  names: { fullName: string; displayName: string },
  now: number,
) {
  await db
    .update(users)
    .set({ ...names, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function setAvatarUrl(db: Database, userId: string, avatarUrl: string | null, now: number) {
  await db.update(users).set({ avatarUrl, updatedAt: now }).where(eq(users.id, userId));
}

export async function passwordOf(db: Database, userId: string) {
  return db
    .select({ hash: users.passwordHash, salt: users.passwordSalt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

// ---------------------------------------------------------------------------------------------
// One order, as its shopper (or staff who handle orders) sees it

export interface OrderViewer {
  id: string;
  /** Staff who handle orders may open anyone's order. */
  staff: boolean;
}

/**
 * An order with its lines, their reviews and the status history, or null when the viewer may
 * not see it (ownership is part of the WHERE clause): one D1 trip.
 */
export async function orderDetail(db: Database, orderId: string, viewer: OrderViewer) {
  return (await batchParts(db, [orderDetailPart(db, orderId, viewer)] as const))[0];
}

/** `orderDetail`'s statements as a part of a batch (the order page reads the rest beside them). */
export function orderDetailPart(db: Database, orderId: string, viewer: OrderViewer) {
  const mayView = viewer.staff ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, viewer.id));
  const statements = [
    db
      .select({
        id: orders.id,
        reference: orders.reference,
        userId: orders.userId,
        status: orders.status,
        subtotalAmount: orders.subtotalAmount,
        deliveryFee: orders.deliveryFee,
        totalAmount: orders.totalAmount,
        billingAddress: orders.billingAddress,
        shippingAddress: orders.shippingAddress,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(mayView),
    db
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        name: orderItems.name,
        type: orderItems.type,
        price: orderItems.price,
        buyingPrice: orderItems.buyingPrice,
        status: orderItems.status,
        handler: orderItems.handler,
        sellerId: orderItems.sellerId,
        ownerId: orderItems.ownerId,
        deliveredAt: orderItems.deliveredAt,
        rentalEndsAt: orderItems.rentalEndsAt,
        returnRequestedAt: orderItems.returnRequestedAt,
        carrier: orderItems.carrier,
        trackingNumber: orderItems.trackingNumber,
        shippedAt: orderItems.shippedAt,
        returnReason: orderItems.returnReason,
        returnCarrier: orderItems.returnCarrier,
        returnTrackingNumber: orderItems.returnTrackingNumber,
        inspection: orderItems.inspection,
        inspectionReason: orderItems.inspectionReason,
        damageCharge: orderItems.damageCharge,
        returnedAt: orderItems.returnedAt,
        chargeOverturnedAt: orderItems.chargeOverturnedAt,
        needBy: orderItems.needBy,
        protectionFee: orderItems.protectionFee,
        damageWaived: orderItems.damageWaived,
        listedPrice: orderItems.listedPrice,
        bundlePercent: orderItems.bundlePercent,
        // D1 collapses duplicate column names in a batch: joined columns get their own aliases.
        image: aliasedOrNull(products.images, "product_images"),
        storeName: sql<string | null>`case when ${orderItems.handler} = 'store' then ${stores.name} end`.as(
          "handler_store_name",
        ),
        storeDescription: sql<
          string | null
        >`case when ${orderItems.handler} = 'store' then ${stores.description} end`.as("handler_store_description"),
        reviewRating: aliasedOrNull(reviews.rating, "review_rating"),
        reviewComment: aliasedOrNull(reviews.comment, "review_comment"),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(stores, and(eq(orderItems.handler, "store"), eq(stores.id, orderItems.sellerId)))
      .leftJoin(reviews, and(eq(reviews.orderItemId, orderItems.id), eq(reviews.side, "shopper")))
      .where(and(eq(orderItems.orderId, orderId), mayView))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id)),
    db
      .select({
        id: orderStatusHistory.id,
        orderItemId: orderStatusHistory.orderItemId,
        fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus,
        actorRole: orderStatusHistory.actorRole,
        note: orderStatusHistory.note,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
      .where(and(eq(orderStatusHistory.orderId, orderId), mayView))
      .orderBy(asc(orderStatusHistory.createdAt), asc(sql`${orderStatusHistory}.rowid`)),
  ] as const;
  type Rows<I extends number> = Awaited<(typeof statements)[I]>;
  return {
    statements: [...statements],
    read: (rows: unknown[][]) => {
      const [orderRows, itemRows, historyRows] = rows as [Rows<0>, Rows<1>, Rows<2>];
      const order = orderRows[0];
      if (!order) return null;
      const items = itemRows.map(({ image, ...item }) => ({ ...item, image: image?.[0] ?? null }));
      return { ...order, items, history: historyRows };
    },
  };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;

// ---------------------------------------------------------------------------------------------
// Reviews

/** The order line a shopper wants to review: only their own (ownership in the WHERE clause). */
export async function reviewTarget(db: Database, orderId: string, itemId: string, userId: string) {
  return db
    .select({
      status: orderItems.status,
      productId: orderItems.productId,
      ownerId: products.ownerId,
      completedAt: orderItems.completedAt,
      returnedAt: orderItems.returnedAt,
      deliveredAt: orderItems.deliveredAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId), eq(orders.userId, userId)))
    .get();
}

export type ReviewResult = "created" | "duplicate" | "not_reviewable" | "closed";

/**
 * One review per order line (reviews.order_item_id is unique): a second one, even raced, inserts
 * nothing. The review is of the product's owner (the vendor profile counts it) and the product.
 */
export async function insertReview(
  db: Database,
  target: {
    status: ItemStatus;
    productId: string;
    ownerId: string;
    completedAt: number | null;
    returnedAt: number | null;
    deliveredAt: number | null;
  },
  review: { itemId: string; reviewerId: string; rating: number; comment: string | null },
  now: number,
): Promise<ReviewResult> {
  if (!reviewable(target.status)) return "not_reviewable";
  // Within RATING_WINDOW_DAYS of the trade's end (decision 0091).
  if (ratingWindow(target.status, tradeEndedAt(target), now) === "closed") return "closed";
  const inserted = await db
    .insert(reviews)
    .values({
      id: `review_${crypto.randomUUID()}`,
      rating: review.rating,
      comment: review.comment,
      reviewerId: review.reviewerId,
      reviewedUserId: target.ownerId,
      productId: target.productId,
      orderItemId: review.itemId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  return inserted.length > 0 ? "created" : "duplicate";
}
