import { inArray } from "drizzle-orm";
import { tellBackOnSale } from "./alerts.server";
import { users } from "../../db/schema";
import { transactionId } from "../data/finance.server";
import { overturnCharge } from "../data/overturn.server";
import {
  changeItems,
  loadOrder,
  type ChangeResult,
  type LifecycleActor,
  type LifecycleItem,
  type LifecycleOrder,
} from "../data/order-lifecycle.server";
import { givenBackWords, type GivenBack } from "../domain/cancellation";
import { DELIVERY_FEE_PER_GROUP, deliveryRefundKey, groupsCancelledWhole } from "../domain/delivery";
import { formatGBP } from "../domain/money";
import { showReference } from "../domain/order-reference";
import { deliveryRefundable } from "../domain/refund-cap";
import { moneyInputOf } from "../data/order-money.server";
import { CARRIER_NAMES, isCarrier, trackingUrl } from "../domain/shipping";
import type { QueueMessage } from "../domain/queue-messages";
import { publicPagesChanged } from "./freshness.server";
import { orderPageUrl, orderPath } from "./links.server";
import { noticeMessage } from "./notify.server";
import { enqueue } from "./notifications.server";
import { settlePayments, type LifecycleServices } from "./order-lifecycle.server";
import { statusMessages } from "./order-messages.server";
import { refundOrder, refundPayment } from "./refunds.server";
import { handlerContacts, SENDABLE, sameHandler } from "./handlers.server";

// A trade between two people, end to end (issue 22; decision 0041): the handler posts the items
// with a tracking number, the shopper (or staff) confirms delivery, and either side cancels what
// has not gone yet. Each is one guarded batch (app/data/order-lifecycle.server.ts), then the
// people it concerns are told, money follows and public pages refresh. Routes call these.

type Email = Extract<QueueMessage, { type: "email" }>;
type MayAct = (order: LifecycleOrder, item: LifecycleItem) => boolean;

/**
 * Staff overturn an inspection's charge (issue 22): recorded once and the shopper told. A charge
 * that was collected is reversed and refunded through the payment interface under
 * `refund:overturn:{itemId}` (never more than it collected: the refund cap); one never collected
 * (its capture declined) is cancelled: nothing refunded, nothing retried, no card prompt (issue 42,
 * decision 0074). Null when there is nothing to overturn (no charge, done already, or past its 14 days).
 */
export async function overturnItemCharge(
  app: LifecycleServices,
  orderId: string,
  itemId: string,
  staffId: string,
  now: number,
  part?: { amount: number; disputedAt: number },
): Promise<{ amount: number; collected: boolean } | null> {
  const overturned = await overturnCharge(app.db, orderId, itemId, staffId, now, part);
  if (overturned === null) return null;
  const { amount, collected } = overturned;
  const order = await loadOrder(app.db, orderId);
  const item = order?.items.find((i) => i.id === itemId);
  if (collected) {
    try {
      await refundPayment(
        app,
        {
          orderId,
          transactionId: transactionId(itemId, "charge_reversal"),
          amount,
          idempotencyKey: `refund:overturn:${itemId}`,
        },
        now,
      );
    } catch (error) {
      console.error(`order ${orderId}: the overturned charge's refund failed; the daily job retries it`, error);
    }
  }
  if (order && item) {
    const url = orderPageUrl(app.config, orderId);
    const what = collected
      ? `We looked at the inspection of ${item.name} again and overturned its charge: ${formatGBP(amount)} is refunded to your card.`
      : `We looked at the inspection of ${item.name} again and overturned its charge of ${formatGBP(amount)}. It was never taken from your card, and now it never will be: there is nothing to pay and nothing to update.`;
    await enqueue(app.env, [
      noticeMessage(app.config, {
        key: `overturn:${itemId}:shopper`,
        kind: "return_inspected",
        userId: order.userId,
        to: order.email,
        title: collected ? `The charge for ${item.name} was refunded` : `The charge for ${item.name} was cancelled`,
        text: `Hello ${order.fullName ?? "there"},\n\n${what}\n\nYour order ${showReference(order.reference)}: ${url}\n`,
        link: orderPath(orderId),
        action: "View your order",
      }),
    ]).catch((error) => console.error(`order ${orderId}: the overturn e-mail could not be queued`, error));
  }
  return overturned;
}

export interface Tracking {
  carrier: string;
  trackingNumber: string;
}

/** 'DPD 15501234567890 (https://…)': how e-mails and pages name a tracking number. */
export function trackingLine(tracking: Tracking) {
  const carrier = isCarrier(tracking.carrier) ? CARRIER_NAMES[tracking.carrier] : tracking.carrier;
  const url = trackingUrl(tracking.carrier, tracking.trackingNumber);
  return `${carrier} ${tracking.trackingNumber}${url ? ` (${url})` : ""}`;
}

/**
 * The handler (or staff) posts items of one order with a carrier and a tracking number. The
 * shopper gets the tracking in an e-mail and in `shipment_status_updated`; a repeat changes nothing.
 */
