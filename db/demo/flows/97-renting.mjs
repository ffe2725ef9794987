// Renting (issue 44 items 1, 4, 5 and 6; docs/decisions/0080-renting-dates-turnaround-protection.md):
// what a newcomer sees after `npm start`, as the demo shopper (shopper@closetloop.test), the
// items' seller, or staff (admin@closetloop.test: the admin Orders tab's 'Being prepared'):
// - order_demo_needby: a rental needed by a date two weeks ahead: its page says 'Arrives by …',
//   the seller's To send says 'Post by …' (two working days before it), and the daily job reminds
//   the seller the day before. It is protected (£2.50, its own line on the order).
// - order_demo_prepared: a rental returned in good condition yesterday: its item is 'Being
//   prepared' (its page and card say when it is back around; 'Mark ready' on the seller's Orders tab).
// - order_demo_backaround: a rental delivered two days ago: its item's page and card say
//   'Back around …' (the window's end, 2 working days back in the post, 2 days' turnaround).
// - order_demo_protected: a protected rental returned damaged: the £30.00 repair fee was waived by
//   its damage protection (the order page says so; nothing was charged).
// Idempotent: fixed ids; an order already there is left alone. The dates follow the rules of
// app/domain/rental-dates.ts (written out here: the seed runs on plain Node).
import { commissionId, transactionId } from "../../../app/domain/finance-ids.ts";
import { splitSale } from "../../../app/domain/commission.ts";

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
const FEE = 250;

const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
const isWeekday = (ms) => ![0, 6].includes(new Date(ms).getUTCDay());
function addWorkingDays(ms, count, DAY) {
  let t = ms;
  for (let left = Math.abs(count); left > 0;) {
    t += Math.sign(count) * DAY;
    if (isWeekday(t)) left--;
  }
  return t;
}
const endOfUtcDay = (ms, DAY) => Math.floor(ms / DAY) * DAY + DAY - 1;

