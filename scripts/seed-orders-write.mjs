// The writing half of a year of orders for the benchmark's states (scripts/seed-orders.mjs; decision
// 0107): each week's payouts as the weekly job makes them, then every row in multi-row INSERTs.
import { startOfWeekUTC, WEEK_MS } from "../app/domain/dates.ts";
import { payoutId } from "../app/domain/finance-ids.ts";

const HOUR = 3_600_000;
const CLAIM_WINDOW = 48 * HOUR;
const STORE = "store_kensington";

/** Multi-row INSERTs of `rows` (arrays of values), 100 rows a statement, 20 statements a batch. */
async function insertAll(db, table, columns, rows, q) {
  const statements = [];
  for (let i = 0; i < rows.length; i += 100) {
    const values = rows
      .slice(i, i + 100)
      .map((r) => `(${r.map(q).join(", ")})`)
      .join(",\n");
    statements.push(db.prepare(`INSERT INTO ${table} (${columns}) VALUES ${values} ON CONFLICT DO NOTHING`));
  }
  for (let i = 0; i < statements.length; i += 20) await db.batch(statements.slice(i, i + 20));
}

/**
 * Each week's payouts up to the last Monday, paid, as the weekly job makes them (app/data/payouts.server.ts):
 * a transaction is gathered by the first run after it, once its item's claim window has closed.
 */
export function weeklyPayouts(txns, commissions, now, taken) {
  const lastRun = startOfWeekUTC(now);
  const byId = new Map();
  const payout = (type, id, end) => {
    const key = payoutId({ type, id }, end - WEEK_MS);
    if (!byId.has(key)) byId.set(key, { key, type, id, end, total: 0, commission: 0, net: 0 });
    return byId.get(key);
  };
  // A week whose payout the demo made already (db/demo/flows/80-payouts.mjs) is left to it.
  const runOf = (t) => {
    const safe = Math.max(t.at, (t.deliveredAt ?? 0) + CLAIM_WINDOW);
    const run = startOfWeekUTC(safe) + WEEK_MS;
    return run <= lastRun && !taken.has(run - WEEK_MS) ? run : null;
  };
  const runs = new Map(txns.map((t) => [t.id, runOf(t)]));
  for (const t of txns) {
    const run = runs.get(t.id);
    if (run === null) continue;
    const p = payout("owner", t.item.ownerId, run);
    p.total += t.gross;
    p.net += t.net;
    p.commission += t.gross - t.net;
    t.payout = p.key;
  }
  for (const c of commissions) {
    const run = runs.get(c[1]);
    if (run === null) continue;
    const p = payout(c[2], c[3] ?? "platform", run);
    p.total += c[5];
    p.commission += c[5];
    p.net += c[5];
    c.push(p.key);
  }
  // Each takes over its payee's balance from the earlier ones (decision 0073): a week of refunds
  // above sales is carried into the next payout, never sent.
  const all = [...byId.values()].sort((a, b) => a.end - b.end);
  const balance = new Map();
  for (const p of all) {
    const key = `${p.type}:${p.id}`;
    p.carriedIn = balance.get(key) ?? 0;
    balance.set(key, Math.min(0, p.net + p.carriedIn));
  }
  return all;
}

export async function writeOrders(
  db,
  q,
  { orders, items, history, txns, commissions, payments, payouts, availability, storeItems },
) {
  // The demo store looks after the concierge items it sold (as a seller's item it approved).
  for (let i = 0; i < storeItems.length; i += 500)
    await db
      .prepare(
        `UPDATE products SET store_id = '${STORE}', concierge_status = 'yes', status = 'approved' WHERE id IN (${storeItems
          .slice(i, i + 500)
          .map(q)
          .join(",")})`,
      )
      .run();
  await insertAll(
    db,
    "orders",
    "id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, payment_intent_id, paid_at, created_at, updated_at",
    orders,
    q,
  );
  await insertAll(
    db,
    "order_items",
    "id, order_id, product_id, name, type, price, buying_price, seller_id, seller_type, handler, status, delivered_at, rental_starts_at, rental_ends_at, rental_outcome, return_requested_at, returned_at, inspection, inspected_by, return_reason, carrier, tracking_number, shipped_at, shipped_by, cancelled_at, cancelled_by, completed_at, owner_id, created_at",
    items,
    q,
  );
  await insertAll(
    db,
    "order_status_history",
    "id, order_id, from_status, to_status, actor_id, actor_role, note, created_at",
    history,
    q,
  );
  await insertAll(
    db,
    "payouts",
    "id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, carried_in, status, paid_at, transfer_status, transfer_id, transfer_attempted_at, created_at",
    payouts.map((p) => [
      p.key,
      p.type,
      p.id,
      p.end - WEEK_MS,
      p.end,
      p.total,
      p.commission,
      p.net,
      p.carriedIn,
      "paid",
      p.end + HOUR,
      "paid",
      `tr_bench_${p.key.slice(-8)}_${p.end}`,
      p.end + HOUR,
      p.end + HOUR,
    ]),
    q,
  );
  await insertAll(
    db,
    "transactions",
    "id, transaction_type, product_id, order_id, order_item_id, owner_id, store_id, gross_amount, net_amount, status, payout_id, created_at",
    txns.map((t) => [
      t.id,
      t.type,
      t.item.productId,
      t.item.orderId,
      t.item.id,
      t.item.ownerId,
      t.storeId,
      t.gross,
      t.net,
      "completed",
      t.payout ?? null,
      t.at,
    ]),
    q,
  );
  await insertAll(
    db,
    "commissions",
    "id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at, payout_id",
    commissions.map(([id, txn, type, recipient, rate, amount, at, , payout]) => [
      id,
      txn,
      type,
      recipient,
      rate,
      amount,
      "calculated",
      at,
      payout ?? null,
    ]),
    q,
  );
  await insertAll(
    db,
    "payments",
    "id, order_id, transaction_id, operation, amount, idempotency_key, provider, status, provider_ref, created_at",
    payments.map(([id, order, txn, op, amount, key, at]) => [
      id,
      order,
      txn,
      op,
      amount,
      key,
      "local",
      "succeeded",
      `pi_bench_${order.slice(12)}`,
      at,
    ]),
    q,
  );
  for (const [state, ids] of Object.entries(availability))
    for (let i = 0; i < ids.length; i += 500)
      await db
        .prepare(
          `UPDATE products SET availability = '${state}' WHERE id IN (${ids
            .slice(i, i + 500)
            .map(q)
            .join(",")})`,
        )
        .run();
}
