// Shipping labels and tracking (issue 44 items 2, 3 and 7; docs/decisions/0082-shipping-labels-and-tracking.md):
// what a newcomer sees after `npm start`, as the demo shopper (shopper@closetloop.test) or
// VintageVera (vendor@closetloop.test), and on the local provider's page, /dev/shipping:
// - order_demo_labeltransit: a rental VintageVera posted yesterday with a label from the local
//   provider; its tracking reads 'In transit' then 'Out for delivery' on the shopper's order
//   page. 'Delivered' on /dev/shipping starts its 7 days, with no staff step.
// - order_demo_labeldelivered: a rental the carrier's signed 'delivered' event confirmed
//   yesterday: its window started then (history: 'system'), and the shopper's order page shows
//   the whole timeline and the prepaid return label.
// Both labels are £3.20 Royal Mail Tracked 48, paid from the order's £3.99 delivery fee, each with
// its prepaid return label. The items are VintageVera's last two on sale (the first ones are the
// product pages benchmarks and other tests open). Idempotent: fixed ids; an order already there is left alone.
import { splitSale } from "../../../app/domain/commission.ts";
import { commissionId, transactionId } from "../../../app/domain/finance-ids.ts";

const SHOPPER = "user_shopper";
const VENDOR = "user_vendor";
const ADDRESS = {
  fullName: "Sam Shopper",
  email: "shopper@closetloop.test",
  phone: "",
  addressLine1: "27 Canonbury Road",
  addressLine2: "",
  city: "London",
  county: "",
  postalCode: "N1 1AA",
  country: "United Kingdom",
};
const GROUP_FEE = 399;
const LABEL_COST = 320;
const HOUR = 3_600_000;

