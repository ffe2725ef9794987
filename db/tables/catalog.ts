// The catalog: categories, brands, products, and the tables the triggers keep for listings (stats, size counts, size items, views).
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, jsonList, belongsTo } from "./columns";
import { users } from "./people";
import { stores } from "./stores";

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
    // Names run together, for the header's suggestions (migration 0048, decision 0069).
    index("brands_name_run_together").on(
      sql`replace(replace(replace(replace(replace(lower(${t.name}), '.', ''), '''', ''), '’', ''), '+', ''), ' ', '')`,
    ),
    index("brands_popular_name_idx").on(t.isPopular, t.name),
    index("brands_name_idx").on(t.name),
  ],
);

/** A brand merged into another: its old name's page redirects to the brand it became (issue 24). */
export const brandRedirects = sqliteTable("brand_redirects", {
  /** The merged brand's name, lower-cased. */
  oldName: text("old_name").primaryKey(),
  brandId: belongsTo("brand_id", () => brands.id),
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
    suggestedBy: belongsTo("suggested_by", () => users.id),
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

export const PRODUCT_TYPES = ["Women", "Men", "Children", "Unisex"] as const;
export const CONDITIONS = ["Brand New With Tags", "Brand New Without Tags", "Almost New", "Good Condition"] as const;

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
    ownerId: belongsTo("owner_id", () => users.id),
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
    /** The store that declined it as a concierge request, until it is decided again (migration 0045). */
    declinedByStoreId: text("declined_by_store_id").references(() => stores.id, { onDelete: "set null" }),
    /** Turnaround (migration 0061): a returned rental is 'Being prepared' until then, then live again. */
    preparedUntil: integer("prepared_until"),
    /** When an item out on rental, reserved or being prepared is expected back ('Back around …'). */
    backAroundAt: integer("back_around_at"),
    /**
     * 'You may also like' (migration 0081, decision 0123): the ids of the item's most alike listings
     * (JSON) and when the five-minute job chose them; the product page uses them while newer than
     * `updatedAt`.
     */
    similarIds: text("similar_ids"),
    similarAt: integer("similar_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    // The lists the five-minute job remakes first (none yet, or the item changed since), then the oldest.
    index("products_similar_due_idx")
      .on(t.id)
      .where(sql`${publicRow} AND (${t.similarAt} IS NULL OR ${t.similarAt} < ${t.updatedAt})`),
    index("products_pub_similar_idx").on(t.similarAt).where(publicRow),
    index("products_owner_idx").on(t.ownerId, t.createdAt),
    index("products_store_idx").on(t.storeId, t.productStatus),
    index("products_status_category_idx").on(t.status, t.category),
    index("products_prepared_until_idx")
      .on(t.preparedUntil)
      .where(sql`${t.preparedUntil} IS NOT NULL`),
    // The dashboards at a year of orders (migration 0078, decision 0107): the seller's cards, the
    // items being prepared, the store's cards and its products' ids, each from its index.
    index("products_owner_counts_idx").on(t.ownerId, t.productStatus, t.availability, t.status),
    index("products_owner_prepared_idx")
      .on(t.ownerId, t.preparedUntil)
      .where(sql`${t.preparedUntil} IS NOT NULL`),
    index("products_store_prepared_idx")
      .on(t.storeId, t.preparedUntil)
      .where(sql`${t.preparedUntil} IS NOT NULL`),
    index("products_store_status_idx").on(t.storeId, t.status, t.conciergeStatus, t.id),
    // Admin Products, newest first, one page walked down the index (migration 0079).
    index("products_created_idx").on(t.createdAt, t.id),
    // The parts of price bands a range cuts are walked down these (migration 0015, decision 0038).
    index("products_rental_price_idx").on(t.rentalPrice),
    index("products_buying_price_idx").on(t.buyingPrice),
    // The public catalog's partial indexes (migration 0004 says why): one per way a listing is
    // walked, each carrying every filterable column.
    ...(() => {
      const displayPrice = sql`coalesce(${t.rentalPrice}, ${t.price})`;
      const filterable = [
        t.productType,
        t.category,
        t.brand,
        t.color,
        t.condition,
        t.rentalPrice,
        t.buyingPrice,
        t.price,
      ];
      const rest = (lead: (typeof filterable)[number]) => filterable.filter((c) => c !== lead);
      return [
        index("products_pub_created_idx")
          .on(t.createdAt, t.id, ...filterable)
          .where(publicRow),
        index("products_pub_price_idx")
          .on(displayPrice, t.id, ...filterable)
          .where(publicRow),
        index("products_pub_category_idx")
          .on(t.category, t.createdAt, t.id, ...rest(t.category))
          .where(publicRow),
        index("products_pub_brand_idx")
          .on(t.brand, t.createdAt, t.id, ...rest(t.brand))
          .where(publicRow),
        index("products_pub_type_idx")
          .on(t.productType, t.createdAt, t.id, ...rest(t.productType))
          .where(publicRow),
        index("products_pub_color_idx")
          .on(t.color, t.createdAt, t.id, ...rest(t.color))
          .where(publicRow),
        index("products_pub_condition_idx")
          .on(t.condition, t.createdAt, t.id, ...rest(t.condition))
          .where(publicRow),
        index("products_pub_facets_idx")
          .on(
            t.productType,
            t.category,
            displayPrice,
            t.id,
            t.brand,
            t.color,
            t.condition,
            t.rentalPrice,
            t.buyingPrice,
          )
          .where(publicRow),
        // A price range alone is counted down these (migration 0043).
        index("products_pub_rental_idx").on(t.rentalPrice, t.buyingPrice).where(publicRow),
        index("products_pub_buying_idx").on(t.buyingPrice, t.rentalPrice).where(publicRow),
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
    /** The size's number in size_codes (migration 0042): counts group by an integer. */
    code: integer("code").notNull(),
    rentalPrice: integer("rental_price"),
    buyingPrice: integer("buying_price"),
  },
  (t) => [
    index("size_items_rental_idx").on(t.code, t.rentalPrice, t.buyingPrice),
    index("size_items_buying_idx").on(t.code, t.buyingPrice, t.rentalPrice),
  ],
);

/** Each size label's number, added by size_items' triggers the first time an item has it (migration 0042). */
export const sizeCodes = sqliteTable(
  "size_codes",
  { code: integer("code").primaryKey(), label: text("label").notNull() },
  (t) => [uniqueIndex("size_codes_label_idx").on(t.label)],
);
