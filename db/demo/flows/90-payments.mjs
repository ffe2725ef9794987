// The payment calls the demo orders would have made (docs/decisions/0035-payments.md), so
// /dev/payments shows data at once: each order's authorization when it was placed, a capture
// for every transaction the lifecycle recorded (at its time; money going back, a refund, is no
// capture), the delivery fee of each delivered order (at its delivery), and the refunds of each
// cancelled order. Runs after every other flow
// (their orders and transactions exist by then). Idempotent: it adds only the calls that are
// missing, with the idempotency keys the app itself uses.
//
// Since issue 27 (docs/decisions/0055-stripe-payments.md) every demo order was paid through the
// local provider's hosted page at checkout: it carries its session, payment intent, customer and
// saved card, its checkout.session.completed event is recorded, the authorization's reference is
// that payment intent, the captures of what checkout paid (lines, delivery) settle against it,
// and a later charge (Buy it now, a conversion, a damage charge) has a payment intent of its own.

const suffix = (id) =>
  id
    .replace(/[^a-z0-9]/gi, "")
    .slice(-20)
    .toLowerCase();
const intentOf = (orderId) => `pi_local_demo_${suffix(orderId)}`;
const AT_CHECKOUT = new Set(["sale", "rental_fee"]);

// An order still awaiting payment, or whose reservation ended unpaid (15-reservations.mjs), made no
// payment call at all.
const PAID =
  "x.status <> 'awaiting_payment' AND NOT EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = x.id AND h.from_status = 'awaiting_payment' AND h.to_status = 'cancelled')";

export async function seed({ db, batch }) {
  // Paid at checkout through the local provider (decision 0055): the order's provider references.
  const unpaid = await db
    .prepare(`SELECT x.id, x.created_at AS at FROM orders x WHERE x.payment_intent_id IS NULL AND ${PAID}`)
    .all();
  const paidAt = [];
  for (const o of unpaid.results) {
    const s = suffix(o.id);
    paidAt.push(
      db
        .prepare(
          "UPDATE orders SET payment_session_id = ?, payment_intent_id = ?, payment_customer_id = ?, payment_method_id = ?, paid_at = ? WHERE id = ? AND payment_intent_id IS NULL",
        )
        .bind(`cs_local_demo_${s}`, intentOf(o.id), `cus_local_demo_${s}`, `pm_local_demo_${s}`, o.at, o.id),
      db
        .prepare(
          "INSERT INTO payment_events (id, type, provider, order_id, outcome, received_at) VALUES (?, 'checkout.session.completed', 'local', ?, 'confirmed', ?) ON CONFLICT DO NOTHING",
        )
        .bind(`evt_local_demo_${s}`, o.id, o.at),
    );
  }
  if (paidAt.length) await batch(paidAt);

  const statements = [];
  const call = (orderId, transactionId, operation, amount, key, at, ref) =>
    db
      .prepare(
        "INSERT INTO payments (id, order_id, transaction_id, operation, amount, currency, idempotency_key, provider, status, provider_ref, created_at) VALUES (?, ?, ?, ?, ?, 'GBP', ?, 'local', 'succeeded', ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(`pay_demo_${key.replace(/[^a-z0-9_]/gi, "_")}`, orderId, transactionId, operation, amount, key, ref, at);
  const succeeded = "SELECT 1 FROM payments p WHERE p.idempotency_key = ? || x.id AND p.status = 'succeeded'";

  const orders = await db
    .prepare(
      `SELECT x.id, x.total_amount AS total, x.created_at AS at FROM orders x WHERE ${PAID} AND NOT EXISTS (${succeeded})`,
    )
    .bind("authorize:")
    .all();
  for (const o of orders.results)
    statements.push(call(o.id, null, "authorize", o.total, `authorize:${o.id}`, o.at, intentOf(o.id)));

  const captures = await db
    .prepare(
      `SELECT x.id, x.order_id AS orderId, x.transaction_type AS type, x.gross_amount AS gross, x.created_at AS at FROM transactions x WHERE x.order_id IS NOT NULL AND x.status = 'completed' AND x.gross_amount > 0 AND NOT EXISTS (${succeeded})`,
    )
    .bind("capture:")
    .all();
  for (const t of captures.results)
    statements.push(
      call(
        t.orderId,
        t.id,
        "capture",
        t.gross,
        `capture:${t.id}`,
        t.at,
        AT_CHECKOUT.has(t.type) ? intentOf(t.orderId) : `pi_local_demo_${suffix(t.id)}`,
      ),
    );

  const delivered = await db
    .prepare(
      `SELECT x.id, x.delivery_fee AS fee, (SELECT min(i.delivered_at) FROM order_items i WHERE i.order_id = x.id) AS at FROM orders x
       WHERE x.delivery_fee > 0 AND x.status != 'cancelled' AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = x.id AND i.delivered_at IS NOT NULL) AND NOT EXISTS (${succeeded})`,
    )
    .bind("capture:delivery:")
    .all();
  for (const o of delivered.results)
    statements.push(call(o.id, null, "capture", o.fee, `capture:delivery:${o.id}`, o.at, intentOf(o.id)));

  // A cancelled order is refunded as the app refunds it (app/services/trade.server.ts): each item's
  // price under its own key, so each seller's view of the order nets to nothing, then the rest
  // (the delivery fee) under the order's.
  const cancelled = await db
    .prepare(
      `SELECT x.id, x.total_amount AS total, x.updated_at AS at FROM orders x WHERE x.status = 'cancelled' AND ${PAID} AND NOT EXISTS (${succeeded})`,
    )
    .bind("refund:")
    .all();
  for (const o of cancelled.results) {
    const items = await db.prepare("SELECT id, price FROM order_items WHERE order_id = ?").bind(o.id).all();
    for (const i of items.results)
      statements.push(
        call(o.id, null, "refund", i.price, `refund:cancel:${i.id}`, o.at, `re_local_demo_${suffix(i.id)}`),
      );
    const rest = o.total - items.results.reduce((sum, i) => sum + i.price, 0);
    if (rest > 0)
      statements.push(call(o.id, null, "refund", rest, `refund:${o.id}`, o.at, `re_local_demo_${suffix(o.id)}`));
  }

  await batch(statements);
}
