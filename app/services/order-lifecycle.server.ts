import type { AppContext } from "../context";
import { transactionId } from "../data/finance.server";
import {
  changeItem,
  changeItems,
  setOrderStatus,
  type ChangeResult,
  type LifecycleActor,
  type LifecycleItem,
  type LifecycleOrder,
} from "../data/order-lifecycle.server";
import { purchaseRefundDue } from "../data/inspection-money.server";
import { type ItemEvent, type StaffOrderChoice } from "../domain/order-lifecycle";
import { tellBackOnSale } from "./alerts.server";
import { publicPagesChanged } from "./freshness.server";
import { enqueue } from "./notifications.server";
import { captureDue } from "./payments.server";
import { refundOrder, refundPayment } from "./refunds.server";
import { itemMessages, statusMessages } from "./order-messages.server";

/** What the lifecycle needs of the app: routes pass their AppContext, jobs their JobContext. */
export type LifecycleServices = Pick<AppContext, "env" | "config" | "db">;

// Order status changes as the app makes them: the data change (app/data/order-lifecycle.server.ts),
// then what follows it — the shopper is told through the queue, and public pages that showed the
// items refresh. Routes and jobs call these, never the data functions directly.

/** Did the change put an item back on sale or take one off (the public pages show availability)? */
const changesPublicPages = (result: Extract<ChangeResult, { ok: true }>) =>
  result.moved.some(
    (m) =>
      m.to === "cancelled" ||
      m.to === "returned" ||
      (m.to === "completed" && result.order.items.find((i) => i.id === m.itemId)?.kind === "rental"),
  );

/**
 * Staff set an order's status (admin Orders tab): saved with its history, then the shipment
 * notification {email, orderId, status} (seller-store-admin.md §7) goes out once per change.
 */
export async function staffSetOrderStatus(
  app: LifecycleServices,
  orderId: string,
  to: StaffOrderChoice,
  staffId: string,
  now: number,
): Promise<ChangeResult> {
  const result = await setOrderStatus(app.db, orderId, to, { id: staffId, role: "staff" }, now);
  return afterStaffStep(app, result, to, now);
}

/**
 * A parcel the carrier delivered (its signed 'delivered' tracking event; issue 44, decision 0082):
 * its items take the staff step to 'delivered' (a rental's 7 days start, a purchase completes)
 * with what follows it, as if staff had marked them. A repeat changes nothing.
 */
export async function carrierDelivered(
  app: LifecycleServices,
  orderId: string,
  itemIds: readonly string[],
  now: number,
): Promise<ChangeResult> {
  const result = await changeItems(
    app.db,
    orderId,
    itemIds,
    { type: "staff_set", to: "delivered" },
    { id: null, role: "system" },
    now,
  );
  return afterStaffStep(app, result, "delivered", now);
}

/** What follows staff's step (or the carrier's): the notices, fresh public pages, the money. */
async function afterStaffStep(
  app: LifecycleServices,
  result: ChangeResult,
  to: StaffOrderChoice,
  now: number,
): Promise<ChangeResult> {
  if (!result.ok || !result.changed) return result;
  const { order } = result;
  try {
    await enqueue(app.env, statusMessages(app, order, to, now));
  } catch (error) {
    console.error(`order ${order.id}: the status notification could not be queued`, error);
  }
  if (changesPublicPages(result)) await publicPagesChanged(app.env.CACHE, now);
  // Shoppers waiting for a cancelled order's items are told they are back (issue 25).
  if (to === "cancelled")
    await tellBackOnSale(
      app,
      result.moved.map((m) => m.productId),
      now,
    );
  await settlePayments(app, order.id, to, now);
  return result;
}

/**
 * Money after a change (decision 0035): what the change recorded is captured (a failure leaves the
 * transaction pending for the daily job to retry); a cancelled order's authorization is given back.
 * Never throws: the status change stands either way.
 */
export async function settlePayments(app: LifecycleServices, orderId: string, to: string, now: number) {
  try {
    if (to === "cancelled") await refundOrder(app, orderId, now);
    else await captureDue(app, now, orderId);
  } catch (error) {
    console.error(`order ${orderId}: payments after the change failed; the daily job retries them`, error);
  }
}

/**
 * An item event (Buy it now, Return it, the daily conversion, the return inspection). `mayAct`
 * narrows who may touch the item; public pages refresh when the item's availability changed.
 */
export async function changeOrderItem(
  app: LifecycleServices,
  itemId: string,
  event: ItemEvent,
  actor: LifecycleActor,
  now: number,
  mayAct?: (order: LifecycleOrder, item: LifecycleItem) => boolean,
): Promise<ChangeResult> {
  const result = await changeItem(app.db, itemId, event, actor, now, mayAct);
  if (!result.ok || !result.changed) return result;
  if (changesPublicPages(result)) await publicPagesChanged(app.env.CACHE, now);
  // An item back on sale after its inspection: shoppers waiting for it are told (issue 25).
  if (event.type === "inspect")
    await tellBackOnSale(
      app,
      result.moved.map((m) => m.productId),
      now,
    );
  const item = result.order.items.find((i) => i.id === itemId);
  // A returned purchase's refund goes through the payment interface, tied to its transaction.
  if (item && event.type === "inspect" && purchaseRefundDue(item, event) > 0) {
    try {
      await refundPayment(
        app,
        {
          orderId: result.order.id,
          transactionId: transactionId(item.id, "refund"),
          amount: purchaseRefundDue(item, event),
          idempotencyKey: `refund:return:${item.id}`,
        },
        now,
      );
    } catch (error) {
      console.error(`order item ${itemId}: the return's refund failed; the daily job retries it`, error);
    }
  }
  if (item) {
    try {
      await enqueue(app.env, await itemMessages(app, result.order, item, event, now));
    } catch (error) {
      console.error(`order item ${itemId}: the ${event.type} notifications could not be queued`, error);
    }
  }
  await settlePayments(app, result.order.id, event.type, now);
  return result;
}
