// Shoppers abroad (issue 45 items 4-6; decisions 0086 and 0087): VintageVera ships to Europe
// (£12.99 a parcel), the Kensington Closet worldwide (Europe £9.99, the rest of the world £24.99);
// RetroRob keeps the default, the UK only. Camille, a shopper in Paris (camille@closetloop.test,
// the demo password, time zone Europe/Paris), has a French address and a paid order from
// VintageVera, charged in pounds with Europe's delivery fee, waiting to be posted: its page, the
// seller's Orders tab and the e-mails print the address the French way. Runs after
// 90-payments.mjs, so it records its own payment calls. Idempotent: fixed ids.
// Decision 0094: the listings' 'Ships to my country' shows Camille VintageVera's and the Kensington
// Closet's items (/all-products?ships_to=FR), and the Kensington Closet's Settings show its address
// in the country's fields.

const CAMILLE = "user_camille";
const ORDER = "order_demo_paris";
const EUROPE_FEE = 1299;
const ADDRESS = {
  fullName: "Camille Martin",
  addressLine1: "12 rue de la Paix",
  city: "Paris",
  postalCode: "75002",
  country: "FR",
};
// The Kensington Closet's address in the fields of every address (decision 0094), as its Settings
// keep it: the same place its description names ('Store located at: …'), sender of its labels.
const KENSINGTON = {
  fullName: "Kensington Closet",
  addressLine1: "12 Kensington High Street",
  city: "London",
  postalCode: "W8 5NP",
  country: "GB",
};

export async function seed({ db, now, DAY, batch }) {
  await batch([
    db
      .prepare(
        "UPDATE users SET ship_reach = 'europe', ship_fee_europe = ? WHERE id = 'user_vendor' AND ship_reach = 'uk'",
      )
      .bind(EUROPE_FEE),
    db.prepare(
      "UPDATE stores SET ship_reach = 'worldwide', ship_fee_europe = 999, ship_fee_world = 2499 WHERE id = 'store_kensington' AND ship_reach = 'uk'",
    ),
    db
      .prepare("UPDATE stores SET address = ? WHERE id = 'store_kensington' AND address IS NULL")
      .bind(JSON.stringify(KENSINGTON)),
    db
      .prepare(
        `INSERT INTO users (id, email, full_name, display_name, user_type, password_hash, password_salt, email_verified_at, time_zone, created_at, updated_at)
         SELECT ?1, 'camille@closetloop.test', 'Camille Martin', NULL, 'individual', password_hash, password_salt, ?2, 'Europe/Paris', ?2, ?2
         FROM users WHERE id = 'user_shopper' ON CONFLICT DO NOTHING`,
      )
      .bind(CAMILLE, now - 40 * DAY),
    db
      .prepare(
        "INSERT INTO user_roles (user_id, role, admin_subrole, seller_role, assigned_at) SELECT ?, 'individual', NULL, NULL, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ?) ON CONFLICT DO NOTHING",
      )
      .bind(CAMILLE, now - 40 * DAY, CAMILLE),
    db
      .prepare(
        "INSERT INTO user_verifications (user_id, is_verified, verified_at) SELECT ?, 1, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ?) ON CONFLICT DO NOTHING",
      )
      .bind(CAMILLE, now - 40 * DAY, CAMILLE),
  ]);

  if (await db.prepare("SELECT 1 FROM orders WHERE id = ?").bind(ORDER).first()) return;
  const product = await db
    .prepare(
      "SELECT id, name, buying_price FROM products WHERE owner_id = 'user_vendor' AND store_id IS NULL AND product_status = 'live' AND availability = 'available' AND buying_price IS NOT NULL AND id NOT IN (SELECT product_id FROM order_items) ORDER BY id DESC LIMIT 1",
    )
    .first();
  if (!product) return;
  const placedAt = Math.round(now - 3 * 60 * 60_000);
  const paidAt = placedAt + 4 * 60_000;
  const total = product.buying_price + EUROPE_FEE;
  const session = "cs_local_de0a000000000000000000000000a091";
  const intent = "pi_local_demo_orderdemoparis";
  const address = JSON.stringify(ADDRESS);
  const billing = JSON.stringify({ ...ADDRESS, email: "camille@closetloop.test", phone: "+33 1 42 68 53 00" });
  await batch([
    db
      .prepare(
        "INSERT INTO orders (id, reference, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, payment_session_id, payment_session_url, payment_expires_at, payment_intent_id, payment_customer_id, paid_at, created_at, updated_at) VALUES (?, 'P4R1S9FR', ?, 'pending', ?, ?, ?, 'GBP', ?, ?, ?, ?, ?, ?, 'cus_local_demo_camille', ?, ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(
        ORDER,
        CAMILLE,
        product.buying_price,
        EUROPE_FEE,
        total,
        billing,
        address,
        session,
        `/dev/payments/checkout/${session}`,
        placedAt + 31 * 60_000,
        intent,
        paidAt,
        placedAt,
        paidAt,
      ),
    db
      .prepare(
        "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, group_delivery_fee, created_at) VALUES ('item_demo_paris', ?, ?, ?, 'purchase', 1, ?, ?, 'user_vendor', 'vendor', 'vendor', 'pending', ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(ORDER, product.id, product.name, product.buying_price, product.buying_price, EUROPE_FEE, placedAt),
    db.prepare("UPDATE products SET availability = 'sold', updated_at = ? WHERE id = ?").bind(placedAt, product.id),
    db
      .prepare(
        "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES ('hist_demo_paris_0', ?, NULL, NULL, 'awaiting_payment', ?, 'shopper', 'Order placed, awaiting payment', ?) ON CONFLICT DO NOTHING",
      )
      .bind(ORDER, CAMILLE, placedAt),
    db
      .prepare(
        "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES ('hist_demo_paris_1', ?, NULL, 'awaiting_payment', 'pending', NULL, 'system', 'Payment confirmed by the provider', ?) ON CONFLICT DO NOTHING",
      )
      .bind(ORDER, paidAt),
    db
      .prepare(
        "INSERT INTO payments (id, order_id, transaction_id, operation, amount, currency, idempotency_key, provider, status, provider_ref, created_at) VALUES ('pay_demo_paris_auth', ?, NULL, 'authorize', ?, 'GBP', ?, 'local', 'succeeded', ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(ORDER, total, `authorize:${ORDER}`, intent, paidAt),
    db
      .prepare(
        "INSERT INTO payment_events (id, type, provider, order_id, outcome, received_at) VALUES ('evt_local_demo_paris', 'checkout.session.completed', 'local', ?, 'confirmed', ?) ON CONFLICT DO NOTHING",
      )
      .bind(ORDER, paidAt),
  ]);
}
