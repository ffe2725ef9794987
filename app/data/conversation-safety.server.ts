import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { conversationReports, conversations, messageBlocks, messageSuspensions, stores } from "../../db/schema";
import type { Database } from "./db.server";
import { mapPart, partsOf, rowsPart, type Part } from "./parts.server";

// Safety in conversations (issue 26; docs/decisions/0053-conversations.md): blocks and reports by
// the parties, and what staff do with a report (read, suspend a sender, close). Split from
// conversations.server.ts (issue 28: files of one purpose).

const all = async <T>(db: Database, sql: string, ...binds: unknown[]) =>
  (
    await db.$client
      .prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

// ---------------------------------------------------------------------------------------------
// Blocks and reports

/**
 * Where the user stands in a conversation, as its page shows it: blocks either way between them
 * and the conversation's people, an open report of theirs, and whether they are suspended from
 * sending. Keyed by the conversation, so it goes in the page's one batch with the conversation's
 * own row; the page picks the blocks with the other party once it knows who that is (null: the
 * account is gone).
 */
export function partySafetyPart(
  db: Database,
  conversationId: string,
  userId: string,
): Part<
  (otherId: string | null) => { blocked: { byMe: boolean; byThem: boolean }; reported: boolean; suspended: boolean }
> {
  // The conversation's people: its shopper, its seller, its store's owner.
  const people = sql`(select ${conversations.shopperId} from ${conversations} where ${conversations.id} = ${conversationId}
    union all select ${conversations.sellerId} from ${conversations} where ${conversations.id} = ${conversationId}
    union all select ${stores.ownerId} from ${conversations} join ${stores} on ${stores.id} = ${conversations.storeId}
      where ${conversations.id} = ${conversationId})`;
  const blocks = rowsPart(
    db
      .select({ blockerId: messageBlocks.blockerId, blockedId: messageBlocks.blockedId })
      .from(messageBlocks)
      .where(
        or(
          and(eq(messageBlocks.blockerId, userId), inArray(messageBlocks.blockedId, people)),
          and(inArray(messageBlocks.blockerId, people), eq(messageBlocks.blockedId, userId)),
        ),
      ),
  );
  const reports = rowsPart(
    db
      .select({ id: conversationReports.id })
      .from(conversationReports)
      .where(
        and(
          eq(conversationReports.conversationId, conversationId),
          eq(conversationReports.reporterId, userId),
          isNull(conversationReports.closedAt),
        ),
      )
      .limit(1),
  );
  const suspension = rowsPart(
    db
      .select({ userId: messageSuspensions.userId })
      .from(messageSuspensions)
      .where(eq(messageSuspensions.userId, userId)),
  );
  return mapPart(
    partsOf([blocks, reports, suspension] as const),
    ([blockRows, reportRows, suspensionRows]) =>
      (otherId) => ({
        blocked: {
          byMe: otherId !== null && blockRows.some((r) => r.blockerId === userId && r.blockedId === otherId),
          byThem: otherId !== null && blockRows.some((r) => r.blockerId === otherId && r.blockedId === userId),
        },
        reported: reportRows.length > 0,
        suspended: suspensionRows.length > 0,
      }),
  );
}

export async function block(db: Database, blockerId: string, blockedId: string, now: number) {
  await db.$client
    .prepare(
      "INSERT INTO message_blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
    )
    .bind(blockerId, blockedId, now)
    .run();
}

export async function unblock(db: Database, blockerId: string, blockedId: string) {
  await db.$client
    .prepare("DELETE FROM message_blocks WHERE blocker_id = ?1 AND blocked_id = ?2")
    .bind(blockerId, blockedId)
    .run();
}

/** A party's report; a second open report of theirs on the same conversation is not added (false). */
export async function report(db: Database, conversationId: string, reporterId: string, reason: string, now: number) {
  const result = await db.$client
    .prepare(
      `INSERT INTO conversation_reports (id, conversation_id, reporter_id, reason, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5 WHERE NOT EXISTS (SELECT 1 FROM conversation_reports WHERE conversation_id = ?2 AND reporter_id = ?3 AND closed_at IS NULL)`,
    )
    .bind(`rep_${crypto.randomUUID()}`, conversationId, reporterId, reason, now)
    .run();
  return result.meta.changes > 0;
}

// ---------------------------------------------------------------------------------------------
// Moderation (staff, through a report)

export interface ReportRow {
  id: string;
  conversationId: string;
  productName: string;
  shopperName: string;
  handlerName: string;
  reporterName: string;
  reason: string;
  createdAt: number;
}

/** Open reports, oldest first: the admin area's queue. */
export async function openReports(db: Database, limit = 100): Promise<ReportRow[]> {
  return all<ReportRow>(
    db,
    `SELECT r.id, r.conversation_id AS conversationId, c.product_name AS productName,
       coalesce(su.display_name, su.full_name, 'Deleted account') AS shopperName,
       CASE WHEN c.store_id IS NOT NULL THEN coalesce(s.name, 'Deleted store') ELSE coalesce(hu.display_name, hu.full_name, 'Deleted account') END AS handlerName,
       coalesce(ru.display_name, ru.full_name, 'Deleted account') AS reporterName, r.reason, r.created_at AS createdAt
     FROM conversation_reports r JOIN conversations c ON c.id = r.conversation_id
     LEFT JOIN stores s ON s.id = c.store_id LEFT JOIN users su ON su.id = c.shopper_id LEFT JOIN users hu ON hu.id = c.seller_id LEFT JOIN users ru ON ru.id = r.reporter_id
     WHERE r.closed_at IS NULL ORDER BY r.created_at LIMIT ?1`,
    limit,
  );
}

export interface ConversationReport {
  id: string;
  reason: string;
  createdAt: number;
  closedAt: number | null;
  reporterName: string;
}

/** A conversation's reports (staff may read a conversation only while it has one). */
export async function reportsOf(db: Database, conversationId: string) {
  return (await reportsStatement(db, conversationId).all<ConversationReport>()).results;
}

/** The statement of a conversation's reports, oldest first, for a batch. */
export const reportsStatement = (db: Database, conversationId: string) =>
  db.$client
    .prepare(
      `SELECT r.id, r.reason, r.created_at AS createdAt, r.closed_at AS closedAt, coalesce(u.display_name, u.full_name, 'Deleted account') AS reporterName
     FROM conversation_reports r LEFT JOIN users u ON u.id = r.reporter_id WHERE r.conversation_id = ?1 ORDER BY r.created_at`,
    )
    .bind(conversationId);

/** Which of a conversation's two senders (its shopper, its seller or store owner) are suspended, as a statement for a batch. */
export const suspendedPartiesStatement = (db: Database, conversationId: string) =>
  db.$client
    .prepare(
      `SELECT user_id FROM message_suspensions WHERE user_id IN (
         SELECT shopper_id FROM conversations WHERE id = ?1
         UNION ALL SELECT coalesce(c.seller_id, s.owner_id) FROM conversations c LEFT JOIN stores s ON s.id = c.store_id WHERE c.id = ?1)`,
    )
    .bind(conversationId);

/** Which of the conversation's senders are suspended. */
export async function suspendedAmong(db: Database, userIds: readonly (string | null)[]) {
  const ids = userIds.filter((x): x is string => Boolean(x));
  if (ids.length === 0) return new Set<string>();
  const rows = await all<{ user_id: string }>(
    db,
    `SELECT user_id FROM message_suspensions WHERE user_id IN (${ids.map((_, i) => `?${i + 1}`).join(", ")})`,
    ...ids,
  );
  return new Set(rows.map((r) => r.user_id));
}

export function suspendStatement(db: Database, userId: string, staffId: string, reason: string | null, now: number) {
  return db.$client
    .prepare(
      "INSERT INTO message_suspensions (user_id, suspended_by, reason, created_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
    )
    .bind(userId, staffId, reason, now);
}

export function liftSuspensionStatement(db: Database, userId: string) {
  return db.$client.prepare("DELETE FROM message_suspensions WHERE user_id = ?1").bind(userId);
}

export function closeReportsStatement(db: Database, conversationId: string, staffId: string, now: number) {
  return db.$client
    .prepare(
      "UPDATE conversation_reports SET closed_at = ?3, closed_by = ?2 WHERE conversation_id = ?1 AND closed_at IS NULL",
    )
    .bind(conversationId, staffId, now);
}
