import { and, eq } from "drizzle-orm";
import { notificationPreferences, users } from "../../db/schema";
import type { Database } from "../data/db.server";
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from "../domain/notifications";
import type { UnsubscribeClaim } from "../domain/unsubscribe";
import { enqueue } from "./notifications.server";

// A person's e-mail choices per category (issue 23, item 5): a row only where they switched a
// category to in-site only. Orders and rentals are always e-mailed (domain/notifications.ts).

/** The statement of the categories a person switched to in-site only (to batch with others). */
export function emailOffQuery(db: Database, userId: string) {
  return db.select({ category: notificationPreferences.category }).from(notificationPreferences).where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.email, false)));
}

/** The categories a person switched to in-site only. */
export async function emailOff(db: Database, userId: string) {
  return new Set((await emailOffQuery(db, userId)).map((r) => r.category));
}

/** Saves every category's choice at once (the account's form). */
export async function savePreferences(db: Database, userId: string, emailed: ReadonlySet<NotificationCategory>, now: number) {
  const statements = NOTIFICATION_CATEGORIES.map((category) =>
    db
      .insert(notificationPreferences)
      .values({ userId, category, email: emailed.has(category), updatedAt: now })
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.category], set: { email: emailed.has(category), updatedAt: now } }),
  );
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

/**
 * A one-click unsubscribe: an account's category is switched to in-site only; the newsletter (a
 * marketing unsubscribe) also updates the marketing contact through the queue.
 */
export async function unsubscribe(app: { db: Database; env: Env }, claim: UnsubscribeClaim, now: number) {
  let email: string | null = claim.who.startsWith("e:") ? claim.who.slice(2) : null;
  if (claim.who.startsWith("u:")) {
    const userId = claim.who.slice(2);
    const user = await app.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
    // An account deleted since: nothing to change.
    if (!user) return;
    email = user.email;
    await app.db
      .insert(notificationPreferences)
      .values({ userId, category: claim.category, email: false, updatedAt: now })
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.category], set: { email: false, updatedAt: now } });
  }
  if (claim.category === "marketing" && email) {
    await enqueue(app.env, [{ key: `unsubscribe:${email.toLowerCase()}:${now}`, type: "marketing", action: "update_contact", data: { email, unsubscribed: true } }]);
  }
}
