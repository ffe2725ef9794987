import type { AppContext } from "../context";
import type { PlacedOrder } from "../data/orders.server";
import { formatGBP } from "../domain/money";
import { enqueue } from "./notifications.server";

/**
 * After an order is placed: the confirmation e-mail and the order_placed event go through the
 * queue. Amounts in the event are integer pence and the currency is GBP (DECISIONS.md, Money).
 * A failure here is logged; the order stands.
 */
export async function announceOrder(app: AppContext, user: { email: string; fullName: string | null }, order: PlacedOrder, origin: string) {
  const items = order.lines.map((l) => `- ${l.name} (${l.type === "rental" ? "7-Day Rental" : "Buy Now"}) ${formatGBP(l.price)}`).join("\n");
  try {
    await enqueue(app.env, [
      {
        key: `order_placed:${order.orderId}:email`,
        type: "email",
        kind: "order_placed",
        to: user.email,
        subject: `Your Closetloop order ${order.orderId}`,
        text: `Hello ${user.fullName ?? "there"},\n\nThank you for your order ${order.orderId}.\n\n${items}\n\nTotal including delivery: ${formatGBP(order.total)}\n\nRentals last 7 days from delivery; you can buy an item you love at its Buy Now price before then.\n\nSee your orders: ${origin}/account?tab=orders`,
      },
      {
        key: `order_placed:${order.orderId}:event`,
        type: "marketing",
        action: "track_event",
        data: {
          email: user.email,
          eventName: "order_placed",
          eventProperties: {
            orderId: order.orderId,
            orderValue: order.total,
            currency: "GBP",
            products: order.lines.map((l) => ({ productId: String(l.productId), name: l.name, price: l.price, quantity: l.quantity })),
          },
        },
      },
    ]);
  } catch (error) {
    console.error(`checkout: could not enqueue notifications for ${order.orderId}`, error);
  }
}
