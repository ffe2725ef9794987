import { and, count, desc, eq, gte, inArray, isNull, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { follows, products, stores, users } from "../../db/schema";
import type { Database } from "./db.server";
import { cardColumns, isPublic } from "./public-products.server";
import { ownerOfItem, storeOfItem } from "./columns.server";
import { newestFirst } from "./paging.server";
import { preparedOnce } from "./prepared.server";
import { FOLLOWING_RAIL_DAYS, FOLLOWING_RAIL_ITEMS, followKey, type FollowTarget } from "../domain/follows";

// Follows (issue 46 item 1; docs/decisions/0090-follows-and-digest.md): who follows which seller or
// partner store. Ownership is the follower's id in every WHERE clause.

const DAY_MS = 86_400_000;

const targetColumn = (target: Pick<FollowTarget, "kind">) =>
  target.kind === "seller" ? follows.sellerId : follows.storeId;

/**
 * Whether a target can be followed by `followerId`: 'ok', 'self' (their own account or store) or
 * 'gone' (no such seller or store, or its account is deactivated).
 */
export async function followable(
  db: Database,
  followerId: string,
  target: FollowTarget,
): Promise<"ok" | "self" | "gone"> {
  if (target.kind === "seller") {
    if (target.id === followerId) return "self";
    const seller = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, target.id), isNull(users.deactivatedAt)))
      .get();
    return seller ? "ok" : "gone";
  }
  const store = await db
    .select({ ownerId: stores.ownerId })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .where(and(eq(stores.id, target.id), isNull(users.deactivatedAt)))
    .get();
  if (!store) return "gone";
  return store.ownerId === followerId ? "self" : "ok";
}

/** Follows a seller or store once: 'created', or 'duplicate' when already followed (even raced). */
export async function addFollow(db: Database, followerId: string, target: FollowTarget, now: number) {
  const inserted = await db
    .insert(follows)
    .values({
      id: `follow_${crypto.randomUUID()}`,
      followerId,
      sellerId: target.kind === "seller" ? target.id : null,
      storeId: target.kind === "store" ? target.id : null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: follows.id });
  return inserted.length > 0 ? ("created" as const) : ("duplicate" as const);
}

/** Stops following: whether there was a follow to remove. */
export async function removeFollow(db: Database, followerId: string, target: FollowTarget) {
  const removed = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(targetColumn(target), target.id)))
    .returning({ id: follows.id });
  return removed.length > 0;
}

/** How many people follow a seller or store (the profile's count). */
export function followersQuery(db: Database, target: { kind: FollowTarget["kind"]; id: string | SQL }) {
  return db
    .select({ n: count() })
    .from(follows)
    .where(eq(targetColumn(target), target.id));
}

export async function followersCount(db: Database, target: FollowTarget) {
  return (await followersQuery(db, target))[0]?.n ?? 0;
}

/** The statement of which of `targets` the user follows (null when there are none to ask about). */
export function followedQuery(db: Database, userId: string, targets: readonly FollowTarget[]) {
  const sellers = targets.filter((t) => t.kind === "seller").map((t) => t.id);
  const storeIds = targets.filter((t) => t.kind === "store").map((t) => t.id);
  if (sellers.length === 0 && storeIds.length === 0) return null;
  return db
    .select({ sellerId: follows.sellerId, storeId: follows.storeId })
    .from(follows)
    .where(
      and(
        eq(follows.followerId, userId),
        or(
          sellers.length ? inArray(follows.sellerId, sellers) : sql`0`,
          storeIds.length ? inArray(follows.storeId, storeIds) : sql`0`,
        ),
      ),
    );
}

/** Whether `userId` follows a seller or a store (a subquery may name it: a profile's batch); a row when they do. */
export const followsQuery = (db: Database, userId: string, target: { kind: FollowTarget["kind"]; id: string | SQL }) =>
  db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, userId), eq(targetColumn(target), target.id)))
    .limit(1);

/** Whether `userId` follows an item's seller or its store, by the item's id (the product page's batch). */
export const followedOfItemQuery = (db: Database, userId: string | Placeholder, itemId: string | Placeholder) =>
  db
    .select({ sellerId: follows.sellerId, storeId: follows.storeId })
    .from(follows)
    .where(
      and(
        eq(follows.followerId, userId),
        or(eq(follows.sellerId, ownerOfItem(itemId)), eq(follows.storeId, storeOfItem(itemId))),
      ),
    );

