import { eq, inArray, sql, type Placeholder } from "drizzle-orm";
import { createCookie } from "react-router";
import { cartItems, favorites, userRoles, users } from "../../db/schema";
import type { AppContext } from "../context";
import { roleFlags, type SessionUser } from "../domain/roles";
import { personWithRoles } from "../data/users.server";
import { batchParts, rideWithNextBatch } from "../data/parts.server";
import { preparedOnce } from "../data/prepared.server";
import { heldReservationsJson, readHeldReservations } from "../data/orders.server";
import type { HeldReservation } from "../domain/alerts";

// Server-side sessions (DECISIONS.md, Platform): the cookie holds only a random id; the data
// lives in KV with a sliding expiry and is deleted at sign-out, password reset and deactivation.
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;
/** Refresh the expiry at most this often, so most requests cost no KV write. */
const SLIDE_AFTER_MS = 1000 * 60 * 60 * 24;

export interface StoredSession {
  userId: string;
  createdAt: number;
  refreshedAt: number;
  /**
   * The user as their last visit read them (decision 0116): a GET may authorize with it while the
   * visit rides with the page's batch, which then checks it.
   */
  user?: UserSnapshot;
}

export type { SessionUser };

/** A user as a session keeps them: all but the header's counts, which change with every message. */
export type UserSnapshot = Omit<SessionUser, "unread" | "messages">;

export function snapshotOf(user: SessionUser): UserSnapshot {
  const { unread: _unread, messages: _messages, ...snapshot } = user;
  return snapshot;
}

/**
 * Is the user as read now the one the session kept? Every field (role, names, e-mail) must be the
 * same: compared as the session stores them (JSON, written from `snapshotOf` in the same order).
 */
export function sameSnapshot(now: SessionUser | null, kept: UserSnapshot | undefined): boolean {
  return now !== null && kept !== undefined && JSON.stringify(snapshotOf(now)) === JSON.stringify(kept);
}

const cookies = new Map<boolean, ReturnType<typeof createCookie>>();
export function sessionCookie(isDev: boolean) {
  let cookie = cookies.get(isDev);
  if (!cookie) {
    cookie = createCookie(isDev ? "cl_session" : "__Host-cl_session", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: !isDev,
      maxAge: SESSION_TTL_SECONDS,
    });
    cookies.set(isDev, cookie);
  }
  return cookie;
}

const sessionKey = (id: string) => `session:${id}`;
const userSessionsKey = (userId: string, id: string) => `user-sessions:${userId}:${id}`;

// Cookie values whose signature this isolate checked, and the session id each holds.
const verified = new Map<string, string>();

export async function readSessionId(request: Request, app: AppContext): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes("cl_session")) return null;
  const raw = /(?:^|;\s*)(?:__Host-)?cl_session=([^;]*)/.exec(header)?.[1];
  const known = raw ? verified.get(raw) : undefined;
  if (known) return known;
  const value = await sessionCookie(app.config.isDev).parse(header);
  const id = typeof value === "string" && /^[A-Za-z0-9_-]{32,64}$/.test(value) ? value : null;
  if (id && raw) {
    if (verified.size >= 1000) verified.delete(verified.keys().next().value!);
    verified.set(raw, id);
  }
  return id;
}

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
      >`(SELECT json_group_array(product_id) FROM (SELECT ${favorites.productId} AS product_id FROM ${favorites} WHERE ${favorites.userId} = ${users.id} LIMIT ${ALL_FAVORITES_LIMIT + 1}))`
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
      >`(SELECT json_group_array(product_id) FROM (SELECT product_id FROM back_in_stock_requests WHERE user_id = ${users.id} AND notified_at IS NULL LIMIT ${ALL_FAVORITES_LIMIT + 1}))`
    : sql<string | null>`NULL`;
  // Every seller and store the visitor follows, as follow keys (decision 0090): a page's Follow buttons and home's rail.
  const allFollows = options.allFavorites
    ? sql<
        string | null
      >`(SELECT json_group_array(k) FROM (SELECT CASE WHEN seller_id IS NOT NULL THEN 'seller:' || seller_id ELSE 'store:' || store_id END AS k FROM follows WHERE follower_id = ${users.id} LIMIT ${ALL_FAVORITES_LIMIT + 1}))`
    : sql<string | null>`NULL`;
  const held = options.heldOf?.length ? heldReservationsJson(users.id, options.heldOf) : sql<string>`'[]'`;
  return db
    .select({
      ...personWithRoles,
      avatarUrl: users.avatarUrl,
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
  };
}

// Sessions read for a shared page's personal parts may come from this isolate's memory for a few
// seconds (docs/decisions/0039-stitched-personal-pages.md): KV itself serves a read from its
// cache at the data centre for 60 s, so this adds no staleness across data centres; here a
// session that ends is forgotten at once. Every other request (any action, any page rendered for
// the visitor) reads KV.
const REMEMBER_MS = 10_000;
const remembered = new Map<string, { stored: StoredSession; until: number }>();
const forget = (id: string) => remembered.delete(id);

