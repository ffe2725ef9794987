import { and, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { commissions, payeeAccounts, payouts, products, stores, transactions, userRoles, users } from "../../db/schema";
import type { PayeeAccountStatus, PayeeType } from "../domain/payouts";
import { PLATFORM_RATE_BP, STORE_RATE_BP, splitSale } from "../domain/commission";
import { startOfWeekUTC, WEEK_MS } from "../domain/dates";
import { commissionId, payoutId, transactionId } from "../domain/finance-ids";
import type { Database } from "./db.server";
import { auditStatement } from "./audit.server";

// The one finance module (DECISIONS.md: Finance): the lifecycle records sales through
// saleStatements(); the seller, store, account and admin pages read their figures here.

export type TransactionType = (typeof transactions.$inferInsert)["transactionType"];

export interface Sale {
  type: TransactionType;
  orderId: string;
  orderItemId: string;
  productId: string;
  ownerId: string;
  /** The store that manages the item (a concierge sale), else null. */
  storeId: string | null;
  /** What the shopper paid for this line, in pence (for a refund or reversal: what goes back, positive). */
  gross: number;
}

/**
 * The statements that record a sale: a transaction (net = the owner's share) and its
 * commissions (10% platform; 10% store on a concierge sale). Meant to run inside the batch of
 * the status change that caused it. Ids follow from the order item and the kind of sale (a
 * rental's fee, or its purchase), so recording the same sale twice inserts nothing new.
 */
export { transactionId };
/** Money going back to the shopper: recorded negative, its commissions taken back too. */
const NEGATIVE: ReadonlySet<TransactionType> = new Set(["refund", "charge_reversal"]);

export function saleStatements(db: Database, sale: Sale, now: number) {
  const sign = NEGATIVE.has(sale.type) ? -1 : 1;
  const positive = splitSale(sale.gross, sale.storeId !== null);
  const split = { gross: sign * positive.gross, platform: sign * positive.platform, store: sign * positive.store, owner: sign * positive.owner };
  const id = transactionId(sale.orderItemId, sale.type);
  const commission = (recipientType: "platform" | "store", recipientId: string | null, commissionRate: number, commissionAmount: number) =>
    db
      .insert(commissions)
      .values({ id: commissionId(id, recipientType), transactionId: id, recipientType, recipientId, commissionRate, commissionAmount, status: "calculated", calculatedAt: now })
      .onConflictDoNothing();
  const statements = [
    db
      .insert(transactions)
      .values({
        id,
        transactionType: sale.type,
        productId: sale.productId,
        orderId: sale.orderId,
        orderItemId: sale.orderItemId,
        ownerId: sale.ownerId,
        storeId: sale.storeId,
        grossAmount: split.gross,
        netAmount: split.owner,
        status: "completed",
        createdAt: now,
      })
      .onConflictDoNothing(),
    commission("platform", null, PLATFORM_RATE_BP, split.platform),
  ];
  if (sale.storeId !== null) statements.push(commission("store", sale.storeId, STORE_RATE_BP, split.store));
  return statements;
}

const counted = sql`${transactions.status} = 'completed'`;

/** What an owner has earned: the gross of their sales, the commissions taken, and their share. */
export async function ownerEarnings(db: Database, ownerId: string) {
  const row = await db
    .select({
      gross: sql<number>`coalesce(sum(${transactions.grossAmount}), 0)`,
      net: sql<number>`coalesce(sum(${transactions.netAmount}), 0)`,
      sales: sql<number>`count(*)`,
    })
    .from(transactions)
    .where(and(eq(transactions.ownerId, ownerId), counted))
    .get();
  return { gross: row?.gross ?? 0, net: row?.net ?? 0, sales: row?.sales ?? 0 };
}

/** A store's revenue: its commissions on the concierge sales it handled. */
export async function storeRevenue(db: Database, storeId: string) {
  const row = await db
    .select({ total: sql<number>`coalesce(sum(${commissions.commissionAmount}), 0)`, sales: sql<number>`count(*)` })
    .from(commissions)
    .innerJoin(transactions, eq(transactions.id, commissions.transactionId))
    .where(and(eq(commissions.recipientType, "store"), eq(commissions.recipientId, storeId), counted))
    .get();
  return { total: row?.total ?? 0, sales: row?.sales ?? 0 };
}

export type RevenueScope = { owner: string } | { store: string } | { platform: true };

export interface WeekAmount {
  /** Monday 00:00 UTC. */
  weekStart: number;
  amount: number;
}

/**
 * Revenue per week for the last `weeks` weeks up to `now` (oldest first, every week present):
 * an owner's earnings, a store's commissions, or the platform's gross sales.
 */
export async function weeklyRevenue(db: Database, scope: RevenueScope, now: number, weeks = 12): Promise<WeekAmount[]> {
  const first = startOfWeekUTC(now) - (weeks - 1) * WEEK_MS;
  // Monday-based weeks in SQL: shift by 3 days (1 Jan 1970 was a Thursday), floor, shift back.
  const week = sql<number>`((((${transactions.createdAt} / 86400000) + 3) / 7) * 7 - 3) * 86400000`;
  let rows: { week: number; amount: number }[];
  if ("store" in scope) {
    rows = await db
      .select({ week, amount: sql<number>`sum(${commissions.commissionAmount})` })
      .from(commissions)
      .innerJoin(transactions, eq(transactions.id, commissions.transactionId))
      .where(and(eq(commissions.recipientType, "store"), eq(commissions.recipientId, scope.store), gte(transactions.createdAt, first), counted))
      .groupBy(week);
  } else {
    const amount = "owner" in scope ? sql<number>`sum(${transactions.netAmount})` : sql<number>`sum(${transactions.grossAmount})`;
    rows = await db
      .select({ week, amount })
      .from(transactions)
      .where(and("owner" in scope ? eq(transactions.ownerId, scope.owner) : undefined, gte(transactions.createdAt, first), counted))
      .groupBy(week);
  }
  const byWeek = new Map(rows.map((r) => [r.week, r.amount]));
  return Array.from({ length: weeks }, (_, i) => {
    const weekStart = first + i * WEEK_MS;
    return { weekStart, amount: byWeek.get(weekStart) ?? 0 };
  });
}

export const FINANCE_LIST_SIZE = 50;

/** A period of time, [from, to) in epoch milliseconds; null bounds are open. */
export interface FinancePeriod {
  from: number | null;
  to: number | null;
}

const ALL_TIME: FinancePeriod = { from: null, to: null };
const within = (column: SQLiteColumn, period: FinancePeriod) => and(period.from === null ? undefined : gte(column, period.from), period.to === null ? undefined : lt(column, period.to));

/** A payee as people know them: an owner's display (else full) name, a store's name, the platform. */
const ownerName = sql<string | null>`(select coalesce(${users.displayName}, ${users.fullName}) from ${users} where ${users.id} = ${transactions.ownerId})`;
const ownerDisplayName = sql<string | null>`(select ${users.displayName} from ${users} where ${users.id} = ${transactions.ownerId})`;

/** The rows of each list in a period, newest first, with their payees by name (the tab shows 50; the CSV up to EXPORT_ROWS). */
export function financeLists(db: Database, period: FinancePeriod, limit: number) {
  return [
    db
      .select({
        id: transactions.id,
        type: transactions.transactionType,
        orderId: transactions.orderId,
        productId: transactions.productId,
        productName: sql<string | null>`(select ${products.name} from ${products} where ${products.id} = ${transactions.productId})`.as("product_name"),
        ownerId: transactions.ownerId,
        ownerName: ownerName.as("owner_name"),
        ownerDisplayName: ownerDisplayName.as("owner_display_name"),
        storeId: transactions.storeId,
        storeName: sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${transactions.storeId})`.as("txn_store_name"),
        gross: transactions.grossAmount,
        net: transactions.netAmount,
        status: transactions.status,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(within(transactions.createdAt, period))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(limit),
    db
      .select({
        id: commissions.id,
        transactionId: commissions.transactionId,
        recipientType: commissions.recipientType,
        recipientId: commissions.recipientId,
        recipientName: sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${commissions.recipientId})`.as("commission_store_name"),
        rate: commissions.commissionRate,
        amount: commissions.commissionAmount,
        status: commissions.status,
        calculatedAt: commissions.calculatedAt,
      })
      .from(commissions)
      .where(within(commissions.calculatedAt, period))
      .orderBy(desc(commissions.calculatedAt), desc(commissions.id))
      .limit(limit),
    db
      .select({
        id: payouts.id,
        recipientType: payouts.recipientType,
        recipientId: payouts.recipientId,
        recipientName: sql<string | null>`case ${payouts.recipientType}
          when 'owner' then (select coalesce(${users.displayName}, ${users.fullName}) from ${users} where ${users.id} = ${payouts.recipientId})
          when 'store' then (select ${stores.name} from ${stores} where ${stores.id} = ${payouts.recipientId})
          else null end`.as("payee_name"),
        recipientDisplayName: sql<string | null>`case ${payouts.recipientType} when 'owner' then (select ${users.displayName} from ${users} where ${users.id} = ${payouts.recipientId}) else null end`.as("payee_display_name"),
        periodStart: payouts.periodStart,
        periodEnd: payouts.periodEnd,
        total: payouts.totalAmount,
        commission: payouts.commissionAmount,
        net: payouts.netAmount,
        status: payouts.status,
        paidAt: payouts.paidAt,
        paidBy: payouts.paidBy,
        transferStatus: payouts.transferStatus,
        transferId: payouts.transferId,
        transferError: payouts.transferError,
        createdAt: payouts.createdAt,
      })
      .from(payouts)
      .where(within(payouts.createdAt, period))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(limit),
  ] as const;
}

