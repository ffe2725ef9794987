// The subject's settings and activity: notifications, sizes, saved searches, offers, follows, content and payouts.
// Part of FIXTURES (personal-data-fixtures.ts), in the order their rows depend on each other.

import { bindAll, type Fixture } from "./personal-data-fixture-kit";

export const ACTIVITY_FIXTURES: Record<string, Fixture> = {
  "notifications.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO notifications (id, user_id, event_key, kind, category, title, body, link, created_at) VALUES ('m_note', ?, 'm_event', 'product_approved', 'selling', 'Marker notification', 'Body', '/vendor', ?)",
        s.id,
        now,
      ),
    ],
    marker: "Marker notification",
  }),
  "notification_preferences.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO notification_preferences (user_id, category, email, updated_at) VALUES (?, 'marketing', 0, ?)",
        s.id,
        now,
      ),
    ],
    marker: "marketing",
  }),
  "user_sizes.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO user_sizes (user_id, size_system, size, updated_at) VALUES (?, 'shoes', 'Shoe UK 11.5', ?)",
        s.id,
        now,
      ),
    ],
    marker: "Shoe UK 11.5",
  }),
  "back_in_stock_requests.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO back_in_stock_requests (id, user_id, product_id, created_at) VALUES ('m_bis', ?, 'm_prod_other', ?)",
        s.id,
        now,
      ),
    ],
    marker: "m_bis",
  }),
  "saved_searches.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO saved_searches (id, user_id, name, url, created_at) VALUES ('m_saved', ?, 'Marker coats', '/categories/coats', ?)",
        s.id,
        now,
      ),
    ],
    marker: "Marker coats",
  }),
  "offers.shopper_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO offers (id, product_id, shopper_id, list_price, amount, status, expires_at, created_at, updated_at) VALUES ('m_offer_made', 'm_prod_other', ?, 10000, 7000, 'pending', ?, ?, ?)",
        s.id,
        now + 86_400_000,
        now,
        now,
      ),
    ],
    marker: "m_offer_made",
  }),
  "offers.seller_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO offers (id, product_id, shopper_id, seller_id, list_price, amount, status, expires_at, created_at, updated_at) VALUES ('m_offer_received', 'm_prod_other', ?, ?, 10000, 7100, 'pending', ?, ?, ?)",
        s.other.id,
        s.id,
        now + 86_400_000,
        now,
        now,
      ),
    ],
    marker: "m_offer_received",
  }),
  "offers.answered_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO offers (id, product_id, shopper_id, list_price, amount, status, expires_at, answered_by, created_at, updated_at) VALUES ('m_offer_answered', 'm_prod_other', ?, 10000, 7200, 'declined', ?, ?, ?, ?)",
        s.other.id,
        now,
        s.id,
        now,
        now,
      ),
    ],
    marker: "m_offer_answered",
  }),
  "shipping_labels.created_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO shipping_labels (id, order_id, handler_key, direction, status, provider, from_address, to_address, created_by, created_at, updated_at) VALUES ('m_label', 'order_m_other', 'vendor:m', 'outbound', 'ready', 'local', '{}', '{}', ?, ?, ?)",
        s.id,
        now,
        now,
      ),
    ],
    marker: "m_label",
  }),
  "follows.follower_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO follows (id, follower_id, seller_id, created_at) VALUES ('m_follow_by', ?, ?, ?)",
        s.id,
        s.other.id,
        now,
      ),
    ],
    marker: "m_follow_by",
  }),
  "follows.seller_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO follows (id, follower_id, seller_id, created_at) VALUES ('m_follow_of', ?, ?, ?)",
        s.other.id,
        s.id,
        now,
      ),
    ],
    marker: "m_follow_of",
  }),
  "seller_requests.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO seller_requests (user_id, status, created_at, reviewed_at, rejection_reason) VALUES (?, 'declined', ?, ?, 'Marker: own photos please')",
        s.id,
        now,
        now,
      ),
    ],
    marker: "Marker: own photos please",
  }),
  "seller_requests.reviewed_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO seller_requests (user_id, status, created_at, reviewed_at, reviewed_by) VALUES (?, 'approved', ?, ?, ?)",
        s.other.id,
        now,
        now,
        s.id,
      ),
    ],
    marker: s.other.id,
  }),
  "site_content.updated_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO site_content (id, content_type, content_key, content, updated_by, updated_at) VALUES ('m_content', 'page', 'm_page', 'x', ?, ?)",
        s.id,
        now,
      ),
    ],
    marker: "m_page",
  }),
  "media_library.uploaded_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO media_library (id, file_name, file_url, file_type, file_size, media_type, uploaded_by, created_at) VALUES ('m_media', 'marker.png', '/images/banners/m.png', 'image/png', 10, 'image', ?, ?)",
        s.id,
        now,
      ),
    ],
    marker: "marker.png",
  }),
  "blog_posts.author_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO blog_posts (id, title, content, author_id, created_at) VALUES ('m_post', 'Marker Post', 'Body', ?, ?)",
        s.id,
        now,
      ),
    ],
    marker: "Marker Post",
  }),
  "payouts.paid_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, status, paid_at, paid_by, created_at) VALUES ('m_payout_paid', 'owner', ?, 1, 2, 10, 1, 9, 'paid', ?, ?, ?)",
        s.other.id,
        now,
        s.id,
        now,
      ),
    ],
    marker: "m_payout_paid",
  }),
  "audit_log.actor_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO audit_log (id, actor_id, action, target_type, target_id, created_at) VALUES ('m_audit', ?, 'role.assign', 'user', ?, ?)",
        s.id,
        s.other.id,
        now,
      ),
    ],
    marker: "m_audit",
  }),
};
