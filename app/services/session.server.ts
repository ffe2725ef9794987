import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { userRoles, users } from "../../db/schema";
import { cartCountQuery } from "../data/cart.server";
import type { AppContext } from "../context";
import { roleFlags, type RoleFlags } from "../domain/roles";

// Server-side sessions (DECISIONS.md, Platform): the cookie holds only a random id; the data
// lives in KV with a sliding expiry and is deleted at sign-out, password reset and deactivation.
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;
/** Refresh the expiry at most this often, so most requests cost no KV write. */
const SLIDE_AFTER_MS = 1000 * 60 * 60 * 24;

export interface StoredSession {
  userId: string;
  createdAt: number;
  refreshedAt: number;
}

export interface SessionUser extends RoleFlags {
  id: string;
  email: string;
  fullName: string | null;
  displayName: string | null;
  avatarUrl: string | null;
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

export async function readSessionId(request: Request, app: AppContext): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes("cl_session")) return null;
  const value = await sessionCookie(app.config.isDev).parse(header);
  return typeof value === "string" && /^[A-Za-z0-9_-]{32,64}$/.test(value) ? value : null;
}

/**
 * The user behind a session with their role, and the number of lines in their basket (the
 * header shows it on every page): one D1 batch, so a signed-in page costs one trip more.
 */
export async function loadSessionUser(db: AppContext["db"], userId: string): Promise<{ user: SessionUser; cartCount: number } | null> {
  const [rows, basket] = await db.batch([
    db
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        deactivatedAt: users.deactivatedAt,
        role: userRoles.role,
        adminSubrole: userRoles.adminSubrole,
        sellerRole: userRoles.sellerRole,
      })
      .from(users)
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
    cartCountQuery(db, userId),
  ]);
  const row = rows[0];
  if (!row || row.deactivatedAt !== null) return null;
  const { role, adminSubrole, sellerRole, deactivatedAt: _d, ...profile } = row;
  return { user: { ...profile, ...roleFlags({ role, adminSubrole, sellerRole }) }, cartCount: basket[0]?.n ?? 0 };
}

/**
 * The signed-in user of this request, or null. Slides the session's expiry (at most daily)
 * and returns a Set-Cookie header when it did.
 */
export async function currentUser(request: Request, app: AppContext, now = Date.now()) {
  const id = await readSessionId(request, app);
  const nobody = { user: null, cartCount: 0, setCookie: null };
  if (!id) return nobody;
  const stored = await app.env.SESSIONS.get<StoredSession>(sessionKey(id), "json");
  if (!stored) return nobody;
  const found = await loadSessionUser(app.db, stored.userId);
  if (!found) {
    await destroySession(app, id, stored.userId);
    return nobody;
  }
  let setCookie: string | null = null;
  if (now - stored.refreshedAt > SLIDE_AFTER_MS) {
    await writeSession(app, id, { ...stored, refreshedAt: now });
    setCookie = await sessionCookie(app.config.isDev).serialize(id);
  }
  return { ...found, setCookie };
}

async function writeSession(app: AppContext, id: string, session: StoredSession) {
  await Promise.all([
    app.env.SESSIONS.put(sessionKey(id), JSON.stringify(session), { expirationTtl: SESSION_TTL_SECONDS }),
    app.env.SESSIONS.put(userSessionsKey(session.userId, id), "1", { expirationTtl: SESSION_TTL_SECONDS }),
  ]);
}

function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A brand-new id at every sign-in (no session fixation). Returns the Set-Cookie header. */
export async function createSession(app: AppContext, userId: string, now = Date.now()) {
  const id = randomId();
  await writeSession(app, id, { userId, createdAt: now, refreshedAt: now });
  return sessionCookie(app.config.isDev).serialize(id);
}

async function destroySession(app: AppContext, id: string, userId: string) {
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
  return stored.filter((s): s is StoredSession => s !== null && s.userId === userId).sort((a, b) => a.createdAt - b.createdAt);
}
