// Shipping labels and their tracking (issue 44 items 2 and 3;
// docs/decisions/0082-shipping-labels-and-tracking.md). Migration 0063; a claim's return label,
// migration 0073 (decision 0093).
import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { PostalAddress } from "../../app/domain/postal-address";
import { TRACKING_STATUSES } from "../../app/domain/tracking";
import { id, createdAt, belongsTo, jsonList } from "./columns";
import { claims } from "./claims";
import { orders } from "./orders";
import { users } from "./people";

export const shippingLabels = sqliteTable(
  "shipping_labels",
  {
    id: id(),
    orderId: belongsTo("order_id", () => orders.id),
    /** Who posts the parcel: `vendor:{ownerId}` or `store:{storeId}`. */
    handlerKey: text("handler_key").notNull(),
    direction: text("direction", { enum: ["outbound", "return"] }).notNull(),
    /** buying: the provider is being asked (the row holds the parcel's place); ready: printable. */
    status: text("status", { enum: ["buying", "ready"] }).notNull(),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    carrier: text("carrier"),
    service: text("service"),
    trackingNumber: text("tracking_number"),
    /** The provider's own printable file (a real provider); the local one draws the label from this row. */
    labelUrl: text("label_url"),
    /** Integer pence, paid from the order's delivery fee. */
    cost: integer("cost"),
    fromAddress: text("from_address", { mode: "json" }).$type<PostalAddress>().notNull(),
    toAddress: text("to_address", { mode: "json" }).$type<PostalAddress>().notNull(),
    itemIds: jsonList("item_ids"),
    trackingStatus: text("tracking_status", { enum: TRACKING_STATUSES }),
    trackingUpdatedAt: integer("tracking_updated_at"),
    /** A claim's return (decision 0093): one per claim, beside the parcel's own labels. */
    claimId: text("claim_id").references(() => claims.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("shipping_labels_one_per_parcel")
      .on(t.orderId, t.handlerKey, t.direction)
      .where(sql`${t.claimId} IS NULL`),
    uniqueIndex("shipping_labels_one_per_claim")
      .on(t.claimId)
      .where(sql`${t.claimId} IS NOT NULL`),
    uniqueIndex("shipping_labels_tracking_unique")
      .on(t.trackingNumber)
      .where(sql`${t.trackingNumber} IS NOT NULL`),
  ],
);

export const trackingEvents = sqliteTable(
  "tracking_events",
  {
    id: id(),
    labelId: belongsTo("label_id", () => shippingLabels.id),
    status: text("status", { enum: TRACKING_STATUSES }).notNull(),
    eventId: text("event_id").notNull(),
    occurredAt: integer("occurred_at").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [uniqueIndex("tracking_events_once").on(t.labelId, t.status)],
);