/** The most rows a CSV download holds (a period longer than that is cut, and says so). */
export const EXPORT_ROWS = 10_000;

/** The admin Financial tab for a period (all time when none): the latest 50 of each, and the totals of the period (seller-store-admin.md §2, §9; issue 24, item 4). */
export async function financeOverview(db: Database, period: FinancePeriod = ALL_TIME) {
  const [latestTransactions, latestCommissions, latestPayouts, totals, commissionTotals, payoutTotals] = await db.batch([
    ...financeLists(db, period, FINANCE_LIST_SIZE),
    db
      .select({ gross: sql<number>`coalesce(sum(${transactions.grossAmount}), 0)`, net: sql<number>`coalesce(sum(${transactions.netAmount}), 0)`, n: sql<number>`count(*)` })
      .from(transactions)
      .where(and(counted, within(transactions.createdAt, period))),
    db
      .select({ recipientType: commissions.recipientType, total: sql<number>`coalesce(sum(${commissions.commissionAmount}), 0)`, n: sql<number>`count(*)` })
      .from(commissions)
      .innerJoin(transactions, eq(transactions.id, commissions.transactionId))
      .where(and(counted, within(commissions.calculatedAt, period)))
      .groupBy(commissions.recipientType),
    db
      .select({ status: payouts.status, total: sql<number>`coalesce(sum(${payouts.netAmount}), 0)`, n: sql<number>`count(*)` })
      .from(payouts)
      .where(and(inArray(payouts.status, ["calculated", "paid"]), within(payouts.createdAt, period)))
      .groupBy(payouts.status),
  ]);
  const commissionBy = Object.fromEntries(commissionTotals.map((r) => [r.recipientType, r.total]));
  const payoutBy = Object.fromEntries(payoutTotals.map((r) => [r.status, r.total]));
  return {
    transactions: latestTransactions,
    commissions: latestCommissions,
    payouts: latestPayouts,
    totals: {
      gross: totals[0]?.gross ?? 0,
      ownersNet: totals[0]?.net ?? 0,
      sales: totals[0]?.n ?? 0,
      platformCommission: commissionBy.platform ?? 0,
      storeCommission: commissionBy.store ?? 0,
      commissionCount: commissionTotals.reduce((n, r) => n + r.n, 0),
      payoutsCalculated: payoutBy.calculated ?? 0,
      payoutsPaid: payoutBy.paid ?? 0,
      payoutCount: payoutTotals.reduce((n, r) => n + r.n, 0),
    },
  };
}

