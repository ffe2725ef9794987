// Items for the browser tests of the Rent-Now-Buy-Later loop (tests/e2e/lifecycle.spec.ts): for
// each browser project (with JavaScript, without) one item to rent and buy, one to rent, return
// and inspect. Renting and buying cannot be undone, so every seed puts them back on the shelf:
// the orders, money and payment calls of the last run go, the items are live and available again.
// Idempotent: running it twice leaves the same state.

const VENDOR = "user_vendor";
// [product id, name, rental price, buying price, image of a demo product]
export const LIFECYCLE_ITEMS = [
  ["prod_e2e_life_js_buy", "Saffron Corduroy Jacket", 499, 3499, 4],
  ["prod_e2e_life_js_return", "Moss Cable Knit Cardigan", 449, 2999, 7],
  ["prod_e2e_life_nojs_buy", "Ember Velvet Slip Dress", 499, 3499, 9],
  ["prod_e2e_life_nojs_return", "Slate Wool Pea Coat", 449, 2999, 11],
];

export async function seed({ db, now, DAY, pad, batch }) {
  const ids = LIFECYCLE_ITEMS.map(([id]) => id);
  const marks = ids.map(() => "?").join(", ");
  const statements = [
    db.prepare(`DELETE FROM cart_items WHERE product_id IN (${marks})`).bind(...ids),
    db.prepare(`DELETE FROM reviews WHERE product_id IN (${marks})`).bind(...ids),
    db.prepare(`DELETE FROM transactions WHERE product_id IN (${marks})`).bind(...ids),
    // Their orders go with their lines, history and payment calls (ON DELETE CASCADE).
    db
      .prepare(`DELETE FROM orders WHERE id IN (SELECT order_id FROM order_items WHERE product_id IN (${marks}))`)
      .bind(...ids),
  ];
  for (const [id, name, rental, buying, imageOf] of LIFECYCLE_ITEMS) {
    const demo = await db.prepare("SELECT images FROM products WHERE id = ?").bind(pad(imageOf)).first();
    statements.push(
      db
        .prepare(
          `INSERT INTO products (id, name, description, price, original_price, rental_price, buying_price, brand, condition, color, product_type, category, tags, images, owner_id, status, product_status, availability, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'Toast', 'Good Condition', 'Green', 'Unisex', 'Coats', '["e2e"]', ?, ?, 'approved', 'live', 'available', ?, ?)
         ON CONFLICT (id) DO UPDATE SET availability = 'available', prepared_until = NULL, back_around_at = NULL, status = 'approved', product_status = 'live', store_id = NULL, updated_at = excluded.updated_at`,
        )
        .bind(
          id,
          name,
          `${name}, rented in the browser tests of the rental loop.`,
          buying,
          buying * 3,
          rental,
          buying,
          demo?.images ?? "[]",
          VENDOR,
          now - 30 * DAY,
          now,
        ),
    );
  }
  await batch(statements);
}
