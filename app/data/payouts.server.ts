import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { payouts, stores, userRoles, users } from "../../db/schema";
import { startOfWeekUTC, WEEK_MS } from "../domain/dates";
import { payoutId } from "../domain/finance-ids";
import { CLAIM_WINDOW_MS } from "../domain/claims";
import type { Database } from "./db.server";
import { mapPart, rowsPart, type Part } from "./parts.server";

// Payouts (issue 15 item 6, issue 27 item 4; DECISIONS.md Finance; decisions 0036, 0056): the
// weekly calculation per payee (the payees' connected accounts and the transfers that pay them
// are payout-transfers.server.ts).
// Part of the one finance data module with finance.server.ts (sales and revenue) and
// finance-report.server.ts (the Financial tab's reads); split by purpose (issue 28).

// ---- Weekly payouts (issue 15 item 6; DECISIONS.md Finance; docs/decisions/0036-lifecycle-jobs.md) ----

export type PayoutRecipient =
  { type: "owner"; id: string } | { type: "store"; id: string } | { type: "platform"; id: "platform" };

/** The week a Monday run closes: last Monday 00:00 UTC to this Monday 00:00 UTC. */
export function payoutPeriod(now: number) {
  const end = startOfWeekUTC(now);
  return { start: end - WEEK_MS, end };
}

/**
 * What a payout gathers, as SQL over `transactions t` before the period's end (anything an earlier
 * week left behind is gathered by the next payout): completed and collected (its
 * capture succeeded) or, for money going back, given back (its refund succeeded). A refund after a
 * payout is an adjustment of the next one, never an edit of the past one (issue 22).
 */
export const collectedSql = (periodEnd: string) =>
  `t.status = 'completed' AND t.created_at < ${periodEnd} AND (EXISTS (SELECT 1 FROM payments p WHERE p.idempotency_key = 'capture:' || t.id AND p.status = 'succeeded') OR (t.gross_amount < 0 AND EXISTS (SELECT 1 FROM payments p WHERE p.transaction_id = t.id AND p.operation = 'refund' AND p.status = 'succeeded')))`;

/**
 * Money held until it is safe (issue 43 item 2; decision 0078): the one place the hold is decided.
 * An item's transactions are left for a later run while its claim window is open (delivered less
 * than CLAIM_WINDOW_MS ago and not ended with 'Everything is OK') or a claim of it is not
 * resolved. The same rule as payoutHold() in app/domain/claims.ts.
 */
export const heldSql = (now: string) =>
  `EXISTS (SELECT 1 FROM order_items hi WHERE hi.id = t.order_item_id AND ((hi.delivered_at IS NOT NULL AND hi.claim_window_closed_at IS NULL AND hi.delivered_at + ${CLAIM_WINDOW_MS} > ${now}) OR EXISTS (SELECT 1 FROM claims hc WHERE hc.order_item_id = hi.id AND hc.status <> 'resolved')))`;

const payableSql = (periodEnd: string, now: string) => `${collectedSql(periodEnd)} AND NOT ${heldSql(now)}`;
const payable = (periodEnd: number, now: number) =>
  sql.raw(payableSql(String(Math.trunc(periodEnd)), String(Math.trunc(now))));