export async function shipItems(
  app: LifecycleServices,
  orderId: string,
  itemIds: readonly string[],
  tracking: Tracking,
  actor: LifecycleActor,
  now: number,
  mayAct?: MayAct,
): Promise<ChangeResult> {
  const result = await changeItems(app.db, orderId, itemIds, { type: "ship", ...tracking }, actor, now, mayAct);
  if (!result.ok || !result.changed) return result;
  const { order } = result;
  const names = result.moved.map((m) => m.name).join(", ");
  const url = orderPageUrl(app.config, order.id);
  try {
    await enqueue(app.env, [
      noticeMessage(app.config, {
        key: `ship:${order.id}:${tracking.trackingNumber}:email`,
        kind: "order_status_changed",
        userId: order.userId,
        to: order.email,
        title: `Your Closetloop order ${showReference(order.reference)} is on its way`,
        text: `Hello ${order.fullName ?? "there"},\n\n${names} ${result.moved.length === 1 ? "is" : "are"} on the way to you.\n\nTracking: ${trackingLine(tracking)}\n\nWhen it arrives, you can tell us on your order page ('I have received it').\n\nYour order ${showReference(order.reference)}: ${url}\n`,
        link: orderPath(order.id),
        action: "Track your order",
      }),
      {
        key: `ship:${order.id}:${tracking.trackingNumber}:event`,
        type: "marketing",
        action: "track_event",
        data: {
          email: order.email,
          eventName: "shipment_status_updated",
          eventProperties: { orderId: order.id, status: "shipped", trackingNumber: tracking.trackingNumber },
        },
      },
    ]);
  } catch (error) {
    console.error(`order ${order.id}: the shipment notification could not be queued`, error);
  }
  return result;
}

/**
 * The shopper says the items arrived ('I have received it'): delivered, as if staff had marked it
 * (a rental's 7 days start now; a purchase completes), with the money that follows.
 */
export async function confirmDelivery(
  app: LifecycleServices,
  orderId: string,
  itemIds: readonly string[],
  shopper: LifecycleActor,
  now: number,
  mayAct: MayAct,
): Promise<ChangeResult> {
  const result = await changeItems(app.db, orderId, itemIds, { type: "confirm_delivery" }, shopper, now, mayAct);
  if (!result.ok || !result.changed) return result;
  try {
    // The same as staff marking it delivered: the shipment event, and the shopper's e-mail with
    // the rental's 7 days starting today.
    await enqueue(app.env, statusMessages(app, result.order, "delivered", now));
  } catch (error) {
    console.error(`order ${orderId}: the delivery notices could not be queued`, error);
  }
  if (result.moved.some((m) => m.to === "completed")) await publicPagesChanged(app.env.CACHE, now);
  await settlePayments(app, orderId, "delivered", now);
  return result;
}

/**
 * Cancels items of one order (the shopper until they ship, staff until delivery): they are back
 * on sale at once, each item's price is refunded through the payment interface (and the delivery
 * fee once the whole order is cancelled), and the shopper and each handler are told.
 */
