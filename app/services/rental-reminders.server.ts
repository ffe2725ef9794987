// A rental's reminder, the day before its window ends (the daily job, app/services/jobs.server.ts, asks
// for each rental ending soon; docs/decisions/0036-lifecycle-jobs.md).
import { and, eq, isNull } from "drizzle-orm";
import { orderItems, orders, users } from "../../db/schema";
import type { Database } from "../data/db.server";
import { endsWhen, formatDeadline, formatWhen, reminderDue } from "../domain/dates";
import { formatGBP } from "../domain/money";
import { rentalEndsWhen } from "../domain/order-lifecycle";
import { showReference } from "../domain/order-reference";
import type { AppConfig } from "../env.server";
import { orderPageUrl, orderPath } from "./links.server";
import { enqueue } from "./notifications.server";
import { noticeMessage } from "./notify.server";

/**
 * One reminder per window ending within a day. The stamp is the guard: only the run whose update
 * changed the row queues the e-mail (two runs at once send one); if queueing fails the stamp is
 * taken back so the next run tries again. The message key is stable, so a redelivery sends once.
 */
export async function remindRentalEnding(
  ctx: { env: Env; config: AppConfig; db: Database },
  itemId: string,
  now: number,
) {
  // The day before in the shopper's own zone (issue 45 item 6): a run that falls earlier leaves it.
  const due = await ctx.db
    .select({ endsAt: orderItems.rentalEndsAt, zone: users.timeZone })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orderItems.id, itemId))
    .get();
  if (!due || due.endsAt === null || !reminderDue(due.endsAt, now, due.zone)) return false;
  const stamped = await ctx.db
    .update(orderItems)
    .set({ reminderSentAt: now })
    .where(and(eq(orderItems.id, itemId), eq(orderItems.status, "active"), isNull(orderItems.reminderSentAt)))
    .run();
  if ((stamped.meta.changes ?? 0) !== 1) return false;
  try {
    const row = await ctx.db
      .select({
        name: orderItems.name,
        endsAt: orderItems.rentalEndsAt,
        buyingPrice: orderItems.buyingPrice,
        orderId: orders.id,
        reference: orders.reference,
        userId: users.id,
        email: users.email,
        fullName: users.fullName,
        zone: users.timeZone,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orderItems.id, itemId))
      .get();
    if (!row || row.endsAt === null) return false;
    const price = row.buyingPrice !== null ? ` for ${formatGBP(row.buyingPrice)}` : "";
    // In the shopper's zone when the account knows it, the time named (issue 45 item 6).
    const ends = row.zone ? endsWhen(row.endsAt, now, row.zone) : rentalEndsWhen(row.endsAt, now);
    const endsOn = row.zone ? formatWhen(row.endsAt, row.zone, "deadlineTime") : formatDeadline(row.endsAt);
    // Queued here rather than with notify(): a reminder that could not be queued is stamped
    // unsent again below, so the next run tries once more.
    await enqueue(ctx.env, [
      noticeMessage(ctx.config, {
        key: `rental_reminder:${itemId}`,
        kind: "rental_reminder",
        userId: row.userId,
        to: row.email,
        title: `Your rental of ${row.name} ends ${ends}`,
        text: `Hello ${row.fullName ?? "there"},\n\nYour 7-day rental of ${row.name} ends ${ends} (${endsOn}). Before then, keep it with Buy it now${price}, or ask to return it, from your order page. If you do neither, it becomes a purchase at its Buy Now price when the window ends.\n\nYour order ${showReference(row.reference)}: ${orderPageUrl(ctx.config, row.orderId)}\n`,
        link: orderPath(row.orderId),
        action: "View your order",
      }),
    ]);
    return true;
  } catch (error) {
    await ctx.db
      .update(orderItems)
      .set({ reminderSentAt: null })
      .where(and(eq(orderItems.id, itemId), eq(orderItems.reminderSentAt, now)));
    throw error;
  }
}
