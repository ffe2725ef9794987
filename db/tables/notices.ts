// Notifications and what a shopper asked to be told of: preferences, the outbox, saved sizes, 'Notify me', saved searches.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { NOTIFICATION_CATEGORIES } from "../../app/domain/notifications";
import { id, createdAt, belongsTo } from "./columns";
import { products } from "./catalog";
import { users } from "./people";

/** One row per event that concerns a person (issue 23): the notification centre; unique per event key. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    eventKey: text("event_key").notNull(),
    kind: text("kind").notNull(),
    category: text("category", { enum: NOTIFICATION_CATEGORIES }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The page it is about (a path on this site). */
    link: text("link"),
    createdAt: createdAt(),
    readAt: integer("read_at"),
  },
  (t) => [
    uniqueIndex("notifications_event_unique").on(t.userId, t.eventKey),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/** A person's e-mail choice per category, only where they changed it (default: e-mailed). */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: belongsTo("user_id", () => users.id),
    category: text("category", { enum: NOTIFICATION_CATEGORIES }).notNull(),
    email: integer("email", { mode: "boolean" }).notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/** Every e-mail and marketing call that left through the queue; message_key makes delivery idempotent. */
export const notificationOutbox = sqliteTable(
  "notification_outbox",
  {
    id: id(),
    messageKey: text("message_key").notNull(),
    channel: text("channel", { enum: ["email", "marketing"] }).notNull(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body"),
    payload: text("payload", { mode: "json" }).notNull(),
    status: text("status", { enum: ["sent", "dead"] })
      .notNull()
      .default("sent"),
    attempts: integer("attempts").notNull().default(1),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notification_outbox_message_key_unique").on(t.messageKey),
    index("notification_outbox_created_idx").on(t.createdAt),
  ],
);

/** The sizes a shopper saved, one per size system (issue 25, item 3; migration 0030). */
export const userSizes = sqliteTable(
  "user_sizes",
  {
    userId: belongsTo("user_id", () => users.id),
    sizeSystem: text("size_system").notNull(),
    size: text("size").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sizeSystem, t.size] })],
);

/** 'Notify me' on a rented item (migration 0032; issue 25, item 6): one waiting request per shopper and item. */
export const backInStockRequests = sqliteTable(
  "back_in_stock_requests",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    productId: belongsTo("product_id", () => products.id),
    createdAt: createdAt(),
    notifiedAt: integer("notified_at"),
  },
  (t) => [
    uniqueIndex("back_in_stock_waiting_unique")
      .on(t.productId, t.userId)
      .where(sql`${t.notifiedAt} IS NULL`),
    index("back_in_stock_user_idx").on(t.userId),
  ],
);

/** A shopper's saved listing URL (migration 0032; issue 25, item 7). */
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    name: text("name").notNull(),
    url: text("url").notNull(),
    createdAt: createdAt(),
    lastNotifiedAt: integer("last_notified_at"),
  },
  (t) => [index("saved_searches_user_idx").on(t.userId, t.createdAt)],
);

/** The items a saved search already told its shopper of: never twice. */
export const savedSearchHits = sqliteTable(
  "saved_search_hits",
  {
    savedSearchId: belongsTo("saved_search_id", () => savedSearches.id),
    productId: text("product_id").notNull(),
    notifiedAt: integer("notified_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.productId] })],
);
