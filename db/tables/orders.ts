// Baskets, favourites, orders and their items, status history, reviews and price-change requests.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { INSPECTION_OUTCOMES, ITEM_STATUSES, ORDER_STATUSES } from "../../app/domain/order-lifecycle";
import { id, createdAt, belongsTo } from "./columns";
import { products } from "./catalog";
import { users } from "./people";
import { stores } from "./stores";

export const cartItems = sqliteTable(
  "cart_items",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    productId: belongsTo("product_id", () => products.id),
    name: text("name").notNull(),
    imageUrl: text("image_url"),
    type: text("type", { enum: ["rental", "purchase"] }).notNull(),
    price: integer("price").notNull(),
    duration: integer("duration"),
    quantity: integer("quantity").notNull().default(1),
    vendor: text("vendor"),
    sellerId: text("seller_id"),
    sellerAvatar: text("seller_avatar"),
    sellerType: text("seller_type", { enum: ["vendor", "store"] })
      .notNull()
      .default("vendor"),
    handler: text("handler", { enum: ["vendor", "store"] })
      .notNull()
      .default("vendor"),
    conciergeStatus: text("concierge_status").notNull().default("no"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cart_items_user_product_unique").on(t.userId, t.productId),
    index("cart_items_user_created_idx").on(t.userId, t.createdAt),
    check("cart_items_quantity_positive", sql`${t.quantity} >= 1`),
  ],
);

export const favorites = sqliteTable(
  "favorites",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    productId: belongsTo("product_id", () => products.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("favorites_user_product_unique").on(t.userId, t.productId),
    index("favorites_product_idx").on(t.productId),
  ],
);

export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    subtotalAmount: integer("subtotal_amount").notNull(),
    deliveryFee: integer("delivery_fee").notNull(),
    totalAmount: integer("total_amount").notNull(),
    currency: text("currency").notNull().default("GBP"),
    billingAddress: text("billing_address", { mode: "json" }).notNull(),
    shippingAddress: text("shipping_address", { mode: "json" }).notNull(),
    // Checkout pays (migration 0039, decision 0055): the hosted session while the order awaits
    // its payment (its items reserved until paymentExpiresAt), then what later charges use.
    paymentSessionId: text("payment_session_id"),
    paymentSessionUrl: text("payment_session_url"),
    paymentExpiresAt: integer("payment_expires_at"),
    paymentIntentId: text("payment_intent_id"),
    paymentCustomerId: text("payment_customer_id"),
    paymentMethodId: text("payment_method_id"),
    paidAt: integer("paid_at"),
    // A checkout payment that did not match the order (migration 0050, decision 0072): what was
    // wrong, for the staff alert on the admin Orders tab.
    paymentIssue: text("payment_issue"),
    paymentIssueAt: integer("payment_issue_at"),
    // The short reference people read out and type (migration 0056, decision 0076): checkout
    // sets it; a row written without one gets one from the trigger of migration 0056.
    reference: text("reference"),
    // When the delivery fee's capture succeeded (migration 0080, decision 0109): set by the
    // payments' triggers, so the orders that may still owe their fee are a partial index's few.
    feeCollectedAt: integer("fee_collected_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("orders_reference_unique").on(t.reference),
    index("orders_fee_uncollected_idx")
      .on(t.id)
      .where(sql`${t.deliveryFee} > 0 AND ${t.feeCollectedAt} IS NULL AND ${t.status} <> 'cancelled'`),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_payment_issue_idx")
      .on(t.paymentIssueAt)
      .where(sql`${t.paymentIssueAt} IS NOT NULL`),
    index("orders_payment_session_idx").on(t.paymentSessionId),
    index("orders_payment_expiry_idx").on(t.status, t.paymentExpiresAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
  ],
);

/** A form's idempotency key maps a double submit back to the first order. */
export const orderIdempotencyKeys = sqliteTable("order_idempotency_keys", {
  key: text("key").primaryKey(),
  userId: belongsTo("user_id", () => users.id),
  orderId: belongsTo("order_id", () => orders.id),
  createdAt: createdAt(),
});