export async function cancelItems(
  app: LifecycleServices,
  orderId: string,
  itemIds: readonly string[],
  actor: LifecycleActor,
  now: number,
  mayAct?: MayAct,
): Promise<ChangeResult & { givenBack?: GivenBack }> {
  const result = await changeItems(app.db, orderId, itemIds, { type: "cancel" }, actor, now, mayAct);
  if (!result.ok || !result.changed) return result;
  const { order } = result;
  const cancelled = order.items.filter((i) => result.moved.some((m) => m.itemId === i.id));
  await publicPagesChanged(app.env.CACHE, now);
  // Shoppers waiting for these items are told they are back (issue 25).
  await tellBackOnSale(
    app,
    cancelled.map((i) => i.productId),
    now,
  );
  const whole = result.status === "cancelled";
  // A handler group cancelled whole gets its delivery back (issue 42 item 4, decision 0074); a
  // whole order's delivery comes back with the rest of it. What is left of the delivery to give
  // back is read before the refunds, for the words.
  const after = order.items.map((i) => ({ ...i, status: result.moved.find((m) => m.itemId === i.id)?.to ?? i.status }));
  const groups = groupsCancelledWhole(after, new Set(cancelled.map((i) => i.id)));
  const input = await moneyInputOf(app.db, orderId);
  const deliveryLeft = input ? deliveryRefundable(input) : 0;
  // Each group gets back what it paid: its zone's fee (issue 45), £3.99 on orders from before.
  const feeOf = (group: (typeof groups)[number]) => group[0]!.groupDeliveryFee ?? DELIVERY_FEE_PER_GROUP;
  const givenBack: GivenBack = {
    items: cancelled.reduce((sum, i) => sum + i.price + i.protectionFee, 0),
    delivery: whole
      ? deliveryLeft
      : Math.min(
          deliveryLeft,
          groups.reduce((sum, g) => sum + feeOf(g), 0),
        ),
    count: cancelled.length,
  };
  try {
    for (const item of cancelled)
      await refundPayment(
        app,
        { orderId, transactionId: null, amount: item.price, idempotencyKey: `refund:cancel:${item.id}` },
        now,
      );
    // Damage protection (decision 0080) comes back with its item.
    for (const item of cancelled.filter((i) => i.protectionFee > 0))
      await refundPayment(
        app,
        { orderId, transactionId: null, amount: item.protectionFee, idempotencyKey: `refund:protection:${item.id}` },
        now,
      );
    for (const group of groups)
      await refundPayment(
        app,
        { orderId, transactionId: null, amount: feeOf(group), idempotencyKey: deliveryRefundKey(group[0]!.id) },
        now,
      );
    if (whole) await refundOrder(app, orderId, now);
  } catch (error) {
    console.error(`order ${orderId}: refunds after the cancellation failed; the daily job retries them`, error);
  }
  const url = orderPageUrl(app.config, orderId);
  const byWhom = actor.role === "shopper" ? "at your request" : "by Closetloop";
  const list = cancelled
    .map((i) => `- ${i.name} (${i.kind === "rental" ? "rental" : "purchase"}, ${formatGBP(i.price)})`)
    .join("\n");
  const messages: Email[] = [
    noticeMessage(app.config, {
      key: `cancel:${orderId}:${cancelled.map((i) => i.id).join(",")}:shopper`,
      kind: "order_cancelled",
      userId: order.userId,
      to: order.email,
      title: whole
        ? `Your Closetloop order ${showReference(order.reference)} is cancelled`
        : `Part of your Closetloop order ${showReference(order.reference)} is cancelled`,
      text: `Hello ${order.fullName ?? "there"},\n\n${whole ? "Your order was cancelled" : "These items of your order were cancelled"} ${byWhom}:\n${list}\n\n${givenBackWords(givenBack)} It can take a few working days to show.\n\nYour order ${showReference(order.reference)}: ${url}\n`,
      link: orderPath(orderId),
      action: "View your order",
    }),
  ];
  for (const handler of await handlerContacts(app, cancelled)) {
    const names = handler.items.map((i) => i.name).join(", ");
    const one = handler.items.length === 1;
    // What this handler still has to post of the order: the cancelled items are not the whole of it.
    const stillToSend = order.items.filter(
      (i) => !cancelled.includes(i) && SENDABLE.has(i.status) && sameHandler(i, handler.items[0]!),
    );
    const rest = stillToSend.length
      ? ` The rest of the order still needs posting: ${stillToSend.map((i) => i.name).join(", ")}.`
      : " There is nothing else of this order to send.";
    messages.push(
      noticeMessage(app.config, {
        key: `cancel:${orderId}:${handler.items.map((i) => i.id).join(",")}:${handler.key}`,
        kind: "handler_order_cancelled",
        userId: handler.userId,
        to: handler.email,
        title: whole
          ? `Order ${showReference(order.reference)} was cancelled: do not send it`
          : `${names} ${one ? "was" : "were"} cancelled from order ${showReference(order.reference)}: do not send ${one ? "it" : "them"}`,
        text: `Hello ${handler.name ?? "there"},\n\n${names} ${one ? "was" : "were"} cancelled ${actor.role === "shopper" ? "by the shopper" : "by Closetloop"} before ${one ? "it was" : "they were"} posted: do not send ${one ? "it" : "them"}. ${one ? "It is" : "They are"} back on sale already.${rest}\n`,
        link: handler.dashboard,
        action: "Your orders",
      }),
    );
  }
  // The owner of a concierge item is not its handler (the store is): they are told their sale is undone (decision 0068).
  const ownerIds = [...new Set(cancelled.filter((i) => i.handler === "store").map((i) => i.ownerId))];
  const owners = ownerIds.length
    ? await app.db
        .select({ id: users.id, email: users.email, name: users.fullName })
        .from(users)
        .where(inArray(users.id, ownerIds))
    : [];
  for (const owner of owners) {
    const theirs = cancelled.filter((i) => i.handler === "store" && i.ownerId === owner.id);
    const one = theirs.length === 1;
    messages.push(
      noticeMessage(app.config, {
        key: `cancel:${orderId}:${theirs.map((i) => i.id).join(",")}:owner:${owner.id}`,
        kind: "owner_item_update",
        userId: owner.id,
        to: owner.email,
        title: `${theirs.map((i) => i.name).join(", ")} ${one ? "was" : "were"} cancelled`,
        text: `Hello ${owner.name ?? "there"},\n\nThe order for ${theirs.map((i) => i.name).join(", ")} was cancelled ${actor.role === "shopper" ? "by the shopper" : "by Closetloop"} before ${one ? "it was" : "they were"} posted. ${one ? "It is" : "They are"} back on sale, and the sale no longer counts toward your payout.\n`,
        link: "/vendor?tab=orders",
      }),
    );
  }
  try {
    await enqueue(app.env, messages);
  } catch (error) {
    console.error(`order ${orderId}: the cancellation e-mails could not be queued`, error);
  }
  return { ...result, givenBack };
}
