// The notices an order's changes send (app/services/order-lifecycle.server.ts makes the changes): the
// shopper's on a new order status, and the shopper's and owner's (and a store's) on an item event.
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { AppContext } from "../context";
import type { LifecycleItem, LifecycleOrder } from "../data/order-lifecycle.server";
import { purchaseRefundDue } from "../data/inspection-money.server";
import { returnDestination } from "../data/returns.server";
import { returnPostBy } from "../domain/shipping";
import { deadlineFor } from "../domain/dates";
import { formatGBP } from "../domain/money";
import { showReference } from "../domain/order-reference";
import type { InspectionOutcome, ItemEvent, StaffOrderChoice } from "../domain/order-lifecycle";
import type { QueueMessage } from "../domain/queue-messages";
import { orderPageUrl, orderPath, siteLink } from "./links.server";
import { noticeMessage, type Notice } from "./notify.server";
import { handlerContacts } from "./handlers.server";

type MessageServices = Pick<AppContext, "env" | "config" | "db">;

/**
 * What follows an order's new status: the shipment event {email, orderId, status}
 * (seller-store-admin.md §7) and the shopper's e-mail and notification. Staff's change and the
 * shopper's own 'I have received it' send the same.
 */
export function statusMessages(
  app: MessageServices,
  order: LifecycleOrder,
  to: StaffOrderChoice,
  now: number,
): QueueMessage[] {
  return [
    {
      key: `order_status:${order.id}:${to}:${now}:event`,
      type: "marketing",
      action: "track_event",
      data: {
        email: order.email,
        eventName: "shipment_status_updated",
        eventProperties: {
          orderId: order.id,
          status: to,
          trackingNumber: order.items.find((i) => i.trackingNumber)?.trackingNumber ?? null,
        },
      },
    },
    noticeMessage(app.config, {
      key: `order_status:${order.id}:${to}:${now}:email`,
      kind: "order_status_changed",
      userId: order.userId,
      to: order.email,
      title: `Your Closetloop order ${showReference(order.reference)} is ${to}`,
      text: statusEmail(order, to, orderPageUrl(app.config, order.id)),
      link: orderPath(order.id),
      action: "View your order",
    }),
  ];
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
  return `Hello ${order.fullName ?? "there"},\n\n${lines[to]}\n\nYour order ${showReference(order.reference)}: ${orderUrl}\n`;
}

/**
 * The e-mails that follow an item event: the shopper's and the item owner's. Each event happens
 * once per item, so the keys (item, event, recipient) are stable: a redelivered or re-queued
 * message is sent once (workers/queue.ts).
 */
