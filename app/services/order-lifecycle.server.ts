import { eq } from "drizzle-orm";
import { stores, users } from "../../db/schema";
import type { AppContext } from "../context";
import { changeItem, setOrderStatus, type ChangeResult, type LifecycleActor, type LifecycleItem, type LifecycleOrder } from "../data/order-lifecycle.server";
import { splitStoreDescription } from "../data/profiles.server";
import { formatGBP } from "../domain/money";
import { returnOrBuyBy, type ItemEvent, type StaffOrderChoice } from "../domain/order-lifecycle";
import type { QueueMessage } from "../../workers/messages";
import { publicPagesChanged } from "./freshness.server";
import { orderPageUrl } from "./links.server";
import { enqueue } from "./notifications.server";
import { captureDue, refundOrder } from "./payments.server";

/** What the lifecycle needs of the app: routes pass their AppContext, jobs their JobContext. */
export type LifecycleServices = Pick<AppContext, "env" | "config" | "db">;

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
export async function staffSetOrderStatus(app: LifecycleServices, orderId: string, to: StaffOrderChoice, staffId: string, now: number): Promise<ChangeResult> {
  const result = await setOrderStatus(app.db, orderId, to, { id: staffId, role: "staff" }, now);
  if (!result.ok || !result.changed) return result;
  const { order } = result;
  try {
    await enqueue(app.env, [
      {
        key: `order_status:${order.id}:${to}:${now}:event`,
        type: "marketing",
        action: "track_event",
        data: { email: order.email, eventName: "shipment_status_updated", eventProperties: { orderId: order.id, status: to, trackingNumber: order.items.find((i) => i.trackingNumber)?.trackingNumber ?? null } },
      },
      {
        key: `order_status:${order.id}:${to}:${now}:email`,
        type: "email",
        kind: "order_status_changed",
        to: order.email,
        subject: `Your Closetloop order ${order.id} is ${to}`,
        text: statusEmail(order, to, orderPageUrl(app.config, order.id)),
        cta: { label: "View your order", url: orderPageUrl(app.config, order.id) },
      },
    ]);
  } catch (error) {
    console.error(`order ${order.id}: the status notification could not be queued`, error);
  }
  if (changesPublicPages(result)) await publicPagesChanged(app.env.CACHE, now);
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

function statusEmail(order: LifecycleOrder, to: StaffOrderChoice, orderUrl: string) {
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
  return `Hello ${order.fullName ?? "there"},\n\n${lines[to]}\n\nYour order ${order.id}: ${orderUrl}\n`;
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
  const item = result.order.items.find((i) => i.id === itemId);
  if (item) {
    try {
      await enqueue(app.env, await itemMessages(app, result.order, item, event));
    } catch (error) {
      console.error(`order item ${itemId}: the ${event.type} notifications could not be queued`, error);
    }
  }
  await settlePayments(app, result.order.id, event.type, now);
  return result;
}

/**
 * The e-mails that follow an item event: the shopper's and the item owner's. Each event happens
 * once per item, so the keys (item, event, recipient) are stable: a redelivered or re-queued
 * message is sent once (workers/queue.ts).
 */
async function itemMessages(app: LifecycleServices, order: LifecycleOrder, item: LifecycleItem, event: ItemEvent): Promise<QueueMessage[]> {
  const price = formatGBP(item.buyingPrice ?? item.productBuyingPrice ?? 0);
  const hello = `Hello ${order.fullName ?? "there"},\n\n`;
  // Every e-mail about an order links to its page, from the site's address (jobs have no request).
  const orderUrl = orderPageUrl(app.config, order.id);
  const footer = `\n\nYour order ${order.id}: ${orderUrl}\n`;
  const [owner] = await app.db.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, item.ownerId));
  const store = item.handler === "store" && item.sellerId ? await app.db.select({ name: stores.name, description: stores.description }).from(stores).where(eq(stores.id, item.sellerId)).get() : undefined;
  type Email = Extract<QueueMessage, { type: "email" }>;
  const shopper = (kind: Email["kind"], subject: string, text: string): Email => ({ key: `item:${item.id}:${event.type}:shopper`, type: "email", kind, to: order.email, subject, text: hello + text + footer, cta: { label: "View your order", url: orderUrl } });
  const toOwner = (subject: string, text: string): Email[] =>
    owner ? [{ key: `item:${item.id}:${event.type}:owner`, type: "email", kind: "owner_item_update", to: owner.email, subject, text: `Hello ${owner.fullName ?? "there"},\n\n${text}\n` }] : [];
  switch (event.type) {
    case "buy_now":
      return [
        shopper("rental_bought", `${item.name} is yours`, `You bought ${item.name} for ${price}. It is yours to keep: nothing to send back.`),
        ...toOwner(`${item.name} was bought`, `The shopper who rented ${item.name} bought it for ${price}. Your share shows in your dashboard and is paid out with the weekly payout.`),
      ];
    case "convert":
      return [
        shopper("rental_converted", `${item.name} is now yours`, `Your 7-day rental of ${item.name} ended without a return, so it became a purchase at its Buy Now price, ${price}.`),
        ...toOwner(`${item.name} was sold`, `The rental of ${item.name} ended without a return and became a purchase at ${price}. Your share shows in your dashboard and is paid out with the weekly payout.`),
      ];
    case "request_return": {
      const address = store ? splitStoreDescription(store.description).address : null;
      const where = store ? `Send it, or drop it off, at ${store.name}${address ? `, ${address}` : ""}: the store checks it and closes your rental.` : "Send it to the Closetloop returns address on our Returns page: our team checks it and closes your rental.";
      const by = item.rentalEndsAt ? `\n4. Please send it by ${returnOrBuyBy(item.rentalEndsAt).replace("Return or buy by ", "")}.` : "";
      return [
        shopper(
          "return_instructions",
          `Return instructions for ${item.name}`,
          `You asked to return ${item.name}.\n\n1. Pack ${item.name} as it came to you, with its tags and any dust bag or box.\n2. Put a note inside with your order number, ${order.id}.\n3. ${where}${by}`,
        ),
        ...toOwner(`${item.name} is coming back`, `The shopper who rented ${item.name} is sending it back. It is checked on arrival before it goes back on sale.`),
      ];
    }
    case "inspect": {
      const good = event.outcome === "good";
      return [
        shopper("return_inspected", `We received ${item.name}`, good ? `We received ${item.name} in good condition. Your rental is closed: thank you!` : `We received ${item.name}. It came back damaged; our team will be in touch about it.`),
        ...toOwner(
          good ? `${item.name} is back on sale` : `${item.name} came back damaged`,
          good ? `${item.name} came back in good condition and is on sale again.` : `${item.name} came back damaged. It is off sale until our team decides what happens next.`,
        ),
      ];
    }
    case "staff_set":
    case "cancel":
    case "ship":
    case "confirm_delivery":
      // Told by their own services (issue 22: cancellation and posting), not here.
      return [];
  }
}
