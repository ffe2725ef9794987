import {
  handlerOf,
  MESSAGE_DELETED,
  membershipOf,
  UNNAMED_MEMBER,
  type Membership,
  type MessageView,
  type Party,
} from "../domain/messages";
import type { Database } from "./db.server";

// Conversations between shoppers and sellers (issue 26; docs/decisions/0053-conversations.md).
// Every read names the user: a conversation is found only through its membership, so someone
// else's reads as missing. Writes of messages happen in the conversation's Durable Object
// (workers/conversation.ts) through app/data/conversation-sending.server.ts, the only writer of `messages`.

type Row = Record<string, unknown>;
const first = async <T>(db: Database, sql: string, ...binds: unknown[]) =>
  (await db.$client
    .prepare(sql)
    .bind(...binds)
    .first<T>()) ?? null;

export interface ConversationView {
  id: string;
  productId: string | null;
  productName: string;
  productImage: string | null;
  productLive: boolean;
  shopperId: string | null;
  sellerId: string | null;
  storeId: string | null;
  storeOwnerId: string | null;
  ownerId: string | null;
  shopperName: string;
  handlerName: string;
  lastSeq: number;
  createdAt: number;
}

/**
 * The name the user of the row `alias` shows the other side of a conversation: their display
 * name, never their full name (DECISIONS.md: a full name appears only where a parcel needs it;
 * issue 41, decision 0071), or 'Deleted account' when the account is gone.
 */