export const orderItems = sqliteTable(
  "order_items",
  {
    id: id(),
    orderId: belongsTo("order_id", () => orders.id),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    name: text("name").notNull(),
    type: text("type", { enum: ["rental", "purchase"] }).notNull(),
    quantity: integer("quantity").notNull().default(1),
    price: integer("price").notNull(),
    sellerId: text("seller_id"),
    sellerType: text("seller_type", { enum: ["vendor", "store"] })
      .notNull()
      .default("vendor"),
    handler: text("handler", { enum: ["vendor", "store"] })
      .notNull()
      .default("vendor"),
    status: text("status", { enum: ITEM_STATUSES }).notNull().default("pending"),
    /** The product's buying price when the order was placed: what buying a rental costs. */
    buyingPrice: integer("buying_price"),
    deliveredAt: integer("delivered_at"),
    rentalStartsAt: integer("rental_starts_at"),
    rentalEndsAt: integer("rental_ends_at"),
    rentalOutcome: text("rental_outcome", { enum: ["returned", "bought", "converted"] }),
    returnRequestedAt: integer("return_requested_at"),
    returnedAt: integer("returned_at"),
    inspection: text("inspection", { enum: INSPECTION_OUTCOMES }),
    inspectedBy: text("inspected_by").references(() => users.id, { onDelete: "set null" }),
    /** Posting (issue 22): the carrier (app/domain/shipping.ts CARRIERS), its tracking number, when and by whom. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    shippedAt: integer("shipped_at"),
    shippedBy: text("shipped_by").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: integer("cancelled_at"),
    cancelledBy: text("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    /** Sending it back: why (a purchase return), and the shopper's own carrier and tracking number. */
    returnReason: text("return_reason"),
    returnCarrier: text("return_carrier"),
    returnTrackingNumber: text("return_tracking_number"),
    /** The inspection: a damage charge in pence (a repair fee, or the buying price when not returnable) and why. */
    damageCharge: integer("damage_charge"),
    inspectionReason: text("inspection_reason"),
    /** Staff overturned the damage charge (refunded) within 14 days of the inspection. */
    chargeOverturnedAt: integer("charge_overturned_at"),
    chargeOverturnedBy: text("charge_overturned_by").references(() => users.id, { onDelete: "set null" }),
    reminderSentAt: integer("reminder_sent_at"),
    completedAt: integer("completed_at"),
    /** 'Everything is OK' (issue 43): the shopper ended the item's claim window early. */
    claimWindowClosedAt: integer("claim_window_closed_at"),
    /** 'Need it by' (migration 0061): the UK day ('YYYY-MM-DD') the shopper needs a rental by, the day its handler posts it by, and when they were reminded. */
    needBy: text("need_by"),
    postBy: text("post_by"),
    postByRemindedAt: integer("post_by_reminded_at"),
    /** Damage protection: the fee paid at checkout (pence, 0 when not protected) and the part of a repair fee its cover waived. */
    protectionFee: integer("protection_fee").notNull().default(0),
    damageWaived: integer("damage_waived"),
    /** The product's owner, copied by a trigger when the line is written (migration 0007): the seller's orders. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The fee its handler group paid for its parcel (the destination zone's; migration 0067); null before: £3.99. */
    groupDeliveryFee: integer("group_delivery_fee"),
    /** What it was listed at when its price paid differs: an agreed price, or its group's bundle discount (migration 0073, decision 0093). */
    listedPrice: integer("listed_price"),
    /** The bundle discount of its handler's group that priced it (a percentage); null when none. */
    bundlePercent: integer("bundle_percent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_owner_idx").on(t.ownerId, t.createdAt),
    index("order_items_rental_end_idx").on(t.rentalEndsAt),
    index("order_items_status_idx").on(t.status, t.rentalEndsAt),
    index("order_items_handler_idx").on(t.handler, t.sellerId, t.status),
    // The dashboards at a year of orders (migration 0078): a seller's lines in a status, a store's
    // lines newest first (those it handles, those of the products it manages).
    index("order_items_owner_status_idx").on(t.ownerId, t.status, t.type, t.handler),
    index("order_items_handler_created_idx").on(t.handler, t.sellerId, t.createdAt, t.orderId),
    // It takes over from order_items_product_idx (product_id alone).
    index("order_items_product_lines_idx").on(t.productId, t.handler, t.sellerId, t.createdAt, t.orderId),
    index("order_items_post_by_idx")
      .on(t.postBy)
      .where(sql`${t.postBy} IS NOT NULL AND ${t.postByRemindedAt} IS NULL`),
  ],
);

