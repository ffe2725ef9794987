import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect } from "drizzle-orm/sqlite-core";
import { commissions, orders, payouts, products, transactions, users } from "../../db/schema";
import { counted } from "./finance.server";
import { storeNameOf } from "./columns.server";
import type { Database } from "./db.server";
import { batchParts, mapPart, partIf, partsOf, rowsPart } from "./parts.server";
import { holdsBetween } from "./payout-holds.server";
import { preparedPart } from "./prepared.server";
import type { CsvKind } from "../domain/finance-report";

// The admin Financial tab's reads (issue 14 item 9, issue 15; decision 0044): the overview's
// figures, its lists, the export, and delivery fees not collected. Part of the one finance data
// module with finance.server.ts (sales and revenue) and payouts.server.ts; split by purpose (issue 28).

export const FINANCE_LIST_SIZE = 50;

/** A period of time, [from, to) in epoch milliseconds; null bounds are open. */
export interface FinancePeriod {
  from: number | null;
  to: number | null;
}

export const ALL_TIME: FinancePeriod = { from: null, to: null };
export const within = (column: SQLiteColumn, period: FinancePeriod) =>
  and(
    period.from === null ? undefined : gte(column, period.from),
    period.to === null ? undefined : lt(column, period.to),
  );

/** A person by id as people know them (display, else full name), and their display name alone. */
const personNameOf = (id: SQLiteColumn) =>
  sql<
    string | null
  >`(select coalesce(${users.displayName}, ${users.fullName}) from ${users} where ${users.id} = ${id})`;
const displayNameOf = (id: SQLiteColumn) =>
  sql<string | null>`(select ${users.displayName} from ${users} where ${users.id} = ${id})`;

/** A payout's payee by name (a seller's or a store's), and a seller's display name for the link to their page. */
const payeeNames = () => ({
  recipientName: sql<string | null>`case ${payouts.recipientType}
        when 'owner' then ${personNameOf(payouts.recipientId)}
        when 'store' then ${storeNameOf(payouts.recipientId)}
        else null end`.as("payee_name"),
  recipientDisplayName: sql<
    string | null
  >`case ${payouts.recipientType} when 'owner' then ${displayNameOf(payouts.recipientId)} else null end`.as(
    "payee_display_name",
  ),
});

/** A list's latest `limit` rows in a period, newest first by the time it is dated by (then by id). */
function latestIn<Q extends SQLiteSelect>(
  query: Q,
  datedBy: SQLiteColumn,
  id: SQLiteColumn,
  period: FinancePeriod,
  limit: number,
) {
  return query.where(within(datedBy, period)).orderBy(desc(datedBy), desc(id)).limit(limit);
}

