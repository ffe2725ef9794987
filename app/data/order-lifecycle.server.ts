import { and, eq, sql } from "drizzle-orm";
import { orderItems, orders, orderStatusHistory, products } from "../../db/schema";
import {
  itemStep,
  orderStatusOf,
  rentalWindowEndsAt,
  type ItemEvent,
  type ItemStatus,
  type StaffOrderChoice,
  type LifecycleActor,
  type LifecycleItem,
  type LifecycleOrder,
  type ChangeResult,
} from "../domain/order-lifecycle";
import { CARRIER_NAMES, isCarrier } from "../domain/shipping";
import type { Database } from "./db.server";
import { inspectionMoney } from "./inspection-money.server";
import { loadOrder } from "./order-reads.server";
import { saleStatements, type TransactionType } from "./finance.server";
import { coveredInspection, protectionStatements, rentalProductChange } from "./renting.server";

// Status changes of orders and their items (docs/decisions/0021-order-lifecycle.md): the rules
// are app/domain/order-lifecycle.ts; here each change becomes one atomic D1 batch with its
// history rows and side effects (rental window, reservations released or kept, the item back
// on sale, finance records). Callers authorize the user first; the service layer
// (app/services/order-lifecycle.server.ts) adds notifications and page freshness.

export type { ChangeResult, LifecycleActor, LifecycleItem, LifecycleOrder };
// Read by the lifecycle's callers with it (app/data/order-reads.server.ts).
export { itemsInStatus, loadOrder } from "./order-reads.server";

export type Statement = Parameters<Database["batch"]>[0][number];

interface Plan {
  statements: Statement[];
  moved: { itemId: string; productId: string; to: ItemStatus; name: string }[];
  finalStatuses: Map<string, ItemStatus>;
}

const SALE_OF: Partial<Record<ItemStatus, (item: LifecycleItem, event: ItemEvent) => TransactionType | null>> = {
  // A purchase delivered is a sale (whether staff mark it delivered or the shopper says it arrived); a rental delivered earns its fee.
  completed: (item, event) =>
    event.type === "staff_set" || event.type === "confirm_delivery"
      ? "sale"
      : event.type === "buy_now"
        ? "rental_purchase"
        : event.type === "convert"
          ? "rental_conversion"
          : null,
  active: () => "rental_fee",
};

/** What the history says besides the move: the tracking of a posting, the finding of an inspection. */
function historyNote(event: ItemEvent): string | null {
  switch (event.type) {
    case "ship":
      return `Posted with ${isCarrier(event.carrier) ? CARRIER_NAMES[event.carrier] : event.carrier}: ${event.trackingNumber}`;
    case "inspect":
      return `Inspected: ${event.outcome === "good" ? "good condition" : event.outcome === "damaged" ? "damaged" : "not returnable"}${event.reason ? ` (${event.reason})` : ""}`;
    case "request_return":
      return event.reason ? `Reason: ${event.reason}` : null;
    default:
      return null;
  }
}

