import { and, eq, gt, gte, sql } from "drizzle-orm";
import { commissions, payouts, transactions } from "../../db/schema";
import { PLATFORM_RATE_BP, STORE_RATE_BP, splitSale } from "../domain/commission";
import { startOfWeekUTC, WEEK_MS } from "../domain/dates";
import { commissionId, transactionId } from "../domain/finance-ids";
import type { Database } from "./db.server";
import { batchParts, mapPart, rowsPart, type Part } from "./parts.server";
import { auditStatement, guardedBatch } from "./audit.server";

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
const NEGATIVE: ReadonlySet<TransactionType> = new Set(["refund", "charge_reversal", "claim_refund"]);

export function saleStatements(db: Database, sale: Sale, now: number) {
  const sign = NEGATIVE.has(sale.type) ? -1 : 1;
  const positive = splitSale(sale.gross, sale.storeId !== null);
  const split = {
    gross: sign * positive.gross,
    platform: sign * positive.platform,
    store: sign * positive.store,
    owner: sign * positive.owner,
  };
  const id = transactionId(sale.orderItemId, sale.type);
  const commission = (
    recipientType: "platform" | "store",
    recipientId: string | null,
    commissionRate: number,
    commissionAmount: number,
  ) =>
    db
      .insert(commissions)
      .values({
        id: commissionId(id, recipientType),
        transactionId: id,
        recipientType,
        recipientId,
        commissionRate,
        commissionAmount,
        status: "calculated",
        calculatedAt: now,
      })
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

/** Money that was collected: revenue figures and payouts count completed transactions only (decision 0035). */
export const counted = sql`${transactions.status} = 'completed'`;

/** What an owner has earned: the gross of their sales, the commissions taken, and their share. */
export const ownerEarningsPart = (db: Database, ownerId: string): Part<{ gross: number; net: number; sales: number }> =>
  mapPart(
    rowsPart(
      db
        .select({
          gross: sql<number>`coalesce(sum(${transactions.grossAmount}), 0)`,
          net: sql<number>`coalesce(sum(${transactions.netAmount}), 0)`,
          sales: sql<number>`count(*)`,
        })
        .from(transactions)
        .where(and(eq(transactions.ownerId, ownerId), counted)),
    ),
    ([row]) => ({ gross: row?.gross ?? 0, net: row?.net ?? 0, sales: row?.sales ?? 0 }),
  );

export async function ownerEarnings(db: Database, ownerId: string) {
  return (await batchParts(db, [ownerEarningsPart(db, ownerId)] as const))[0];
}

/** A store's revenue: its commissions on the concierge sales it handled. */
export const storeRevenuePart = (db: Database, storeId: string): Part<{ total: number; sales: number }> =>
  mapPart(
    rowsPart(
      db
        .select({ total: sql<number>`coalesce(sum(${commissions.commissionAmount}), 0)`, sales: sql<number>`count(*)` })
        .from(commissions)
        .innerJoin(transactions, eq(transactions.id, commissions.transactionId))
        .where(and(eq(commissions.recipientType, "store"), eq(commissions.recipientId, storeId), counted)),
    ),
    ([row]) => ({ total: row?.total ?? 0, sales: row?.sales ?? 0 }),
  );

export async function storeRevenue(db: Database, storeId: string) {
  return (await batchParts(db, [storeRevenuePart(db, storeId)] as const))[0];
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
export function weeklyRevenueQuery(db: Database, scope: RevenueScope, now: number, weeks = 12) {
  const first = startOfWeekUTC(now) - (weeks - 1) * WEEK_MS;
  // Monday-based weeks in SQL: shift by 3 days (1 Jan 1970 was a Thursday), floor, shift back.
  const week = sql<number>`((((${transactions.createdAt} / 86400000) + 3) / 7) * 7 - 3) * 86400000`;
  if ("store" in scope)
    return db
      .select({ week, amount: sql<number>`sum(${commissions.commissionAmount})` })
      .from(commissions)
      .innerJoin(transactions, eq(transactions.id, commissions.transactionId))
      .where(
        and(
          eq(commissions.recipientType, "store"),
          eq(commissions.recipientId, scope.store),
          gte(transactions.createdAt, first),
          counted,
        ),
      )
      .groupBy(week);
  const amount =
    "owner" in scope ? sql<number>`sum(${transactions.netAmount})` : sql<number>`sum(${transactions.grossAmount})`;
  return db
    .select({ week, amount })
    .from(transactions)
    .where(
      and(
        "owner" in scope ? eq(transactions.ownerId, scope.owner) : undefined,
        gte(transactions.createdAt, first),
        counted,
      ),
    )
    .groupBy(week);
}

/** The weeks `weeklyRevenueQuery` read, oldest first, every week present. */
export function weeksFrom(rows: { week: number; amount: number }[], now: number, weeks = 12): WeekAmount[] {
  const first = startOfWeekUTC(now) - (weeks - 1) * WEEK_MS;
  const byWeek = new Map(rows.map((r) => [r.week, r.amount]));
  return Array.from({ length: weeks }, (_, i) => {
    const weekStart = first + i * WEEK_MS;
    return { weekStart, amount: byWeek.get(weekStart) ?? 0 };
  });
}

/** Revenue per week as a part of a page's batch (the seller's Orders tab, admin Financial). */
export const weeklyRevenuePart = (db: Database, scope: RevenueScope, now: number, weeks = 12): Part<WeekAmount[]> =>
  mapPart(rowsPart(weeklyRevenueQuery(db, scope, now, weeks)), (rows) => weeksFrom(rows, now, weeks));

export async function weeklyRevenue(db: Database, scope: RevenueScope, now: number, weeks = 12): Promise<WeekAmount[]> {
  return (await batchParts(db, [weeklyRevenuePart(db, scope, now, weeks)] as const))[0];
}

/**
 * A superadmin marks a calculated payout paid (issue 14 item 9): the payout stamped with who and
 * when, the commissions it gathered marked paid, and the audit row, in one batch. The audit row is
 * the guard (NULL unless the payout is still calculated), so paying twice changes nothing.
 * Returns false when the payout is missing, not calculated or has nothing to pay.
 */
export async function markPayoutPaid(db: Database, payoutId: string, staffId: string, now: number) {
  // One at or below zero has nothing to pay: it is carried into the payee's next payout (decision 0073).
  const calculated = sql`(select ${payouts.id} from ${payouts} where ${payouts.id} = ${payoutId} and ${payouts.status} = 'calculated' and ${payouts.dueAmount} > 0)`;
  return guardedBatch(db, [
    auditStatement(db, { actorId: staffId, action: "payout.paid", targetType: "payout", targetId: calculated }, now),
    db.update(commissions).set({ status: "paid" }).where(eq(commissions.payoutId, payoutId)),
    db
      .update(payouts)
      .set({ status: "paid", paidAt: now, paidBy: staffId })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, "calculated"), gt(payouts.dueAmount, 0))),
  ]);
}
