// Paying after checkout (docs/decisions/0055-stripe-payments.md, 0064): an order is placed
// 'awaiting payment' with its items reserved, and the shopper pays on the provider's hosted page
// within the reservation. The demo shopper has one of each outcome the other flows do not show:
// - an order awaiting payment now, its item reserved ('Reserved' with Notify me on its page for
//   everyone else, 'Reserved for you' for the shopper: decision 0068), with the local provider's hosted page open for the rest of its reservation;
//   'Go to the payment page' on the order pays it, and `npm run jobs reservations` after its end
//   releases it;
// - an order whose reservation ended unpaid three days ago: 'Not paid', counting nothing, its item
//   back on sale.
// 90-payments.mjs leaves both unpaid. Idempotent: fixed ids; the open reservation is staged once.
import { reservationEnds } from "../../../app/domain/payment-timing.ts";
import { basketTotals } from "../../../app/domain/delivery.ts";
import { localSessionKey } from "../../../app/services/payments-local.server.ts";

const SHOPPER = "user_shopper";
const ADDRESS = JSON.stringify({
  fullName: "Sam Shopper",
  email: "shopper@closetloop.test",
  phone: "",
  addressLine1: "27 Canonbury Road",
  addressLine2: "",
  city: "London",
  county: "",
  postalCode: "N1 1AA",
  country: "United Kingdom",
});
const OPEN_SESSION = "cs_local_de0a000000000000000000000000a0a1";
const LAPSED_SESSION = "cs_local_de0a000000000000000000000000a0a2";

// [order suffix, product number, option, placed minutes ago, session id]
const ORDERS = [
  ["awaiting", 45, "rental", 1, OPEN_SESSION],
  ["notpaid", 49, "purchase", 3 * 24 * 60, LAPSED_SESSION],
];

export async function seed({ db, env, now, pad, batch }) {
  const statements = [];
  for (const [suffix, n, option, minutesAgo, sessionId] of ORDERS) {
    const orderId = `order_demo_${suffix}`;
    if (await db.prepare("SELECT 1 FROM orders WHERE id = ?").bind(orderId).first()) continue;
    const product = await db
      .prepare(
        "SELECT id, name, owner_id, rental_price, buying_price FROM products WHERE id = ? AND product_status = 'live' AND availability = 'available' AND store_id IS NULL",
      )
      .bind(pad(n))
      .first();
    if (!product) continue;
    const price = option === "rental" ? product.rental_price : product.buying_price;
    const totals = basketTotals([{ price, quantity: 1, sellerId: product.owner_id, handler: "vendor" }]);
    const placedAt = Math.round(now - minutesAgo * 60_000);
    const expiresAt = reservationEnds(placedAt);
    const open = expiresAt > now;
    const url = `/dev/payments/checkout/${sessionId}`;
    statements.push(
      db
        .prepare(
          "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, payment_session_id, payment_session_url, payment_expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'GBP', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          orderId,
          SHOPPER,
          open ? "awaiting_payment" : "cancelled",
          totals.subtotal,
          totals.delivery,
          totals.total,
          ADDRESS,
          ADDRESS,
          sessionId,
          url,
          expiresAt,
          placedAt,
          open ? placedAt : expiresAt,
        ),
      db
        .prepare(
          "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, cancelled_at, created_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, 'vendor', 'vendor', ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          `item_demo_${suffix}`,
          orderId,
          product.id,
          product.name,
          option,
          price,
          product.buying_price,
          product.owner_id,
          open ? "pending" : "cancelled",
          open ? null : expiresAt,
          placedAt,
        ),
      db
        .prepare(
          "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES (?, ?, NULL, NULL, 'awaiting_payment', ?, 'shopper', 'Order placed, awaiting payment', ?) ON CONFLICT DO NOTHING",
        )
        .bind(`hist_demo_${suffix}_0`, orderId, SHOPPER, placedAt),
    );
    if (open) {
      // Reserved for the shopper; the local provider's hosted page, as createSession keeps it.
      statements.push(
        db
          .prepare("UPDATE products SET availability = ? WHERE id = ?")
          .bind(option === "rental" ? "rented" : "sold", product.id),
      );
      const lines = [
        { name: `${product.name} (${option === "rental" ? "7-day rental" : "Buy Now"})`, amount: price },
        ...(totals.delivery ? [{ name: "Delivery", amount: totals.delivery }] : []),
      ];
      const session = {
        id: sessionId,
        mode: "payment",
        orderId,
        amount: totals.total,
        lines,
        customerEmail: "shopper@closetloop.test",
        successUrl: `/account/orders/${orderId}?placed=1`,
        cancelUrl: `/account/orders/${orderId}`,
        expiresAt,
        idempotencyKey: `checkout:${orderId}`,
        status: "open",
      };
      await env.CACHE.put(localSessionKey(sessionId), JSON.stringify(session), {
        expirationTtl: Math.ceil((expiresAt - now) / 1000) + 3600,
      });
    } else {
      statements.push(
        db
          .prepare(
            "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES (?, ?, NULL, 'awaiting_payment', 'cancelled', NULL, 'system', 'Payment not completed in time: reservation ended', ?) ON CONFLICT DO NOTHING",
          )
          .bind(`hist_demo_${suffix}_1`, orderId, expiresAt),
      );
    }
  }
  if (statements.length) await batch(statements);
}
