import { and, count, eq, isNull, sql } from "drizzle-orm";
import { notifications } from "../../db/schema";
import { NOTIFICATIONS_PAGE_SIZE } from "../domain/notifications";
import type { Database } from "./db.server";
import { mapPart, rowsPart } from "./parts.server";
import { newestFirst, readOnePage } from "./paging.server";

// The notification centre's rows (issue 23, item 3): a person's own, newest first; read state per row.

/** A page of a person's notifications, newest first, and whether there is a next page. */
export async function notificationPage(db: Database, userId: string, page: number) {
  const query = db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(...newestFirst(notifications))
    .$dynamic();
  return readOnePage(query, page, NOTIFICATIONS_PAGE_SIZE);
}

/** Marks one of the person's notifications read; its link, or null when it is not theirs (or gone). */
export async function markRead(db: Database, userId: string, id: string, now: number) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ link: notifications.link });
  return row ? { link: row.link } : null;
}

/** Marks every unread notification of the person read; how many. */
export async function markAllRead(db: Database, userId: string, now: number) {
  const changed = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .run();
  return changed.meta.changes ?? 0;
}

/** A notice about something the person has since dealt with elsewhere (a price request answered on the dashboard) is read. */
export async function markEventRead(db: Database, userId: string, eventKey: string, now: number) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), eq(notifications.eventKey, eventKey), isNull(notifications.readAt)));
}

const unreadLeadingTo = (userId: string, link: string) =>
  and(eq(notifications.userId, userId), isNull(notifications.readAt), eq(notifications.link, link));

/** How many of the person's unread notifications lead to `link`, as a part of a page's batch of reads (from the unread index). */
export function unreadByLinkPart(db: Database, userId: string, link: string) {
  const query = db.select({ n: count() }).from(notifications).where(unreadLeadingTo(userId, link));
  return mapPart(rowsPart(query), (rows) => rows[0]?.n ?? 0);
}

/** Marks the person's unread notifications that lead to `link` read: they opened what they were about (a conversation). Returns how many. */
export async function markReadByLink(db: Database, userId: string, link: string, now: number) {
  const marked = await db
    .update(notifications)
    .set({ readAt: now })
    .where(unreadLeadingTo(userId, link))
    .returning({ id: notifications.id });
  return marked.length;
}
