import { and, asc, eq, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { commissions, orderItems, orders, products, stores, transactions, users } from "../../db/schema";
import { commissionId, transactionId } from "../domain/finance-ids";
import { applyCover } from "../domain/damage-protection";
import type { ItemEvent, ItemStatus, LifecycleItem } from "../domain/order-lifecycle";
import { backAroundAt, DEFAULT_TURNAROUND_DAYS, preparedUntil } from "../domain/rental-dates";
import { transitDaysTo } from "../domain/shipping-zones";
import type { Database } from "./db.server";
import { currentRental } from "./alerts.server";

// Renting (issue 44, items 1, 4, 5 and 6; decision 0080): the handler's turnaround, items being
// prepared, the 'back around' date products carry, and the post-by reminders' rows.

/** The handler's turnaround (days) of an order line: the store's for a concierge item, else the seller's. */
export const turnaroundOf = (items: typeof orderItems) =>
  sql<number>`coalesce(case when ${items.handler} = 'store' then (select s.turnaround_days from stores s where s.id = ${items.sellerId}) else (select u.turnaround_days from users u where u.id = ${items.ownerId}) end, ${sql.raw(String(DEFAULT_TURNAROUND_DAYS))})`.as(
    "turnaround_days",
  );

/** A damaged rental's repair fee with its protection's cover applied first (the event charges what is left). */
export function coveredInspection(item: LifecycleItem, event: ItemEvent): { event: ItemEvent; waived: number } {
  if (event.type !== "inspect" || event.outcome !== "damaged" || item.kind !== "rental") return { event, waived: 0 };
  const cover = applyCover(event.charge ?? 0, item.protectionFee > 0);
  return cover.waived > 0 ? { event: { ...event, charge: cover.charged }, waived: cover.waived } : { event, waived: 0 };
}

/**
 * What a rental's move changes on its product (null: nothing of ours): back in good condition, it
 * is 'Being prepared' for the handler's turnaround; on its way, out or coming back, its 'back
 * around' date follows the move.
 */
export function rentalProductChange(
  item: LifecycleItem,
  to: ItemStatus,
  event: ItemEvent,
  rentalEndsAt: number | null,
  now: number,
) {
  if (item.kind !== "rental") return null;
  if (event.type === "inspect" && event.outcome === "good" && item.turnaroundDays > 0) {
    const until = preparedUntil(now, item.turnaroundDays);
    return { preparedUntil: until, backAroundAt: until };
  }
  if (to !== "shipped" && to !== "active" && to !== "delivered" && to !== "return_requested") return null;
  const transitDays = transitDaysTo(item.shipTo);
  const at = backAroundAt(
    {
      status: to,
      placedAt: now,
      shippedAt: to === "shipped" ? now : null,
      arrivesBy: null,
      rentalEndsAt,
      returnRequestedAt: to === "return_requested" ? now : null,
      transitDays,
    },
    item.turnaroundDays,
  );
  return at === null ? null : { backAroundAt: at };
}

/** Where a handler's products are: a seller's own (not concierge) items, or a store's. */
export const handledProducts = (
  handler: { ownerId: string } | { storeId: string } | { staff: true },
): SQL | undefined =>
  "ownerId" in handler
    ? and(eq(products.ownerId, handler.ownerId), sql`${products.conciergeStatus} <> 'yes'`)
    : "storeId" in handler
      ? and(eq(products.storeId, handler.storeId), eq(products.conciergeStatus, "yes"))
      : undefined;

/** The items being prepared that a handler (or staff) sees, soonest ready first. */
export function itemsBeingPrepared(db: Database, handler: Parameters<typeof handledProducts>[0]) {
  return db
    .select({ id: products.id, name: products.name, preparedUntil: sql<number>`${products.preparedUntil}` })
    .from(products)
    .where(and(isNotNull(products.preparedUntil), handledProducts(handler)))
    .orderBy(asc(products.preparedUntil), asc(products.id))
    .limit(100);
}

const liveAgain = (now: number) => ({
  availability: "available" as const,
  preparedUntil: null,
  backAroundAt: null,
  updatedAt: now,
});

/** 'Mark ready': the handler's item being prepared is live again now; false when it is not theirs or not being prepared. */
export async function markReady(
  db: Database,
  productId: string,
  handler: Parameters<typeof handledProducts>[0],
  now: number,
) {
  const done = await db
    .update(products)
    .set(liveAgain(now))
    .where(and(eq(products.id, productId), isNotNull(products.preparedUntil), handledProducts(handler)))
    .returning({ id: products.id });
  return done.length > 0;
}

/** The daily job: items whose turnaround is over are live again; their ids. */
export async function releasePrepared(db: Database, now: number) {
  const done = await db
    .update(products)
    .set(liveAgain(now))
    .where(and(isNotNull(products.preparedUntil), lte(products.preparedUntil, now)))
    .returning({ id: products.id });
  return done.map((d) => d.id);
}

/** Rentals needed by a date, not posted yet and not reminded: the daily job picks those due. */
export function postByReminderRows(db: Database) {
  return db
    .select({
      itemId: orderItems.id,
      orderId: orderItems.orderId,
      reference: orders.reference,
      name: orderItems.name,
      postBy: sql<string>`${orderItems.postBy}`,
      handler: orderItems.handler,
      sellerId: orderItems.sellerId,
      ownerId: orderItems.ownerId,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        isNotNull(orderItems.postBy),
        isNull(orderItems.postByRemindedAt),
        sql`${orderItems.status} in ('pending', 'processing')`,
        sql`${orders.status} <> 'awaiting_payment'`,
      ),
    )
    .orderBy(asc(orderItems.postBy))
    .limit(500);
}

/** Records a reminder once; false when another run recorded it first. */
export async function markPostByReminded(db: Database, itemId: string, now: number) {
  const done = await db
    .update(orderItems)
    .set({ postByRemindedAt: now })
    .where(and(eq(orderItems.id, itemId), isNull(orderItems.postByRemindedAt)))
    .returning({ id: orderItems.id });
  return done.length > 0;
}

/** Who is reminded of an item: its seller, or the owner of the store that handles it. */
export async function handlerToRemind(
  db: Database,
  row: { handler: "vendor" | "store"; sellerId: string | null; ownerId: string | null },
) {
  const personId =
    row.handler === "store" && row.sellerId
      ? (await db.select({ ownerId: stores.ownerId }).from(stores).where(eq(stores.id, row.sellerId)).get())?.ownerId
      : row.ownerId;
  if (!personId) return null;
  return (
    (await db
      .select({ id: users.id, email: users.email, fullName: users.fullName, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, personId))
      .get()) ?? null
  );
}

/** The handler's turnaround setting (days; null: the default). */
export async function setTurnaround(
  db: Database,
  handler: { ownerId: string } | { storeId: string },
  days: number,
  now: number,
) {
  if ("ownerId" in handler)
    await db.update(users).set({ turnaroundDays: days, updatedAt: now }).where(eq(users.id, handler.ownerId));
  else await db.update(stores).set({ turnaroundDays: days }).where(eq(stores.id, handler.storeId));
}

/** The handler's turnaround setting (days): a query for a batch, read by `turnaroundFrom`. */
export const turnaroundQuery = (db: Database, handler: { ownerId: string } | { storeId: string }) =>
  "ownerId" in handler
    ? db.select({ days: users.turnaroundDays }).from(users).where(eq(users.id, handler.ownerId))
    : db.select({ days: stores.turnaroundDays }).from(stores).where(eq(stores.id, handler.storeId));

export const turnaroundFrom = (rows: { days: number | null }[]) => rows[0]?.days ?? DEFAULT_TURNAROUND_DAYS;

/** A rented or prepared item's 'Back around …' moment: as stored, else from its current rental. */
export async function backAroundOf(
  db: Database,
  product: { id: string; backAroundAt: number | null; preparedUntil: number | null },
) {
  if (product.preparedUntil !== null) return product.preparedUntil;
  if (product.backAroundAt !== null) return product.backAroundAt;
  const rental = await currentRental(db, product.id);
  return rental ? backAroundAt({ ...rental, arrivesBy: null }, DEFAULT_TURNAROUND_DAYS) : null;
}

/**
 * A protected rental delivered: its damage protection is the platform's own revenue (no seller or
 * store share: no owner on the transaction, the whole fee the platform's commission). Recorded
 * once (its id follows from the item), in the batch of the delivery.
 */
export function protectionStatements(db: Database, order: { id: string }, item: LifecycleItem, now: number) {
  if (item.kind !== "rental" || item.protectionFee <= 0) return [];
  const id = transactionId(item.id, "protection_fee");
  return [
    db
      .insert(transactions)
      .values({
        id,
        transactionType: "protection_fee",
        productId: item.productId,
        orderId: order.id,
        orderItemId: item.id,
        ownerId: null,
        storeId: null,
        grossAmount: item.protectionFee,
        netAmount: 0,
        status: "completed",
        createdAt: now,
      })
      .onConflictDoNothing(),
    db
      .insert(commissions)
      .values({
        id: commissionId(id, "platform"),
        transactionId: id,
        recipientType: "platform",
        recipientId: null,
        commissionRate: 10_000,
        commissionAmount: item.protectionFee,
        status: "calculated",
        calculatedAt: now,
      })
      .onConflictDoNothing(),
  ];
}