/** Every change of an order's or an order item's status: who, when, from what, to what. */
export const orderStatusHistory = sqliteTable(
  "order_status_history",
  {
    id: id(),
    orderId: belongsTo("order_id", () => orders.id),
    /** Null when the change is the order's own status. */
    orderItemId: text("order_item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorRole: text("actor_role", { enum: ["shopper", "staff", "seller", "store", "system"] }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_status_history_order_idx").on(t.orderId, t.createdAt),
    index("order_status_history_actor_idx").on(t.actorId),
  ],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    reviewerId: text("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    reviewedUserId: belongsTo("reviewed_user_id", () => users.id),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    /** One review per order item and side (a shopper reviews what they received; its seller rates the shopper). */
    orderItemId: text("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    /** Who rates (migration 0072, decision 0091): 'shopper' rates the seller, 'seller' rates the shopper. */
    side: text("side", { enum: ["shopper", "seller"] })
      .notNull()
      .default("shopper"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reviews_order_item_side_unique")
      .on(t.orderItemId, t.side)
      .where(sql`${t.orderItemId} IS NOT NULL`),
    index("reviews_reviewed_user_idx").on(t.reviewedUserId, t.side, t.createdAt),
    index("reviews_product_idx").on(t.productId, t.createdAt),
    index("reviews_reviewer_idx").on(t.reviewerId),
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
    check("reviews_side", sql`${t.side} IN ('shopper', 'seller')`),
  ],
);

/** A shopper follows a seller or a partner store (migration 0071, decision 0090): exactly one of the two, once. */
export const follows = sqliteTable(
  "follows",
  {
    id: id(),
    followerId: belongsTo("follower_id", () => users.id),
    sellerId: text("seller_id").references(() => users.id, { onDelete: "cascade" }),
    storeId: text("store_id").references(() => stores.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("follows_seller_unique")
      .on(t.followerId, t.sellerId)
      .where(sql`${t.sellerId} IS NOT NULL`),
    uniqueIndex("follows_store_unique")
      .on(t.followerId, t.storeId)
      .where(sql`${t.storeId} IS NOT NULL`),
    index("follows_seller_idx").on(t.sellerId),
    index("follows_store_idx").on(t.storeId),
    index("follows_follower_idx").on(t.followerId, t.createdAt),
    check("follows_one_target", sql`(${t.sellerId} IS NULL) <> (${t.storeId} IS NULL)`),
  ],
);

export const priceChangeRequests = sqliteTable(
  "price_change_requests",
  {
    id: id(),
    productId: belongsTo("product_id", () => products.id),
    ownerId: belongsTo("owner_id", () => users.id),
    storeId: belongsTo("store_id", () => stores.id),
    suggestedRentalPrice: integer("suggested_rental_price").notNull(),
    suggestedBuyingPrice: integer("suggested_buying_price").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending", "accepted", "rejected"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    reviewedAt: integer("reviewed_at"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("price_change_requests_owner_idx").on(t.ownerId, t.createdAt),
    index("price_change_requests_product_idx").on(t.productId),
    index("price_change_requests_store_idx").on(t.storeId),
    // One request per product and store waits for its answer at a time (migration 0046).
    uniqueIndex("price_change_requests_one_pending")
      .on(t.productId, t.storeId)
      .where(sql`status = 'pending'`),
  ],
);
