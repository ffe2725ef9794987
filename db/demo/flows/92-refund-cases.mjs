// Money that always adds up (issue 42; docs/decisions/0074-refunds-never-exceed-capture.md), two
// cases a newcomer can open as the demo shopper (shopper@closetloop.test) or staff
// (admin@closetloop.test) right after `npm start`:
// - order_demo_feecancelled: a rental that came back damaged; its £10 repair fee could not be
//   taken (the card declined it) and staff overturned it, so it is cancelled: nothing refunded,
//   nothing retried, no 'Update your card', the owner's payout untouched. The order page lists
//   'Repair fee: … Cancelled £10.00' and 'Total paid' counts only the rental and its delivery.
// - order_demo_groupcancelled: two sellers' items in one order; the shopper cancelled RetroRob's
//   item before it was posted, so its price and that group's £3.99 delivery came back
//   ('Refund: delivery of … cancelled'), while VintageVera's item is still to be posted.
// Runs after 90-payments.mjs, so it writes its orders' payment calls itself, with the keys the app
// uses. Idempotent: an order already there is left alone.
import { splitSale } from "../../../app/domain/commission.ts";
import { commissionId, transactionId } from "../../../app/domain/finance-ids.ts";

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
const GROUP_FEE = 399;
const FEE = 1000;

