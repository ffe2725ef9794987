// Demo records for the admin back office (issue 14) that the catalog and the orders flow do not
// already give: payouts (the weekly job that makes them comes later) — one paid, two waiting —
// a direct seller's rental sent back and waiting for the platform's inspection, and a review
// queue that never runs dry: at least REVIEW_QUEUE pending items of the demo sellers, topped up
// when staff (or the browser tests, which approve one per run) have worked through it.
// Idempotent: fixed ids and ON CONFLICT clauses; the top-up adds items only while the queue is short.
import { splitSale } from "../../../app/domain/commission.ts";
import { commissionId, payoutId, transactionId } from "../../../app/domain/finance-ids.ts";
import { demoProduct, PRODUCT_COLUMNS, PRODUCT_MARKS, productValues } from "../data.mjs";
import { garmentImage } from "../png.mjs";

const REVIEW_QUEUE = 6;
const INSPECT_TXN = transactionId("item_demo_inspect", "rental_fee");
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

export async function seed({ db, now, DAY, pad, batch, putImage }) {
  const statements = [];

  // A rental from a direct seller, delivered, sent back yesterday: staff inspect it on the Orders tab.
  const product = await db
    .prepare("SELECT id, name, owner_id, rental_price, buying_price, store_id FROM products WHERE id = ?")
    .bind(pad(36))
    .first();
  const known = await db.prepare("SELECT id FROM orders WHERE id = 'order_demo_inspect'").first();
  if (product && product.store_id === null && product.rental_price !== null && !known) {
    const placedAt = now - 8 * DAY;
    const deliveredAt = now - 5 * DAY;
    const askedAt = now - DAY;
    const fee = splitSale(product.rental_price, false);
    statements.push(
      db
        .prepare(
          "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, created_at, updated_at) VALUES ('order_demo_inspect', ?, 'active', ?, 399, ?, 'GBP', ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(SHOPPER, product.rental_price, product.rental_price + 399, ADDRESS, ADDRESS, placedAt, askedAt),
      db
        .prepare(
          "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, delivered_at, rental_starts_at, rental_ends_at, return_requested_at, created_at) VALUES ('item_demo_inspect', 'order_demo_inspect', ?, ?, 'rental', 1, ?, ?, ?, 'vendor', 'vendor', 'return_requested', ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          product.id,
          product.name,
          product.rental_price,
          product.buying_price,
          product.owner_id,
          deliveredAt,
          deliveredAt,
          deliveredAt + 7 * DAY,
          askedAt,
          placedAt,
        ),
      db.prepare("UPDATE products SET availability = 'rented' WHERE id = ?").bind(product.id),
      ...[
        ["0", null, "pending", SHOPPER, "shopper", placedAt, null],
        ["1", "pending", "processing", "user_support", "staff", placedAt + 6 * 3600_000, null],
        ["2", "processing", "shipped", "user_support", "staff", placedAt + 24 * 3600_000, null],
        ["3", "shipped", "active", "user_support", "staff", deliveredAt, null],
        ["4", "active", "return_requested", SHOPPER, "shopper", askedAt, "item_demo_inspect"],
      ].map(([n, from, to, actor, role, at, item]) =>
        db
          .prepare(
            "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, created_at) VALUES (?, 'order_demo_inspect', ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
          )
          .bind(`hist_demo_inspect_${n}`, item, from, to, actor, role, at),
      ),
      db
        .prepare(
          "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, gross_amount, net_amount, status, created_at) VALUES (?, 'rental_fee', ?, 'order_demo_inspect', 'item_demo_inspect', ?, ?, ?, 'completed', ?) ON CONFLICT DO NOTHING",
        )
        .bind(INSPECT_TXN, product.id, product.owner_id, fee.gross, fee.owner, deliveredAt),
      db
        .prepare(
          "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'platform', NULL, 1000, ?, 'calculated', ?) ON CONFLICT DO NOTHING",
        )
        .bind(commissionId(INSPECT_TXN, "platform"), INSPECT_TXN, fee.platform, deliveredAt),
    );
  }

  // Payouts for the demo sellers' delivered sales and the platform's commissions: VintageVera's
  // paid, RetroRob's and the platform's waiting to be marked paid on the Financial tab.
  const weekStart = (ms) => {
    const day = Math.floor(ms / DAY);
    return (day - ((day + 3) % 7)) * DAY;
  };
  const periodEnd = weekStart(now);
  const periodStart = periodEnd - 4 * 7 * DAY;
  const owners = await db
    .prepare(
      "SELECT owner_id AS id, sum(gross_amount) AS gross, sum(net_amount) AS net FROM transactions WHERE owner_id IN ('user_vendor', 'user_vendor2') AND created_at < ? AND status = 'completed' GROUP BY owner_id",
    )
    .bind(periodEnd)
    .all();
  for (const owner of owners.results) {
    const paid = owner.id === "user_vendor";
    const id = payoutId({ type: "owner", id: owner.id }, periodStart);
    statements.push(
      db
        .prepare(
          "INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, status, paid_at, paid_by, created_at) VALUES (?, 'owner', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          id,
          owner.id,
          periodStart,
          periodEnd,
          owner.gross,
          owner.gross - owner.net,
          owner.net,
          paid ? "paid" : "calculated",
          paid ? now - DAY : null,
          paid ? "user_superadmin" : null,
          periodEnd,
        ),
      // The period's payout, whatever its id (a state seeded before the ids changed keeps its own).
      db
        .prepare(
          "UPDATE transactions SET payout_id = (SELECT id FROM payouts WHERE recipient_type = 'owner' AND recipient_id = ?1 AND period_start = ?3) WHERE owner_id = ?1 AND created_at < ?2 AND payout_id IS NULL",
        )
        .bind(owner.id, periodEnd, periodStart),
    );
  }
  const platform = await db
    .prepare(
      "SELECT coalesce(sum(c.commission_amount), 0) AS total FROM commissions c JOIN transactions t ON t.id = c.transaction_id WHERE c.recipient_type = 'platform' AND t.created_at < ?",
    )
    .bind(periodEnd)
    .first();
  if (platform.total > 0) {
    statements.push(
      db
        .prepare(
          "INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, status, created_at) VALUES (?, 'platform', 'platform', ?, ?, ?, ?, ?, 'calculated', ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          payoutId({ type: "platform", id: "platform" }, periodStart),
          periodStart,
          periodEnd,
          platform.total,
          platform.total,
          platform.total,
          periodEnd,
        ),
      db
        .prepare(
          "UPDATE commissions SET payout_id = (SELECT id FROM payouts WHERE recipient_type = 'platform' AND period_start = ?1) WHERE recipient_type = 'platform' AND payout_id IS NULL AND transaction_id IN (SELECT id FROM transactions WHERE created_at < ?2)",
        )
        .bind(periodStart, periodEnd),
    );
  }

  // The review queue: pending items of the demo sellers (not concierge ones, which their store answers first).
  const waiting = (
    await db
      .prepare(
        "SELECT count(*) AS n FROM products WHERE status = 'pending' AND store_id IS NULL AND owner_id IN ('user_vendor', 'user_vendor2')",
      )
      .first()
  ).n;
  if (waiting < REVIEW_QUEUE) {
    const made = (await db.prepare("SELECT count(*) AS n FROM products WHERE id LIKE 'prod_queue_%'").first()).n;
    for (let k = 0; k < REVIEW_QUEUE - waiting; k++) {
      const n = made + k + 1;
      // The templates of the demo catalog, from far beyond it, so names and prices look the same.
      const p = demoProduct(5000 + n * 7, now, ["user_vendor", "user_vendor2"]);
      const id = `prod_queue_${String(n).padStart(4, "0")}`;
      const image = await putImage(`products/${id}_1.png`, garmentImage(p.rgb, p.shape));
      statements.push(
        db
          .prepare(
            `INSERT INTO products (id, ${PRODUCT_COLUMNS}, images, owner_id, status, product_status, created_at, updated_at) VALUES (?, ${PRODUCT_MARKS}, ?, ?, 'pending', 'pending', ?, ?) ON CONFLICT DO NOTHING`,
          )
          .bind(id, ...productValues(p), JSON.stringify([image]), p.ownerId, now - k * 3600_000, now),
      );
    }
  }
  await batch(statements);
}
