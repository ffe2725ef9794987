import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { authTokens, storeRequests, userRoles, users, userVerifications } from "../../db/schema";
import { isUniqueViolation, type Database } from "./db.server";

/** A person's names and roles, as the session and the Start selling check read them (with userRoles left-joined). */
export const personWithRoles = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  displayName: users.displayName,
  deactivatedAt: users.deactivatedAt,
  role: userRoles.role,
  adminSubrole: userRoles.adminSubrole,
  sellerRole: userRoles.sellerRole,
};

export async function findUserByEmail(db: Database, email: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      passwordHash: users.passwordHash,
      passwordSalt: users.passwordSalt,
      emailVerifiedAt: users.emailVerifiedAt,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .get();
}

/**
 * Creates the account, its verification row and its first verification token in one batch,
 * unless the e-mail already has an account; true when it was created. The same statements run
 * either way (decision 0017: a sign-up for a taken e-mail answers like any other).
 */
export async function insertUserUnlessTaken(
  db: Database,
  user: { id: string; email: string; fullName: string; passwordHash: string; passwordSalt: string },
  token: { tokenHash: string; expiresAt: number },
  now: number,
) {
  const [inserted] = await db.batch([
    db
      .insert(users)
      .values({ ...user, userType: "individual", createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id }),
    db.insert(userVerifications).select(
      db
        .select({
          userId: users.id,
          isVerified: sql<boolean>`0`.as("is_verified"),
          verifiedAt: sql<null>`NULL`.as("verified_at"),
        })
        .from(users)
        .where(eq(users.id, user.id)),
    ),
    db.insert(authTokens).select(
      db
        .select({
          tokenHash: sql<string>`${token.tokenHash}`.as("token_hash"),
          userId: users.id,
          purpose: sql<"verify_email">`'verify_email'`.as("purpose"),
          payload: sql<null>`NULL`.as("payload"),
          expiresAt: sql<number>`${token.expiresAt}`.as("expires_at"),
          usedAt: sql<null>`NULL`.as("used_at"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(users)
        .where(eq(users.id, user.id)),
    ),
  ]);
  return inserted.length === 1;
}

export async function insertStoreRequest(
  db: Database,
  request: {
    contactName: string;
    storeName: string;
    storeAddress: string;
    storeWebsite?: string;
    contactEmail: string;
  },
  now: number,
) {
  const id = crypto.randomUUID();
  await db
    .insert(storeRequests)
    .values({ id, ...request, storeWebsite: request.storeWebsite ?? null, status: "pending", createdAt: now });
  return id;
}

/** Sets the account's password; returns its e-mail address (null: no such account). */
export async function setPassword(db: Database, userId: string, hash: { hash: string; salt: string }, now: number) {
  const [row] = await db
    .update(users)
    .set({ passwordHash: hash.hash, passwordSalt: hash.salt, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row?.email ?? null;
}

/** The account's e-mail address (null: no such account). */
export async function emailOfUser(db: Database, userId: string) {
  return (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get())?.email ?? null;
}

export async function markEmailVerified(db: Database, userId: string, now: number) {
  await db.batch([
    db
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt))),
    db
      .insert(userVerifications)
      .values({ userId, isVerified: true, verifiedAt: now })
      .onConflictDoUpdate({ target: userVerifications.userId, set: { isVerified: true, verifiedAt: now } }),
  ]);
}

export type TokenPurpose = "verify_email" | "reset_password" | "change_email";

export async function insertAuthToken(
  db: Database,
  tokenHash: string,
  userId: string,
  purpose: TokenPurpose,
  now: number,
  ttlMs: number,
  payload: string | null = null,
) {
  await db.insert(authTokens).values({ tokenHash, userId, purpose, payload, createdAt: now, expiresAt: now + ttlMs });
}

/** Retires a user's unused tokens of one purpose (a newer e-mail change replaces the older one). */
export async function retireAuthTokens(db: Database, userId: string, purpose: TokenPurpose, now: number) {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

export type EmailChange = { ok: true; userId: string; email: string } | { ok: false; reason: "invalid" | "taken" };

/**
 * Uses an e-mail change link once: the new address (the token's payload) becomes the account's,
 * verified by the opening of the link. Refused when the address was taken meanwhile.
 */
export async function applyEmailChange(db: Database, tokenHash: string, now: number): Promise<EmailChange> {
  const token = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, "change_email"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId, email: authTokens.payload })
    .get();
  if (!token?.email) return { ok: false, reason: "invalid" };
  try {
    await db
      .update(users)
      .set({ email: token.email, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, token.userId));
  } catch (error) {
    // users_email_unique: someone signed up with that address after the change was asked for.
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
  return { ok: true, userId: token.userId, email: token.email };
}

/** Uses a token once: only an unused, unexpired token of this purpose yields its user. */
export async function consumeAuthToken(db: Database, tokenHash: string, purpose: TokenPurpose, now: number) {
  const row = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId })
    .get();
  return row?.userId ?? null;
}

export async function peekAuthToken(db: Database, tokenHash: string, purpose: TokenPurpose, now: number) {
  const row = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .get();
  return row?.userId ?? null;
}

/** The links that choose a password: a reset, or the first password of an account staff created (a store's). */
export const PASSWORD_TOKEN_PURPOSES = ["reset_password", "set_password"] as const;
export type PasswordTokenPurpose = (typeof PASSWORD_TOKEN_PURPOSES)[number];

/** The user and purpose of an unused, unexpired password link, without using it. */
export async function peekPasswordToken(db: Database, tokenHash: string, now: number) {
  return ((await db
    .select({ userId: authTokens.userId, purpose: authTokens.purpose })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        inArray(authTokens.purpose, [...PASSWORD_TOKEN_PURPOSES]),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .get()) ?? null) as { userId: string; purpose: PasswordTokenPurpose } | null;
}

/** Uses a password link once: only an unused, unexpired one yields its user and purpose. */
export async function consumePasswordToken(db: Database, tokenHash: string, now: number) {
  return ((await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        inArray(authTokens.purpose, [...PASSWORD_TOKEN_PURPOSES]),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId, purpose: authTokens.purpose })
    .get()) ?? null) as { userId: string; purpose: PasswordTokenPurpose } | null;
}

/**
 * Marks that one of a user's sessions ended at `now` (migration 0082; decision 0143): a session's
 * record an isolate remembered from before is read from KV again at its next visit.
 */
export async function markSessionsEnded(db: Database, userId: string, now: number) {
  await db.update(users).set({ sessionsEndedAt: now }).where(eq(users.id, userId));
}
