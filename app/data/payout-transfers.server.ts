import { and, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { commissions, payeeAccounts, payouts } from "../../db/schema";
import type { PayeeAccountStatus, PayeeType } from "../domain/payouts";
import type { Database } from "./db.server";
import { mapPart, rowsPart, type Part } from "./parts.server";

// Payouts through Connect (issue 27 item 4; docs/decisions/0056-connect-payouts.md): the payees'
// connected accounts, and the transfers that pay the weekly payouts (app/data/payouts.server.ts).

export interface PayeeRef {
  type: PayeeType;
  id: string;
}

/** A payee's connected account, if they started setting up payouts. */
const payeeAccountQuery = (db: Database, payee: PayeeRef) =>
  db
    .select({
      providerAccountId: payeeAccounts.providerAccountId,
      provider: payeeAccounts.provider,
      status: payeeAccounts.status,
      updatedAt: payeeAccounts.updatedAt,
    })
    .from(payeeAccounts)
    .where(and(eq(payeeAccounts.payeeType, payee.type), eq(payeeAccounts.payeeId, payee.id)));

export type PayeeAccount = Awaited<ReturnType<typeof payeeAccountQuery>>[number];

/** The payee's account as a part of a dashboard's batch (none: null). */
export const payeeAccountPart = (db: Database, payee: PayeeRef): Part<PayeeAccount | null> =>
  mapPart(rowsPart(payeeAccountQuery(db, payee)), ([row]) => row ?? null);

export function payeeAccount(db: Database, payee: PayeeRef) {
  return payeeAccountQuery(db, payee).get();
}

/** The payee a provider account belongs to (an event names the account). */
export function payeeOfAccount(db: Database, providerAccountId: string) {
  return db
    .select({
      payeeType: payeeAccounts.payeeType,
      payeeId: payeeAccounts.payeeId,
      status: payeeAccounts.status,
      provider: payeeAccounts.provider,
    })
    .from(payeeAccounts)
    .where(eq(payeeAccounts.providerAccountId, providerAccountId))
    .get();
}

/**
 * Records a payee's new connected account; when two requests made one each at once, the first
 * recorded wins and both answer it (the other provider account is never used). An account at
 * another provider (a local one, after switching to Stripe) is replaced.
 */
export async function savePayeeAccount(
  db: Database,
  payee: PayeeRef,
  provider: string,
  providerAccountId: string,
  now: number,
) {
  await db
    .insert(payeeAccounts)
    .values({
      payeeType: payee.type,
      payeeId: payee.id,
      provider,
      providerAccountId,
      status: "not_started",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [payeeAccounts.payeeType, payeeAccounts.payeeId],
      set: { provider, providerAccountId, status: "not_started", createdAt: now, updatedAt: now },
      setWhere: ne(payeeAccounts.provider, provider),
    });
  return (await payeeAccount(db, payee))!;
}

/** What the provider last said of an account. Returns whether anything changed. */
export async function setPayeeAccountStatus(
  db: Database,
  providerAccountId: string,
  status: PayeeAccountStatus,
  now: number,
) {
  const result = await db
    .update(payeeAccounts)
    .set({ status, updatedAt: now })
    .where(and(eq(payeeAccounts.providerAccountId, providerAccountId), ne(payeeAccounts.status, status)))
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/**
 * Calculated payouts of sellers and stores with something to send (due above zero) that no
 * transfer has paid yet: never tried, waiting for the payee's details, or failed (retried). With
 * each, the payee's account and its status.
 */
export function payoutsToSend(db: Database) {
  return db
    .select({
      id: payouts.id,
      recipientType: payouts.recipientType,
      recipientId: payouts.recipientId,
      periodStart: payouts.periodStart,
      amount: payouts.dueAmount,
      transferStatus: payouts.transferStatus,
      accountId: payeeAccounts.providerAccountId,
      accountProvider: payeeAccounts.provider,
      accountStatus: payeeAccounts.status,
    })
    .from(payouts)
    .leftJoin(
      payeeAccounts,
      and(eq(payeeAccounts.payeeType, payouts.recipientType), eq(payeeAccounts.payeeId, payouts.recipientId)),
    )
    .where(
      and(
        eq(payouts.status, "calculated"),
        inArray(payouts.recipientType, ["owner", "store"]),
        // Something to send: a payout at or below zero is carried into the next one (decision 0073).
        gt(payouts.dueAmount, 0),
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
export async function recordTransfer(
  db: Database,
  payoutId: string,
  outcome: { status: "paid"; transferId: string } | { status: "waiting_for_details" | "failed"; error: string | null },
  now: number,
) {
  if (outcome.status === "paid") {
    const [updated] = await db.batch([
      db
        .update(payouts)
        .set({
          status: "paid",
          paidAt: now,
          transferStatus: "paid",
          transferId: outcome.transferId,
          transferError: null,
          transferAttemptedAt: now,
        })
        .where(
          and(
            eq(payouts.id, payoutId),
            eq(payouts.status, "calculated"),
            or(isNull(payouts.transferStatus), ne(payouts.transferStatus, "reversed")),
          ),
        ),
      db
        .update(commissions)
        .set({ status: "paid" })
        .where(
          and(
            eq(commissions.payoutId, payoutId),
            sql`exists (select 1 from ${payouts} where ${payouts.id} = ${payoutId} and ${payouts.status} = 'paid' and ${payouts.transferStatus} = 'paid' and ${payouts.transferId} = ${outcome.transferId})`,
          ),
        ),
    ]);
    return (updated.meta.changes ?? 0) > 0;
  }
  const result = await db
    .update(payouts)
    .set({
      transferStatus: outcome.status,
      transferError: outcome.error?.slice(0, 500) ?? null,
      transferAttemptedAt: now,
    })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, "calculated")))
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** The provider says a payout's transfer was taken back: shown on the Financial tab; never undone by a late 'created'. */
export async function recordTransferReversed(db: Database, payoutId: string, transferId: string, now: number) {
  const result = await db
    .update(payouts)
    .set({ transferStatus: "reversed", transferId, transferAttemptedAt: now })
    .where(
      and(
        eq(payouts.id, payoutId),
        or(isNull(payouts.transferId), eq(payouts.transferId, transferId)),
        or(isNull(payouts.transferStatus), ne(payouts.transferStatus, "reversed")),
      ),
    )
    .run();
  return (result.meta.changes ?? 0) > 0;
}