export async function itemMessages(
  app: MessageServices,
  order: LifecycleOrder,
  item: LifecycleItem,
  event: ItemEvent,
  now: number,
): Promise<QueueMessage[]> {
  const price = formatGBP(item.buyingPrice ?? item.productBuyingPrice ?? 0);
  const hello = `Hello ${order.fullName ?? "there"},\n\n`;
  // Every e-mail about an order links to its page, from the site's address (jobs have no request).
  const orderUrl = orderPageUrl(app.config, order.id);
  const footer = `\n\nYour order ${showReference(order.reference)}: ${orderUrl}\n`;
  const [owner] = await app.db
    .select({ email: users.email, fullName: users.fullName, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, item.ownerId));
  const shopper = (kind: Notice["kind"], title: string, text: string) =>
    noticeMessage(app.config, {
      key: `item:${item.id}:${event.type}:shopper`,
      kind,
      userId: order.userId,
      to: order.email,
      title,
      text: hello + text + footer,
      link: orderPath(order.id),
      action: "View your order",
    });
  // The owner's e-mails link to their Orders tab in the text part too (issue 46 item 4: 'was sold' had no link).
  const ownerOrders = "/vendor?tab=orders";
  const toOwner = (title: string, text: string) =>
    owner
      ? [
          noticeMessage(app.config, {
            key: `item:${item.id}:${event.type}:owner`,
            kind: "owner_item_update",
            userId: item.ownerId,
            to: owner.email,
            title,
            text: `Hello ${owner.fullName ?? "there"},\n\n${text}\n\nYour orders: ${siteLink(app.config, ownerOrders)}\n`,
            link: ownerOrders,
            action: "Your orders",
          }),
        ]
      : [];
  switch (event.type) {
    case "buy_now":
      return [
        shopper(
          "rental_bought",
          `${item.name} is yours`,
          `You bought ${item.name} for ${price}. It is yours to keep: nothing to send back.`,
        ),
        ...toOwner(
          `${item.name} was bought`,
          `The shopper who rented ${item.name} bought it for ${price}. Your share shows in your dashboard and is paid out with the weekly payout.`,
        ),
      ];
    case "convert":
      return [
        shopper(
          "rental_converted",
          `${item.name} is now yours`,
          `Your 7-day rental of ${item.name} ended without a return, so it became a purchase at its Buy Now price, ${price}.`,
        ),
        ...toOwner(
          `${item.name} was sold`,
          `The rental of ${item.name} ended without a return and became a purchase at ${price}. Your share shows in your dashboard and is paid out with the weekly payout.`,
        ),
      ];
    case "request_return": {
      const to = await returnDestination(app.db, item);
      // The post-by day in each reader's own zone, named when it is not the UK's (decision 0095).
      const postBy = returnPostBy(item.kind, now, item.rentalEndsAt);
      const by = (zone: string | null | undefined) => deadlineFor(postBy, zone);
      const closes =
        item.kind === "rental"
          ? "closes your rental"
          : `refunds ${formatGBP(item.price)} to your card when it arrives in good condition`;
      const why = event.reason ? ` (their reason: ${event.reason})` : "";
      const sendsBack = `The shopper ${item.kind === "rental" ? "who rented" : "who bought"} ${item.name} is sending it back${why}.`;
      // The store that handles a concierge item receives it and checks it (decision 0068): it is told too.
      const store = item.handler === "store" ? await handlerContacts(app, [item]) : [];
      return [
        shopper(
          "return_instructions",
          `Return instructions for ${item.name}`,
          `You asked to return ${item.name}.\n\n1. Pack ${item.name} as it came to you, with its tags and any dust bag or box.\n2. Write your order reference, ${showReference(order.reference)}, on a note inside and on the parcel.\n3. Post it by ${by(order.timeZone)} to:\n${to.lines.join("\n")}\n4. Add your parcel's tracking number on your order page, so ${to.name} can follow it.\n\n${to.name} checks it on arrival and ${closes}.`,
        ),
        ...toOwner(
          `${item.name} is coming back`,
          item.handler === "store"
            ? `${sendsBack} It goes to ${to.name}, who checks it on arrival before it goes back on sale.`
            : `${sendsBack} They post it by ${by(owner?.timeZone)} to your return address; its tracking shows on your Orders tab once they add it. When it arrives, check it and record its condition there.`,
        ),
        ...store.map((handler) =>
          noticeMessage(app.config, {
            key: `item:${item.id}:${event.type}:store`,
            kind: "handler_return_coming",
            userId: handler.userId,
            to: handler.email,
            title: `${item.name} is coming back to you`,
            text: `Hello ${handler.name ?? "there"},\n\n${sendsBack} They post it by ${by(handler.zone)} to your store, with the order reference ${showReference(order.reference)}; its tracking shows on your Orders tab once they add it. When it arrives, check it and record its condition there.\n`,
            link: handler.dashboard,
            action: "Your orders",
          }),
        ),
      ];
    }
    case "inspect": {
      const refund = purchaseRefundDue(item, event);
      const charge = event.charge ?? 0;
      const why = event.reason ? `\n\nWhat we found: ${event.reason}` : "";
      const told: Record<InspectionOutcome, string> =
        item.kind === "rental"
          ? {
              good: `We received ${item.name} in good condition. Your rental is closed: thank you!`,
              damaged: `We received ${item.name}, but it came back damaged, so a repair fee of ${formatGBP(charge)} is charged to your card.${why}`,
              not_returnable: `We received ${item.name}, but it cannot be rented or sold again, so it is charged as a purchase at its buying price, ${formatGBP(charge)}.${why}`,
            }
          : {
              good: `We received ${item.name} in good condition: ${formatGBP(refund)} is refunded to your card.`,
              damaged: `We received ${item.name}, but it came back damaged: a repair fee of ${formatGBP(charge)} is kept and ${formatGBP(refund)} is refunded to your card.${why}`,
              not_returnable: `We received ${item.name}, but it cannot be taken back, so no refund is due.${why}`,
            };
      const owner: Record<InspectionOutcome, [string, string]> = {
        good: [
          `${item.name} is back on sale`,
          `${item.name} came back in good condition and is on sale again.${item.kind === "purchase" ? " The sale is undone, so it no longer counts toward your payout." : ""}`,
        ],
        damaged: [
          `${item.name} came back damaged`,
          `${item.name} came back damaged (${event.reason ?? "see the order"}). A repair fee of ${formatGBP(charge)} ${item.kind === "rental" ? "is charged to the shopper" : "is kept from the refund"}; the item is off sale until our team reviews it.`,
        ],
        not_returnable: [
          `${item.name} could not be returned`,
          `${item.name} came back in a state that cannot be sold again (${event.reason ?? "see the order"}).${item.kind === "rental" ? ` The shopper is charged its buying price, ${formatGBP(charge)}; your share is paid with the weekly payout.` : ""}`,
        ],
      };
      return [
        shopper("return_inspected", `We received ${item.name}`, told[event.outcome]),
        ...toOwner(...owner[event.outcome]),
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
