import { eq, inArray, sql, type Placeholder } from "drizzle-orm";
import { cartItems, favorites, userRoles, users } from "../../db/schema";
import type { AppContext } from "../context";
import { roleFlags, type SessionUser } from "../domain/roles";
import type { HeldReservation } from "../domain/alerts";
import { personWithRoles } from "./users.server";
import { batchParts, rideWithNextBatch } from "./parts.server";
import { preparedOnce } from "./prepared.server";
import { heldReservationsJson, readHeldReservations } from "./orders.server";
import { limitOf } from "./db.server";

// A signed-in visit as D1 holds it (app/services/session.server.ts reads the session, then this):
// the user with their role, the header's counts, and what a shared page asks beyond the header.

/** How many saved items a visit reads at most when it asks for them all (`allFavorites`). */
export const ALL_FAVORITES_LIMIT = 500;

/** What a shared page asks of its visitor beyond the header: all their saved items, who waits for what, whose checkout holds what. */
export interface VisitOptions {
  allFavorites?: boolean;
  waitingOf?: string[];
  heldOf?: string[];
  /** A plain visit rides with the request's next batch of reads (decision 0115) instead of its own trip. */
  ride?: boolean;
}

/** The statement of a visit (see loadSessionUser): its shape depends on what the page asks beyond the header. */
function visitQuery(db: AppContext["db"], userId: string | Placeholder, favoritesOf: string[], options: VisitOptions) {
  const saved = favoritesOf.length
    ? sql<string>`(SELECT json_group_array(${favorites.productId}) FROM ${favorites} WHERE ${favorites.userId} = ${users.id} AND ${inArray(favorites.productId, favoritesOf)})`
    : sql<string>`'[]'`;
  const all = options.allFavorites
    ? sql<
        string | null
      >`(SELECT json_group_array(product_id) FROM (SELECT ${favorites.productId} AS product_id FROM ${favorites} WHERE ${favorites.userId} = ${users.id} LIMIT ${limitOf(ALL_FAVORITES_LIMIT + 1)}))`
    : sql<string | null>`NULL`;
  // The rented items the visitor asked to be told about (decision 0051): those on the page, and
  // with `allFavorites` every waiting request (kept with the visit like the favorites).
  const waitingOf = options.waitingOf ?? [];
  const waiting = waitingOf.length
    ? sql<string>`(SELECT json_group_array(product_id) FROM back_in_stock_requests WHERE user_id = ${users.id} AND notified_at IS NULL AND product_id IN (SELECT value FROM json_each(${JSON.stringify(waitingOf)})))`
    : sql<string>`'[]'`;
  const allWaiting = options.allFavorites
    ? sql<
        string | null
      >`(SELECT json_group_array(product_id) FROM (SELECT product_id FROM back_in_stock_requests WHERE user_id = ${users.id} AND notified_at IS NULL LIMIT ${limitOf(ALL_FAVORITES_LIMIT + 1)}))`
    : sql<string | null>`NULL`;
  // Every seller and store the visitor follows, as follow keys (decision 0090): a page's Follow buttons and home's rail.
  const allFollows = options.allFavorites
    ? sql<
        string | null
      >`(SELECT json_group_array(k) FROM (SELECT CASE WHEN seller_id IS NOT NULL THEN 'seller:' || seller_id ELSE 'store:' || store_id END AS k FROM follows WHERE follower_id = ${users.id} LIMIT ${limitOf(ALL_FAVORITES_LIMIT + 1)}))`
    : sql<string | null>`NULL`;
  const held = options.heldOf?.length ? heldReservationsJson(users.id, options.heldOf) : sql<string>`'[]'`;
  return db
    .select({
      ...personWithRoles,
      avatarUrl: users.avatarUrl,
      // When one of their sessions last ended (decision 0143): a record remembered from before is read again.
      sessionsEndedAt: users.sessionsEndedAt,
      // The store they own, their first as the store dashboard opens it (decision 0121), from stores_owner_idx.
      ownedStoreId: sql<
        string | null
      >`(SELECT s.id FROM stores s WHERE s.owner_id = ${users.id} ORDER BY s.created_at, s.id LIMIT 1)`.as(
        "visit_owned_store",
      ),
      // Each computed column named: a D1 batch returns rows by column name, and two '[]' or NULL
      // columns would be one (the plain visit is read in a batch).
      cartCount: sql<number>`(SELECT count(*) FROM ${cartItems} WHERE ${cartItems.userId} = ${users.id})`.as(
        "visit_cart_count",
      ),
      // The header's bell (issue 23): read from the partial index of unread rows.
      unread: sql<number>`(SELECT count(*) FROM notifications WHERE user_id = ${users.id} AND read_at IS NULL)`.as(
        "visit_unread",
      ),
      // The header's messages badge (issue 26): conversations with unread messages, from the partial index.
      messages: sql<number>`(SELECT count(*) FROM conversation_reads WHERE user_id = ${users.id} AND unread > 0)`.as(
        "visit_messages",
      ),
      saved: saved.as("visit_saved"),
      all: all.as("visit_all"),
      waiting: waiting.as("visit_waiting"),
      allWaiting: allWaiting.as("visit_all_waiting"),
      allFollows: allFollows.as("visit_all_follows"),
      held: held.as("visit_held"),
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, userId));
}

