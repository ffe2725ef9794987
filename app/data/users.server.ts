import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { authTokens, storeRequests, users, userVerifications } from "../../db/schema";
import type { Database } from "./db.server";

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

export async function insertUser(
  db: Database,
  user: { id: string; email: string; fullName: string; passwordHash: string; passwordSalt: string },
  now: number,
) {
  await db.batch([
    db.insert(users).values({ ...user, userType: "individual", createdAt: now, updatedAt: now }),
    db.insert(userVerifications).values({ userId: user.id, isVerified: false }),
  ]);
}

export async function insertStoreRequest(
  db: Database,
  request: { contactName: string; storeName: string; storeAddress: string; storeWebsite?: string; contactEmail: string },
  now: number,
) {
  await db.insert(storeRequests).values({ id: crypto.randomUUID(), ...request, storeWebsite: request.storeWebsite ?? null, status: "pending", createdAt: now });
}

export async function setPassword(db: Database, userId: string, hash: { hash: string; salt: string }, now: number) {
  await db.update(users).set({ passwordHash: hash.hash, passwordSalt: hash.salt, updatedAt: now }).where(eq(users.id, userId));
}

export async function markEmailVerified(db: Database, userId: string, now: number) {
  await db.batch([
    db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(and(eq(users.id, userId), isNull(users.emailVerifiedAt))),
    db
      .insert(userVerifications)
      .values({ userId, isVerified: true, verifiedAt: now })
      .onConflictDoUpdate({ target: userVerifications.userId, set: { isVerified: true, verifiedAt: now } }),
  ]);
}

export type TokenPurpose = "verify_email" | "reset_password";

export async function insertAuthToken(db: Database, tokenHash: string, userId: string, purpose: TokenPurpose, now: number, ttlMs: number) {
  await db.insert(authTokens).values({ tokenHash, userId, purpose, createdAt: now, expiresAt: now + ttlMs });
}

/** Uses a token once: only an unused, unexpired token of this purpose yields its user. */
export async function consumeAuthToken(db: Database, tokenHash: string, purpose: TokenPurpose, now: number) {
  const row = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ userId: authTokens.userId })
    .get();
  return row?.userId ?? null;
}

export async function peekAuthToken(db: Database, tokenHash: string, purpose: TokenPurpose, now: number) {
  const row = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .get();
  return row?.userId ?? null;
}

/** The links that choose a password: a reset, or the first password of an account staff created (a store's). */
export const PASSWORD_TOKEN_PURPOSES = ["reset_password", "set_password"] as const;
export type PasswordTokenPurpose = (typeof PASSWORD_TOKEN_PURPOSES)[number];

/** The user and purpose of an unused, unexpired password link, without using it. */
export async function peekPasswordToken(db: Database, tokenHash: string, now: number) {
  return (
    (await db
      .select({ userId: authTokens.userId, purpose: authTokens.purpose })
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, tokenHash), inArray(authTokens.purpose, [...PASSWORD_TOKEN_PURPOSES]), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
      .get()) ?? null
  ) as { userId: string; purpose: PasswordTokenPurpose } | null;
}

/** Uses a password link once: only an unused, unexpired one yields its user and purpose. */
export async function consumePasswordToken(db: Database, tokenHash: string, now: number) {
  return (
    (await db
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.tokenHash, tokenHash), inArray(authTokens.purpose, [...PASSWORD_TOKEN_PURPOSES]), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
      .returning({ userId: authTokens.userId, purpose: authTokens.purpose })
      .get()) ?? null
  ) as { userId: string; purpose: PasswordTokenPurpose } | null;
}
