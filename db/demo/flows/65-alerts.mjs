// Alerts as a newcomer should find them (issue 25, items 6 and 7): RetroRob is renting an item
// (its page says 'Currently rented' and when it is expected back), the demo shopper asked to be
// told when it is back ('Notify me'), keeps a favourite that got cheaper (with its notification),
// and has two saved searches, saved ten days ago, so `npm run jobs -- daily` tells them of the
// items listed since. Idempotent: fixed ids.

const SHOPPER = "user_shopper";
const RENTER = "user_vendor2";
const ADDRESS = JSON.stringify({
  fullName: "Rob Retro",
  email: "vendor2@closetloop.test",
  phone: "",
  addressLine1: "3 Gloucester Road",
  addressLine2: "",
  city: "Bristol",
  county: "",
  postalCode: "BS7 8AA",
  country: "United Kingdom",
});

export async function seed({ db, now, DAY, batch }) {
  const statements = [];
  const orderId = "order_demo_alerts_rental";
  const known = await db.prepare("SELECT product_id FROM order_items WHERE order_id = ?").bind(orderId).first();
  // A live rental item of the demo vendor, not used by the other flows (they use items 21-44).
  const rented =
    known ??
    (await db
      .prepare(
        "SELECT id AS product_id FROM products WHERE product_status = 'live' AND availability = 'available' AND rental_price IS NOT NULL AND store_id IS NULL AND owner_id = 'user_vendor' AND id > 'prod_000050' ORDER BY id LIMIT 1",
      )
      .first());
  if (rented) {
    const productId = rented.product_id;
    if (!known) {
      const product = await db
        .prepare("SELECT name, rental_price, buying_price, owner_id FROM products WHERE id = ?")
        .bind(productId)
        .first();
      const placedAt = now - 4 * DAY;
      const deliveredAt = now - 2 * DAY;
      statements.push(
        db
          .prepare(
            "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, 'active', ?, 399, ?, 'GBP', ?, ?, ?, ?) ON CONFLICT DO NOTHING",
          )
          .bind(
            orderId,
            RENTER,
            product.rental_price,
            product.rental_price + 399,
            ADDRESS,
            ADDRESS,
            placedAt,
            deliveredAt,
          ),
        db
          .prepare(
            "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, delivered_at, rental_starts_at, rental_ends_at, created_at, carrier, tracking_number, shipped_at, shipped_by) VALUES (?, ?, ?, ?, 'rental', 1, ?, ?, ?, 'vendor', 'vendor', 'active', ?, ?, ?, ?, 'royal_mail', 'RM555666777GB', ?, ?) ON CONFLICT DO NOTHING",
          )
          .bind(
            "item_demo_alerts_rental",
            orderId,
            productId,
            product.name,
            product.rental_price,
            product.buying_price,
            product.owner_id,
            deliveredAt,
            deliveredAt,
            deliveredAt + 7 * DAY,
            placedAt,
            placedAt + DAY / 2,
            product.owner_id,
          ),
        db.prepare("UPDATE products SET availability = 'rented' WHERE id = ?").bind(productId),
      );
    }
    statements.push(
      db
        .prepare(
          "INSERT INTO back_in_stock_requests (id, user_id, product_id, created_at) VALUES ('bis_demo_shopper', ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(SHOPPER, productId, now - DAY),
    );
  }

  // A favourite whose rental price dropped, and the notice the shopper got for it.
  const favourite = await db
    .prepare(
      "SELECT id, name, rental_price, buying_price FROM products WHERE product_status = 'live' AND availability = 'available' AND rental_price IS NOT NULL AND id > 'prod_000060' ORDER BY id LIMIT 1",
    )
    .first();
  if (favourite) {
    statements.push(
      db
        .prepare(
          "INSERT INTO favorites (id, user_id, product_id, created_at) VALUES ('fav_demo_shopper_alerts', ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(SHOPPER, favourite.id, now - 6 * DAY),
      db
        .prepare(
          "INSERT INTO notifications (id, user_id, event_key, kind, category, title, body, link, created_at) VALUES ('ntf_demo_price_drop', ?, ?, 'price_drop', 'alerts', ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          SHOPPER,
          `price_drop:${favourite.id}:r${favourite.rental_price}:b${favourite.buying_price ?? "-"}`,
          `${favourite.name} is now cheaper`,
          `${favourite.name}, one of your favourites, costs less now.`,
          `/product/${favourite.id}`,
          now - 5 * 3_600_000,
        ),
    );
  }

  // Two saved searches, saved ten days ago.
  for (const [id, name, url] of [
    ["ss_demo_coats", "Coats", "/categories/coats"],
    ["ss_demo_party", "Party dresses", "/all-products?category=Dresses&tag=party"],
  ]) {
    statements.push(
      db
        .prepare(
          "INSERT INTO saved_searches (id, user_id, name, url, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(id, SHOPPER, name, url, now - 10 * DAY),
    );
  }
  await batch(statements);
}