/** Who has something no payout has gathered yet, up to the end of the period. */
export async function payoutRecipients(db: Database, periodEnd: number, now: number): Promise<PayoutRecipient[]> {
  const owners = await db.all<{ id: string }>(
    sql`SELECT DISTINCT t.owner_id AS id FROM transactions t WHERE t.payout_id IS NULL AND t.owner_id IS NOT NULL AND ${payable(periodEnd, now)} ORDER BY 1`,
  );
  const stores = await db.all<{ id: string }>(
    sql`SELECT DISTINCT c.recipient_id AS id FROM commissions c JOIN transactions t ON t.id = c.transaction_id WHERE c.recipient_type = 'store' AND c.recipient_id IS NOT NULL AND c.payout_id IS NULL AND ${payable(periodEnd, now)} ORDER BY 1`,
  );
  const platform = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM commissions c JOIN transactions t ON t.id = c.transaction_id WHERE c.recipient_type = 'platform' AND c.payout_id IS NULL AND ${payable(periodEnd, now)}`,
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
 * share. A store's or the platform's: its commissions (total = commission = net). Each takes over
 * the payee's balance (carried_in; decision 0073): its due amount, net + carried in, is what is sent.
 * Returns the payout id, or null when it existed already or there was nothing to pay.
 */
export async function createPayout(
  db: Database,
  recipient: PayoutRecipient,
  period: { start: number; end: number },
  now: number,
) {
  const id = payoutId(recipient, period.start);
  const d1 = db.$client;
  // Raw D1 statements: drizzle's batch takes only its query builders, and these need INSERT ... SELECT.
  const PAYABLE = payableSql("?2", String(Math.trunc(now)));
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
          d1
            .prepare(
              `UPDATE transactions AS t SET payout_id = ?1 WHERE t.owner_id = ?3 AND t.payout_id IS NULL AND ${PAYABLE}`,
            )
            .bind(id, period.end, recipient.id),
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
          const mine =
            recipient.type === "store"
              ? "c.recipient_type = 'store' AND c.recipient_id = ?4"
              : "c.recipient_type = 'platform'";
          const unpaid = `SELECT c.id FROM commissions c JOIN transactions t ON t.id = c.transaction_id WHERE ${mine} AND c.payout_id IS NULL AND ${PAYABLE}`;
          return [
            insert(unpaid),
            recipient.type === "store"
              ? d1
                  .prepare(`UPDATE commissions SET payout_id = ?1 WHERE id IN (${unpaid.replace("?4", "?3")})`)
                  .bind(id, period.end, recipient.id)
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
  // The payee's balance from their earlier payouts (decision 0073): sum of net less what was (or is
  // to be) sent, sum of due above zero. Zero or a debt; this payout takes it over, in the same batch.
  statements.push(
    d1
      .prepare(
        `UPDATE payouts SET carried_in = (
           SELECT coalesce(sum(p.net_amount), 0) - coalesce(sum(max(p.due_amount, 0)), 0) FROM payouts p
           WHERE p.recipient_type = ?2 AND p.recipient_id = ?3 AND p.id <> ?1)
         WHERE id = ?1`,
      )
      .bind(id, recipient.type, recipient.id),
  );
  try {
    const [inserted] = await d1.batch(statements);
    return inserted?.meta.changes === 1 ? id : null;
  } catch (error) {
    // Made already, by an earlier or an overlapping run: nothing new.
    if (/UNIQUE|PRIMARY KEY|constraint/i.test(String(error))) return null;
    throw error;
  }
}

/**
 * What a payee owes from refunds after earlier payouts (decision 0073), in pence, zero or more:
 * the debt their next payout takes over (sum of net less sum of due above zero), as a positive sum.
 */
export const payeeOwesPart = (db: Database, payee: PayoutRecipient): Part<number> =>
  mapPart(
    rowsPart(
      db
        .select({
          carried: sql<number>`coalesce(sum(${payouts.netAmount}), 0) - coalesce(sum(max(${payouts.dueAmount}, 0)), 0)`,
        })
        .from(payouts)
        .where(and(eq(payouts.recipientType, payee.type), eq(payouts.recipientId, payee.id))),
    ),
    ([row]) => Math.max(-(row?.carried ?? 0), 0),
  );

/** A period's payouts with what their recipients are told. */
export async function payoutsOfPeriod(db: Database, periodStart: number) {
  return db
    .select({
      id: payouts.id,
      recipientType: payouts.recipientType,
      recipientId: payouts.recipientId,
      periodStart: payouts.periodStart,
      periodEnd: payouts.periodEnd,
      total: payouts.totalAmount,
      commission: payouts.commissionAmount,
      net: payouts.netAmount,
      carriedIn: payouts.carriedIn,
      due: payouts.dueAmount,
      status: payouts.status,
    })
    .from(payouts)
    .where(eq(payouts.periodStart, periodStart))
    .orderBy(payouts.recipientType, payouts.recipientId);
}

/** Is this the platform's own payout (its commission: never a transfer)? */
export async function isPlatformPayout(db: Database, payoutId: string) {
  const row = await db.select({ type: payouts.recipientType }).from(payouts).where(eq(payouts.id, payoutId)).get();
  return row?.type === "platform";
}

/** Who is told of a payout: the seller, the store (its contact address; its owner's account), or the superadmins. */
export async function payoutAddresses(
  db: Database,
  recipient: PayoutRecipient,
): Promise<{ to: string; userId: string }[]> {
  if (recipient.type === "owner") {
    const row = await db
      .select({ email: users.email, id: users.id })
      .from(users)
      .where(eq(users.id, recipient.id))
      .get();
    return row ? [{ to: row.email, userId: row.id }] : [];
  }
  if (recipient.type === "store") {
    const row = await db
      .select({ contact: stores.contactEmail, email: users.email, id: users.id })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.ownerId))
      .where(eq(stores.id, recipient.id))
      .get();
    return row ? [{ to: row.contact || row.email, userId: row.id }] : [];
  }
  const rows = await db
    .select({ email: users.email, id: users.id })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        inArray(userRoles.role, ["admin", "team_member"]),
        eq(userRoles.adminSubrole, "superadmin"),
        isNull(users.deactivatedAt),
      ),
    );
  return rows.map((r) => ({ to: r.email, userId: r.id }));
}
