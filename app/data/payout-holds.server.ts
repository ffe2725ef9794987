import { and, desc, eq, gte, lt } from "drizzle-orm";
import { payoutHolds } from "../../db/schema";
import { payoutHold } from "../domain/claims";
import type { Database } from "./db.server";
import { collectedSql, heldSql } from "./payouts.server";

// Why a weekly payout left an item's money for a later run (issue 43 item 2; decision 0078). The
// hold itself is decided in one place (heldSql, app/data/payouts.server.ts); this records, per
// payee and week, each item it held and why, for the payee's payout e-mail and the Financial tab.

interface HeldRow {
  recipientType: "owner" | "store";
  recipientId: string;
  orderItemId: string;
  itemName: string;
  amount: number;
  deliveredAt: number | null;
  claimWindowClosedAt: number | null;
  openClaim: number;
}

/** Records the items the run of `period` held, with why (once per payee, week and item). Returns how many. */
export async function recordPayoutHolds(db: Database, period: { start: number; end: number }, now: number) {
  const collected = collectedSql(String(Math.trunc(period.end)));
  const held = heldSql(String(Math.trunc(now)));
  const item = `oi.name AS itemName, oi.delivered_at AS deliveredAt, oi.claim_window_closed_at AS claimWindowClosedAt, EXISTS (SELECT 1 FROM claims c WHERE c.order_item_id = oi.id AND c.status <> 'resolved') AS openClaim`;
  const owners = await db.$client
    .prepare(
      `SELECT 'owner' AS recipientType, t.owner_id AS recipientId, t.order_item_id AS orderItemId, sum(t.net_amount) AS amount, ${item} FROM transactions t JOIN order_items oi ON oi.id = t.order_item_id WHERE t.payout_id IS NULL AND t.owner_id IS NOT NULL AND ${collected} AND ${held} GROUP BY t.owner_id, t.order_item_id`,
    )
    .all<HeldRow>();
  const storeRows = await db.$client
    .prepare(
      `SELECT 'store' AS recipientType, c.recipient_id AS recipientId, t.order_item_id AS orderItemId, sum(c.commission_amount) AS amount, ${item} FROM commissions c JOIN transactions t ON t.id = c.transaction_id JOIN order_items oi ON oi.id = t.order_item_id WHERE c.recipient_type = 'store' AND c.recipient_id IS NOT NULL AND c.payout_id IS NULL AND ${collected} AND ${held} GROUP BY c.recipient_id, t.order_item_id`,
    )
    .all<HeldRow>();
  const rows = [...owners.results, ...storeRows.results];
  for (const row of rows) {
    const reason =
      payoutHold(
        {
          deliveredAt: row.deliveredAt,
          claimWindowClosedAt: row.claimWindowClosedAt,
          openClaim: Boolean(row.openClaim),
        },
        now,
      ) ?? "Held until it is safe to pay.";
    await db
      .insert(payoutHolds)
      .values({
        recipientType: row.recipientType,
        recipientId: row.recipientId,
        periodStart: period.start,
        orderItemId: row.orderItemId,
        itemName: row.itemName,
        amount: row.amount,
        reason,
        createdAt: now,
      })
      .onConflictDoNothing();
  }
  return rows.length;
}

/** What a payee's run of a week held, with why (their payout e-mail and the Financial tab say it). */
export function holdsOf(db: Database, recipient: { type: string; id: string }, periodStart: number) {
  return db
    .select({
      orderItemId: payoutHolds.orderItemId,
      itemName: payoutHolds.itemName,
      amount: payoutHolds.amount,
      reason: payoutHolds.reason,
    })
    .from(payoutHolds)
    .where(
      and(
        eq(payoutHolds.recipientType, recipient.type),
        eq(payoutHolds.recipientId, recipient.id),
        eq(payoutHolds.periodStart, periodStart),
      ),
    )
    .orderBy(payoutHolds.itemName);
}

/** The holds of the weekly runs in a period (the Financial tab lists them under the payouts), latest first. */
export function holdsBetween(db: Database, period: { from: number; to: number }) {
  return db
    .select({
      recipientType: payoutHolds.recipientType,
      recipientId: payoutHolds.recipientId,
      periodStart: payoutHolds.periodStart,
      itemName: payoutHolds.itemName,
      amount: payoutHolds.amount,
      reason: payoutHolds.reason,
    })
    .from(payoutHolds)
    .where(and(gte(payoutHolds.createdAt, period.from), lt(payoutHolds.createdAt, period.to)))
    .orderBy(desc(payoutHolds.periodStart), payoutHolds.recipientType, payoutHolds.recipientId, payoutHolds.itemName)
    .limit(100);
}