/**
 * The session the request's cookie names, when it exists: its id and record (one KV read, or
 * with `remembered` and a record read in the last seconds, none).
 */
export async function readSession(
  request: Request,
  app: AppContext,
  options: { remembered?: boolean; now?: number } = {},
) {
  const id = await readSessionId(request, app);
  if (!id) return null;
  const now = options.now ?? Date.now();
  const memo = options.remembered ? remembered.get(id) : undefined;
  if (memo && memo.until > now) return { id, stored: memo.stored };
  const stored = await app.env.SESSIONS.get<StoredSession>(sessionKey(id), "json");
  if (!stored) {
    forget(id);
    return null;
  }
  remembered.delete(id);
  remembered.set(id, { stored, until: now + REMEMBER_MS });
  if (remembered.size > 1000) remembered.delete(remembered.keys().next().value!);
  return { id, stored };
}

/**
 * The visit of a session's user (see loadSessionUser), or nobody when the user is gone (the
 * session ends). Slides the session's expiry (at most daily) and returns a Set-Cookie header when it did.
 */
export async function visitOf(
  app: AppContext,
  session: { id: string; stored: StoredSession },
  now = Date.now(),
  favoritesOf: string[] = [],
  options: VisitOptions = {},
) {
  const { id, stored } = session;
  const found = await loadSessionUser(app.db, stored.userId, favoritesOf, options);
  if (!found) {
    await destroySession(app, id, stored.userId);
    return NOBODY;
  }
  // The session keeps the user as read now (decision 0116) and slides its expiry at most daily.
  const slides = now - stored.refreshedAt > SLIDE_AFTER_MS;
  if (slides || !sameSnapshot(found.user, stored.user)) {
    await writeSession(app, id, {
      ...stored,
      refreshedAt: slides ? now : stored.refreshedAt,
      user: snapshotOf(found.user),
    });
    forget(id);
  }
  const setCookie = slides ? await sessionCookie(app.config.isDev).serialize(id) : null;
  return { ...found, setCookie };
}

export const NOBODY = {
  user: null,
  cartCount: 0,
  favorites: new Set<string>(),
  allFavorites: null,
  waiting: new Set<string>(),
  allWaiting: null,
  allFollows: null,
  held: {},
  setCookie: null,
};

/** The signed-in user of this request, or null (see visitOf). */
export async function currentUser(request: Request, app: AppContext, now = Date.now()) {
  const session = await readSession(request, app);
  return session ? visitOf(app, session, now) : NOBODY;
}

export type Visitor = Awaited<ReturnType<typeof currentUser>>;

async function writeSession(app: Pick<AppContext, "env">, id: string, session: StoredSession) {
  await Promise.all([
    app.env.SESSIONS.put(sessionKey(id), JSON.stringify(session), { expirationTtl: SESSION_TTL_SECONDS }),
    app.env.SESSIONS.put(userSessionsKey(session.userId, id), "1", { expirationTtl: SESSION_TTL_SECONDS }),
  ]);
}

function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** A brand-new id at every sign-in (no session fixation). Returns the Set-Cookie header. */
export async function createSession(app: Pick<AppContext, "env" | "config">, userId: string, now = Date.now()) {
  const id = randomId();
  await writeSession(app, id, { userId, createdAt: now, refreshedAt: now });
  return sessionCookie(app.config.isDev).serialize(id);
}

async function destroySession(app: AppContext, id: string, userId: string) {
  forget(id);
  await Promise.all([app.env.SESSIONS.delete(sessionKey(id)), app.env.SESSIONS.delete(userSessionsKey(userId, id))]);
}

/** Ends the request's session; returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request, app: AppContext) {
  const id = await readSessionId(request, app);
  if (id) {
    const stored = await app.env.SESSIONS.get<StoredSession>(sessionKey(id), "json");
    await destroySession(app, id, stored?.userId ?? "");
  }
  return sessionCookie(app.config.isDev).serialize("", { maxAge: 0 });
}

/** The ids of a user's sessions (their index in KV). */
async function sessionIdsOf(app: AppContext, userId: string) {
  const prefix = `user-sessions:${userId}:`;
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await app.env.SESSIONS.list({ prefix, cursor });
    ids.push(...page.keys.map((k) => k.name.slice(prefix.length)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return ids;
}

/**
 * Ends every session of a user: password reset, deactivation, deletion; a password change keeps
 * the session it was made from (`except`).
 */
export async function endAllSessions(app: AppContext, userId: string, options: { except?: string | null } = {}) {
  const ids = await sessionIdsOf(app, userId);
  await Promise.all(ids.filter((id) => id !== options.except).map((id) => destroySession(app, id, userId)));
}

/** When each of a user's sessions began and was last refreshed (the data export lists them, without their ids). */
export async function listSessions(app: AppContext, userId: string) {
  const ids = await sessionIdsOf(app, userId);
  const stored = await Promise.all(ids.map((id) => app.env.SESSIONS.get<StoredSession>(sessionKey(id), "json")));
  return stored
    .filter((s): s is StoredSession => s !== null && s.userId === userId)
    .sort((a, b) => a.createdAt - b.createdAt);
}