/** The statements that move one item along `path`, guarded so a stale or repeated change fails the whole batch. */
function planItem(
  db: Database,
  plan: Plan,
  order: LifecycleOrder,
  item: LifecycleItem,
  path: ItemStatus[],
  asked: ItemEvent,
  actor: LifecycleActor,
  now: number,
) {
  if (path.length === 0) return;
  // Damage protection's cover comes before any charge (decision 0080).
  const { event, waived } = coveredInspection(item, asked);
  // The guard comes first: its order id is read back only while the item still has the status
  // this plan was made from. Otherwise it is NULL, the NOT NULL constraint fails and the whole
  // batch (status, history, money, products) rolls back: a double submit acts once.
  let from: ItemStatus = item.status;
  const guardId = `hist_${crypto.randomUUID()}`;
  for (const [i, to] of path.entries()) {
    plan.statements.push(
      db.insert(orderStatusHistory).values({
        id: i === 0 ? guardId : `hist_${crypto.randomUUID()}`,
        orderId:
          i === 0
            ? sql`(select ${orderItems.orderId} from ${orderItems} where ${orderItems.id} = ${item.id} and ${orderItems.status} = ${item.status})`
            : order.id,
        orderItemId: item.id,
        fromStatus: from,
        toStatus: to,
        actorId: actor.id,
        actorRole: actor.role,
        note: historyNote(event),
        createdAt: now,
      }),
    );
    from = to;
  }
  const to = path[path.length - 1]!;
  const set: Partial<typeof orderItems.$inferInsert> = { status: to };
  if (path.includes("delivered")) set.deliveredAt = now;
  if (to === "active") {
    set.rentalStartsAt = now;
    set.rentalEndsAt = rentalWindowEndsAt(now);
  }
  if (to === "completed") set.completedAt = now;
  if (event.type === "buy_now") set.rentalOutcome = "bought";
  if (event.type === "convert") set.rentalOutcome = "converted";
  if (to === "return_requested") {
    set.returnRequestedAt = now;
    if (event.type === "request_return" && event.reason) set.returnReason = event.reason;
  }
  if (event.type === "ship") {
    set.carrier = event.carrier;
    set.trackingNumber = event.trackingNumber;
    set.shippedAt = now;
    set.shippedBy = actor.id;
  }
  if (to === "cancelled") {
    set.cancelledAt = now;
    set.cancelledBy = actor.id;
  }
  if (event.type === "inspect") {
    if (item.kind === "rental") set.rentalOutcome = event.outcome === "not_returnable" ? "converted" : "returned";
    set.returnedAt = now;
    set.inspection = event.outcome;
    set.inspectedBy = actor.id;
    if (event.charge !== undefined) set.damageCharge = event.charge;
    if (waived > 0) set.damageWaived = waived;
    if (event.reason) set.inspectionReason = event.reason;
  }
  plan.statements.push(
    db
      .update(orderItems)
      .set(set)
      .where(and(eq(orderItems.id, item.id), eq(orderItems.status, item.status))),
  );

  // The product, one physical item: being prepared, back on sale, sold for good, or off sale for staff to decide.
  const renting = rentalProductChange(item, to, event, set.rentalEndsAt ?? item.rentalEndsAt, now);
  if (renting) {
    plan.statements.push(
      db
        .update(products)
        .set({ ...renting, updatedAt: now })
        .where(eq(products.id, item.productId)),
    );
  } else if (to === "cancelled" || (event.type === "inspect" && event.outcome === "good")) {
    plan.statements.push(
      db.update(products).set({ availability: "available", updatedAt: now }).where(eq(products.id, item.productId)),
    );
  } else if (event.type === "inspect" && event.outcome === "damaged") {
    // Damaged: it goes back to the approval queue, where staff relist it or take it down.
    plan.statements.push(
      db
        .update(products)
        .set({ availability: "available", status: "pending", productStatus: "pending", updatedAt: now })
        .where(eq(products.id, item.productId)),
    );
  } else if (
    event.type === "buy_now" ||
    event.type === "convert" ||
    (event.type === "inspect" && event.outcome === "not_returnable")
  ) {
    plan.statements.push(
      db.update(products).set({ availability: "sold", updatedAt: now }).where(eq(products.id, item.productId)),
    );
  }
  if (event.type === "inspect") plan.statements.push(...inspectionMoney(db, order, item, event, now));

  // Money: every step that earns something records it.
  for (const status of path) {
    const type = SALE_OF[status]?.(item, event) ?? null;
    if (!type) continue;
    if (type === "rental_fee") plan.statements.push(...protectionStatements(db, order, item, now));
    const gross =
      type === "rental_purchase" || type === "rental_conversion"
        ? (item.buyingPrice ?? item.productBuyingPrice ?? 0)
        : item.price;
    plan.statements.push(
      ...saleStatements(
        db,
        {
          type,
          orderId: order.id,
          orderItemId: item.id,
          productId: item.productId,
          ownerId: item.ownerId,
          storeId: item.handler === "store" ? item.sellerId : null,
          gross,
        },
        now,
      ),
    );
  }
  plan.moved.push({ itemId: item.id, productId: item.productId, to, name: item.name });
  plan.finalStatuses.set(item.id, to);
}

async function run(
  db: Database,
  order: LifecycleOrder,
  plan: Plan,
  actor: LifecycleActor,
  now: number,
): Promise<ChangeResult> {
  const before = order.status;
  const after = orderStatusOf(order.items.map((i) => plan.finalStatuses.get(i.id) ?? i.status));
  if (plan.moved.length === 0 && before === after)
    return { ok: true, changed: false, order, status: before, moved: [] };
  if (after !== before) {
    plan.statements.push(
      db.update(orders).set({ status: after, updatedAt: now }).where(eq(orders.id, order.id)),
      db.insert(orderStatusHistory).values({
        id: `hist_${crypto.randomUUID()}`,
        orderId: order.id,
        fromStatus: before,
        toStatus: after,
        actorId: actor.id,
        actorRole: actor.role,
        createdAt: now,
      }),
    );
  }
  try {
    await db.batch(plan.statements as [Statement, ...Statement[]]);
  } catch (error) {
    // A change that raced another (a double submit, two staff at once): whoever was first won.
    const fresh = await loadOrder(db, order.id);
    const stale = fresh && fresh.items.some((i) => order.items.find((o) => o.id === i.id)?.status !== i.status);
    if (stale) return { ok: true, changed: false, order: fresh, status: fresh.status, moved: [] };
    throw error;
  }
  return { ok: true, changed: true, order, status: after, moved: plan.moved };
}

