// Items for the browser tests of 'Notify me' (tests/e2e/alerts.spec.ts): for each browser project
// (with JavaScript, without) one item that RetroRob is renting, its window ending in 3 days. Each
// run starts again: the demo shopper's requests for them go, and any saved search a test left.
// Idempotent.

const RENTER = "user_vendor2";
// [product id, order id, name, image of a demo product]
const ITEMS = [
  ["prod_e2e_alert_js", "order_e2e_alert_js", "Plum Velvet Blazer", 5],
  ["prod_e2e_alert_nojs", "order_e2e_alert_nojs", "Teal Satin Midi Dress", 8],
];

export async function seed({ db, now, DAY, pad, batch }) {
  const ids = ITEMS.map(([id]) => id);
  const statements = [
    db.prepare(`DELETE FROM back_in_stock_requests WHERE product_id IN (?, ?)`).bind(...ids),
    db.prepare("DELETE FROM saved_searches WHERE user_id = 'user_shopper' AND name LIKE 'E2E %'"),
  ];
  const deliveredAt = now - 4 * DAY;
  for (const [id, orderId, name, imageOf] of ITEMS) {
    const demo = await db.prepare("SELECT images FROM products WHERE id = ?").bind(pad(imageOf)).first();
    statements.push(
      db
        .prepare(
          `INSERT INTO products (id, name, description, price, original_price, rental_price, buying_price, brand, condition, color, product_type, category, tags, images, owner_id, status, product_status, availability, created_at, updated_at)
         VALUES (?, ?, ?, 4999, 14999, 699, 4999, 'Rixo', 'Almost New', 'Purple', 'Women', 'Dresses', '["e2e"]', ?, 'user_vendor', 'approved', 'live', 'rented', ?, ?)
         ON CONFLICT (id) DO UPDATE SET availability = 'rented', status = 'approved', product_status = 'live', updated_at = excluded.updated_at`,
        )
        .bind(
          id,
          name,
          `${name}, out on rental in the browser tests of 'Notify me'.`,
          demo?.images ?? "[]",
          now - 30 * DAY,
          now,
        ),
      db
        .prepare(
          "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, 'active', 699, 399, 1098, 'GBP', '{}', '{}', ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(orderId, RENTER, deliveredAt - DAY, deliveredAt),
      db
        .prepare(
          "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, delivered_at, rental_starts_at, rental_ends_at, created_at) VALUES (?, ?, ?, ?, 'rental', 1, 699, 4999, 'user_vendor', 'vendor', 'vendor', 'active', ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET status = 'active', delivered_at = excluded.delivered_at, rental_starts_at = excluded.rental_starts_at, rental_ends_at = excluded.rental_ends_at",
        )
        .bind(`item_${orderId}`, orderId, id, name, deliveredAt, deliveredAt, deliveredAt + 7 * DAY, deliveredAt - DAY),
    );
  }
  await batch(statements);
}
