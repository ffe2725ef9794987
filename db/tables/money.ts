// Money: transactions, commissions, payments and their provider events, payee accounts and payouts.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, belongsTo } from "./columns";
import { products } from "./catalog";
import { orders, orderItems } from "./orders";
import { users } from "./people";
import { stores } from "./stores";

/**
 * Positive: a sale, a rental's fee, its purchase (Buy it now or kept past its window), a repair fee,
 * an item charged because it could not be returned. Negative: a returned purchase's refund and an
 * overturned charge's reversal (issue 22), a claim's refund (issue 43), each with its commissions reversed.
 * protection_fee: a rental's damage protection, recorded at delivery, all of it the platform's (decision 0080).
 */
export const TRANSACTION_TYPES = [
  "sale",
  "rental_fee",
  "rental_purchase",
  "rental_conversion",
  "damage_charge",
  "not_returnable",
  "refund",
  "charge_reversal",
  "claim_refund",
  "protection_fee",
] as const;

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
    // An order's money, read by order (migration 0077).
    index("transactions_order_idx").on(t.orderId, t.createdAt),
    // A seller's earnings summed from the index (migration 0078).
    index("transactions_owner_money_idx").on(t.ownerId, t.status, t.grossAmount, t.netAmount),
    // Each kind at most once per item (migration 0026); Buy it now and the conversion share one id.
    uniqueIndex("transactions_order_item_type_unique")
      .on(t.orderItemId, t.transactionType)
      .where(sql`${t.orderItemId} IS NOT NULL`),
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
  (t) => [
    primaryKey({ columns: [t.payeeType, t.payeeId] }),
    uniqueIndex("payee_accounts_provider_account_unique").on(t.providerAccountId),
  ],
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
    /**
     * The payee's balance this payout took over from their earlier ones (migration 0051; decision
     * 0073): zero, or negative while a debt (a refund after a payout) is being recovered.
     */
    carriedIn: integer("carried_in").notNull().default(0),
    /** net + carried in: sent in full when above zero; else nothing is sent and it is carried into the next payout. */
    dueAmount: integer("due_amount")
      .notNull()
      .generatedAlwaysAs(sql`net_amount + carried_in`, { mode: "virtual" }),
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
    uniqueIndex("payouts_recipient_period_unique").on(t.recipientType, t.recipientId, t.periodStart),
    index("payouts_created_idx").on(t.createdAt),
  ],
);

export const commissions = sqliteTable(
  "commissions",
  {
    id: id(),
    transactionId: belongsTo("transaction_id", () => transactions.id),
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
    // A store's revenue summed from the index (migration 0078).
    index("commissions_recipient_idx").on(t.recipientType, t.recipientId, t.transactionId, t.commissionAmount),
    // A period's commissions, newest first, and their totals from the index (migration 0080).
    index("commissions_calculated_idx").on(t.calculatedAt, t.id, t.recipientType, t.commissionAmount, t.transactionId),
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
    orderId: belongsTo("order_id", () => orders.id),
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
    uniqueIndex("payments_succeeded_key_unique")
      .on(t.idempotencyKey)
      .where(sql`${t.status} = 'succeeded'`),
    index("payments_order_idx").on(t.orderId, t.createdAt),
    index("payments_created_idx").on(t.createdAt),
    // A delivery fee's capture attempts by key, failed ones too (migration 0079).
    index("payments_key_idx").on(t.idempotencyKey, t.status, t.createdAt),
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