/** The rows of each list in a period, newest first, with their payees by name (the tab shows 50; the CSV up to EXPORT_ROWS). */
export function financeLists(db: Database, period: FinancePeriod, limit: number) {
  const transactionRows = db
    .select({
      id: transactions.id,
      type: transactions.transactionType,
      orderId: transactions.orderId,
      productId: transactions.productId,
      productName: sql<
        string | null
      >`(select ${products.name} from ${products} where ${products.id} = ${transactions.productId})`.as("product_name"),
      ownerId: transactions.ownerId,
      ownerName: personNameOf(transactions.ownerId).as("owner_name"),
      ownerDisplayName: displayNameOf(transactions.ownerId).as("owner_display_name"),
      storeId: transactions.storeId,
      storeName: storeNameOf(transactions.storeId).as("txn_store_name"),
      gross: transactions.grossAmount,
      net: transactions.netAmount,
      status: transactions.status,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .$dynamic();
  const commissionRows = db
    .select({
      id: commissions.id,
      transactionId: commissions.transactionId,
      recipientType: commissions.recipientType,
      recipientId: commissions.recipientId,
      recipientName: storeNameOf(commissions.recipientId).as("commission_store_name"),
      rate: commissions.commissionRate,
      amount: commissions.commissionAmount,
      status: commissions.status,
      calculatedAt: commissions.calculatedAt,
    })
    .from(commissions)
    .$dynamic();
  const payoutRows = db
    .select({
      id: payouts.id,
      recipientType: payouts.recipientType,
      recipientId: payouts.recipientId,
      ...payeeNames(),
      periodStart: payouts.periodStart,
      periodEnd: payouts.periodEnd,
      total: payouts.totalAmount,
      commission: payouts.commissionAmount,
      net: payouts.netAmount,
      carriedIn: payouts.carriedIn,
      due: payouts.dueAmount,
      status: payouts.status,
      paidAt: payouts.paidAt,
      paidBy: payouts.paidBy,
      transferStatus: payouts.transferStatus,
      transferId: payouts.transferId,
      transferError: payouts.transferError,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .$dynamic();
  return [
    latestIn(transactionRows, transactions.createdAt, transactions.id, period, limit),
    latestIn(commissionRows, commissions.calculatedAt, commissions.id, period, limit),
    latestIn(payoutRows, payouts.createdAt, payouts.id, period, limit),
  ] as const;
}

/** The most rows a CSV download holds (a period longer than that is cut, and says so). */
export const EXPORT_ROWS = 10_000;

/**
 * The admin Financial tab for a period (all time when none): the totals of the period
 * (seller-store-admin.md §2, §9; issue 24, item 4) and the latest 50 of the list shown (decision
 * 0126: one list a page; the others are read empty), as a part of the tab's one batch (decision 0106).
 */
export function financeOverviewPart(db: Database, period: FinancePeriod = ALL_TIME, list: CsvKind = "transactions") {
  const [transactionList, commissionList, payoutList] = financeLists(db, period, FINANCE_LIST_SIZE);
  const read = partsOf([
    partIf(list === "transactions", rowsPart(transactionList), []),
    partIf(list === "commissions", rowsPart(commissionList), []),
    partIf(list === "payouts", rowsPart(payoutList), []),
    rowsPart(
      db
        .select({
          gross: sql<number>`coalesce(sum(${transactions.grossAmount}), 0)`,
          net: sql<number>`coalesce(sum(${transactions.netAmount}), 0)`,
          n: sql<number>`count(*)`,
        })
        .from(transactions)
        .where(and(counted, within(transactions.createdAt, period))),
    ),
    rowsPart(
      db
        .select({
          recipientType: commissions.recipientType,
          total: sql<number>`coalesce(sum(${commissions.commissionAmount}), 0)`,
          n: sql<number>`count(*)`,
        })
        .from(commissions)
        .innerJoin(transactions, eq(transactions.id, commissions.transactionId))
        .where(and(counted, within(commissions.calculatedAt, period)))
        // `+`: grouped after the period is read from commissions_calculated_idx (migration 0080);
        // grouped by the column itself, the planner walked every commission down the recipient index.
        .groupBy(sql`+${commissions.recipientType}`),
    ),
    // What is paid and to pay: the platform's own commission rows are kept, not paid to anyone,
    // so they count among the payouts but not in these sums.
    // A payout's due amount is what it sends; one at or below zero sends nothing (decision 0073).
    rowsPart(
      db
        .select({
          status: payouts.status,
          total: sql<number>`coalesce(sum(case when ${payouts.recipientType} <> 'platform' then max(${payouts.dueAmount}, 0) else 0 end), 0)`,
          n: sql<number>`count(*)`,
        })
        .from(payouts)
        .where(and(inArray(payouts.status, ["calculated", "paid"]), within(payouts.createdAt, period)))
        .groupBy(payouts.status),
    ),
  ] as const);
  return mapPart(
    read,
    ([latestTransactions, latestCommissions, latestPayouts, totals, commissionTotals, payoutTotals]) => {
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
    },
  );
}

export async function financeOverview(db: Database, period: FinancePeriod = ALL_TIME) {
  return (await batchParts(db, [financeOverviewPart(db, period)] as const))[0];
}

/**
 * Delivered orders whose delivery fee was not collected yet (docs/decisions/0035-payments.md): its
 * capture failed and the daily job has not retried it successfully. The fee is no sale (no
 * transaction, no commission), so this list is where the admin Financial tab shows it, oldest
 * delivery first, with how often it was tried and the last error.
 */
export function deliveryFeesOwed(db: Database, limit = FINANCE_LIST_SIZE) {
  // A query of the builder (not raw SQL), so that it goes in the tab's batch (decision 0106).
  const capture = sql`'capture:delivery:' || ${orders.id}`;
  return db
    .select({
      orderId: orders.id,
      fee: orders.deliveryFee,
      deliveredAt: sql<number>`(SELECT min(i.delivered_at) FROM order_items i WHERE i.order_id = ${orders.id})`.as(
        "delivered_at",
      ),
      attempts:
        sql<number>`(SELECT count(*) FROM payments p WHERE p.idempotency_key = ${capture} AND p.status = 'failed')`.as(
          "attempts",
        ),
      lastError: sql<
        string | null
      >`(SELECT p.error FROM payments p WHERE p.idempotency_key = ${capture} AND p.status = 'failed' ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1)`.as(
        "last_error",
      ),
    })
    .from(orders)
    .where(
      // The terms of orders_fee_uncollected_idx, written as it is (migration 0080): only the orders
      // whose fee no capture has collected are read; the NOT EXISTS below stays the rule.
      sql`${orders.deliveryFee} > 0 AND ${orders.feeCollectedAt} IS NULL AND ${orders.status} <> 'cancelled'
      AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = ${orders.id} AND i.delivered_at IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.idempotency_key = ${capture} AND p.status = 'succeeded')`,
    )
    .orderBy(sql`delivered_at`, orders.id)
    .limit(limit);
}

/** Is a payout's due amount out to the payee: paid (by transfer or by staff) and not taken back since? */
const settledPaid = sql`${payouts.status} = 'paid' and coalesce(${payouts.transferStatus}, '') <> 'reversed'`;

/**
 * Each seller's and store's balance (issue 42 item 1; decision 0073), those with money still to
 * pay or a debt carried first: owed = the net of all their payouts; paid = the due amounts paid
 * and not reversed; to pay = due amounts above zero not paid yet; carried = the debt their next
 * payout takes over (sum of net less sum of due above zero); offset = what their payouts' earnings
 * recovered of debts carried in. Always owed = paid + to pay + carried.
 */
export function payeeBalances(db: Database, limit = FINANCE_LIST_SIZE) {
  const carried = sql<number>`sum(${payouts.netAmount}) - sum(max(${payouts.dueAmount}, 0))`;
  const toPay = sql<number>`sum(case when ${payouts.dueAmount} > 0 and not (${settledPaid}) then ${payouts.dueAmount} else 0 end)`;
  return db
    .select({
      recipientType: payouts.recipientType,
      recipientId: payouts.recipientId,
      ...payeeNames(),
      owed: sql<number>`sum(${payouts.netAmount})`,
      paid: sql<number>`sum(case when ${payouts.dueAmount} > 0 and ${settledPaid} then ${payouts.dueAmount} else 0 end)`,
      toPay,
      carried,
      offset: sql<number>`sum(max(min(${payouts.dueAmount}, 0) - ${payouts.carriedIn}, 0))`,
    })
    .from(payouts)
    .where(sql`${payouts.recipientType} <> 'platform'`)
    .groupBy(payouts.recipientType, payouts.recipientId)
    .having(sql`${carried} <> 0 or ${toPay} <> 0`)
    .orderBy(sql`${carried}`, desc(toPay), payouts.recipientType, payouts.recipientId)
    .limit(limit);
}

/**
 * What the admin Financial tab reads beside the weekly revenue (made from a time: its own part):
 * the period's totals and its chosen list, delivery fees owed, payees' balances and the holds of
 * the period, their SQL built once per list (decision 0132); the period's days are values.
 */
const financialFor = (list: CsvKind) =>
  preparedPart((db, period: { from: number; to: number }) =>
    partsOf([
      financeOverviewPart(db, period, list),
      rowsPart(deliveryFeesOwed(db)),
      rowsPart(payeeBalances(db)),
      rowsPart(holdsBetween(db, period)),
    ] as const),
  );
const financialByList = {
  transactions: financialFor("transactions"),
  commissions: financialFor("commissions"),
  payouts: financialFor("payouts"),
} satisfies Record<CsvKind, unknown>;

export const financialTabPart = (db: Database, period: { from: number; to: number }, list: CsvKind) =>
  financialByList[list](db, { from: period.from, to: period.to });