/** Its rows as follow keys ('seller:ID'). */
export const followedFrom = (rows: readonly { sellerId: string | null; storeId: string | null }[]) =>
  new Set(
    rows.map((r) =>
      r.sellerId ? followKey({ kind: "seller", id: r.sellerId }) : followKey({ kind: "store", id: r.storeId! }),
    ),
  );

/** Which of `targets` the user follows, as follow keys ('seller:ID'). */
export async function followedAmong(
  db: Database,
  userId: string,
  targets: readonly FollowTarget[],
): Promise<Set<string>> {
  const query = followedQuery(db, userId, targets);
  return query ? followedFrom(await query) : new Set();
}

/** The account's Following list: each seller (by display name only) and store, newest follow first. */
export async function followingList(db: Database, userId: string) {
  const rows = await db
    .select({
      sellerId: follows.sellerId,
      storeId: follows.storeId,
      sellerName: users.displayName,
      storeName: stores.name,
      since: follows.createdAt,
    })
    .from(follows)
    .leftJoin(users, and(eq(users.id, follows.sellerId), isNull(users.deactivatedAt)))
    .leftJoin(stores, eq(stores.id, follows.storeId))
    .where(eq(follows.followerId, userId))
    .orderBy(desc(follows.createdAt), desc(follows.id))
    .limit(500);
  return rows
    .map((r) => {
      if (r.storeId)
        return r.storeName
          ? {
              target: { kind: "store" as const, id: r.storeId },
              name: r.storeName,
              href: `/store/${encodeURIComponent(r.storeId)}`,
              since: r.since,
            }
          : null;
      if (!r.sellerId) return null;
      // A seller without a display name has no public profile: named as the product page names them.
      const name = r.sellerName ?? "A Closetloop seller";
      return {
        target: { kind: "seller" as const, id: r.sellerId },
        name,
        href: r.sellerName ? `/${encodeURIComponent(r.sellerName)}` : null,
        since: r.since,
      };
    })
    .filter((r): r is NonNullable<typeof r> => r !== null);
}

/** Listings of what the user follows: a seller's own items, or a store's. */
const fromFollowed = (userId: string | Placeholder) =>
  or(
    sql`${products.ownerId} in (select ${follows.sellerId} from ${follows} where ${follows.followerId} = ${userId} and ${follows.sellerId} is not null)`,
    sql`${products.storeId} in (select ${follows.storeId} from ${follows} where ${follows.followerId} = ${userId} and ${follows.storeId} is not null)`,
  );

/** 'From sellers you follow' (home page rail): their newest public listings of the last 30 days. */
export function newFromFollowed(db: Database, userId: string, now: number, limit = FOLLOWING_RAIL_ITEMS) {
  return newFromFollowedSince(db, userId, followingRailSince(now), limit);
}

/** When the rail's 30 days began. */
const followingRailSince = (now: number) => now - FOLLOWING_RAIL_DAYS * DAY_MS;

/** The rail's statement from its start (a value, so it can be built once with a placeholder). */
function newFromFollowedSince(
  db: Database,
  userId: string | Placeholder,
  since: number | Placeholder,
  limit = FOLLOWING_RAIL_ITEMS,
) {
  return db
    .select(cardColumns)
    .from(products)
    .where(and(isPublic(), gte(products.createdAt, since), fromFollowed(userId)))
    .orderBy(...newestFirst(products))
    .limit(limit);
}

const newFromFollowedOnce = preparedOnce(["userId", "since"], (db, { userId, since }) =>
  newFromFollowedSince(db, userId, since),
);
/** The rail as a part of the home page's batch, its statement built once per isolate (decision 0135). */
export const newFromFollowedPart = (db: Database, userId: string, now: number) =>
  newFromFollowedOnce(db, { userId, since: followingRailSince(now) });

/** Who follows a listing's seller or store, with their address (for the notice of a listing gone live). */
export async function followersOfListing(db: Database, productId: string) {
  return db
    .select({ userId: users.id, email: users.email })
    .from(follows)
    .innerJoin(users, and(eq(users.id, follows.followerId), isNull(users.deactivatedAt)))
    .innerJoin(products, eq(products.id, productId))
    .where(
      or(
        eq(follows.sellerId, products.ownerId),
        and(sql`${products.storeId} is not null`, eq(follows.storeId, products.storeId)),
      ),
    )
    .groupBy(users.id)
    .limit(5000);
}
