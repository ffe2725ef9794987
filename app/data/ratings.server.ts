import { and, avg, count, desc, eq, isNotNull, ne, sql, type Placeholder, type SQL } from "drizzle-orm";
import { orderItems, orders, payeeAccounts, reviews, userVerifications, users } from "../../db/schema";
import type { Database } from "./db.server";
import { mapPart, partsOf, type Part } from "./parts.server";
import { preparedOnce } from "./prepared.server";
import { ownerOfItem, sellerNamed } from "./columns.server";
import { SHIPS_FAST_ORDERS, sellerBadges, type Badge } from "../domain/badges";
import { ratingWindow, tradeEndedAt, type RatingWindow } from "../domain/ratings";
import type { ItemStatus } from "../domain/order-lifecycle";

// Ratings both ways and the badges they earn (issue 46 item 2; docs/decisions/0091-ratings-and-badges.md).
// reviews.side says who rated: 'shopper' (of the seller: the spec's reviews) or 'seller' (of the shopper).

/** A seller's ratings from shoppers: average and count. */
export function sellerRatingQuery(db: Database, sellerId: string | Placeholder | SQL) {
  return db
    .select({ n: count(), average: avg(reviews.rating) })
    .from(reviews)
    .where(and(eq(reviews.reviewedUserId, sellerId), eq(reviews.side, "shopper")));
}

/** The facts a seller's badges are decided on: e-mail confirmed, payouts active, their last orders' posting. */
function badgeFactQueries(db: Database, sellerId: string | Placeholder | SQL) {
  return [
    db
      .select({ emailVerified: userVerifications.isVerified, payouts: payeeAccounts.status })
      .from(users)
      .leftJoin(userVerifications, eq(userVerifications.userId, users.id))
      .leftJoin(payeeAccounts, and(eq(payeeAccounts.payeeType, "owner"), eq(payeeAccounts.payeeId, users.id)))
      .where(eq(users.id, sellerId)),
    // Their last orders as the one who posts them (not a store's concierge items): when ordered, when
    // posted. Twice the badge's count, so orders still in their time to post leave enough decided ones.
    db
      .select({ orderedAt: orderItems.createdAt, shippedAt: orderItems.shippedAt })
      .from(orderItems)
      .where(
        and(eq(orderItems.ownerId, sellerId), eq(orderItems.handler, "vendor"), ne(orderItems.status, "cancelled")),
      )
      .orderBy(desc(orderItems.createdAt))
      .limit(SHIPS_FAST_ORDERS * 2),
  ] as const;
}

export interface SellerStanding {
  average: number | null;
  ratings: number;
  badges: Badge[];
}

type StandingRows = [
  { n: number; average: string | null }[],
  { emailVerified: boolean | null; payouts: string | null }[],
  { orderedAt: number; shippedAt: number | null }[],
];

/** A seller's standing from its statements' rows. */
export function standingFrom([rating, factRows, recentRows]: StandingRows, now: number): SellerStanding {
  const average = rating[0]?.average ? Number(rating[0].average) : null;
  const ratings = rating[0]?.n ?? 0;
  const fact = factRows[0];
  const badges = sellerBadges({
    emailVerified: Boolean(fact?.emailVerified),
    payoutsActive: fact?.payouts === "active",
    average,
    ratings,
    recentOrders: recentRows,
    now,
  });
  return { average, ratings, badges };
}

/**
 * A standing's statements, built once per isolate (decision 0111), for the seller `who` names
 * from an id, and the part that reads them for an id.
 */
function standingStatements(who: (id: Placeholder) => Placeholder | SQL) {
  const rating = preparedOnce(["id"], (db, { id }) => sellerRatingQuery(db, who(id)));
  const facts = preparedOnce(["id"], (db, { id }) => badgeFactQueries(db, who(id))[0]);
  const recent = preparedOnce(["id"], (db, { id }) => badgeFactQueries(db, who(id))[1]);
  return (db: Database, id: string, now: number): Part<SellerStanding> =>
    mapPart(partsOf([rating(db, { id }), facts(db, { id }), recent(db, { id })] as const), (rows) =>
      standingFrom(rows as StandingRows, now),
    );
}

/**
 * A seller's average, count and earned badges, for the seller of an item, by the item's id: the
 * product page reads it in the item's batch.
 */
export const itemSellerStandingPart = standingStatements(ownerOfItem);

/** The same for the seller of a display name (lower-cased): their profile reads it in its one batch. */
export const namedSellerStandingPart = standingStatements(sellerNamed);

/** A shopper's ratings from sellers: average and count (their account shows it). */
export async function shopperRating(db: Database, shopperId: string) {
  const row = (
    await db
      .select({ n: count(), average: avg(reviews.rating) })
      .from(reviews)
      .where(and(eq(reviews.reviewedUserId, shopperId), eq(reviews.side, "seller")))
  )[0];
  return { ratings: row?.n ?? 0, average: row?.average ? Number(row.average) : null };
}

/**
 * The trade a seller wants to rate the shopper of: only an order item of their own listing
 * (ownership in the WHERE clause), with its shopper, when it ended and any rating given.
 */
export async function sellerRatingTarget(db: Database, itemId: string, sellerId: string, now: number) {
  const row = await db
    .select({
      id: orderItems.id,
      name: orderItems.name,
      productId: orderItems.productId,
      status: orderItems.status,
      completedAt: orderItems.completedAt,
      returnedAt: orderItems.returnedAt,
      deliveredAt: orderItems.deliveredAt,
      orderReference: orders.reference,
      shopperId: orders.userId,
      shopperName: users.displayName,
      rating: sql<
        number | null
      >`(select ${reviews.rating} from ${reviews} where ${reviews.orderItemId} = ${orderItems.id} and ${reviews.side} = 'seller')`,
      comment: sql<
        string | null
      >`(select ${reviews.comment} from ${reviews} where ${reviews.orderItemId} = ${orderItems.id} and ${reviews.side} = 'seller')`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.ownerId, sellerId), isNotNull(orderItems.ownerId)))
    .get();
  if (!row) return null;
  const endedAt = tradeEndedAt(row);
  const window: RatingWindow = ratingWindow(row.status as ItemStatus, endedAt, now);
  return { ...row, endedAt, window };
}

export type SellerRatingTarget = NonNullable<Awaited<ReturnType<typeof sellerRatingTarget>>>;

/** The seller's rating of the shopper: once per trade (a second, even raced, inserts nothing). */
export async function insertShopperRating(
  db: Database,
  target: SellerRatingTarget,
  sellerId: string,
  rating: { rating: number; comment: string | null },
  now: number,
) {
  if (target.window !== "open" || !target.shopperId)
    return target.window === "closed" ? ("closed" as const) : ("not_yet" as const);
  const inserted = await db
    .insert(reviews)
    .values({
      id: `review_${crypto.randomUUID()}`,
      rating: rating.rating,
      comment: rating.comment,
      reviewerId: sellerId,
      reviewedUserId: target.shopperId,
      productId: target.productId,
      orderItemId: target.id,
      side: "seller",
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  return inserted.length > 0 ? ("created" as const) : ("duplicate" as const);
}
