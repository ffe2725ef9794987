import { and, eq } from "drizzle-orm";
import { notificationPreferences, users } from "../../db/schema";
import type { Database } from "../data/db.server";
import { DIGEST_ONLY, NOTIFICATION_CATEGORIES, type NotificationCategory } from "../domain/notifications";
import type { UnsubscribeClaim } from "../domain/unsubscribe";
import { enqueue } from "./notifications.server";

// A person's e-mail choices per category (issue 23, item 5): a row only where they switched a
// category to in-site only. Orders and rentals are always e-mailed (domain/notifications.ts).

/** The statement of the categories a person switched to in-site only (to batch with others). */
export function emailOffQuery(db: Database, userId: string) {
  return db
    .select({ category: notificationPreferences.category })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.email, false)));
}

/** The categories a person switched to in-site only, and the digests they did not switch on (decision 0090). */
export async function emailOff(db: Database, userId: string) {
  const rows = await db
    .select({ category: notificationPreferences.category, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const off = new Set<string>(rows.filter((r) => !r.email).map((r) => r.category));
  for (const digest of DIGEST_ONLY) if (!rows.some((r) => r.category === digest && r.email)) off.add(digest);
  return off;
}

/** The marketing tool is told when a person's marketing e-mails are switched on or off (decision 0068). */
const marketingChoice = (email: string, on: boolean, now: number) =>
  ({
    key: `marketing-choice:${email.toLowerCase()}:${now}`,
    type: "marketing",
    action: "update_contact",
    data: { email, unsubscribed: !on },
  }) as const;

/**
 * Saves every category's choice at once (the account's form). A changed Marketing choice is
 * passed on to the marketing tool, which sign-up told of the new contact (decision 0068).
 */
export async function savePreferences(
  app: { db: Database; env: Env },
  user: { id: string; email: string },
  emailed: ReadonlySet<NotificationCategory>,
  now: number,
) {
  const { db } = app;
  const userId = user.id;
  const marketingWas = !(await emailOff(db, userId)).has("marketing");
  const statements = NOTIFICATION_CATEGORIES.map((category) =>
    db
      .insert(notificationPreferences)
      .values({ userId, category, email: emailed.has(category), updatedAt: now })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.category],
        set: { email: emailed.has(category), updatedAt: now },
      }),
  );
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  if (emailed.has("marketing") !== marketingWas)
    await enqueue(app.env, [marketingChoice(user.email, emailed.has("marketing"), now)]);
}

/**
 * A one-click unsubscribe: an account's category is switched to in-site only; the newsletter (a
 * marketing unsubscribe) also updates the marketing contact through the queue.
 */
export async function unsubscribe(app: { db: Database; env: Env }, claim: UnsubscribeClaim, now: number) {
  let email: string | null = claim.who.startsWith("e:") ? claim.who.slice(2) : null;
  // The newsletter's link of an address that has an account: its Marketing choice follows (decision 0068).
  const account =
    email && claim.category === "marketing"
      ? await app.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).get()
      : undefined;
  const userId = claim.who.startsWith("u:") ? claim.who.slice(2) : (account?.id ?? null);
  if (userId) {
    const user = await app.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
    // An account deleted since: nothing to change.
    if (!user) return;
    email = user.email;
    await app.db
      .insert(notificationPreferences)
      .values({ userId, category: claim.category, email: false, updatedAt: now })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.category],
        set: { email: false, updatedAt: now },
      });
  }
  if (claim.category === "marketing" && email) {
    await enqueue(app.env, [
      { ...marketingChoice(email, false, now), key: `unsubscribe:${email.toLowerCase()}:${now}` },
    ]);
  }
}