const notFound: ChangeResult = { ok: false, message: "Order not found", httpStatus: 404 };
/** An order still awaiting its payment moves only by the provider's event or its reservation's end (decision 0055). */
const awaitingPayment: ChangeResult = {
  ok: false,
  message: "This order is waiting for its payment: it can change once the payment is confirmed.",
  httpStatus: 409,
};

/** Staff set an order's status (the admin Orders tab): every item that is not cancelled follows. */
export async function setOrderStatus(
  db: Database,
  orderId: string,
  to: StaffOrderChoice,
  actor: LifecycleActor,
  now: number,
): Promise<ChangeResult> {
  const order = await loadOrder(db, orderId);
  if (!order) return notFound;
  if (order.status === "awaiting_payment") return awaitingPayment;
  const plan: Plan = { statements: [], moved: [], finalStatuses: new Map() };
  const event: ItemEvent = { type: "staff_set", to };
  // A cancelled order stays cancelled; in an order that goes on, an item cancelled alone stays so.
  if (order.status === "cancelled" && to !== "cancelled")
    return { ok: false, message: "A cancelled order cannot be reopened.", httpStatus: 409 };
  for (const item of order.items) {
    if (item.status === "cancelled") continue;
    const step = itemStep(item, event, actor.role, now);
    if (!step.ok) return { ok: false, message: step.reason, httpStatus: 409 };
    planItem(db, plan, order, item, step.path, event, actor, now);
  }
  return run(db, order, plan, actor, now);
}

/**
 * One item's event (Buy it now, Return it, the daily conversion, the return inspection).
 * `mayAct` narrows who may touch it (for example the order's own shopper, or the store that
 * handles the item): an item outside it reads as missing.
 */
export async function changeItem(
  db: Database,
  itemId: string,
  event: ItemEvent,
  actor: LifecycleActor,
  now: number,
  mayAct?: (order: LifecycleOrder, item: LifecycleItem) => boolean,
): Promise<ChangeResult> {
  const row = await db.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.id, itemId)).get();
  return row
    ? changeItems(db, row.orderId, [itemId], event, actor, now, mayAct)
    : { ok: false, message: "Order item not found", httpStatus: 404 };
}

/**
 * One event for several items of one order, in one batch (a handler posts its items of an order
 * together; a shopper cancels the whole order). Every item must be the order's and pass `mayAct`,
 * or the whole change reads as missing; one refused item refuses them all.
 */
export async function changeItems(
  db: Database,
  orderId: string,
  itemIds: readonly string[],
  event: ItemEvent,
  actor: LifecycleActor,
  now: number,
  mayAct?: (order: LifecycleOrder, item: LifecycleItem) => boolean,
): Promise<ChangeResult> {
  const order = await loadOrder(db, orderId);
  const items = order ? itemIds.map((id) => order.items.find((i) => i.id === id)) : [];
  if (!order || items.length === 0 || items.some((item) => !item || (mayAct && !mayAct(order, item))))
    return { ok: false, message: "Order item not found", httpStatus: 404 };
  if (order.status === "awaiting_payment") return awaitingPayment;
  const plan: Plan = { statements: [], moved: [], finalStatuses: new Map() };
  for (const item of items as LifecycleItem[]) {
    const step = itemStep(item, event, actor.role, now);
    if (!step.ok) {
      // Already where the event would take it: a repeated submit, answered as done.
      const done = (event.type === "buy_now" || event.type === "convert") && item.status === "completed";
      const asked = event.type === "request_return" && item.status === "return_requested";
      const inspected =
        event.type === "inspect" &&
        (item.status === "returned" || (item.status === "completed" && event.outcome === "not_returnable"));
      if (done || asked || inspected) continue;
      return { ok: false, message: step.reason, httpStatus: 409 };
    }
    planItem(db, plan, order, item, step.path, event, actor, now);
  }
  return run(db, order, plan, actor, now);
}
