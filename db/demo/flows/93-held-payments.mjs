// A checkout payment that did not match its order
// (docs/decisions/0072-events-failures-and-start-selling.md): the provider's signed event reported
// 1p collected for the demo shopper's order of a few pounds, so the order was held, not confirmed
// (paid_at says when the money arrived): cancelled with its item back on sale, the 1p refunded at
// once, and staff alerted on the admin Orders tab ('Payments that did not match their order'). The
// shopper's order page shows it cancelled and refunded. Runs after 90-payments.mjs (which leaves
// alone an order whose history says it was never confirmed). Idempotent: fixed ids.
import { basketTotals } from "../../../app/domain/delivery.ts";

const SHOPPER = "user_shopper";
const ORDER = "order_demo_heldpayment";
const SESSION = "cs_local_de0a000000000000000000000000a0a3";
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

export async function seed({ db, now, batch }) {
  if (await db.prepare("SELECT 1 FROM orders WHERE id = ?").bind(ORDER).first()) return;
  const product = await db
    .prepare(
      "SELECT id, name, owner_id, buying_price FROM products WHERE product_status = 'live' AND availability = 'available' AND store_id IS NULL AND id NOT IN (SELECT product_id FROM order_items) ORDER BY id LIMIT 1",
    )
    .first();
  if (!product) return;
  const totals = basketTotals([
    { price: product.buying_price, quantity: 1, sellerId: product.owner_id, handler: "vendor" },
  ]);
  const placedAt = Math.round(now - 2 * 24 * 60 * 60_000);
  const paidAt = placedAt + 3 * 60_000;
  // As app/domain/payment-check.ts words it (that module is not loadable from the seed's Node).
  const issue = `Paid £0.01 for an order total of £${(totals.total / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const intent = "pi_local_demo_heldpayment";
  await batch([
    db
      .prepare(
        "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, payment_session_id, payment_session_url, payment_expires_at, payment_intent_id, payment_customer_id, payment_issue, payment_issue_at, paid_at, created_at, updated_at) VALUES (?, ?, 'cancelled', ?, ?, ?, 'GBP', ?, ?, ?, ?, ?, ?, 'cus_local_demo_heldpayment', ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(
        ORDER,
        SHOPPER,
        totals.subtotal,
        totals.delivery,
        totals.total,
        ADDRESS,
        ADDRESS,
        SESSION,
        `/dev/payments/checkout/${SESSION}`,
        placedAt + 31 * 60_000,
        intent,
        issue,
        paidAt,
        paidAt,
        placedAt,
        paidAt,
      ),
    db
      .prepare(
        "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, cancelled_at, created_at) VALUES ('item_demo_heldpayment', ?, ?, ?, 'purchase', 1, ?, ?, ?, 'vendor', 'vendor', 'cancelled', ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(
        ORDER,
        product.id,
        product.name,
        product.buying_price,
        product.buying_price,
        product.owner_id,
        paidAt,
        placedAt,
      ),
    db
      .prepare(
        "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES ('hist_demo_heldpayment_0', ?, NULL, NULL, 'awaiting_payment', ?, 'shopper', 'Order placed, awaiting payment', ?) ON CONFLICT DO NOTHING",
      )
      .bind(ORDER, SHOPPER, placedAt),
    db
      .prepare(
        "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES ('hist_demo_heldpayment_1', ?, NULL, 'awaiting_payment', 'cancelled', NULL, 'system', ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(ORDER, `Payment did not match the order: ${issue}. Held, not confirmed; the payment is refunded`, paidAt),
    db
      .prepare(
        "INSERT INTO payments (id, order_id, transaction_id, operation, amount, currency, idempotency_key, provider, status, provider_ref, created_at) VALUES ('pay_demo_heldpayment_auth', ?, NULL, 'authorize', 1, 'GBP', ?, 'local', 'succeeded', ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(ORDER, `authorize:${ORDER}`, intent, paidAt),
    db
      .prepare(
        "INSERT INTO payments (id, order_id, transaction_id, operation, amount, currency, idempotency_key, provider, status, provider_ref, created_at) VALUES ('pay_demo_heldpayment_refund', ?, NULL, 'refund', 1, 'GBP', ?, 'local', 'succeeded', ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(ORDER, `refund:${ORDER}`, intent, paidAt),
    db
      .prepare(
        "INSERT INTO payment_events (id, type, provider, order_id, outcome, received_at) VALUES ('evt_local_demo_heldpayment', 'checkout.session.completed', 'local', ?, ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(ORDER, `held: ${issue}; refunded`, paidAt),
  ]);
}
