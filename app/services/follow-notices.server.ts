import { and, eq, gt, lte } from "drizzle-orm";
import { notificationPreferences, notifications, products, stores, users } from "../../db/schema";
import type { Database } from "../data/db.server";
import { followersOfListing } from "../data/follows.server";
import { ukDayOf } from "../domain/alerts";
import { digestSubject } from "../domain/follows";
import type { AppConfig } from "../env.server";
import { siteLink } from "./links.server";
import { notify, type Notice } from "./notify.server";

// Followers are told (issue 46 item 1; decision 0090): a followed seller's or store's listing went
// live — a notification for each follower (in the centre only) — and, for those who switched the
// daily e-mail on, one digest a day of the day's notifications, through the queue and the daily job.

type App = { env: Env; db: Database; config: Pick<AppConfig, "siteUrl"> };

const DAY_MS = 86_400_000;
/** The most listings one digest lists; the rest are 'and N more'. */
export const DIGEST_LISTED = 10;

/** A listing went live: each follower of its seller (or its store) gets a notification. Never throws. */
export async function tellFollowersNewListing(app: App, productId: string) {
  try {
    const [listing, followers] = await Promise.all([
      app.db
        .select({
          id: products.id,
          name: products.name,
          brand: products.brand,
          sellerName: users.displayName,
          storeName: stores.name,
        })
        .from(products)
        .innerJoin(users, eq(users.id, products.ownerId))
        .leftJoin(stores, eq(stores.id, products.storeId))
        .where(eq(products.id, productId))
        .get(),
      followersOfListing(app.db, productId),
    ]);
    if (!listing || followers.length === 0) return 0;
    // Named as their public pages name them: a store, or the seller's display name (never a full name).
    const who = listing.storeName ?? listing.sellerName ?? "A seller you follow";
    await notify(
      app,
      followers.map((f): Notice => ({
        key: `followed_listing:${listing.id}`,
        kind: "followed_new_listing",
        userId: f.userId,
        to: f.email,
        title: `New from ${who}: ${listing.name}`,
        text: `${who}, whom you follow, listed ${listing.name} by ${listing.brand}.`,
        link: `/product/${listing.id}`,
        action: "See it",
      })),
    );
    return followers.length;
  } catch (error) {
    console.error(`follows: followers of ${productId} could not be told`, error);
    return 0;
  }
}

/**
 * The daily digest: to each person who switched the 'Sellers you follow' e-mail on, the new
 * listings they were notified of in the last day, in one e-mail (once a day: keyed by the day).
 */
export async function runFollowingDigest(app: App, now: number) {
  const rows = await app.db
    .select({ userId: notifications.userId, email: users.email, title: notifications.title, link: notifications.link })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, notifications.userId),
        eq(notificationPreferences.category, "following"),
        eq(notificationPreferences.email, true),
      ),
    )
    .where(
      and(
        eq(notifications.kind, "followed_new_listing"),
        gt(notifications.createdAt, now - DAY_MS),
        lte(notifications.createdAt, now),
      ),
    )
    .orderBy(notifications.userId, notifications.createdAt)
    .limit(20_000);
  const byUser = new Map<string, { email: string; lines: string[] }>();
  for (const r of rows) {
    const entry = byUser.get(r.userId) ?? { email: r.email, lines: [] };
    entry.lines.push(r.link ? `- ${r.title}: ${siteLink(app.config, r.link)}` : `- ${r.title}`);
    byUser.set(r.userId, entry);
  }
  const day = ukDayOf(now);
  const notices = [...byUser].map(([userId, { email, lines }]): Notice => ({
    key: `following_digest:${userId}:${day}`,
    kind: "following_digest",
    userId,
    to: email,
    title: digestSubject(lines.length),
    text: `Hello,\n\nNew listings from the sellers and stores you follow:\n\n${lines.slice(0, DIGEST_LISTED).join("\n")}${lines.length > DIGEST_LISTED ? `\n…and ${lines.length - DIGEST_LISTED} more.` : ""}`,
    link: "/account/notifications",
    action: "See them all",
  }));
  if (notices.length) await notify(app, notices);
  return notices.length;
}
