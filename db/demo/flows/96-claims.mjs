// Buyer protection (issue 43 items 1–3 and 6; docs/decisions/0078-buyer-protection-and-claims.md):
// what a newcomer sees after `npm start`, as the demo shopper (shopper@closetloop.test), the item's
// seller, or staff (admin@closetloop.test, support@closetloop.test: the admin Claims tab):
// - order_demo_claimopen: a purchase delivered yesterday, reported damaged; the seller has
//   2 days left to answer (accept, offer part, or dispute) on the claim's page.
// - order_demo_claimstaff: reported not as described; the seller disputed it with their own
//   words, so it waits for staff on the Claims tab. Its sale is held from payouts until decided.
// - order_demo_claimpartial: the wrong item came; the seller offered £15 back and the shopper
//   accepted: refunded under the claim's key and recorded as the item's claim refund.
// - order_demo_claimwindow: delivered yesterday, no problem reported; last week's run held its
//   sale (the Financial tab's 'Held for a later payout', with why). 'Everything is OK' on the
//   order page ends the window, and the next weekly run pays it.
// - order_demo_claimreturn (decision 0093): reported damaged, the seller accepted it (a full
//   refund), and the item goes back on a prepaid return label of the claim's own, 'In transit' on
//   the order page; 'Delivered' for it on /dev/shipping marks it received back and tells the seller.
// Idempotent: fixed ids; an order already there is left alone.
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
const HOUR = 3_600_000;