export const conversationName = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN 'Deleted account' ELSE coalesce(${alias}.display_name, '${UNNAMED_MEMBER}') END`;

const CONVERSATION_SELECT = `SELECT c.id, c.product_id AS productId, c.product_name AS productName, p.images AS images,
    (p.id IS NOT NULL AND p.product_status = 'live') AS productLive,
    c.shopper_id AS shopperId, c.seller_id AS sellerId, c.store_id AS storeId, s.owner_id AS storeOwnerId, c.owner_id AS ownerId,
    ${conversationName("su")} AS shopperName,
    CASE WHEN c.store_id IS NOT NULL THEN coalesce(s.name, 'Deleted store') ELSE ${conversationName("hu")} END AS handlerName,
    c.last_seq AS lastSeq, c.created_at AS createdAt
  FROM conversations c
  LEFT JOIN products p ON p.id = c.product_id
  LEFT JOIN stores s ON s.id = c.store_id
  LEFT JOIN users su ON su.id = c.shopper_id
  LEFT JOIN users hu ON hu.id = c.seller_id`;

export const firstImage = (images: unknown): string | null => {
  try {
    const list = JSON.parse(String(images ?? "[]")) as unknown;
    return Array.isArray(list) && typeof list[0] === "string" ? list[0] : null;
  } catch {
    return null;
  }
};

/** A conversation row's id and the item it is about (its name kept when the item is gone), as the inbox and the page read them. */
export const aboutItem = (row: Row) => ({
  id: String(row.id),
  productId: (row.productId as string | null) ?? null,
  productName: String(row.productName),
  productImage: firstImage(row.images),
});

function toView(row: Row): ConversationView {
  return {
    ...aboutItem(row),
    productLive: Boolean(row.productLive),
    shopperId: (row.shopperId as string | null) ?? null,
    sellerId: (row.sellerId as string | null) ?? null,
    storeId: (row.storeId as string | null) ?? null,
    storeOwnerId: (row.storeOwnerId as string | null) ?? null,
    ownerId: (row.ownerId as string | null) ?? null,
    shopperName: String(row.shopperName),
    handlerName: String(row.handlerName),
    lastSeq: Number(row.lastSeq),
    createdAt: Number(row.createdAt),
  };
}

/** A conversation by id, whoever asks (staff through a report, the Durable Object). */
export async function conversationById(db: Database, id: string): Promise<ConversationView | null> {
  return conversationFrom([(await conversationStatement(db, id).first<Row>()) ?? undefined]);
}

/** The statement of a conversation by id, for a batch (the staff's page of a reported conversation, decision 0106). */
export const conversationStatement = (db: Database, id: string) => db.$client.prepare(CONVERSATION_BY_ID).bind(id);

/** A conversation by id (?1), as SQL. */
export const CONVERSATION_BY_ID = `${CONVERSATION_SELECT} WHERE c.id = ?1`;

/** The conversation `conversationStatement` read, or null. */
export const conversationFrom = (rows: (Row | undefined)[]) => (rows[0] ? toView(rows[0]) : null);

/** A conversation with how the user stands in it, or null when they have no part in it (it reads as missing). */
export async function conversationFor(
  db: Database,
  id: string,
  userId: string,
): Promise<{ conversation: ConversationView; membership: NonNullable<Membership> } | null> {
  const conversation = await conversationById(db, id);
  if (!conversation) return null;
  const membership = membershipOf(conversation, userId);
  return membership ? { conversation, membership } : null;
}

/** The user who reads for a party: the shopper, the seller, or the store's owner. */
export const partyUserId = (c: Pick<ConversationView, "shopperId" | "sellerId" | "storeOwnerId">, party: Party) =>
  party === "shopper" ? c.shopperId : (c.sellerId ?? c.storeOwnerId);

/** The statement of a conversation's latest messages, for a batch. */
export const messagesStatement = (db: Database, conversationId: string, limit = 200) =>
  db.$client
    .prepare(
      `SELECT id, seq, sender_party AS party, body, created_at AS createdAt, deleted_at AS deletedAt FROM
       (SELECT * FROM messages WHERE conversation_id = ?1 ORDER BY seq DESC LIMIT ?2) ORDER BY seq`,
    )
    .bind(conversationId, limit);

/** The messages `messagesStatement` read, oldest first. */
export function messagesFrom(rows: Row[]): MessageView[] {
  return rows.map((r) => ({
    id: String(r.id),
    seq: Number(r.seq),
    party: r.party as Party,
    body: r.deletedAt ? MESSAGE_DELETED : String(r.body),
    createdAt: Number(r.createdAt),
    deleted: Boolean(r.deletedAt),
  }));
}

export interface PartyState {
  readSeq: number;
  deliveredSeq: number;
  unread: number;
  emailedAt: number | null;
}

/** Each party's read state, from its rows (conversation_reads' columns by name). */
export function statesFrom(rows: Row[]): Record<Party, PartyState> {
  const state = (party: Party): PartyState => {
    const r = rows.find((x) => x.party === party);
    return {
      readSeq: Number(r?.read_seq ?? 0),
      deliveredSeq: Number(r?.delivered_seq ?? 0),
      unread: Number(r?.unread ?? 0),
      emailedAt: (r?.emailed_at as number | null) ?? null,
    };
  };
  return { shopper: state("shopper"), handler: state("handler") };
}

/** Each party's read state. */
export async function partyStates(db: Database, conversationId: string): Promise<Record<Party, PartyState>> {
  const { results } = await db.$client
    .prepare(
      "SELECT party, read_seq, delivered_seq, unread, emailed_at FROM conversation_reads WHERE conversation_id = ?1",
    )
    .bind(conversationId)
    .all<Row>();
  return statesFrom(results);
}

/** The party has seen everything up to `seq` (never moves back). */
export async function markSeen(db: Database, conversationId: string, party: Party, seq: number) {
  await db.$client
    .prepare(
      `UPDATE conversation_reads SET read_seq = max(read_seq, ?3), delivered_seq = max(delivered_seq, ?3),
         unread = (SELECT count(*) FROM messages WHERE conversation_id = ?1 AND sender_party <> ?2 AND seq > max(conversation_reads.read_seq, ?3))
       WHERE conversation_id = ?1 AND party = ?2`,
    )
    .bind(conversationId, party, seq)
    .run();
}

/** The party's screen received everything up to `seq`. */
export async function markDelivered(db: Database, conversationId: string, party: Party, seq: number) {
  await db.$client
    .prepare(
      "UPDATE conversation_reads SET delivered_seq = max(delivered_seq, ?3) WHERE conversation_id = ?1 AND party = ?2",
    )
    .bind(conversationId, party, seq)
    .run();
}

// ---------------------------------------------------------------------------------------------
// Starting a conversation

export interface AskableItem {
  id: string;
  name: string;
  image: string | null;
  ownerId: string;
  storeId: string | null;
  conciergeStatus: string;
  handlerName: string;
}

/** An item a shopper may ask about: it exists and is live (rented and sold ones too: buyers ask after an order). */
export async function askableItem(db: Database, productId: string): Promise<AskableItem | null> {
  const row = await first<Row>(
    db,
    `SELECT p.id, p.name, p.images, p.owner_id AS ownerId, p.store_id AS storeId, p.concierge_status AS conciergeStatus,
       CASE WHEN p.store_id IS NOT NULL AND p.concierge_status = 'yes' THEN s.name ELSE coalesce(u.display_name, 'the seller') END AS handlerName
     FROM products p JOIN users u ON u.id = p.owner_id LEFT JOIN stores s ON s.id = p.store_id
     WHERE p.id = ?1 AND p.product_status = 'live'`,
    productId,
  );
  if (!row) return null;
  return {
    id: String(row.id),
    name: String(row.name),
    image: firstImage(row.images),
    ownerId: String(row.ownerId),
    storeId: (row.storeId as string | null) ?? null,
    conciergeStatus: String(row.conciergeStatus),
    handlerName: String(row.handlerName),
  };
}

/** The shopper's conversation about an item, if they have one. */
export async function existingConversation(db: Database, shopperId: string, productId: string) {
  return first<{ id: string }>(
    db,
    "SELECT id FROM conversations WHERE shopper_id = ?1 AND product_id = ?2",
    shopperId,
    productId,
  );
}

/** Whether the user handles the item (its seller, or its store's owner): they cannot ask themselves. */
export async function handlesItem(db: Database, item: AskableItem, userId: string) {
  const handler = handlerOf(item);
  if (handler.sellerId) return handler.sellerId === userId;
  return Boolean(
    await first(db, "SELECT 1 AS yes FROM stores WHERE id = ?1 AND owner_id = ?2", handler.storeId, userId),
  );
}

/** Opens the one conversation between the shopper and the item's handler (or returns the one that exists). */
export async function openConversation(
  db: Database,
  shopperId: string,
  item: AskableItem,
  now: number,
): Promise<string> {
  const handler = handlerOf(item);
  const id = `cnv_${crypto.randomUUID().replace(/-/g, "").slice(0, 20)}`;
  await db.$client.batch([
    db.$client
      .prepare(
        `INSERT INTO conversations (id, product_id, product_name, shopper_id, seller_id, store_id, owner_id, created_at, last_message_at, last_seq)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, 0) ON CONFLICT DO NOTHING`,
      )
      .bind(id, item.id, item.name, shopperId, handler.sellerId, handler.storeId, item.ownerId, now),
    db.$client
      .prepare(
        `INSERT INTO conversation_reads (conversation_id, party, user_id)
         SELECT c.id, 'shopper', c.shopper_id FROM conversations c WHERE c.id = ?1
         UNION ALL SELECT c.id, 'handler', coalesce(c.seller_id, (SELECT owner_id FROM stores WHERE id = c.store_id)) FROM conversations c WHERE c.id = ?1`,
      )
      .bind(id),
  ]);
  const found = await existingConversation(db, shopperId, item.id);
  return found!.id;
}

/**
 * Removes a conversation no message was ever written in: the first message that was to open it
 * was refused (a block, a suspension, a limit), and the handler must not be shown an empty one.
 */
export async function dropEmptyConversation(db: Database, id: string) {
  await db.$client
    .prepare(
      "DELETE FROM conversations WHERE id = ?1 AND last_seq = 0 AND NOT EXISTS (SELECT 1 FROM messages WHERE conversation_id = ?1)",
    )
    .bind(id)
    .run();
}

// ---------------------------------------------------------------------------------------------