const plainVisit = preparedOnce(["userId"], (db, { userId }) => visitQuery(db, userId, [], {}));

/** The plain visit's rows: in a trip of its own, or riding with the request's next batch of reads (decision 0115). */
async function plainVisitRows(db: AppContext["db"], userId: string, ride = false) {
  const part = plainVisit(db, { userId });
  return ride ? rideWithNextBatch(db, part) : (await batchParts(db, [part] as const))[0];
}

/**
 * The user behind a session with their role, the number of lines in their basket (the header
 * shows it on every page) and which of `favoritesOf` they saved (a shared page's hearts); with
 * `allFavorites`, also every item they saved when that is at most ALL_FAVORITES_LIMIT (else
 * null); with `heldOf`, which of the reserved items `heldOf` their own checkouts hold (decision 0068).
 * One statement, so a signed-in page costs one D1 trip more.
 */
export async function loadSessionUser(
  db: AppContext["db"],
  userId: string,
  favoritesOf: string[] = [],
  options: VisitOptions = {},
): Promise<{
  user: SessionUser;
  cartCount: number;
  favorites: Set<string>;
  allFavorites: Set<string> | null;
  waiting: Set<string>;
  allWaiting: Set<string> | null;
  allFollows: Set<string> | null;
  held: Record<string, HeldReservation>;
  sessionsEndedAt: number | null;
} | null> {
  // A page's plain visit (no hearts, waits or holds to look up: every dashboard, account and order
  // page) reads one statement built once per isolate (decision 0111).
  const plain = !favoritesOf.length && !options.allFavorites && !options.waitingOf?.length && !options.heldOf?.length;
  const row = plain
    ? (await plainVisitRows(db, userId, options.ride))[0]
    : await visitQuery(db, userId, favoritesOf, options).get();
  if (!row || row.deactivatedAt !== null) return null;
  const {
    role,
    adminSubrole,
    sellerRole,
    deactivatedAt: _d,
    sessionsEndedAt,
    cartCount,
    saved: savedIds,
    all: allIds,
    waiting: waitingIds,
    allWaiting: allWaitingIds,
    allFollows: followKeys,
    held: heldJson,
    ...profile
  } = row;
  const every = allIds === null ? null : (JSON.parse(allIds) as string[]);
  const everyWaiting = allWaitingIds === null ? null : (JSON.parse(allWaitingIds) as string[]);
  const everyFollow = followKeys === null ? null : (JSON.parse(followKeys) as string[]);
  return {
    user: { ...profile, ...roleFlags({ role, adminSubrole, sellerRole }) },
    cartCount,
    favorites: new Set(JSON.parse(savedIds) as string[]),
    allFavorites: every && every.length <= ALL_FAVORITES_LIMIT ? new Set(every) : null,
    waiting: new Set(JSON.parse(waitingIds) as string[]),
    allWaiting: everyWaiting && everyWaiting.length <= ALL_FAVORITES_LIMIT ? new Set(everyWaiting) : null,
    allFollows: everyFollow && everyFollow.length <= ALL_FAVORITES_LIMIT ? new Set(everyFollow) : null,
    held: readHeldReservations(heldJson),
    sessionsEndedAt,
  };
}