export async function seed({ db, now, DAY, pad, batch }) {
  const ids = ["order_demo_feecancelled", "order_demo_groupcancelled"];
  const known = await db
    .prepare("SELECT id FROM orders WHERE id IN (?, ?)")
    .bind(...ids)
    .all();
  const existing = new Set(known.results.map((r) => r.id));
  const product = (n) =>
    db
      .prepare("SELECT id, name, owner_id, rental_price, buying_price FROM products WHERE id = ? AND store_id IS NULL")
      .bind(pad(n))
      .first();
  const statements = [];
  const s = (sql, ...binds) => statements.push(db.prepare(sql).bind(...binds));
  const order = (id, status, subtotal, fee, at) => {
    const tail = id.slice(-20);
    s(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, payment_session_id, payment_intent_id, payment_customer_id, payment_method_id, paid_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'GBP', ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      id,
      SHOPPER,
      status,
      subtotal,
      fee,
      subtotal + fee,
      ADDRESS,
      ADDRESS,
      `cs_local_demo_${tail}`,
      `pi_local_demo_${tail}`,
      `cus_local_demo_${tail}`,
      `pm_local_demo_${tail}`,
      at,
      at,
      at,
    );
  };
  const payment = (orderId, transaction, operation, amount, key, status, at, ref, error = null) =>
    s(
      "INSERT INTO payments (id, order_id, transaction_id, operation, amount, currency, idempotency_key, provider, status, provider_ref, error, created_at) VALUES (?, ?, ?, ?, ?, 'GBP', ?, 'local', ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      `pay_demo_${key.replace(/[^a-z0-9_]/gi, "_")}_${status}`,
      orderId,
      transaction,
      operation,
      amount,
      key,
      status,
      ref,
      error,
      at,
    );
  const history = (id, orderId, itemId, from, to, actor, role, note, at) =>
    s(
      "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      id,
      orderId,
      itemId,
      from,
      to,
      actor,
      role,
      note,
      at,
    );
  const sale = (itemId, orderId, productRow, type, gross, status, at) => {
    const split = splitSale(gross, false);
    const txn = transactionId(itemId, type);
    s(
      "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, store_id, gross_amount, net_amount, status, created_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      txn,
      type,
      productRow.id,
      orderId,
      itemId,
      productRow.owner_id,
      split.gross,
      split.owner,
      status,
      at,
    );
    s(
      "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'platform', NULL, 1000, ?, 'calculated', ?) ON CONFLICT DO NOTHING",
      commissionId(txn, "platform"),
      txn,
      split.platform,
      at,
    );
    return txn;
  };

  // A repair fee never collected, then overturned: cancelled.
  const gown = !existing.has(ids[0]) ? await product(50) : null;
  if (gown?.rental_price) {
    const orderId = ids[0];
    const itemId = "item_demo_feecancelled";
    const placed = Math.round(now - 12 * DAY);
    const delivered = placed + 2 * DAY;
    const asked = delivered + 5 * DAY;
    const inspected = asked + 2 * DAY;
    const overturned = inspected + DAY;
    const intent = `pi_local_demo_${orderId.slice(-20)}`;
    order(orderId, "completed", gown.rental_price, GROUP_FEE, placed);
    s(
      "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, delivered_at, rental_starts_at, rental_ends_at, return_requested_at, returned_at, rental_outcome, inspection, inspected_by, damage_charge, inspection_reason, charge_overturned_at, charge_overturned_by, created_at) VALUES (?, ?, ?, ?, 'rental', 1, ?, ?, ?, 'vendor', 'vendor', 'returned', ?, ?, ?, ?, ?, 'returned', 'damaged', ?, ?, ?, ?, 'user_admin', ?) ON CONFLICT DO NOTHING",
      itemId,
      orderId,
      gown.id,
      gown.name,
      gown.rental_price,
      gown.buying_price,
      gown.owner_id,
      delivered,
      delivered,
      delivered + 7 * DAY,
      asked,
      inspected,
      gown.owner_id,
      FEE,
      "A seam came open at the hem",
      overturned,
      placed,
    );
    s("UPDATE products SET availability = 'available' WHERE id = ?", gown.id);
    history(`hist_demo_feecancelled_0`, orderId, null, null, "pending", SHOPPER, "shopper", "Order placed", placed);
    history(`hist_demo_feecancelled_1`, orderId, itemId, "shipped", "active", "user_support", "staff", null, delivered);
    history(`hist_demo_feecancelled_2`, orderId, itemId, "active", "return_requested", SHOPPER, "shopper", null, asked);
    history(
      `hist_demo_feecancelled_3`,
      orderId,
      itemId,
      "return_requested",
      "returned",
      gown.owner_id,
      "seller",
      "Inspected: damaged (A seam came open at the hem)",
      inspected,
    );
    history(
      `hist_demo_feecancelled_4`,
      orderId,
      itemId,
      "returned",
      "returned",
      "user_admin",
      "staff",
      "Charge overturned: cancelled, it was never collected",
      overturned,
    );
    const fee = sale(itemId, orderId, gown, "rental_fee", gown.rental_price, "completed", delivered);
    const charge = sale(itemId, orderId, gown, "damage_charge", FEE, "cancelled", inspected);
    payment(
      orderId,
      null,
      "authorize",
      gown.rental_price + GROUP_FEE,
      `authorize:${orderId}`,
      "succeeded",
      placed,
      intent,
    );
    payment(orderId, fee, "capture", gown.rental_price, `capture:${fee}`, "succeeded", delivered, intent);
    payment(orderId, null, "capture", GROUP_FEE, `capture:delivery:${orderId}`, "succeeded", delivered, intent);
    payment(orderId, charge, "capture", FEE, `capture:${charge}`, "failed", inspected, null, "Your card was declined.");
  }

  // Two sellers' items; RetroRob's group cancelled whole, with its delivery.
  const [kept, dropped] = !existing.has(ids[1]) ? [await product(48), await product(51)] : [null, null];
  if (kept?.buying_price && dropped?.rental_price) {
    const orderId = ids[1];
    const placed = Math.round(now - DAY / 2);
    const cancelled = placed + DAY / 8;
    const intent = `pi_local_demo_${orderId.slice(-20)}`;
    const keptId = "item_demo_groupkept";
    const droppedId = "item_demo_groupcancelled";
    order(orderId, "pending", kept.buying_price + dropped.rental_price, 2 * GROUP_FEE, placed);
    const item = (id, p, type, price, status) =>
      s(
        "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, cancelled_at, cancelled_by, created_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, 'vendor', 'vendor', ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        id,
        orderId,
        p.id,
        p.name,
        type,
        price,
        p.buying_price,
        p.owner_id,
        status,
        status === "cancelled" ? cancelled : null,
        status === "cancelled" ? SHOPPER : null,
        placed,
      );
    item(keptId, kept, "purchase", kept.buying_price, "pending");
    item(droppedId, dropped, "rental", dropped.rental_price, "cancelled");
    s("UPDATE products SET availability = 'sold' WHERE id = ?", kept.id);
    history(`hist_demo_groupcancelled_0`, orderId, null, null, "pending", SHOPPER, "shopper", "Order placed", placed);
    history(
      `hist_demo_groupcancelled_1`,
      orderId,
      droppedId,
      "pending",
      "cancelled",
      SHOPPER,
      "shopper",
      null,
      cancelled,
    );
    payment(
      orderId,
      null,
      "authorize",
      kept.buying_price + dropped.rental_price + 2 * GROUP_FEE,
      `authorize:${orderId}`,
      "succeeded",
      placed,
      intent,
    );
    payment(
      orderId,
      null,
      "refund",
      dropped.rental_price,
      `refund:cancel:${droppedId}`,
      "succeeded",
      cancelled,
      `re_local_demo_${droppedId.slice(-20)}`,
    );
    payment(
      orderId,
      null,
      "refund",
      GROUP_FEE,
      `refund:delivery:${droppedId}`,
      "succeeded",
      cancelled,
      `re_local_demo_delivery_${droppedId.slice(-12)}`,
    );
  }
  if (statements.length) await batch(statements);
}
