// Conversations between shoppers and sellers (issue 26; migration 0034, docs/decisions/0053-conversations.md).
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { products } from "./catalog";
import { users } from "./people";
import { belongsTo } from "./columns";
import { stores } from "./stores";

/** One conversation per (shopper, item), with the item's handler: its seller, or the store for a concierge item. */
export const conversations = sqliteTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    shopperId: text("shopper_id").references(() => users.id, { onDelete: "set null" }),
    sellerId: text("seller_id").references(() => users.id, { onDelete: "set null" }),
    storeId: text("store_id").references(() => stores.id, { onDelete: "set null" }),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    lastMessageAt: integer("last_message_at").notNull(),
    lastSeq: integer("last_seq").notNull().default(0),
  },
  (t) => [
    uniqueIndex("conversations_shopper_product_unique")
      .on(t.shopperId, t.productId)
      .where(sql`${t.shopperId} IS NOT NULL AND ${t.productId} IS NOT NULL`),
    index("conversations_seller_idx").on(t.sellerId, t.lastMessageAt),
    index("conversations_store_idx").on(t.storeId, t.lastMessageAt),
    index("conversations_owner_idx").on(t.ownerId),
    index("conversations_product_idx").on(t.productId),
  ],
);

/** The messages of a conversation, in the order its Durable Object gave them (seq). */
export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    conversationId: belongsTo("conversation_id", () => conversations.id),
    seq: integer("seq").notNull(),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    senderParty: text("sender_party", { enum: ["shopper", "handler"] }).notNull(),
    body: text("body").notNull(),
    clientToken: text("client_token").notNull(),
    createdAt: integer("created_at").notNull(),
    deletedAt: integer("deleted_at"),
  },
  (t) => [
    uniqueIndex("messages_conversation_seq_unique").on(t.conversationId, t.seq),
    uniqueIndex("messages_conversation_token_unique").on(t.conversationId, t.clientToken),
    index("messages_sender_created_idx").on(t.senderId, t.createdAt),
  ],
);

/** Each party's state in a conversation: who reads for it, how far they read and received, unread messages, last e-mail. */
export const conversationReads = sqliteTable(
  "conversation_reads",
  {
    conversationId: belongsTo("conversation_id", () => conversations.id),
    party: text("party", { enum: ["shopper", "handler"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    readSeq: integer("read_seq").notNull().default(0),
    deliveredSeq: integer("delivered_seq").notNull().default(0),
    unread: integer("unread").notNull().default(0),
    emailedAt: integer("emailed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.party] }),
    index("conversation_reads_user_idx").on(t.userId),
    index("conversation_reads_unread_idx")
      .on(t.userId)
      .where(sql`${t.unread} > 0`),
  ],
);

/** Someone who blocked someone else: no new messages either way. */
export const messageBlocks = sqliteTable(
  "message_blocks",
  {
    blockerId: belongsTo("blocker_id", () => users.id),
    blockedId: belongsTo("blocked_id", () => users.id),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("message_blocks_blocked_idx").on(t.blockedId, t.blockerId),
  ],
);

/** A party's report of a conversation; staff close it. */
export const conversationReports = sqliteTable(
  "conversation_reports",
  {
    id: text("id").primaryKey(),
    conversationId: belongsTo("conversation_id", () => conversations.id),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    createdAt: integer("created_at").notNull(),
    closedAt: integer("closed_at"),
    closedBy: text("closed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("conversation_reports_open_idx")
      .on(t.createdAt)
      .where(sql`${t.closedAt} IS NULL`),
    index("conversation_reports_conversation_idx").on(t.conversationId),
  ],
);

/** Senders staff suspended from messaging: their messages stop, their listings stay. */
export const messageSuspensions = sqliteTable("message_suspensions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  suspendedBy: text("suspended_by").references(() => users.id, { onDelete: "set null" }),
  reason: text("reason"),
  createdAt: integer("created_at").notNull(),
});
