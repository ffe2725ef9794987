// Make an offer and bundle discounts (issue 43 items 4-5; migration 0069;
// docs/decisions/0088-offers.md, 0089-bundle-discounts.md).
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, createdAt, belongsTo } from "./columns";
import { products } from "./catalog";
import { conversations } from "./messages";
import { users } from "./people";
import { stores } from "./stores";

/** A shopper's offer of a price for an item's Buy Now, and its answer. */
export const offers = sqliteTable(
  "offers",
  {
    id: id(),
    productId: belongsTo("product_id", () => products.id),
    shopperId: belongsTo("shopper_id", () => users.id),
    conversationId: text("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    /** Who answers it: the item's seller, or the store that handles it (one of the two). */
    sellerId: text("seller_id").references(() => users.id, { onDelete: "set null" }),
    storeId: text("store_id").references(() => stores.id, { onDelete: "set null" }),
    /** The Buy Now price when the offer was made. */
    listPrice: integer("list_price").notNull(),
    amount: integer("amount").notNull(),
    counterAmount: integer("counter_amount"),
    /** Stored status; 'lapsed' and 'expired' follow from the times (app/domain/offers.ts). */
    status: text("status", { enum: ["pending", "countered", "accepted", "declined"] }).notNull(),
    expiresAt: integer("expires_at").notNull(),
    buyBy: integer("buy_by"),
    answeredBy: text("answered_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("offers_shopper_product_idx").on(t.shopperId, t.productId, t.createdAt),
    index("offers_accepted_idx")
      .on(t.shopperId, t.buyBy)
      .where(sql`${t.status} = 'accepted'`),
    index("offers_conversation_idx").on(t.conversationId),
  ],
);

/** A seller's or a store's bundle discounts: the tiers, as JSON [{ minItems, percent }]. */
export const bundleDiscounts = sqliteTable(
  "bundle_discounts",
  {
    handler: text("handler", { enum: ["vendor", "store"] }).notNull(),
    /** The seller's user id, or the store's id (the basket's group key). */
    handlerId: text("handler_id").notNull(),
    tiers: text("tiers", { mode: "json" }).$type<{ minItems: number; percent: number }[]>().notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.handler, t.handlerId] })],
);