/**
 * Delivered orders whose delivery fee was not collected yet (docs/decisions/0035-payments.md): its
 * capture failed and the daily job has not retried it successfully. The fee is no sale (no
 * transaction, no commission), so this list is where the admin Financial tab shows it, oldest
 * delivery first, with how often it was tried and the last error.
 */
export async function deliveryFeesOwed(db: Database, limit = FINANCE_LIST_SIZE) {
  return db.all<{ orderId: string; fee: number; deliveredAt: number; attempts: number; lastError: string | null }>(sql`
    SELECT o.id AS orderId, o.delivery_fee AS fee,
      (SELECT min(i.delivered_at) FROM order_items i WHERE i.order_id = o.id) AS deliveredAt,
      (SELECT count(*) FROM payments p WHERE p.idempotency_key = 'capture:delivery:' || o.id AND p.status = 'failed') AS attempts,
      (SELECT p.error FROM payments p WHERE p.idempotency_key = 'capture:delivery:' || o.id AND p.status = 'failed' ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1) AS lastError
    FROM orders o
    WHERE o.delivery_fee > 0 AND o.status != 'cancelled'
      AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.delivered_at IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.idempotency_key = 'capture:delivery:' || o.id AND p.status = 'succeeded')
    ORDER BY deliveredAt, o.id
    LIMIT ${limit}`);
}