export async function seed({ db, now, DAY, batch }) {
  const ids = ["order_demo_needby", "order_demo_prepared", "order_demo_backaround", "order_demo_protected"];
  const known = await db
    .prepare(`SELECT id FROM orders WHERE id IN (${ids.map(() => "?").join(", ")})`)
    .bind(...ids)
    .all();
  if (known.results.length > 0) return;
  const products = await db
    .prepare(
      "SELECT id, name, owner_id, rental_price, buying_price FROM products WHERE product_status = 'live' AND availability = 'available' AND store_id IS NULL AND rental_price IS NOT NULL AND buying_price IS NOT NULL AND id NOT IN (SELECT product_id FROM order_items) ORDER BY id LIMIT 4 OFFSET 9",
    )
    .all();
  if (products.results.length < 4) return;
  const statements = [];
  const s = (sql, ...binds) => statements.push(db.prepare(sql).bind(...binds));
  const after = (windowEnd, turnaround = 2) => endOfUtcDay(addWorkingDays(windowEnd, 2, DAY), DAY) + turnaround * DAY;

  const rental = (orderId, p, fields) => {
    const itemId = orderId.replace("order_", "item_");
    const tail = orderId.slice(-20);
    const fee = fields.protectionFee ?? 0;
    s(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, payment_session_id, payment_intent_id, payment_customer_id, payment_method_id, paid_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'GBP', ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      orderId,
      SHOPPER,
      fields.orderStatus,
      p.rental_price,
      GROUP_FEE,
      p.rental_price + GROUP_FEE + fee,
      ADDRESS,
      ADDRESS,
      `cs_local_demo_${tail}`,
      `pi_local_demo_${tail}`,
      `cus_local_demo_${tail}`,
      `pm_local_demo_${tail}`,
      fields.placed,
      fields.placed,
      now,
    );
    s(
      "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, delivered_at, rental_starts_at, rental_ends_at, rental_outcome, return_requested_at, returned_at, inspection, inspection_reason, damage_charge, damage_waived, need_by, post_by, protection_fee, created_at) VALUES (?, ?, ?, ?, 'rental', 1, ?, ?, ?, 'vendor', 'vendor', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      itemId,
      orderId,
      p.id,
      p.name,
      p.rental_price,
      p.buying_price,
      p.owner_id,
      fields.status,
      fields.deliveredAt ?? null,
      fields.deliveredAt ?? null,
      fields.deliveredAt ? fields.deliveredAt + 7 * DAY : null,
      fields.outcome ?? null,
      fields.returnRequestedAt ?? null,
      fields.returnedAt ?? null,
      fields.inspection ?? null,
      fields.inspectionReason ?? null,
      fields.damageCharge ?? null,
      fields.damageWaived ?? null,
      fields.needBy ?? null,
      fields.postBy ?? null,
      fee,
      fields.placed,
    );
    s(
      "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES (?, ?, NULL, NULL, 'pending', ?, 'shopper', 'Order placed', ?) ON CONFLICT DO NOTHING",
      `hist_${orderId}_0`,
      orderId,
      SHOPPER,
      fields.placed,
    );
    s(
      "INSERT INTO payments (id, order_id, transaction_id, operation, amount, currency, idempotency_key, provider, status, provider_ref, created_at) VALUES (?, ?, NULL, 'authorize', ?, 'GBP', ?, 'local', 'succeeded', ?, ?) ON CONFLICT DO NOTHING",
      `pay_demo_authorize_${orderId}`,
      orderId,
      p.rental_price + GROUP_FEE + fee,
      `authorize:${orderId}`,
      `pi_local_demo_${tail}`,
      fields.placed,
    );
    if (fields.deliveredAt) {
      const split = splitSale(p.rental_price, false);
      const txn = transactionId(itemId, "rental_fee");
      s(
        "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, store_id, gross_amount, net_amount, status, created_at) VALUES (?, 'rental_fee', ?, ?, ?, ?, NULL, ?, ?, 'completed', ?) ON CONFLICT DO NOTHING",
        txn,
        p.id,
        orderId,
        itemId,
        p.owner_id,
        split.gross,
        split.owner,
        fields.deliveredAt,
      );
      s(
        "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'platform', NULL, 1000, ?, 'calculated', ?) ON CONFLICT DO NOTHING",
        commissionId(txn, "platform"),
        txn,
        split.platform,
        fields.deliveredAt,
      );
      if (fee > 0) {
        // Damage protection: all of it the platform's, no owner (decision 0080).
        const ptxn = transactionId(itemId, "protection_fee");
        s(
          "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, store_id, gross_amount, net_amount, status, created_at) VALUES (?, 'protection_fee', ?, ?, ?, NULL, NULL, ?, 0, 'completed', ?) ON CONFLICT DO NOTHING",
          ptxn,
          p.id,
          orderId,
          itemId,
          fee,
          fields.deliveredAt,
        );
        s(
          "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'platform', NULL, 10000, ?, 'calculated', ?) ON CONFLICT DO NOTHING",
          commissionId(ptxn, "platform"),
          ptxn,
          fee,
          fields.deliveredAt,
        );
      }
    }
    s(
      "UPDATE products SET availability = ?, prepared_until = ?, back_around_at = ? WHERE id = ?",
      fields.availability,
      fields.preparedUntil ?? null,
      fields.backAroundAt ?? null,
      p.id,
    );
  };
  const [a, b, c, d] = products.results;

  // Needed by a weekday about two weeks ahead: posted two working days before it.
  const arrives = addWorkingDays(now, 10, DAY);
  const needBy = dayOf(arrives);
  const postBy = dayOf(addWorkingDays(arrives, -2, DAY));
  rental(ids[0], a, {
    orderStatus: "pending",
    status: "pending",
    placed: now - 2 * 3_600_000,
    needBy,
    postBy,
    protectionFee: FEE,
    availability: "rented",
    backAroundAt: after(endOfUtcDay(arrives, DAY) + 7 * DAY),
  });

  // Returned in good condition yesterday: being prepared until tomorrow.
  rental(ids[1], b, {
    orderStatus: "completed",
    status: "returned",
    placed: now - 14 * DAY,
    deliveredAt: now - 11 * DAY,
    outcome: "returned",
    returnRequestedAt: now - 5 * DAY,
    returnedAt: now - DAY,
    inspection: "good",
    availability: "rented",
    preparedUntil: now + DAY,
    backAroundAt: now + DAY,
  });

  // Out on rental: delivered two days ago.
  rental(ids[2], c, {
    orderStatus: "active",
    status: "active",
    placed: now - 5 * DAY,
    deliveredAt: now - 2 * DAY,
    availability: "rented",
    backAroundAt: after(now + 5 * DAY),
  });

  // Protected, returned damaged: a £30.00 repair fee waived in full by the cover.
  rental(ids[3], d, {
    orderStatus: "completed",
    status: "returned",
    placed: now - 20 * DAY,
    deliveredAt: now - 17 * DAY,
    outcome: "returned",
    returnRequestedAt: now - 10 * DAY,
    returnedAt: now - 6 * DAY,
    inspection: "damaged",
    inspectionReason: "A small tear along the hem, repaired by the seller.",
    damageCharge: 0,
    damageWaived: 3000,
    protectionFee: FEE,
    availability: "available",
  });

  await batch(statements);
}
