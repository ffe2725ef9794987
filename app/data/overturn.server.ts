import { and, eq, isNull, sql } from "drizzle-orm";
import { orderItems, orderStatusHistory, payments, transactions } from "../../db/schema";
import { overturnEndsAt } from "../domain/order-lifecycle";
import type { Database } from "./db.server";
import { saleStatements, transactionId } from "./finance.server";
import { loadOrder, type Statement } from "./order-lifecycle.server";

// Staff overturn an inspection's charge (issue 22; issue 42 item 2, decision 0074). Split from
// order-lifecycle.server.ts: the status changes are there, this is a money correction.

/**
 * Staff overturn an inspection's charge within 14 days (issue 22): the item is stamped and the
 * note goes in its history, in one batch guarded by the stamp, so a second overturn changes
 * nothing. What follows depends on whether the charge was collected (issue 42, decision 0074):
 * - collected (a rental's later charge whose capture succeeded, or a purchase's kept price):
 *   a reversal is recorded (the charge, negative, its commissions taken back) and the amount is
 *   answered for the refund; a purchase kept as not returnable is returned by it, so it cannot
 *   be sent back (and refunded) a second time;
 * - never collected (its capture declined): the charge is cancelled — no refund, no retry, no
 *   'Update your card', no reversal (a pending charge never counted toward a payout).
 * Null when there is no charge to overturn (none, overturned, or too late). A disputed repair fee
 * (issue 43, decision 0078) passes `part`: the amount staff decided, and the dispute's time, which
 * counts for the 14 days (a dispute made in time is decided whenever staff get to it).
 */
export async function overturnCharge(
  db: Database,
  orderId: string,
  itemId: string,
  staffId: string,
  now: number,
  part?: { amount: number; disputedAt: number },
): Promise<{ amount: number; collected: boolean } | null> {
  const order = await loadOrder(db, orderId);
  const item = order?.items.find((i) => i.id === itemId);
  const row = item
    ? await db
        .select({
          charge: orderItems.damageCharge,
          returnedAt: orderItems.returnedAt,
          overturnedAt: orderItems.chargeOverturnedAt,
          inspection: orderItems.inspection,
        })
        .from(orderItems)
        .where(eq(orderItems.id, itemId))
        .get()
    : undefined;
  if (
    !order ||
    !item ||
    !row ||
    !row.charge ||
    row.overturnedAt !== null ||
    row.returnedAt === null ||
    (part?.disputedAt ?? now) >= overturnEndsAt(row.returnedAt) ||
    (row.inspection !== "damaged" && row.inspection !== "not_returnable")
  )
    return null;
  // A rental's charge was a later charge of its own; a purchase's was kept from what checkout took.
  const charge =
    item.kind === "rental"
      ? transactionId(item.id, row.inspection === "damaged" ? "damage_charge" : "not_returnable")
      : null;
  const captured = charge
    ? await db
        .select({ one: sql`1` })
        .from(payments)
        .where(and(eq(payments.idempotencyKey, `capture:${charge}`), sql`${payments.status} = 'succeeded'`))
        .get()
    : true;
  const collected = Boolean(captured);
  // A disputed repair fee (issue 43) may be given back in part: staff name the amount, never above the charge.
  const amount = Math.min(part?.amount ?? row.charge, row.charge);
  const guard = sql`(select ${orderItems.orderId} from ${orderItems} where ${orderItems.id} = ${itemId} and ${orderItems.chargeOverturnedAt} is null)`;
  const note = collected ? "Charge overturned: refunded" : "Charge overturned: cancelled, it was never collected";
  const returned = item.kind === "purchase" && row.inspection === "not_returnable" && item.status === "completed";
  const statements: Statement[] = [
    db.insert(orderStatusHistory).values({
      id: `hist_${crypto.randomUUID()}`,
      orderId: guard,
      orderItemId: itemId,
      fromStatus: item.status,
      toStatus: returned ? "returned" : item.status,
      actorId: staffId,
      actorRole: "staff",
      note,
      createdAt: now,
    }),
    db
      .update(orderItems)
      .set({
        chargeOverturnedAt: now,
        chargeOverturnedBy: staffId,
        ...(returned ? { status: "returned" as const } : {}),
      })
      .where(and(eq(orderItems.id, itemId), isNull(orderItems.chargeOverturnedAt))),
  ];
  if (collected) {
    statements.push(
      ...saleStatements(
        db,
        {
          type: "charge_reversal",
          orderId,
          orderItemId: itemId,
          productId: item.productId,
          ownerId: item.ownerId,
          storeId: item.handler === "store" ? item.sellerId : null,
          gross: amount,
        },
        now,
      ),
    );
  } else {
    // Cancelled only while still uncollected: a capture that won the race keeps it 'completed'.
    statements.push(
      db
        .update(transactions)
        .set({ status: "cancelled" })
        .where(and(eq(transactions.id, charge!), eq(transactions.status, "pending"))),
    );
  }
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch {
    return null;
  }
  return { amount, collected };
}
