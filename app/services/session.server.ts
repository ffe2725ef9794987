import { createCookie } from "react-router";
import type { AppContext } from "../context";
import type { SessionUser } from "../domain/roles";
import { markSessionsEnded } from "../data/users.server";
import { loadSessionUser, type VisitOptions } from "../data/visit.server";

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

// Sessions read for a GET of a page may come from this isolate's memory for a few seconds
// (decisions 0039, 0140, 0143): KV itself serves a read from its cache at the data centre for 60 s,
// so this adds no staleness across data centres. A session that ends is forgotten at once here,
// and the user's visit, read from D1 with every page, says when one of their sessions last ended
// (`sessionsEndedAt`): a record remembered from before then is read from KV again (visitOf). Every
// action reads KV.
const REMEMBER_MS = 10_000;
const remembered = new Map<string, { stored: StoredSession; readAt: number }>();
const forget = (id: string) => remembered.delete(id);

/** A session as the request read it: its id and record, and when the record was read from KV if from this isolate's memory. */
export interface ReadSession {
  id: string;
  stored: StoredSession;
  rememberedFrom?: number;
}

/**
 * The session the request's cookie names, when it exists: its id and record (one KV read, or
 * with `remembered` and a record read in the last seconds, none).
 */
export async function readSession(
  request: Request,
  app: AppContext,
  options: { remembered?: boolean; now?: number } = {},
): Promise<ReadSession | null> {
  const id = await readSessionId(request, app);
  if (!id) return null;
  const now = options.now ?? Date.now();
  const memo = options.remembered ? remembered.get(id) : undefined;
  if (memo && memo.readAt + REMEMBER_MS > now) return { id, stored: memo.stored, rememberedFrom: memo.readAt };
  const stored = await readStored(app, id, now);
  return stored && { id, stored };
}

/** A session's record from KV, remembered in this isolate as read at `now` (or forgotten when gone). */
async function readStored(app: AppContext, id: string, now: number) {
  const stored = await app.env.SESSIONS.get<StoredSession>(sessionKey(id), "json");
  forget(id);
  if (!stored) return null;
  remembered.set(id, { stored, readAt: now });
  if (remembered.size > 1000) remembered.delete(remembered.keys().next().value!);
  return stored;
}

/**
 * The visit of a session's user (see loadSessionUser), or nobody when the user is gone (the
 * session ends). Slides the session's expiry (at most daily) and returns a Set-Cookie header when it did.
 */
export async function visitOf(
  app: AppContext,
  session: ReadSession,
  now = Date.now(),
  favoritesOf: string[] = [],
  options: VisitOptions = {},
) {
  const { id } = session;
  let { stored } = session;
  const found = await loadSessionUser(app.db, stored.userId, favoritesOf, options);
  if (!found) {
    await destroySession(app, id, stored.userId);
    return NOBODY;
  }
  // A record remembered from before one of the user's sessions ended may be of the one that ended:
  // read from KV again (decision 0143).
  const { rememberedFrom } = session;
  if (rememberedFrom !== undefined && found.sessionsEndedAt !== null && found.sessionsEndedAt >= rememberedFrom) {
    const fresh = await readStored(app, id, now);
    if (!fresh) return NOBODY;
    stored = fresh;
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
export async function endSession(request: Request, app: AppContext, now = Date.now()) {
  const id = await readSessionId(request, app);
  if (id) {
    const stored = await app.env.SESSIONS.get<StoredSession>(sessionKey(id), "json");
    await destroySession(app, id, stored?.userId ?? "");
    // After the record left KV: an isolate that remembers it from before reads KV again (decision 0143).
    if (stored) await markSessionsEnded(app.db, stored.userId, now);
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
export async function endAllSessions(
  app: AppContext,
  userId: string,
  options: { except?: string | null; now?: number } = {},
) {
  const ids = await sessionIdsOf(app, userId);
  await Promise.all(ids.filter((id) => id !== options.except).map((id) => destroySession(app, id, userId)));
  // After the records left KV: an isolate that remembers one from before reads KV again (decision 0143).
  await markSessionsEnded(app.db, userId, options.now ?? Date.now());
}

/** When each of a user's sessions began and was last refreshed (the data export lists them, without their ids). */
export async function listSessions(app: AppContext, userId: string) {
  const ids = await sessionIdsOf(app, userId);
  const stored = await Promise.all(ids.map((id) => app.env.SESSIONS.get<StoredSession>(sessionKey(id), "json")));
  return stored
    .filter((s): s is StoredSession => s !== null && s.userId === userId)
    .sort((a, b) => a.createdAt - b.createdAt);
}
