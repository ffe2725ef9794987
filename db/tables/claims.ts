// Buyer protection (issue 43; docs/decisions/0078-buyer-protection-and-claims.md): claims and the
// payout holds they cause. Migration 0060.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, belongsTo, jsonList } from "./columns";
import { orders, orderItems } from "./orders";
import { users } from "./people";

export const claims = sqliteTable(
  "claims",
  {
    id: id(),
    orderId: belongsTo("order_id", () => orders.id),
    orderItemId: belongsTo("order_item_id", () => orderItems.id),
    shopperId: text("shopper_id").references(() => users.id, { onDelete: "set null" }),
    /** problem: reported after delivery (or not received); repair_fee: a repair fee disputed. */
    kind: text("kind", { enum: ["problem", "repair_fee"] }).notNull(),
    reason: text("reason").notNull(),
    description: text("description").notNull(),
    photos: jsonList("photos"),
    status: text("status", { enum: ["awaiting_handler", "offer_made", "with_staff", "resolved"] }).notNull(),
    /** The deadline of whoever must answer next (the handler, or the shopper an offer); null with staff or resolved. */
    dueAt: integer("due_at"),
    handlerText: text("handler_text"),
    handlerPhotos: jsonList("handler_photos"),
    answeredBy: text("answered_by").references(() => users.id, { onDelete: "set null" }),
    offerAmount: integer("offer_amount"),
    /** Why it went to staff: no_answer, disputed, offer_declined, offer_unanswered, repair_fee. */
    escalatedBecause: text("escalated_because"),
    outcome: text("outcome", { enum: ["full_refund", "partial_refund", "no_refund"] }),
    refundAmount: integer("refund_amount"),
    decisionReason: text("decision_reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at"),
    /** A full refund's item received back by its handler: its return label's 'delivered' (migration 0073, decision 0093). */
    returnedAt: integer("returned_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("claims_one_per_item").on(t.orderItemId, t.kind),
    index("claims_status_due_idx").on(t.status, t.dueAt),
    index("claims_order_idx").on(t.orderId),
  ],
);

export const payoutHolds = sqliteTable(
  "payout_holds",
  {
    recipientType: text("recipient_type").notNull(),
    recipientId: text("recipient_id").notNull(),
    periodStart: integer("period_start").notNull(),
    orderItemId: text("order_item_id").notNull(),
    itemName: text("item_name").notNull(),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.recipientType, t.recipientId, t.periodStart, t.orderItemId] })],
);