/**
 * A superadmin marks a calculated payout paid (issue 14 item 9): the payout stamped with who and
 * when, the commissions it gathered marked paid, and the audit row, in one batch. The audit row is
 * the guard (NULL unless the payout is still calculated), so paying twice changes nothing.
 * Returns false when the payout is missing or not calculated.
 */
export async function markPayoutPaid(db: Database, payoutId: string, staffId: string, now: number) {
  const calculated = sql`(select ${payouts.id} from ${payouts} where ${payouts.id} = ${payoutId} and ${payouts.status} = 'calculated')`;
  try {
    await db.batch([
      auditStatement(db, { actorId: staffId, action: "payout.paid", targetType: "payout", targetId: calculated }, now),
      db.update(commissions).set({ status: "paid" }).where(eq(commissions.payoutId, payoutId)),
      db.update(payouts).set({ status: "paid", paidAt: now, paidBy: staffId }).where(and(eq(payouts.id, payoutId), eq(payouts.status, "calculated"))),
    ]);
    return true;
  } catch (error) {
    if (String(error).includes("NOT NULL")) return false;
    throw error;
  }
}

// ---- Weekly payouts (issue 15 item 6; DECISIONS.md Finance; docs/decisions/0036-lifecycle-jobs.md) ----

export type PayoutRecipient = { type: "owner"; id: string } | { type: "store"; id: string } | { type: "platform"; id: "platform" };

/** The week a Monday run closes: last Monday 00:00 UTC to this Monday 00:00 UTC. */
export function payoutPeriod(now: number) {
  const end = startOfWeekUTC(now);
  return { start: end - WEEK_MS, end };
}


/**
 * A transaction a payout may gather: recorded before the period ended, counted (completed, not a
 * failed capture left pending) and its money captured (docs/decisions/0035-payments.md). Anything
 * an earlier week left behind (a capture that succeeded late) is gathered by the next payout.
 */
/**
 * What a payout gathers, as SQL over `transactions t` before the period's end: collected (its
 * capture succeeded) or, for money going back, given back (its refund succeeded). A refund after a
 * payout is an adjustment of the next one, never an edit of the past one (issue 22).
 */
const payableSql = (periodEnd: string) =>
  `t.status = 'completed' AND t.created_at < ${periodEnd} AND (EXISTS (SELECT 1 FROM payments p WHERE p.idempotency_key = 'capture:' || t.id AND p.status = 'succeeded') OR (t.gross_amount < 0 AND EXISTS (SELECT 1 FROM payments p WHERE p.transaction_id = t.id AND p.operation = 'refund' AND p.status = 'succeeded')))`;
const payable = (periodEnd: number) => sql.raw(payableSql(String(Math.trunc(periodEnd))));

