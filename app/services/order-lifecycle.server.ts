import type { AppContext } from "../context";
import { changeItem, setOrderStatus, type ChangeResult, type LifecycleActor, type LifecycleItem, type LifecycleOrder } from "../data/order-lifecycle.server";
import type { ItemEvent, StaffOrderChoice } from "../domain/order-lifecycle";
import { publicPagesChanged } from "./freshness.server";
import { enqueue } from "./notifications.server";

// Order status changes as the app makes them: the data change (app/data/order-lifecycle.server.ts),
// then what follows it — the shopper is told through the queue, and public pages that showed the
// items refresh. Routes and jobs call these, never the data functions directly.

/** Did the change put an item back on sale or take one off (the public pages show availability)? */
const changesPublicPages = (result: Extract<ChangeResult, { ok: true }>) =>
  result.moved.some((m) => m.to === "cancelled" || m.to === "returned" || (m.to === "completed" && result.order.items.find((i) => i.id === m.itemId)?.kind === "rental"));

/**
 * Staff set an order's status (admin Orders tab): saved with its history, then the shipment
 * notification {email, orderId, status} (seller-store-admin.md §7) goes out once per change.
 */
export async function staffSetOrderStatus(app: AppContext, orderId: string, to: StaffOrderChoice, staffId: string, origin: string, now: number): Promise<ChangeResult> {
  const result = await setOrderStatus(app.db, orderId, to, { id: staffId, role: "staff" }, now);
  if (!result.ok || !result.changed) return result;
  const { order } = result;
  try {
    await enqueue(app.env, [
      {
        key: `order_status:${order.id}:${to}:${now}:event`,
        type: "marketing",
        action: "track_event",
        data: { email: order.email, eventName: "shipment_status_updated", eventProperties: { orderId: order.id, status: to, trackingNumber: null } },
      },
      {
        key: `order_status:${order.id}:${to}:${now}:email`,
        type: "email",
        kind: "order_status_changed",
        to: order.email,
        subject: `Your Closetloop order ${order.id} is ${to}`,
        text: statusEmail(order, to, origin),
      },
    ]);
  } catch (error) {
    console.error(`order ${order.id}: the status notification could not be queued`, error);
  }
  if (changesPublicPages(result)) await publicPagesChanged(app.env.CACHE, now);
  return result;
}

function statusEmail(order: LifecycleOrder, to: StaffOrderChoice, origin: string) {
  const rentals = order.items.filter((i) => i.kind === "rental");
  const lines: Record<StaffOrderChoice, string> = {
    pending: "Your order is waiting to be processed.",
    processing: "We are preparing your order.",
    shipped: "Your order is on its way.",
    delivered:
      rentals.length > 0
        ? "Your order was delivered. Your 7-day rental window starts today: keep an item by buying it, or send it back, from your order page."
        : "Your order was delivered. Enjoy it!",
    cancelled: "Your order was cancelled. You have not been charged for it.",
  };
  return `Hello ${order.fullName ?? "there"},\n\n${lines[to]}\n\nOrder ${order.id}: ${origin}/account/orders/${order.id}\n`;
}

/**
 * An item event (Buy it now, Return it, the daily conversion, the return inspection). `mayAct`
 * narrows who may touch the item; public pages refresh when the item's availability changed.
 */
export async function changeOrderItem(
  app: AppContext,
  itemId: string,
  event: ItemEvent,
  actor: LifecycleActor,
  now: number,
  mayAct?: (order: LifecycleOrder, item: LifecycleItem) => boolean,
): Promise<ChangeResult> {
  const result = await changeItem(app.db, itemId, event, actor, now, mayAct);
  if (result.ok && result.changed && changesPublicPages(result)) await publicPagesChanged(app.env.CACHE, now);
  return result;
}
