// Partner stores, requests to become one, and requests to sell.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, belongsTo } from "./columns";
import { users } from "./people";

export const stores = sqliteTable(
  "stores",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    logoUrl: text("logo_url"),
    ownerId: belongsTo("owner_id", () => users.id),
    contactEmail: text("contact_email"),
    /** The store's address in the one shape of every address (migration 0074; app/domain/postal-address.ts). */
    address: text("address", { mode: "json" }).$type<Record<string, string | undefined>>(),
    /** Where the store ships (migration 0067, app/domain/shipping-zones.ts), and each zone's fee in pence. */
    shipReach: text("ship_reach", { enum: ["uk", "europe", "worldwide"] })
      .notNull()
      .default("uk"),
    shipFeeEurope: integer("ship_fee_europe"),
    shipFeeWorld: integer("ship_fee_world"),
    /** The store request it was made from: approving a request twice cannot make a second store. */
    requestId: text("request_id").references(() => storeRequests.id, { onDelete: "set null" }),
    /** The store's turnaround: days a returned rental is 'Being prepared' (migration 0061); null for the default. */
    turnaroundDays: integer("turnaround_days"),
    createdAt: createdAt(),
  },
  (t) => [
    index("stores_owner_idx").on(t.ownerId),
    index("stores_name_idx").on(t.name),
    index("stores_ships_abroad_idx")
      .on(t.shipReach, t.id)
      .where(sql`ship_reach <> 'uk'`),
    uniqueIndex("stores_request_unique")
      .on(t.requestId)
      .where(sql`${t.requestId} IS NOT NULL`),
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
    // What the request asks for (migration 0050, decision 0072): applied to the account only when approved.
    displayName: text("display_name"),
    returnAddress: text("return_address", { mode: "json" }).$type<Record<string, string | undefined>>(),
  },
  (t) => [index("seller_requests_status_idx").on(t.status, t.createdAt)],
);
