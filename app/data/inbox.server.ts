import { MESSAGE_DELETED, type InboxRow, type Party } from "../domain/messages";
import { aboutItem, conversationName } from "./conversations.server";
import { writtenLimit, type Database } from "./db.server";
import { mapPart, type Part } from "./parts.server";
import { sqlPart } from "./prepared.server";

// Inboxes (issue 26): a person's conversations, and a store's on its dashboard, newest first with
// the item, the other party, the last message and the unread count. Split from
// conversations.server.ts (issue 28: files of one purpose).

type Row = Record<string, unknown>;
const all = async <T>(db: Database, sql: string, ...binds: unknown[]) =>
  (
    await db.$client
      .prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

/** A conversation's last message (or that it was deleted) and who wrote it, for its inbox line. */
const LAST_MESSAGE = `(SELECT json_object('body', CASE WHEN m.deleted_at IS NOT NULL THEN '${MESSAGE_DELETED}' ELSE m.body END, 'by', m.sender_party) FROM messages m WHERE m.conversation_id = c.id ORDER BY m.seq DESC LIMIT 1) AS last`;

/** An inbox line: the item, the other party, the last message and its author, unread count. */
const inboxRow = (r: Row, as: InboxRow["as"]): InboxRow => {
  const last = typeof r.last === "string" ? (JSON.parse(r.last) as { body: string; by: Party }) : null;
  return {
    ...aboutItem(r),
    otherName: String(r.otherName),
    lastBody: last?.body ?? null,
    lastBy: last?.by ?? null,
    lastAt: Number(r.lastAt),
    unread: Number(r.unread),
    as,
  };
};

/**
 * The user's conversations, newest first: those they asked as a shopper, those they handle as
 * a seller or through their store, and those about their concierge items (read only).
 */
export async function inbox(
  db: Database,
  userId: string,
  options: { storeOnly?: boolean; limit?: number } = {},
): Promise<InboxRow[]> {
  const limit = options.limit ?? 100;
  const rows = await all<Row>(
    db,
    `WITH mine AS (
        SELECT id, 'shopper' AS party FROM conversations WHERE shopper_id = ?1 AND ?2 = 0
        UNION SELECT id, 'handler' FROM conversations WHERE seller_id = ?1 AND ?2 = 0
        UNION SELECT c.id, 'handler' FROM conversations c JOIN stores s ON s.id = c.store_id WHERE s.owner_id = ?1
        UNION SELECT c.id, 'reader' FROM conversations c WHERE c.owner_id = ?1 AND c.store_id IS NOT NULL AND ?2 = 0
          AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = c.store_id AND s.owner_id = ?1) AND c.shopper_id IS NOT ?1
      )
      SELECT c.id, c.product_id AS productId, c.product_name AS productName, p.images AS images, mine.party AS party,
        c.last_message_at AS lastAt,
        CASE WHEN mine.party = 'shopper'
          THEN CASE WHEN c.store_id IS NOT NULL THEN coalesce(s.name, 'Deleted store') ELSE ${conversationName("hu")} END
          ELSE ${conversationName("su")} END AS otherName,
        ${LAST_MESSAGE},
        coalesce((SELECT r.unread FROM conversation_reads r WHERE r.conversation_id = c.id AND r.party = mine.party), 0) AS unread
      FROM mine JOIN conversations c ON c.id = mine.id
      LEFT JOIN products p ON p.id = c.product_id
      LEFT JOIN stores s ON s.id = c.store_id
      LEFT JOIN users su ON su.id = c.shopper_id
      LEFT JOIN users hu ON hu.id = c.seller_id
      ORDER BY c.last_message_at DESC, c.id DESC
      LIMIT ${writtenLimit(limit)}`,
    userId,
    options.storeOnly ? 1 : 0,
  );
  return rows.map((r) => inboxRow(r, r.party as InboxRow["as"]));
}

/** A store's conversations, newest first (its dashboard's Messages panel), as a part of its batch (decision 0121). */
export function storeInboxPart(db: Database, storeId: string, limit = 10): Part<InboxRow[]> {
  return mapPart(
    sqlPart<Row>(
      db,
      `SELECT c.id, c.product_id AS productId, c.product_name AS productName, p.images AS images, c.last_message_at AS lastAt,
       ${conversationName("su")} AS otherName,
       ${LAST_MESSAGE},
       coalesce((SELECT r.unread FROM conversation_reads r WHERE r.conversation_id = c.id AND r.party = 'handler'), 0) AS unread
     FROM conversations c LEFT JOIN products p ON p.id = c.product_id LEFT JOIN users su ON su.id = c.shopper_id
     WHERE c.store_id = ?1 ORDER BY c.last_message_at DESC, c.id DESC LIMIT ${writtenLimit(limit)}`,
      [storeId],
    ),
    (rows) => rows.map((r) => inboxRow(r, "handler")),
  );
}
