// The payment calls the demo orders would have made (docs/decisions/0035-payments.md), so
// /dev/payments shows data at once: each order's authorization when it was placed, a capture
// for every transaction the lifecycle recorded (at its time), the delivery fee of each delivered
// order (at its delivery), and the refund of each cancelled order. Runs after every other flow
// (their orders and transactions exist by then). Idempotent: it adds only the calls that are
// missing, with the idempotency keys the app itself uses.

export async function seed({ db, batch }) {
  const statements = [];
  const call = (orderId, transactionId, operation, amount, key, at) =>
    db
      .prepare("INSERT INTO payments (id, order_id, transaction_id, operation, amount, currency, idempotency_key, provider, status, provider_ref, created_at) VALUES (?, ?, ?, ?, ?, 'GBP', ?, 'local', 'succeeded', ?, ?) ON CONFLICT DO NOTHING")
      .bind(`pay_demo_${key.replace(/[^a-z0-9_]/gi, "_")}`, orderId, transactionId, operation, amount, key, `local_${operation}_demo`, at);
  const succeeded = "SELECT 1 FROM payments p WHERE p.idempotency_key = ? || x.id AND p.status = 'succeeded'";

  const orders = await db.prepare(`SELECT x.id, x.total_amount AS total, x.created_at AS at FROM orders x WHERE NOT EXISTS (${succeeded})`).bind("authorize:").all();
  for (const o of orders.results) statements.push(call(o.id, null, "authorize", o.total, `authorize:${o.id}`, o.at));

  const captures = await db
    .prepare(`SELECT x.id, x.order_id AS orderId, x.gross_amount AS gross, x.created_at AS at FROM transactions x WHERE x.order_id IS NOT NULL AND x.status = 'completed' AND NOT EXISTS (${succeeded})`)
    .bind("capture:")
    .all();
  for (const t of captures.results) statements.push(call(t.orderId, t.id, "capture", t.gross, `capture:${t.id}`, t.at));

  const delivered = await db
    .prepare(
      `SELECT x.id, x.delivery_fee AS fee, (SELECT min(i.delivered_at) FROM order_items i WHERE i.order_id = x.id) AS at FROM orders x
       WHERE x.delivery_fee > 0 AND x.status != 'cancelled' AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = x.id AND i.delivered_at IS NOT NULL) AND NOT EXISTS (${succeeded})`,
    )
    .bind("capture:delivery:")
    .all();
  for (const o of delivered.results) statements.push(call(o.id, null, "capture", o.fee, `capture:delivery:${o.id}`, o.at));

  const cancelled = await db.prepare(`SELECT x.id, x.total_amount AS total, x.updated_at AS at FROM orders x WHERE x.status = 'cancelled' AND NOT EXISTS (${succeeded})`).bind("refund:").all();
  for (const o of cancelled.results) statements.push(call(o.id, null, "refund", o.total, `refund:${o.id}`, o.at));

  await batch(statements);
}
