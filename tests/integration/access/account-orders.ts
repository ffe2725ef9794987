import { env } from "cloudflare:workers";
import { expect } from "vitest";
import {
  area,
  createProduct,
  createUser,
  isSignedIn,
  ownerOrStaff,
  tag,
  type ActionRule,
  type AreaRules,
  type Who,
} from "./kit";

// seller-store-admin.md §6: an order page is its shopper's, or staff's who handle orders
// (superadmin, admin, customer support); anyone else reads it as missing. Only the order's own
// shopper buys, returns or reviews. (The rest of /account: ./account.ts.)

const ORDER_STAFF: Who[] = ["superadmin", "admin", "customerSupport"];
const orderItemName = `Matrix Rental ${tag}`;
/** The world's order, owned by the world's "shopper": an active rental in its window and a delivered purchase. */
const order = {
  id: `order_am_${tag}`,
  rentalItemId: `item_am_rental_${tag}`,
  purchaseItemId: `item_am_purchase_${tag}`,
};

async function makeOrder(shopperId: string) {
  const owner = await createUser();
  const rental = await createProduct(owner.id, { name: orderItemName });
  const purchase = await createProduct(owner.id, { name: `Matrix Purchase ${tag}` });
  const now = Date.now();
  const address = JSON.stringify({
    fullName: "Matrix Shopper",
    addressLine1: "1 Matrix Row",
    city: "London",
    postalCode: "N1 1AA",
    country: "United Kingdom",
  });
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, 'active', 13500, 399, 13899, ?, ?, ?, ?)",
    ).bind(order.id, shopperId, address, address, now, now),
    env.DB.prepare(
      "INSERT INTO order_items (id, order_id, product_id, name, type, price, buying_price, status, delivered_at, rental_starts_at, rental_ends_at, created_at) VALUES (?, ?, ?, ?, 'rental', 1500, 12000, 'active', ?, ?, ?, ?)",
    ).bind(order.rentalItemId, order.id, rental.id, orderItemName, now, now, now + 7 * 86_400_000, now),
    env.DB.prepare(
      "INSERT INTO order_items (id, order_id, product_id, name, type, price, buying_price, status, delivered_at, completed_at, created_at) VALUES (?, ?, ?, 'Matrix Purchase', 'purchase', 12000, 12000, 'completed', ?, ?, ?)",
    ).bind(order.purchaseItemId, order.id, purchase.id, now, now, now),
    env.DB.prepare("UPDATE products SET availability = 'rented' WHERE id = ?").bind(rental.id),
    env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(purchase.id),
  ]);
}

/** Someone else's order: every signed-in user gets 'Order not found', and nothing changes. */
const notTheirs = (form: () => Record<string, string>): ActionRule => ({
  allowed: () => false,
  form: async () => form(),
  check: async () => {},
  refused: async (_ctx, response) => {
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Order not found");
  },
});

export const rules: AreaRules = {
  pages: {
    "routes/account/order.tsx": area(
      () => true,
      ownerOrStaff("shopper", orderItemName, ORDER_STAFF, "Order not found"),
    ),
    // Update your card (decision 0055): the order's own shopper only; staff and anyone else read it as missing.
    "routes/account/order-card.tsx": area(
      () => true,
      ownerOrStaff("shopper", "Update your card", [], "Order not found"),
    ),
  },
  records: async (world) => {
    await makeOrder((await world.member("shopper")).id);
    return {
      "/account/orders/:orderId": `/account/orders/${order.id}`,
      "/account/orders/:orderId/card": `/account/orders/${order.id}/card`,
    };
  },
  actions: {
    // Someone else's order: no hosted setup page is opened for it.
    "routes/account/order-card.tsx": {
      "": notTheirs(() => ({})),
    },
    "routes/account/order.tsx": {
      buy_now: notTheirs(() => ({ intent: "buy_now", itemId: order.rentalItemId })),
      request_return: notTheirs(() => ({ intent: "request_return", itemId: order.rentalItemId })),
      review: notTheirs(() => ({
        intent: "review",
        itemId: order.purchaseItemId,
        rating: "5",
        comment: "Not my order",
      })),
      cancel_order: notTheirs(() => ({ intent: "cancel_order" })),
      cancel_item: notTheirs(() => ({ intent: "cancel_item", itemId: order.purchaseItemId })),
      confirm_delivery: notTheirs(() => ({ intent: "confirm_delivery", itemId: order.rentalItemId })),
      return_tracking: notTheirs(() => ({
        intent: "return_tracking",
        itemId: order.rentalItemId,
        carrier: "dpd",
        trackingNumber: "15501234567890",
      })),
      // Staff who handle orders may overturn a charge (this order has none: 409); nobody else sees the order.
      overturn: {
        allowed: () => false,
        form: async () => ({ intent: "overturn", itemId: order.rentalItemId }),
        check: async () => {},
        refused: async (ctx, response) => {
          if (isSignedIn(ctx.who) && ORDER_STAFF.includes(ctx.who)) {
            expect(response.status).toBe(409);
            expect(await response.text()).toContain("There is no charge to overturn");
          } else {
            expect(response.status).toBe(404);
            expect(await response.text()).toContain("Order not found");
          }
        },
      },
    },
  },
};
