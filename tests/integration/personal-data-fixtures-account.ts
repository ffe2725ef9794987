// The subject as a shopper and seller: their account, basket, reviews, orders, listings and store.
// Part of FIXTURES (personal-data-fixtures.ts), in the order their rows depend on each other.

import { bindAll, type Fixture } from "./personal-data-fixture-kit";

export const ACCOUNT_FIXTURES: Record<string, Fixture> = {
  "users.id": (s) => ({ statements: [], marker: s.email }),
  "user_roles.user_id": () => ({ statements: [], marker: '"seller_role":"vendor"' }),
  "user_verifications.user_id": (s, now) => ({
    statements: [
      bindAll("INSERT INTO user_verifications (user_id, is_verified, verified_at) VALUES (?, 1, ?)", s.id, now),
    ],
    marker: '"is_verified":true',
  }),
  "auth_tokens.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO auth_tokens (token_hash, user_id, purpose, payload, expires_at, created_at) VALUES ('m_token', ?, 'change_email', 'marker-new@example.test', ?, ?)",
        s.id,
        now + 1e9,
        now,
      ),
    ],
    marker: "marker-new@example.test",
  }),
  "cart_items.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO cart_items (id, user_id, product_id, name, type, price, created_at) VALUES ('m_cart', ?, 'm_prod_other', 'Cart line', 'rental', 100, ?)",
        s.id,
        now,
      ),
    ],
    marker: "m_cart",
  }),
  "favorites.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO favorites (id, user_id, product_id, created_at) VALUES ('m_fav', ?, 'm_prod_other', ?)",
        s.id,
        now,
      ),
    ],
    marker: "m_fav",
  }),
  "reviews.reviewer_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO reviews (id, rating, comment, reviewer_id, reviewed_user_id, product_id, created_at) VALUES ('m_review_by', 5, 'Written by the subject', ?, ?, 'm_prod_other', ?)",
        s.id,
        s.other.id,
        now,
      ),
    ],
    marker: "Written by the subject",
  }),
  "reviews.reviewed_user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO reviews (id, rating, comment, reviewer_id, reviewed_user_id, product_id, created_at) VALUES ('m_review_of', 4, 'About the subject', ?, ?, 'm_prod_own', ?)",
        s.other.id,
        s.id,
        now,
      ),
    ],
    marker: "About the subject",
  }),
  "orders.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES ('order_m_own', ?, 'completed', 500, 399, 899, '{\"city\":\"Marker Town\"}', '{}', ?, ?)",
        s.id,
        now,
        now,
      ),
      bindAll(
        "INSERT INTO order_items (id, order_id, product_id, name, type, price, status, return_carrier, return_tracking_number, created_at) VALUES ('m_item_own', 'order_m_own', 'm_prod_other', 'Bought by the subject', 'purchase', 500, 'completed', 'evri', 'RET987654321', ?)",
        now,
      ),
    ],
    marker: "Marker Town",
  }),
  "order_idempotency_keys.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO order_idempotency_keys (key, user_id, order_id, created_at) VALUES ('m_key', ?, 'order_m_own', ?)",
        s.id,
        now,
      ),
    ],
    marker: "m_key",
  }),
  "products.owner_id": () => ({ statements: [], marker: "m_prod_own" }),
  "price_change_requests.owner_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO price_change_requests (id, product_id, owner_id, store_id, suggested_rental_price, suggested_buying_price, reason, created_at) VALUES ('m_pcr', 'm_prod_own', ?, ?, 100, 1000, 'Marker reason', ?)",
        s.id,
        s.storeOfOther,
        now,
      ),
    ],
    marker: "Marker reason",
  }),
  "stores.owner_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO stores (id, name, owner_id, logo_url, created_at) VALUES ('m_store_own', 'Marker Store', ?, '/images/store-logos/m_store_own/m_store_own-logo.png', ?)",
        s.id,
        now,
      ),
    ],
    marker: "Marker Store",
  }),
  "brand_suggestions.suggested_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO brand_suggestions (id, suggested_name, suggested_by, created_at) VALUES ('m_bs', 'Marker Brand Idea', ?, ?)",
        s.id,
        now,
      ),
    ],
    marker: "Marker Brand Idea",
  }),
  "transactions.owner_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, gross_amount, net_amount, created_at) VALUES ('m_txn', 'sale', 'm_prod_sold', 'order_m_other', 'm_item_sold', ?, 7000, 6300, ?)",
        s.id,
        now,
      ),
    ],
    marker: "m_txn",
  }),
};