export async function seed({ db, now, DAY, batch }) {
  const ids = ["order_demo_labeltransit", "order_demo_labeldelivered"];
  const known = await db
    .prepare("SELECT id FROM orders WHERE id IN (?, ?)")
    .bind(...ids)
    .all();
  if (known.results.length > 0) return;
  const seller = await db.prepare("SELECT return_address FROM users WHERE id = ?").bind(VENDOR).first();
  const products = await db
    .prepare(
      "SELECT id, name, rental_price, buying_price FROM products WHERE owner_id = ? AND product_status = 'live' AND availability = 'available' AND store_id IS NULL AND rental_price IS NOT NULL AND id NOT IN (SELECT product_id FROM order_items) ORDER BY id DESC LIMIT 2",
    )
    .bind(VENDOR)
    .all();
  if (!seller?.return_address || products.results.length < 2) return;
  const from = seller.return_address;
  const to = JSON.stringify(ADDRESS);
  const statements = [];
  const s = (sql, ...binds) => statements.push(db.prepare(sql).bind(...binds));

  /** A rental of `p` posted at `shippedAt` with a label, its events [status, at], delivered at `deliveredAt` (or still on its way). */
  const rental = (orderId, p, placed, shippedAt, tracking, returnTracking, events, deliveredAt) => {
    const itemId = orderId.replace("order_", "item_");
    const tail = orderId.slice(-20);
    const intent = `pi_local_demo_${tail}`;
    const status = deliveredAt ? "active" : "shipped";
    s(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, payment_session_id, payment_intent_id, payment_customer_id, payment_method_id, paid_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'GBP', ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      orderId,
      SHOPPER,
      status,
      p.rental_price,
      GROUP_FEE,
      p.rental_price + GROUP_FEE,
      to,
      to,
      `cs_local_demo_${tail}`,
      intent,
      `cus_local_demo_${tail}`,
      `pm_local_demo_${tail}`,
      placed,
      placed,
      deliveredAt ?? shippedAt,
    );
    s(
      "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, delivered_at, rental_starts_at, rental_ends_at, carrier, tracking_number, shipped_at, shipped_by, created_at) VALUES (?, ?, ?, ?, 'rental', 1, ?, ?, ?, 'vendor', 'vendor', ?, ?, ?, ?, 'royal_mail', ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      itemId,
      orderId,
      p.id,
      p.name,
      p.rental_price,
      p.buying_price,
      VENDOR,
      status,
      deliveredAt ?? null,
      deliveredAt ?? null,
      deliveredAt ? deliveredAt + 7 * DAY : null,
      tracking,
      shippedAt,
      VENDOR,
      placed,
    );
    s("UPDATE products SET availability = 'rented' WHERE id = ?", p.id);
    const history = [
      [null, null, "pending", SHOPPER, "shopper", "Order placed", placed],
      [itemId, "pending", "shipped", VENDOR, "seller", `Posted with Royal Mail: ${tracking}`, shippedAt],
      ...(deliveredAt
        ? [
            [itemId, "shipped", "delivered", null, "system", null, deliveredAt],
            [itemId, "delivered", "active", null, "system", null, deliveredAt],
          ]
        : []),
    ];
    history.forEach(([item, fromStatus, toStatus, actor, role, note, at], i) =>
      s(
        "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        `hist_${orderId}_${i}`,
        orderId,
        item,
        fromStatus,
        toStatus,
        actor,
        role,
        note,
        at,
      ),
    );
    // The parcel's label and its prepaid return label, as 'Get a label' makes them.
    const label = (direction, number, fromAddress, toAddress) =>
      s(
        "INSERT INTO shipping_labels (id, order_id, handler_key, direction, status, provider, provider_ref, carrier, service, tracking_number, cost, from_address, to_address, item_ids, tracking_status, tracking_updated_at, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, 'ready', 'local', ?, 'royal_mail', 'Tracked 48', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        `lbl_${orderId}_${direction}`,
        orderId,
        `vendor:${VENDOR}`,
        direction,
        `shp_local_lbl_${orderId}_${direction}`,
        number,
        LABEL_COST,
        fromAddress,
        toAddress,
        JSON.stringify([itemId]),
        direction === "outbound" ? (events.at(-1)?.[0] ?? null) : null,
        direction === "outbound" ? (events.at(-1)?.[1] ?? null) : null,
        VENDOR,
        shippedAt,
        events.at(-1)?.[1] ?? shippedAt,
      );
    label("outbound", tracking, from, to);
    label("return", returnTracking, to, from);
    events.forEach(([eventStatus, at]) =>
      s(
        "INSERT INTO tracking_events (id, label_id, status, event_id, occurred_at, received_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        `trk_${orderId}_${eventStatus}`,
        `lbl_${orderId}_outbound`,
        eventStatus,
        `evt_local_demo_${tail}_${eventStatus}`,
        at,
        at,
      ),
    );
    // Money: checkout paid the fee and the delivery; a delivered rental earned its fee.
    const pay = (key, op, amount, at, transaction = null) =>
      s(
        "INSERT INTO payments (id, order_id, transaction_id, operation, amount, currency, idempotency_key, provider, status, provider_ref, created_at) VALUES (?, ?, ?, ?, ?, 'GBP', ?, 'local', 'succeeded', ?, ?) ON CONFLICT DO NOTHING",
        `pay_demo_${key.replace(/[^a-z0-9_]/gi, "_")}`,
        orderId,
        transaction,
        op,
        amount,
        key,
        intent,
        at,
      );
    pay(`authorize:${orderId}`, "authorize", p.rental_price + GROUP_FEE, placed);
    s(
      "INSERT INTO payment_events (id, type, provider, order_id, outcome, received_at) VALUES (?, 'checkout.session.completed', 'local', ?, 'confirmed', ?) ON CONFLICT DO NOTHING",
      `evt_local_demo_${tail}`,
      orderId,
      placed,
    );
    if (deliveredAt) {
      const split = splitSale(p.rental_price, false);
      const txn = transactionId(itemId, "rental_fee");
      s(
        "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, store_id, gross_amount, net_amount, status, created_at) VALUES (?, 'rental_fee', ?, ?, ?, ?, NULL, ?, ?, 'completed', ?) ON CONFLICT DO NOTHING",
        txn,
        p.id,
        orderId,
        itemId,
        VENDOR,
        split.gross,
        split.owner,
        deliveredAt,
      );
      s(
        "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'platform', NULL, 1000, ?, 'calculated', ?) ON CONFLICT DO NOTHING",
        commissionId(txn, "platform"),
        txn,
        split.platform,
        deliveredAt,
      );
      pay(`capture:${txn}`, "capture", p.rental_price, deliveredAt, txn);
      pay(`capture:delivery:${orderId}`, "capture", GROUP_FEE, deliveredAt);
    }
  };
  const [a, b] = products.results;
  rental(
    ids[0],
    a,
    now - 2 * DAY,
    now - DAY,
    "RM100200300GB",
    "RM100200301GB",
    [
      ["in_transit", now - 20 * HOUR],
      ["out_for_delivery", now - 2 * HOUR],
    ],
    null,
  );
  const delivered = now - DAY;
  rental(
    ids[1],
    b,
    now - 4 * DAY,
    now - 3 * DAY,
    "RM100200310GB",
    "RM100200311GB",
    [
      ["in_transit", now - 2.8 * DAY],
      ["out_for_delivery", delivered - 3 * HOUR],
      ["delivered", delivered],
    ],
    delivered,
  );
  await batch(statements);
}
