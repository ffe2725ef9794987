import { inArray } from "drizzle-orm";
import { users } from "../../db/schema";
import type { AppContext } from "../context";
import { loadOrder, type LifecycleOrder } from "../data/order-lifecycle.server";
import type { PlacedOrder } from "../data/orders.server";
import type { ShippingAddress } from "../domain/checkout";
import { formatGBP, penceToPounds } from "../domain/money";
import { chargedInPoundsLine } from "./currency-shell.server";
import { dispatchBy } from "../domain/shipping";
import { deadlineFor } from "../domain/dates";
import type { QueueMessage } from "../domain/queue-messages";
import { orderPageUrl, orderPath } from "./links.server";
import { noticeMessage } from "./notify.server";
import { enqueue } from "./notifications.server";
import { handlerContacts } from "./handlers.server";
import { addressLines } from "../domain/postal-address";
import { showReference } from "../domain/order-reference";

/** What a shopper ordered, one line an item, as the handler's and the owner's e-mails say it. */
const orderedLines = (items: readonly LifecycleOrder["items"][number][]) =>
  items.map((i) => `- ${i.name} (${i.kind === "rental" ? "rental, 7 days from delivery" : "purchase"})`).join("\n");

/**
 * Each handler (the seller, or the store for concierge items) is told what to send, where, and by
 * when (2 working days, issue 22), with a link to their Orders tab where they enter the tracking.
 */
async function ordersToSend(
  app: AppContext,
  order: PlacedOrder,
  placed: LifecycleOrder,
  shipping: ShippingAddress,
  now: number,
): Promise<QueueMessage[]> {
  const deadline = dispatchBy(now);
  return (await handlerContacts(app, placed.items)).map((handler) => {
    // In the handler's own zone, named when it is not the UK's (decision 0095).
    const by = deadlineFor(deadline, handler.zone);
    return noticeMessage(app.config, {
      key: `order_placed:${order.orderId}:${handler.key}`,
      kind: "order_to_send",
      userId: handler.userId,
      to: handler.email,
      title: `New order: please post it by ${by}`,
      subject: `New order ${showReference(order.reference)}: please post it by ${by}`,
      text: `Hello ${handler.name ?? "there"},\n\nA shopper ordered (order ${showReference(order.reference)}):\n${orderedLines(handler.items)}\n\nPlease post ${handler.items.length === 1 ? "it" : "them"} by ${by} to:\n${addressLines(shipping).join("\n")}\n\nThen enter the carrier and tracking number on your Orders tab, so the shopper can follow the parcel.\n`,
      link: handler.dashboard,
      action: "Your orders",
    });
  });
}

/**
 * The owner of an item a store handles (concierge) is told it was rented or bought: the store
 * posts it, and the owner's share follows the sale (the handler is told by ordersToSend).
 */
async function ownersOfConcierge(app: AppContext, order: PlacedOrder, placed: LifecycleOrder): Promise<QueueMessage[]> {
  const items = placed.items.filter((i) => i.handler === "store");
  if (items.length === 0) return [];
  const owners = await app.db
    .select({ id: users.id, email: users.email, name: users.fullName })
    .from(users)
    .where(inArray(users.id, [...new Set(items.map((i) => i.ownerId))]));
  return owners.map((owner) => {
    const theirs = items.filter((i) => i.ownerId === owner.id);
    return noticeMessage(app.config, {
      key: `order_placed:${order.orderId}:concierge:${owner.id}`,
      kind: "owner_item_update",
      userId: owner.id,
      to: owner.email,
      title:
        theirs.length === 1
          ? `${theirs[0]!.name} was ${theirs[0]!.kind === "rental" ? "rented" : "bought"}`
          : `${theirs.length} of your items were ordered`,
      text: `Hello ${owner.name ?? "there"},\n\nA shopper ordered:\n${orderedLines(theirs)}\n\nThe store that manages ${theirs.length === 1 ? "it" : "them"} posts ${theirs.length === 1 ? "it" : "them"}. Your share shows in your dashboard once the item is delivered, and is paid out with the weekly payout.\n`,
      link: "/vendor?tab=orders",
      action: "Your orders",
    });
  });
}

/**
 * After an order is placed: the confirmation e-mail and the order_placed event go through the
 * queue. Amounts in the event are integer pence and the currency is GBP (DECISIONS.md, Money).
 * A failure here is logged; the order stands.
 */
export async function announceOrder(
  app: AppContext,
  user: { id: string; email: string; fullName: string | null },
  order: PlacedOrder,
  shipping: ShippingAddress,
  now: number,
) {
  const items = order.lines
    .map((l) => `- ${l.name} (${l.type === "rental" ? "7-Day Rental" : "Buy Now"}) ${formatGBP(l.price)}`)
    .join("\n");
  const url = orderPageUrl(app.config, order.orderId);
  try {
    const [placed, charged] = await Promise.all([
      loadOrder(app.db, order.orderId),
      chargedInPoundsLine(app.db, user.id, order.total, now),
    ]);
    await enqueue(app.env, [
      ...(placed
        ? [...(await ordersToSend(app, order, placed, shipping, now)), ...(await ownersOfConcierge(app, order, placed))]
        : []),
      noticeMessage(app.config, {
        key: `order_placed:${order.orderId}:email`,
        kind: "order_placed",
        userId: user.id,
        to: user.email,
        title: "Thank you for your order",
        subject: `Your Closetloop order ${showReference(order.reference)}`,
        text: `Hello ${user.fullName ?? "there"},\n\nThank you for your order ${showReference(order.reference)}.\n\n${items}\n\nTotal including delivery: ${formatGBP(order.total)}\n${charged}\n\n${order.lines.some((l) => l.type === "rental") ? "Rentals last 7 days from delivery: your 7 days start when it is delivered, and you can buy an item you love at its Buy Now price before then.\n\n" : ""}Your order ${showReference(order.reference)}: ${url}`,
        link: orderPath(order.orderId),
        action: "View your order",
      }),
      {
        key: `order_placed:${order.orderId}:event`,
        type: "marketing",
        action: "track_event",
        data: {
          email: user.email,
          eventName: "order_placed",
          eventProperties: {
            orderId: order.orderId,
            orderReference: order.reference,
            // In pounds, as the spec's examples (issue 23, item 6); the money engine keeps pence.
            orderValue: penceToPounds(order.total),
            currency: "GBP",
            products: order.lines.map((l) => ({
              productId: String(l.productId),
              name: l.name,
              price: penceToPounds(l.price),
              quantity: l.quantity,
            })),
          },
        },
      },
    ]);
  } catch (error) {
    console.error(`checkout: could not enqueue notifications for ${order.orderId}`, error);
  }
}