export async function seed({ db, now, DAY, batch }) {
  const ids = [
    "order_demo_claimopen",
    "order_demo_claimstaff",
    "order_demo_claimpartial",
    "order_demo_claimwindow",
    "order_demo_claimreturn",
  ];
  const known = await db
    .prepare(`SELECT id FROM orders WHERE id IN (${ids.map(() => "?").join(", ")})`)
    .bind(...ids)
    .all();
  if (known.results.length > 0) return;
  const products = await db
    .prepare(
      "SELECT id, name, owner_id, buying_price FROM products WHERE product_status = 'live' AND availability = 'available' AND store_id IS NULL AND buying_price IS NOT NULL AND id NOT IN (SELECT product_id FROM order_items) ORDER BY id LIMIT 5 OFFSET 3",
    )
    .all();
  if (products.results.length < 4) return;
  const statements = [];
  const s = (sql, ...binds) => statements.push(db.prepare(sql).bind(...binds));

  /** A purchase delivered at `delivered`, paid at checkout, its sale recorded and collected. */
  const delivered = (orderId, p, placed, deliveredAt) => {
    const itemId = orderId.replace("order_", "item_");
    const tail = orderId.slice(-20);
    const intent = `pi_local_demo_${tail}`;
    s(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, payment_session_id, payment_intent_id, payment_customer_id, payment_method_id, paid_at, created_at, updated_at) VALUES (?, ?, 'completed', ?, ?, ?, 'GBP', ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      orderId,
      SHOPPER,
      p.buying_price,
      GROUP_FEE,
      p.buying_price + GROUP_FEE,
      ADDRESS,
      ADDRESS,
      `cs_local_demo_${tail}`,
      intent,
      `cus_local_demo_${tail}`,
      `pm_local_demo_${tail}`,
      placed,
      placed,
      deliveredAt,
    );
    s(
      "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, delivered_at, completed_at, created_at) VALUES (?, ?, ?, ?, 'purchase', 1, ?, ?, ?, 'vendor', 'vendor', 'completed', ?, ?, ?) ON CONFLICT DO NOTHING",
      itemId,
      orderId,
      p.id,
      p.name,
      p.buying_price,
      p.buying_price,
      p.owner_id,
      deliveredAt,
      deliveredAt,
      placed,
    );
    s("UPDATE products SET availability = 'sold' WHERE id = ?", p.id);
    s(
      "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES (?, ?, NULL, NULL, 'pending', ?, 'shopper', 'Order placed', ?) ON CONFLICT DO NOTHING",
      `hist_${orderId}_0`,
      orderId,
      SHOPPER,
      placed,
    );
    s(
      "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES (?, ?, ?, 'shipped', 'completed', NULL, 'system', NULL, ?) ON CONFLICT DO NOTHING",
      `hist_${orderId}_1`,
      orderId,
      itemId,
      deliveredAt,
    );
    const split = splitSale(p.buying_price, false);
    const txn = transactionId(itemId, "sale");
    s(
      "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, store_id, gross_amount, net_amount, status, created_at) VALUES (?, 'sale', ?, ?, ?, ?, NULL, ?, ?, 'completed', ?) ON CONFLICT DO NOTHING",
      txn,
      p.id,
      orderId,
      itemId,
      p.owner_id,
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
    pay(`authorize:${orderId}`, "authorize", p.buying_price + GROUP_FEE, placed);
    pay(`capture:${txn}`, "capture", p.buying_price, deliveredAt, txn);
    pay(`capture:delivery:${orderId}`, "capture", GROUP_FEE, deliveredAt);
    return { itemId, txn, split, pay, p };
  };
  const claim = (id, orderId, itemId, fields) =>
    s(
      "INSERT INTO claims (id, order_id, order_item_id, shopper_id, kind, reason, description, status, due_at, handler_text, answered_by, offer_amount, escalated_because, outcome, refund_amount, decision_reason, decided_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'problem', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      id,
      orderId,
      itemId,
      SHOPPER,
      fields.reason,
      fields.description,
      fields.status,
      fields.dueAt ?? null,
      fields.handlerText ?? null,
      fields.answeredBy ?? null,
      fields.offer ?? null,
      fields.escalated ?? null,
      fields.outcome ?? null,
      fields.refund ?? null,
      fields.decisionReason ?? null,
      fields.decidedAt ?? null,
      fields.at,
      fields.at,
    );
  const [a, b, c, d, e] = products.results;

  // An open claim awaiting the seller.
  const open = delivered(ids[0], a, now - 4 * DAY, now - DAY);
  claim("claim_demo_open", ids[0], open.itemId, {
    reason: "damaged",
    description: "There is a hole near the collar that the listing did not show.",
    status: "awaiting_handler",
    dueAt: now + 2 * DAY,
    at: now - DAY + 2 * HOUR,
  });

  // Disputed by the seller: waiting for staff.
  const staff = delivered(ids[1], b, now - 8 * DAY, now - 4 * DAY);
  claim("claim_demo_staff", ids[1], staff.itemId, {
    reason: "not_as_described",
    description: "The listing said wool, but the label says 80% acrylic.",
    status: "with_staff",
    handlerText: "The listing says a wool blend, and the photos show the label.",
    answeredBy: b.owner_id,
    escalated: "disputed",
    at: now - 3 * DAY,
  });

  // Resolved with a partial refund the shopper accepted.
  const partial = delivered(ids[2], c, now - 14 * DAY, now - 10 * DAY);
  const refund = Math.min(1500, c.buying_price - 100);
  const refundTxn = transactionId(partial.itemId, "claim_refund");
  const back = splitSale(refund, false);
  const resolvedAt = now - 7 * DAY;
  claim("claim_demo_partial", ids[2], partial.itemId, {
    reason: "wrong_item",
    description: "This is the navy one; I bought the black one.",
    status: "resolved",
    offer: refund,
    answeredBy: c.owner_id,
    outcome: "partial_refund",
    refund,
    decisionReason: "The shopper accepted the seller's offer",
    decidedAt: resolvedAt,
    at: now - 9 * DAY,
  });
  s(
    "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, store_id, gross_amount, net_amount, status, created_at) VALUES (?, 'claim_refund', ?, ?, ?, ?, NULL, ?, ?, 'completed', ?) ON CONFLICT DO NOTHING",
    refundTxn,
    c.id,
    ids[2],
    partial.itemId,
    c.owner_id,
    -back.gross,
    -back.owner,
    resolvedAt,
  );
  s(
    "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'platform', NULL, 1000, ?, 'calculated', ?) ON CONFLICT DO NOTHING",
    commissionId(refundTxn, "platform"),
    refundTxn,
    -back.platform,
    resolvedAt,
  );
  partial.pay(`refund:claim:${partial.itemId}`, "refund", refund, resolvedAt, refundTxn);

  // Held by its claim window at last week's run.
  const held = delivered(ids[3], d, now - 3 * DAY, now - DAY);
  const weekStart = (ms) => {
    const day = Math.floor(ms / DAY);
    return (day - ((day + 3) % 7)) * DAY;
  };
  const periodStart = weekStart(now) - 7 * DAY;
  const windowEnds = new Date(now + DAY).toISOString().slice(0, 16).replace("T", " ");
  s(
    "INSERT INTO payout_holds (recipient_type, recipient_id, period_start, order_item_id, item_name, amount, reason, created_at) VALUES ('owner', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
    d.owner_id,
    periodStart,
    held.itemId,
    d.name,
    held.split.owner,
    `Its claim window is open until ${windowEnds} UTC.`,
    now - HOUR,
  );

  // Accepted by the seller: refunded in full, the item on its way back on the claim's own label.
  if (e) {
    const returned = delivered(ids[4], e, now - 7 * DAY, now - 4 * DAY);
    const acceptedAt = now - 3 * DAY;
    const fullTxn = transactionId(returned.itemId, "claim_refund");
    claim("claim_demo_return", ids[4], returned.itemId, {
      reason: "damaged",
      description: "The zip is broken and one seam is open.",
      status: "resolved",
      answeredBy: e.owner_id,
      outcome: "full_refund",
      refund: e.buying_price,
      decisionReason: "Accepted by the seller",
      decidedAt: acceptedAt,
      at: now - 4 * DAY + HOUR,
    });
    s(
      "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, store_id, gross_amount, net_amount, status, created_at) VALUES (?, 'claim_refund', ?, ?, ?, ?, NULL, ?, ?, 'completed', ?) ON CONFLICT DO NOTHING",
      fullTxn,
      e.id,
      ids[4],
      returned.itemId,
      e.owner_id,
      -returned.split.gross,
      -returned.split.owner,
      acceptedAt,
    );
    s(
      "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'platform', NULL, 1000, ?, 'calculated', ?) ON CONFLICT DO NOTHING",
      commissionId(fullTxn, "platform"),
      fullTxn,
      -returned.split.platform,
      acceptedAt,
    );
    returned.pay(`refund:claim:${returned.itemId}`, "refund", e.buying_price, acceptedAt, fullTxn);
    const owner = await db.prepare("SELECT return_address FROM users WHERE id = ?").bind(e.owner_id).first();
    const to =
      owner?.return_address ??
      JSON.stringify({
        fullName: "Closetloop Returns",
        addressLine1: "Unit 4, Canal Side Studios",
        addressLine2: "88 Orsman Road",
        city: "London",
        postalCode: "N1 5QJ",
        country: "GB",
      });
    const label = "lbl_order_demo_claimreturn";
    s(
      "INSERT INTO shipping_labels (id, order_id, handler_key, direction, status, provider, provider_ref, carrier, service, tracking_number, cost, from_address, to_address, item_ids, tracking_status, tracking_updated_at, created_by, claim_id, created_at, updated_at) VALUES (?, ?, ?, 'return', 'ready', 'local', ?, 'royal_mail', 'Tracked 48', 'RM100200320GB', 320, ?, ?, ?, 'in_transit', ?, ?, 'claim_demo_return', ?, ?) ON CONFLICT DO NOTHING",
      label,
      ids[4],
      `vendor:${e.owner_id}`,
      `shp_local_${label}`,
      ADDRESS,
      to,
      JSON.stringify([returned.itemId]),
      now - DAY,
      e.owner_id,
      acceptedAt,
      now - DAY,
    );
    s(
      "INSERT INTO tracking_events (id, label_id, status, event_id, occurred_at, received_at) VALUES (?, ?, 'in_transit', 'evt_local_demo_claimreturn_in_transit', ?, ?) ON CONFLICT DO NOTHING",
      `trk_${label}_in_transit`,
      label,
      now - DAY,
      now - DAY,
    );
  }
  await batch(statements);
}
