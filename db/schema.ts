// The whole relational model of both specifications. Money is integer pence; time is epoch
// milliseconds; lists (tags, images) are JSON text. Ids are text so URLs never expose counts.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,

  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { NOTIFICATION_CATEGORIES } from "../app/domain/notifications";
import { INSPECTION_OUTCOMES, ITEM_STATUSES, ORDER_STATUSES } from "../app/domain/order-lifecycle";

const id = () => text("id").primaryKey();
const createdAt = () => integer("created_at").notNull();
const jsonList = (name: string) =>
  text(name, { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`);

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    fullName: text("full_name"),
    displayName: text("display_name"),
    avatarUrl: text("avatar_url"),
    userType: text("user_type", { enum: ["individual", "store", "vendor"] })
      .notNull()
      .default("individual"),
    passwordHash: text("password_hash").notNull(),
    passwordSalt: text("password_salt").notNull(),
    emailVerifiedAt: integer("email_verified_at"),
    /** When they accepted the seller terms (Start selling, issue 27 item 7). */
    sellerTermsAcceptedAt: integer("seller_terms_accepted_at"),
    deactivatedAt: integer("deactivated_at"),
    /**
     * Where a seller's items come back to (a ShippingAddress, app/domain/checkout.ts): required before
     * their first rental listing is approved. Stores use their store's address (issue 22).
     */
    returnAddress: text("return_address", { mode: "json" }).$type<Record<string, string | undefined>>(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_display_name_unique").on(sql`lower(${t.displayName})`),
  ],
);

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "team_member", "individual", "store"] }).notNull(),
    adminSubrole: text("admin_subrole", {
      enum: ["superadmin", "admin", "product_reviewer", "customer_support"],
    }),
    sellerRole: text("seller_role", { enum: ["vendor", "store"] }),
    assignedBy: text("assigned_by").references(() => users.id, { onDelete: "set null" }),
    assignedAt: integer("assigned_at").notNull(),
  },
  (t) => [index("user_roles_role_idx").on(t.role, t.adminSubrole)],
);

export const userVerifications = sqliteTable("user_verifications", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
  verifiedAt: integer("verified_at"),
});

/** Single-use e-mail verification and password-reset tokens; only a hash of the token is kept. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password", "set_password", "change_email"] }).notNull(),
    /** What the token carries besides its user: the new address of an e-mail change. */
    payload: text("payload"),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId, t.purpose)],
);

export const categories = sqliteTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    parentId: text("parent_id").references((): any => categories.id, { onDelete: "set null" }),
    imageUrl: text("image_url"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("categories_slug_unique").on(t.slug),
    uniqueIndex("categories_name_unique").on(t.name),
    index("categories_active_sort_idx").on(t.isActive, t.sortOrder),
  ],
);

export const brands = sqliteTable(
  "brands",
  {
    id: id(),
    name: text("name").notNull(),
    logoUrl: text("logo_url"),
    websiteUrl: text("website_url"),
    description: text("description"),
    isPopular: integer("is_popular", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("brands_name_unique").on(sql`lower(${t.name})`),
    index("brands_popular_name_idx").on(t.isPopular, t.name),
    index("brands_name_idx").on(t.name),
  ],
);

/** A brand merged into another: its old name's page redirects to the brand it became (issue 24). */
export const brandRedirects = sqliteTable("brand_redirects", {
  /** The merged brand's name, lower-cased. */
  oldName: text("old_name").primaryKey(),
  brandId: text("brand_id")
    .notNull()
    .references(() => brands.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const brandSuggestions = sqliteTable(
  "brand_suggestions",
  {
    id: id(),
    suggestedName: text("suggested_name").notNull(),
    description: text("description"),
    websiteUrl: text("website_url"),
    logoUrl: text("logo_url"),
    suggestedBy: text("suggested_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "approved", "rejected", "merged"] })
      .notNull()
      .default("pending"),
    mergedWithBrandId: text("merged_with_brand_id").references(() => brands.id, {
      onDelete: "set null",
    }),
    rejectionReason: text("rejection_reason"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: integer("reviewed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("brand_suggestions_status_idx").on(t.status, t.createdAt),
    index("brand_suggestions_by_idx").on(t.suggestedBy),
  ],
);

export const stores = sqliteTable(
  "stores",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    logoUrl: text("logo_url"),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contactEmail: text("contact_email"),
    /** The store request it was made from: approving a request twice cannot make a second store. */
    requestId: text("request_id").references(() => storeRequests.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("stores_owner_idx").on(t.ownerId),
    index("stores_name_idx").on(t.name),
    uniqueIndex("stores_request_unique").on(t.requestId).where(sql`${t.requestId} IS NOT NULL`),
  ],
);

export const storeRequests = sqliteTable(
  "store_requests",
  {
    id: id(),
    contactName: text("contact_name").notNull(),
    storeName: text("store_name").notNull(),
    storeAddress: text("store_address").notNull(),
    storeWebsite: text("store_website"),
    contactEmail: text("contact_email").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    reviewedAt: integer("reviewed_at"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    /** Staff's reason when rejected, sent to the contact (issue 24, item 8). */
    rejectionReason: text("rejection_reason"),
  },
  (t) => [index("store_requests_status_idx").on(t.status, t.createdAt)],
);

/** A request to sell, when the site lets people sell only with staff's approval (issue 27 item 7). */
export const sellerRequests = sqliteTable(
  "seller_requests",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "approved", "declined"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    reviewedAt: integer("reviewed_at"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    rejectionReason: text("rejection_reason"),
  },
  (t) => [index("seller_requests_status_idx").on(t.status, t.createdAt)],
);

export const PRODUCT_TYPES = ["Women", "Men", "Children", "Unisex"] as const;
export const CONDITIONS = [
  "Brand New With Tags",
  "Brand New Without Tags",
  "Almost New",
  "Good Condition",
] as const;

/**
 * The public catalog: live and not sold (DECISIONS.md: items are one of a kind). Written with
 * literals, in queries and partial indexes alike, so SQLite can match one to the other.
 */
export const PUBLIC_PRODUCT_SQL = "product_status = 'live' AND availability <> 'sold'";
const publicRow = sql.raw(PUBLIC_PRODUCT_SQL);

export const products = sqliteTable(
  "products",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    price: integer("price").notNull(),
    originalPrice: integer("original_price"),
    rentalPrice: integer("rental_price"),
    buyingPrice: integer("buying_price"),
    brand: text("brand").notNull(),
    condition: text("condition").notNull(),
    color: text("color"),
    productType: text("product_type").notNull(),
    category: text("category").notNull(),
    tags: jsonList("tags"),
    materials: text("materials"),
    careInstructions: text("care_instructions"),
    memoryStory: text("memory_story"),
    /** The size (app/domain/sizes.ts; migration 0029), its fit note and measurements (JSON, centimetres). */
    size: text("size"),
    fitNote: text("fit_note"),
    measurements: text("measurements"),
    images: jsonList("images"),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: text("store_id").references(() => stores.id, { onDelete: "set null" }),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    productStatus: text("product_status", { enum: ["pending", "live", "archived"] })
      .notNull()
      .default("pending"),
    conciergeStatus: text("concierge_status", { enum: ["yes", "pending", "no"] })
      .notNull()
      .default("no"),
    /** One physical item: available, out on rental, or sold (DECISIONS.md: items are one of a kind). */
    availability: text("availability", { enum: ["available", "rented", "sold"] })
      .notNull()
      .default("available"),
    /** Why the listing was rejected (the reviewer's, or the store's for a concierge request), shown to the seller. */
    rejectionReason: text("rejection_reason"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("products_owner_idx").on(t.ownerId, t.createdAt),
    index("products_store_idx").on(t.storeId, t.productStatus),
    index("products_status_category_idx").on(t.status, t.category),
    // The parts of price bands a range cuts are walked down these (migration 0015, decision 0038).
    index("products_rental_price_idx").on(t.rentalPrice),
    index("products_buying_price_idx").on(t.buyingPrice),
    // The public catalog's partial indexes (migration 0004 says why): one per way a listing is
    // walked, each carrying every filterable column.
    ...(() => {
      const displayPrice = sql`coalesce(${t.rentalPrice}, ${t.price})`;
      const filterable = [t.productType, t.category, t.brand, t.color, t.condition, t.rentalPrice, t.buyingPrice, t.price];
      const rest = (lead: (typeof filterable)[number]) => filterable.filter((c) => c !== lead);
      return [
        index("products_pub_created_idx").on(t.createdAt, t.id, ...filterable).where(publicRow),
        index("products_pub_price_idx").on(displayPrice, t.id, ...filterable).where(publicRow),
        index("products_pub_category_idx").on(t.category, t.createdAt, t.id, ...rest(t.category)).where(publicRow),
        index("products_pub_brand_idx").on(t.brand, t.createdAt, t.id, ...rest(t.brand)).where(publicRow),
        index("products_pub_type_idx").on(t.productType, t.createdAt, t.id, ...rest(t.productType)).where(publicRow),
        index("products_pub_color_idx").on(t.color, t.createdAt, t.id, ...rest(t.color)).where(publicRow),
        index("products_pub_condition_idx").on(t.condition, t.createdAt, t.id, ...rest(t.condition)).where(publicRow),
        index("products_pub_facets_idx").on(t.productType, t.category, displayPrice, t.id, t.brand, t.color, t.condition, t.rentalPrice, t.buyingPrice).where(publicRow),
      ];
    })(),
    check("products_price_nonneg", sql`${t.price} >= 0`),
  ],
);

/**
 * Counts kept by triggers on products (migration 0015): `public_items`, the number of public items,
 * so the unfiltered listing's count is one row instead of a walk over every public item.
 */
export const catalogStats = sqliteTable("catalog_stats", {
  key: text("key").primaryKey(),
  n: integer("n").notNull(),
});

export const cartItems = sqliteTable(
  "cart_items",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    imageUrl: text("image_url"),
    type: text("type", { enum: ["rental", "purchase"] }).notNull(),
    price: integer("price").notNull(),
    duration: integer("duration"),
    quantity: integer("quantity").notNull().default(1),
    vendor: text("vendor"),
    sellerId: text("seller_id"),
    sellerAvatar: text("seller_avatar"),
    sellerType: text("seller_type", { enum: ["vendor", "store"] }).notNull().default("vendor"),
    handler: text("handler", { enum: ["vendor", "store"] }).notNull().default("vendor"),
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
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
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
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_payment_session_idx").on(t.paymentSessionId),
    index("orders_payment_expiry_idx").on(t.status, t.paymentExpiresAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
  ],
);

/** A form's idempotency key maps a double submit back to the first order. */
export const orderIdempotencyKeys = sqliteTable("order_idempotency_keys", {
  key: text("key").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  orderId: text("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const orderItems = sqliteTable(
  "order_items",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    name: text("name").notNull(),
    type: text("type", { enum: ["rental", "purchase"] }).notNull(),
    quantity: integer("quantity").notNull().default(1),
    price: integer("price").notNull(),
    sellerId: text("seller_id"),
    sellerType: text("seller_type", { enum: ["vendor", "store"] }).notNull().default("vendor"),
    handler: text("handler", { enum: ["vendor", "store"] }).notNull().default("vendor"),
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
    /** The product's owner, copied by a trigger when the line is written (migration 0007): the seller's orders. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_owner_idx").on(t.ownerId, t.createdAt),
    index("order_items_product_idx").on(t.productId),
    index("order_items_rental_end_idx").on(t.rentalEndsAt),
    index("order_items_status_idx").on(t.status, t.rentalEndsAt),
    index("order_items_handler_idx").on(t.handler, t.sellerId, t.status),
  ],
);

/** Every change of an order's or an order item's status: who, when, from what, to what. */
export const orderStatusHistory = sqliteTable(
  "order_status_history",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null when the change is the order's own status. */
    orderItemId: text("order_item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorRole: text("actor_role", { enum: ["shopper", "staff", "seller", "store", "system"] }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.createdAt), index("order_status_history_actor_idx").on(t.actorId)],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    reviewerId: text("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    reviewedUserId: text("reviewed_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    /** One review per order item (a shopper reviews what they received). */
    orderItemId: text("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reviews_order_item_unique").on(t.orderItemId).where(sql`${t.orderItemId} IS NOT NULL`),
    index("reviews_reviewed_user_idx").on(t.reviewedUserId, t.createdAt),
    index("reviews_product_idx").on(t.productId, t.createdAt),
    index("reviews_reviewer_idx").on(t.reviewerId),
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const priceChangeRequests = sqliteTable(
  "price_change_requests",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
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
  ],
);

export const siteContent = sqliteTable(
  "site_content",
  {
    id: id(),
    contentType: text("content_type", { enum: ["banner", "page", "site_settings"] }).notNull(),
    contentKey: text("content_key").notNull(),
    title: text("title"),
    content: text("content"),
    imageUrl: text("image_url"),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("site_content_type_key_unique").on(t.contentType, t.contentKey)],
);

export const mediaLibrary = sqliteTable(
  "media_library",
  {
    id: id(),
    fileName: text("file_name").notNull(),
    fileUrl: text("file_url").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull(),
    mediaType: text("media_type").notNull(),
    category: text("category").notNull().default("banner"),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("media_library_category_idx").on(t.category, t.createdAt)],
);

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: id(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    category: text("category"),
    tags: jsonList("tags"),
    featuredImageUrl: text("featured_image_url"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["published", "draft"] }).notNull().default("published"),
    publishedAt: integer("published_at"),
    createdAt: createdAt(),
  },
  (t) => [index("blog_posts_status_published_idx").on(t.status, t.publishedAt)],
);

/**
 * Positive: a sale, a rental's fee, its purchase (Buy it now or kept past its window), a repair fee,
 * an item charged because it could not be returned. Negative: a returned purchase's refund and an
 * overturned charge's reversal (issue 22), each with its commissions reversed.
 */
export const TRANSACTION_TYPES = ["sale", "rental_fee", "rental_purchase", "rental_conversion", "damage_charge", "not_returnable", "refund", "charge_reversal"] as const;

export const transactions = sqliteTable(
  "transactions",
  {
    id: id(),
    /**
     * sale: a purchase delivered; rental_fee: a rental delivered; rental_purchase: a rental bought
     * early ("Buy it now"); rental_conversion: a rental kept past its window.
     */
    transactionType: text("transaction_type", { enum: TRANSACTION_TYPES }).notNull(),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderItemId: text("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    storeId: text("store_id").references(() => stores.id, { onDelete: "set null" }),
    grossAmount: integer("gross_amount").notNull(),
    netAmount: integer("net_amount").notNull(),
    status: text("status", { enum: ["pending", "completed", "failed", "cancelled"] })
      .notNull()
      .default("completed"),
    /** The owner's payout that paid out this transaction's net amount. */
    payoutId: text("payout_id").references((): any => payouts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("transactions_created_idx").on(t.createdAt),
    index("transactions_owner_idx").on(t.ownerId, t.createdAt),
    index("transactions_store_idx").on(t.storeId, t.createdAt),
    index("transactions_unpaid_idx").on(t.payoutId, t.createdAt),
    // Each kind at most once per item (migration 0026); Buy it now and the conversion share one id.
    uniqueIndex("transactions_order_item_type_unique").on(t.orderItemId, t.transactionType).where(sql`${t.orderItemId} IS NOT NULL`),
  ],
);

export const PAYOUT_TRANSFER_STATUSES = ["waiting_for_details", "failed", "paid", "reversed"] as const;
export const PAYEE_ACCOUNT_STATUSES = ["not_started", "pending_verification", "active"] as const;

/**
 * A payee's connected account at the payment provider (issue 27 item 4; decision 0056): a seller
 * (payee_type 'owner', a user id) or a store (a store id), at most one each. The status is what
 * the provider last said, refreshed by its account.updated event and on the return from onboarding.
 */
export const payeeAccounts = sqliteTable(
  "payee_accounts",
  {
    payeeType: text("payee_type", { enum: ["owner", "store"] }).notNull(),
    payeeId: text("payee_id").notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    status: text("status", { enum: PAYEE_ACCOUNT_STATUSES }).notNull().default("not_started"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.payeeType, t.payeeId] }), uniqueIndex("payee_accounts_provider_account_unique").on(t.providerAccountId)],
);

export const payouts = sqliteTable(
  "payouts",
  {
    id: id(),
    recipientType: text("recipient_type", { enum: ["platform", "store", "owner"] }).notNull(),
    recipientId: text("recipient_id").notNull(),
    periodStart: integer("period_start").notNull(),
    periodEnd: integer("period_end").notNull(),
    totalAmount: integer("total_amount").notNull(),
    commissionAmount: integer("commission_amount").notNull(),
    netAmount: integer("net_amount").notNull(),
    status: text("status", { enum: ["calculated", "paid", "failed", "cancelled"] })
      .notNull()
      .default("calculated"),
    paidAt: integer("paid_at"),
    paidBy: text("paid_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * The transfer to the payee's connected account (docs/decisions/0056-connect-payouts.md):
     * null until the weekly job tried; 'waiting_for_details' while the payee has not finished
     * onboarding; 'failed' with its error (retried by the next run); 'paid' with the provider's
     * transfer id; 'reversed' when the provider says the transfer was taken back.
     */
    transferStatus: text("transfer_status", { enum: PAYOUT_TRANSFER_STATUSES }),
    transferId: text("transfer_id"),
    transferError: text("transfer_error"),
    transferAttemptedAt: integer("transfer_attempted_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payouts_transfer_idx").on(t.status, t.transferStatus),
    uniqueIndex("payouts_recipient_period_unique").on(
      t.recipientType,
      t.recipientId,
      t.periodStart,
    ),
    index("payouts_created_idx").on(t.createdAt),
  ],
);

export const commissions = sqliteTable(
  "commissions",
  {
    id: id(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    recipientType: text("recipient_type", { enum: ["platform", "store"] }).notNull(),
    recipientId: text("recipient_id"),
    /** Basis points: 1000 = 10%. */
    commissionRate: integer("commission_rate").notNull(),
    commissionAmount: integer("commission_amount").notNull(),
    status: text("status", { enum: ["pending", "calculated", "paid", "cancelled"] })
      .notNull()
      .default("pending"),
    payoutId: text("payout_id").references(() => payouts.id, { onDelete: "set null" }),
    calculatedAt: integer("calculated_at").notNull(),
  },
  (t) => [
    index("commissions_transaction_idx").on(t.transactionId),
    index("commissions_unpaid_idx").on(t.payoutId, t.calculatedAt),
  ],
);

/**
 * Every call to the payment provider (docs/decisions/0035-payments.md): authorize at order time,
 * capture at delivery, Buy it now or conversion, refund of a cancelled order. Failed attempts
 * are rows too; at most one call per idempotency key succeeds, so nothing is charged twice.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The transaction a capture collects (null for an authorization or a refund). */
    transactionId: text("transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    operation: text("operation", { enum: ["authorize", "capture", "refund"] }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("GBP"),
    idempotencyKey: text("idempotency_key").notNull(),
    provider: text("provider").notNull(),
    status: text("status", { enum: ["succeeded", "failed"] }).notNull(),
    providerRef: text("provider_ref"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_succeeded_key_unique").on(t.idempotencyKey).where(sql`${t.status} = 'succeeded'`),
    index("payments_order_idx").on(t.orderId, t.createdAt),
    index("payments_created_idx").on(t.createdAt),
  ],
);

/** Each payment provider event, recorded once by its id (migration 0039): a replay is answered from here. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** What the handler did: 'handled', 'ignored' (an unknown type, a stale or replayed fact). */
    outcome: text("outcome").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [index("payment_events_order_idx").on(t.orderId, t.receivedAt)],
);

/** One row per event that concerns a person (issue 23): the notification centre; unique per event key. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);

/** A person's e-mail choice per category, only where they changed it (default: e-mailed). */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    status: text("status", { enum: ["sent", "dead"] }).notNull().default("sent"),
    attempts: integer("attempts").notNull().default(1),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notification_outbox_message_key_unique").on(t.messageKey),
    index("notification_outbox_created_idx").on(t.createdAt),
  ],
);

/** Who changed what among staff-managed records (roles, deactivation, approvals, content), and when. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt),
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_actor_idx").on(t.actorId),
  ],
);

/** Views per subject and week (migration 0028; issue 24, item 11). */
export const viewCounts = sqliteTable(
  "view_counts",
  {
    subjectType: text("subject_type", { enum: ["product", "owner", "store"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    weekStart: integer("week_start").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subjectType, t.subjectId, t.weekStart] })],
);

/** The sizes a shopper saved, one per size system (issue 25, item 3; migration 0030). */
export const userSizes = sqliteTable(
  "user_sizes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sizeSystem: text("size_system").notNull(),
    size: text("size").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sizeSystem] })],
);

/** Public items per type, category and size, kept by triggers (migration 0030): the Size filter's counts on type and category pages. */
export const sizeCounts = sqliteTable(
  "size_counts",
  {
    productType: text("product_type").notNull(),
    category: text("category").notNull(),
    size: text("size").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.productType, t.category, t.size] })],
);

/**
 * Each public item's size and prices, keyed by its products rowid (the full-text index's rowid),
 * for the Size filter's counts with a search, facet or price range (migration 0041, kept by
 * triggers; decision 0048 amended 2026-11-25): narrow rows and covering price indexes instead of
 * the wide products rows.
 */
export const sizeItems = sqliteTable(
  "size_items",
  {
    item: integer("item").primaryKey(),
    size: text("size").notNull(),
    rentalPrice: integer("rental_price"),
    buyingPrice: integer("buying_price"),
  },
  (t) => [index("size_items_rental_idx").on(t.rentalPrice, t.size, t.buyingPrice), index("size_items_buying_idx").on(t.buyingPrice, t.size, t.rentalPrice)],
);

/** 'Notify me' on a rented item (migration 0032; issue 25, item 6): one waiting request per shopper and item. */
export const backInStockRequests = sqliteTable(
  "back_in_stock_requests",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    notifiedAt: integer("notified_at"),
  },
  (t) => [uniqueIndex("back_in_stock_waiting_unique").on(t.productId, t.userId).where(sql`${t.notifiedAt} IS NULL`), index("back_in_stock_user_idx").on(t.userId)],
);

/** A shopper's saved listing URL (migration 0032; issue 25, item 7). */
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    savedSearchId: text("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    notifiedAt: integer("notified_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.productId] })],
);