/** Who has something no payout has gathered yet, up to the end of the period. */
export async function payoutRecipients(db: Database, periodEnd: number): Promise<PayoutRecipient[]> {
  const owners = await db.all<{ id: string }>(sql`SELECT DISTINCT t.owner_id AS id FROM transactions t WHERE t.payout_id IS NULL AND t.owner_id IS NOT NULL AND ${payable(periodEnd)} ORDER BY 1`);
  const stores = await db.all<{ id: string }>(
    sql`SELECT DISTINCT c.recipient_id AS id FROM commissions c JOIN transactions t ON t.id = c.transaction_id WHERE c.recipient_type = 'store' AND c.recipient_id IS NOT NULL AND c.payout_id IS NULL AND ${payable(periodEnd)} ORDER BY 1`,
  );
  const platform = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM commissions c JOIN transactions t ON t.id = c.transaction_id WHERE c.recipient_type = 'platform' AND c.payout_id IS NULL AND ${payable(periodEnd)}`,
  );
  return [
    ...owners.map((r) => ({ type: "owner" as const, id: r.id })),
    ...stores.map((r) => ({ type: "store" as const, id: r.id })),
    ...((platform[0]?.n ?? 0) > 0 ? [{ type: "platform" as const, id: "platform" as const }] : []),
  ];
}

/**
 * One recipient's payout for a period, in one batch: the row (calculated), the links from what it
 * gathers (an owner's transactions; a store's or the platform's commissions) and its amounts
 * summed from exactly what was linked. The payout's id and the unique (recipient, period) index
 * make a rerun or an overlapping run fail the whole batch: it creates nothing and counts nothing
 * twice. An owner's payout: total = gross of their sales, commission = what was taken, net = their
 * share. A store's or the platform's: its commissions (total = commission = net).
 * Returns the payout id, or null when it existed already or there was nothing to pay.
 */
export async function createPayout(db: Database, recipient: PayoutRecipient, period: { start: number; end: number }, now: number) {
  const id = payoutId(recipient, period.start);
  const d1 = db.$client;
  // Raw D1 statements: drizzle's batch takes only its query builders, and these need INSERT ... SELECT.
  const PAYABLE = payableSql("?2");
  const insert = (exists: string) =>
    d1
      .prepare(
        `INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, status, created_at)
         SELECT ?1, ?3, ?4, ?5, ?2, 0, 0, 0, 'calculated', ?6 WHERE EXISTS (${exists})`,
      )
      .bind(id, period.end, recipient.type, recipient.id, period.start, now);
  const statements =
    recipient.type === "owner"
      ? [
          insert(`SELECT 1 FROM transactions t WHERE t.owner_id = ?4 AND t.payout_id IS NULL AND ${PAYABLE}`),
          d1.prepare(`UPDATE transactions AS t SET payout_id = ?1 WHERE t.owner_id = ?3 AND t.payout_id IS NULL AND ${PAYABLE}`).bind(id, period.end, recipient.id),
          d1
            .prepare(
              `UPDATE payouts SET
                 total_amount = (SELECT coalesce(sum(gross_amount), 0) FROM transactions WHERE payout_id = ?1),
                 net_amount = (SELECT coalesce(sum(net_amount), 0) FROM transactions WHERE payout_id = ?1),
                 commission_amount = (SELECT coalesce(sum(gross_amount - net_amount), 0) FROM transactions WHERE payout_id = ?1)
               WHERE id = ?1`,
            )
            .bind(id),
        ]
      : (() => {
          const mine = recipient.type === "store" ? "c.recipient_type = 'store' AND c.recipient_id = ?4" : "c.recipient_type = 'platform'";
          const unpaid = `SELECT c.id FROM commissions c JOIN transactions t ON t.id = c.transaction_id WHERE ${mine} AND c.payout_id IS NULL AND ${PAYABLE}`;
          return [
            insert(unpaid),
            recipient.type === "store"
              ? d1.prepare(`UPDATE commissions SET payout_id = ?1 WHERE id IN (${unpaid.replace("?4", "?3")})`).bind(id, period.end, recipient.id)
              : d1.prepare(`UPDATE commissions SET payout_id = ?1 WHERE id IN (${unpaid})`).bind(id, period.end),
            d1
              .prepare(
                `UPDATE payouts SET
                   total_amount = (SELECT coalesce(sum(commission_amount), 0) FROM commissions WHERE payout_id = ?1),
                   commission_amount = (SELECT coalesce(sum(commission_amount), 0) FROM commissions WHERE payout_id = ?1),
                   net_amount = (SELECT coalesce(sum(commission_amount), 0) FROM commissions WHERE payout_id = ?1)
                 WHERE id = ?1`,
              )
              .bind(id),
          ];
        })();
  try {
    const [inserted] = await d1.batch(statements);
    return inserted?.meta.changes === 1 ? id : null;
  } catch (error) {
    // Made already, by an earlier or an overlapping run: nothing new.
    if (/UNIQUE|PRIMARY KEY|constraint/i.test(String(error))) return null;
    throw error;
  }
}

/** A period's payouts with what their recipients are told. */
export async function payoutsOfPeriod(db: Database, periodStart: number) {
  return db
    .select({ id: payouts.id, recipientType: payouts.recipientType, recipientId: payouts.recipientId, periodStart: payouts.periodStart, periodEnd: payouts.periodEnd, total: payouts.totalAmount, commission: payouts.commissionAmount, net: payouts.netAmount, status: payouts.status })
    .from(payouts)
    .where(eq(payouts.periodStart, periodStart))
    .orderBy(payouts.recipientType, payouts.recipientId);
}

// ---- Payouts through Connect (issue 27 item 4; docs/decisions/0056-connect-payouts.md) ----

export interface PayeeRef {
  type: PayeeType;
  id: string;
}

/** A payee's connected account, if they started setting up payouts. */
export function payeeAccount(db: Database, payee: PayeeRef) {
  return db
    .select({ providerAccountId: payeeAccounts.providerAccountId, provider: payeeAccounts.provider, status: payeeAccounts.status, updatedAt: payeeAccounts.updatedAt })
    .from(payeeAccounts)
    .where(and(eq(payeeAccounts.payeeType, payee.type), eq(payeeAccounts.payeeId, payee.id)))
    .get();
}

/** The payee a provider account belongs to (an event names the account). */
export function payeeOfAccount(db: Database, providerAccountId: string) {
  return db
    .select({ payeeType: payeeAccounts.payeeType, payeeId: payeeAccounts.payeeId, status: payeeAccounts.status, provider: payeeAccounts.provider })
    .from(payeeAccounts)
    .where(eq(payeeAccounts.providerAccountId, providerAccountId))
    .get();
}

/**
 * Records a payee's new connected account; when two requests made one each at once, the first
 * recorded wins and both answer it (the other provider account is never used). An account at
 * another provider (a local one, after switching to Stripe) is replaced.
 */
export async function savePayeeAccount(db: Database, payee: PayeeRef, provider: string, providerAccountId: string, now: number) {
  await db
    .insert(payeeAccounts)
    .values({ payeeType: payee.type, payeeId: payee.id, provider, providerAccountId, status: "not_started", createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [payeeAccounts.payeeType, payeeAccounts.payeeId],
      set: { provider, providerAccountId, status: "not_started", createdAt: now, updatedAt: now },
      setWhere: ne(payeeAccounts.provider, provider),
    });
  return (await payeeAccount(db, payee))!;
}

/** What the provider last said of an account. Returns whether anything changed. */
export async function setPayeeAccountStatus(db: Database, providerAccountId: string, status: PayeeAccountStatus, now: number) {
  const result = await db
    .update(payeeAccounts)
    .set({ status, updatedAt: now })
    .where(and(eq(payeeAccounts.providerAccountId, providerAccountId), ne(payeeAccounts.status, status)))
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/**
 * Calculated payouts of sellers and stores that no transfer has paid yet: never tried, waiting for
 * the payee's details, or failed (retried). With each, the payee's account and its status.
 */
export function payoutsToSend(db: Database) {
  return db
    .select({
      id: payouts.id,
      recipientType: payouts.recipientType,
      recipientId: payouts.recipientId,
      periodStart: payouts.periodStart,
      net: payouts.netAmount,
      transferStatus: payouts.transferStatus,
      accountId: payeeAccounts.providerAccountId,
      accountProvider: payeeAccounts.provider,
      accountStatus: payeeAccounts.status,
    })
    .from(payouts)
    .leftJoin(payeeAccounts, and(eq(payeeAccounts.payeeType, payouts.recipientType), eq(payeeAccounts.payeeId, payouts.recipientId)))
    .where(
      and(
        eq(payouts.status, "calculated"),
        inArray(payouts.recipientType, ["owner", "store"]),
        gt(payouts.netAmount, 0),
        or(isNull(payouts.transferStatus), inArray(payouts.transferStatus, ["waiting_for_details", "failed"])),
      ),
    )
    .orderBy(payouts.createdAt, payouts.id);
}

/**
 * A transfer's answer for a payout. Paid: the payout becomes paid (with the transfer's id) and its
 * commissions too, once — the update is guarded by the payout still being calculated, so a replay,
 * an event arriving after the job's answer or two runs at once change nothing more. Waiting or
 * failed: the payout stays calculated with why, and the next run tries again.
 */
export async function recordTransfer(db: Database, payoutId: string, outcome: { status: "paid"; transferId: string } | { status: "waiting_for_details" | "failed"; error: string | null }, now: number) {
  if (outcome.status === "paid") {
    const [updated] = await db.batch([
      db
        .update(payouts)
        .set({ status: "paid", paidAt: now, transferStatus: "paid", transferId: outcome.transferId, transferError: null, transferAttemptedAt: now })
        .where(and(eq(payouts.id, payoutId), eq(payouts.status, "calculated"), or(isNull(payouts.transferStatus), ne(payouts.transferStatus, "reversed")))),
      db.update(commissions).set({ status: "paid" }).where(and(eq(commissions.payoutId, payoutId), sql`exists (select 1 from ${payouts} where ${payouts.id} = ${payoutId} and ${payouts.status} = 'paid' and ${payouts.transferStatus} = 'paid' and ${payouts.transferId} = ${outcome.transferId})`)),
    ]);
    return (updated.meta.changes ?? 0) > 0;
  }
  const result = await db
    .update(payouts)
    .set({ transferStatus: outcome.status, transferError: outcome.error?.slice(0, 500) ?? null, transferAttemptedAt: now })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, "calculated")))
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** The provider says a payout's transfer was taken back: shown on the Financial tab; never undone by a late 'created'. */
export async function recordTransferReversed(db: Database, payoutId: string, transferId: string, now: number) {
  const result = await db
    .update(payouts)
    .set({ transferStatus: "reversed", transferId, transferAttemptedAt: now })
    .where(and(eq(payouts.id, payoutId), or(isNull(payouts.transferId), eq(payouts.transferId, transferId)), or(isNull(payouts.transferStatus), ne(payouts.transferStatus, "reversed"))))
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** Is this the platform's own payout (its commission: never a transfer)? */
export async function isPlatformPayout(db: Database, payoutId: string) {
  const row = await db.select({ type: payouts.recipientType }).from(payouts).where(eq(payouts.id, payoutId)).get();
  return row?.type === "platform";
}

/** Who is told of a payout: the seller, the store (its contact address; its owner's account), or the superadmins. */
export async function payoutAddresses(db: Database, recipient: PayoutRecipient): Promise<{ to: string; userId: string }[]> {
  if (recipient.type === "owner") {
    const row = await db.select({ email: users.email, id: users.id }).from(users).where(eq(users.id, recipient.id)).get();
    return row ? [{ to: row.email, userId: row.id }] : [];
  }
  if (recipient.type === "store") {
    const row = await db.select({ contact: stores.contactEmail, email: users.email, id: users.id }).from(stores).innerJoin(users, eq(users.id, stores.ownerId)).where(eq(stores.id, recipient.id)).get();
    return row ? [{ to: row.contact || row.email, userId: row.id }] : [];
  }
  const rows = await db.select({ email: users.email, id: users.id }).from(userRoles).innerJoin(users, eq(users.id, userRoles.userId)).where(and(inArray(userRoles.role, ["admin", "team_member"]), eq(userRoles.adminSubrole, "superadmin"), isNull(users.deactivatedAt)));
  return rows.map((r) => ({ to: r.email, userId: r.id }));
}
