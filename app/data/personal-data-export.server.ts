import type { Database } from "./db.server";
import { formatGBP } from "../domain/money";
import { prepared } from "./personal-data.server";

// The data export (seller-store-admin.md §5; decision 0027): everything the database holds about a
// person, readable, in one JSON file. Which tables point at a person is USER_REFERENCES
// (personal-data.server.ts); split from it (issue 28: files of one purpose).

// ---------------------------------------------------------------------------------------------
type Row = Record<string, unknown>;

/** The export's sections: one query each, all in one D1 trip. ?1 is the user's id, ?2 their e-mail (lower case). */
const SECTIONS: Record<string, string> = {
  profile:
    "SELECT id, email, full_name, display_name, avatar_url, user_type, return_address, display_currency, email_verified_at, deactivated_at, created_at, updated_at FROM users WHERE id = ?1",
  roles: "SELECT role, admin_subrole, seller_role, assigned_at FROM user_roles WHERE user_id = ?1",
  verification: "SELECT is_verified, verified_at FROM user_verifications WHERE user_id = ?1",
  account_links:
    "SELECT purpose, payload AS new_email, created_at, expires_at, used_at FROM auth_tokens WHERE user_id = ?1 ORDER BY created_at",
  products:
    "SELECT id, name, description, price, original_price, rental_price, buying_price, brand, condition, color, product_type, category, tags, materials, care_instructions, memory_story, size, fit_note, measurements, images, store_id, status, product_status, concierge_status, availability, created_at, updated_at FROM products WHERE owner_id = ?1 ORDER BY created_at DESC",
  orders:
    "SELECT id, reference, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, created_at, updated_at FROM orders WHERE user_id = ?1 ORDER BY created_at DESC",
  order_items:
    "SELECT oi.id, oi.order_id, oi.product_id, oi.name, oi.type, oi.quantity, oi.price, oi.buying_price, oi.status, oi.delivered_at, oi.rental_starts_at, oi.rental_ends_at, oi.rental_outcome, oi.carrier, oi.tracking_number, oi.shipped_at, oi.return_requested_at, oi.return_reason, oi.return_carrier, oi.return_tracking_number, oi.returned_at, oi.inspection, oi.completed_at, oi.created_at FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE o.user_id = ?1 ORDER BY oi.created_at",
  order_history:
    "SELECT h.order_id, h.order_item_id, h.from_status, h.to_status, h.actor_role, h.note, h.created_at FROM order_status_history h JOIN orders o ON o.id = h.order_id WHERE o.user_id = ?1 ORDER BY h.created_at, h.rowid",
  order_keys: "SELECT key, order_id, created_at FROM order_idempotency_keys WHERE user_id = ?1",
  // The payment calls made for their orders (docs/decisions/0035-payments.md), failed attempts
  // included: what was asked of the provider and when. Not the provider's name, reference, error
  // text or idempotency key: those are the provider's and the platform's, not about the person.
  order_payments: `SELECT p.order_id, p.operation,
      CASE WHEN p.operation = 'authorize' THEN 'order_total'
           WHEN p.operation = 'refund' THEN 'order_total'
           WHEN p.idempotency_key = 'capture:delivery:' || p.order_id THEN 'delivery_fee'
           ELSE coalesce(t.transaction_type, 'order_item') END AS charge_for,
      t.order_item_id, p.amount, p.currency, p.status, p.created_at
    FROM payments p JOIN orders o ON o.id = p.order_id LEFT JOIN transactions t ON t.id = p.transaction_id
    WHERE o.user_id = ?1 ORDER BY p.created_at, p.rowid`,
  cart_items:
    "SELECT id, product_id, name, image_url, type, price, duration, quantity, vendor, created_at FROM cart_items WHERE user_id = ?1 ORDER BY created_at",
  favorites: "SELECT id, product_id, created_at FROM favorites WHERE user_id = ?1 ORDER BY created_at",
  reviews:
    "SELECT id, rating, comment, side, product_id, order_item_id, reviewed_user_id, created_at FROM reviews WHERE reviewer_id = ?1 ORDER BY created_at",
  // Reviews of the user as a seller; the reviewers stay anonymous, as on the public profile.
  reviews_received:
    "SELECT id, rating, comment, product_id, created_at FROM reviews WHERE reviewed_user_id = ?1 ORDER BY created_at",
  stores: "SELECT id, name, description, logo_url, contact_email, created_at FROM stores WHERE owner_id = ?1",
  store_requests:
    "SELECT id, contact_name, store_name, store_address, store_website, contact_email, status, created_at, reviewed_at FROM store_requests WHERE lower(contact_email) = ?2 OR id IN (SELECT request_id FROM stores WHERE owner_id = ?1) ORDER BY created_at",
  brand_suggestions:
    "SELECT id, suggested_name, description, website_url, logo_url, status, rejection_reason, reviewed_at, created_at FROM brand_suggestions WHERE suggested_by = ?1 ORDER BY created_at",
  price_change_requests:
    "SELECT id, product_id, store_id, suggested_rental_price, suggested_buying_price, reason, status, created_at, reviewed_at FROM price_change_requests WHERE owner_id = ?1 ORDER BY created_at",
  sales:
    "SELECT id, order_id, product_id, name, type, price, status, created_at FROM order_items WHERE owner_id = ?1 ORDER BY created_at",
  transactions:
    "SELECT id, transaction_type, product_id, order_id, order_item_id, store_id, gross_amount, net_amount, status, payout_id, created_at FROM transactions WHERE owner_id = ?1 ORDER BY created_at",
  payouts:
    "SELECT id, period_start, period_end, total_amount, commission_amount, net_amount, carried_in, due_amount, status, paid_at, created_at FROM payouts WHERE recipient_type = 'owner' AND recipient_id = ?1 ORDER BY period_start",
  profile_views:
    "SELECT week_start, views FROM view_counts WHERE subject_type = 'owner' AND subject_id = ?1 ORDER BY week_start",
  messages_sent:
    "SELECT channel, kind, subject, status, created_at FROM notification_outbox WHERE lower(recipient) = ?2 ORDER BY created_at",
  // Entries staff wrote about this account (role changes, deactivation).
  account_events:
    "SELECT action, detail, created_at FROM audit_log WHERE target_type IN ('user', 'users') AND target_id = ?1 ORDER BY created_at",
  roles_assigned: "SELECT user_id, role, admin_subrole, assigned_at FROM user_roles WHERE assigned_by = ?1",
  brands_created: "SELECT id, name, created_at FROM brands WHERE created_by = ?1",
  brand_suggestions_reviewed:
    "SELECT id, suggested_name, status, reviewed_at FROM brand_suggestions WHERE reviewed_by = ?1",
  store_requests_reviewed: "SELECT id, store_name, status, reviewed_at FROM store_requests WHERE reviewed_by = ?1",
  price_change_requests_reviewed:
    "SELECT id, product_id, status, reviewed_at FROM price_change_requests WHERE reviewed_by = ?1",
  status_changes_made:
    "SELECT id, order_id, order_item_id, from_status, to_status, actor_role, created_at FROM order_status_history WHERE actor_id = ?1 ORDER BY created_at",
  returns_inspected: "SELECT id, order_id, inspection, returned_at FROM order_items WHERE inspected_by = ?1",
  content_updated: "SELECT id, content_type, content_key, updated_at FROM site_content WHERE updated_by = ?1",
  media_uploaded: "SELECT id, file_name, file_url, created_at FROM media_library WHERE uploaded_by = ?1",
  blog_posts: "SELECT id, title, status, published_at, created_at FROM blog_posts WHERE author_id = ?1",
  payouts_paid: "SELECT id, recipient_type, period_start, paid_at FROM payouts WHERE paid_by = ?1",
  audit_log:
    "SELECT id, action, target_type, target_id, detail, created_at FROM audit_log WHERE actor_id = ?1 ORDER BY created_at",
  items_shipped:
    "SELECT id, order_id, carrier, tracking_number, shipped_at FROM order_items WHERE shipped_by = ?1 ORDER BY shipped_at",
  cancellations_made:
    "SELECT id, order_id, cancelled_at FROM order_items WHERE cancelled_by = ?1 ORDER BY cancelled_at",
  charges_overturned:
    "SELECT id, order_id, damage_charge, charge_overturned_at FROM order_items WHERE charge_overturned_by = ?1",
  claims:
    "SELECT id, order_id, order_item_id, kind, reason, description, photos, status, offer_amount, outcome, refund_amount, decision_reason, created_at, decided_at FROM claims WHERE shopper_id = ?1 ORDER BY created_at",
  claims_answered:
    "SELECT id, order_id, order_item_id, handler_text, handler_photos, offer_amount, updated_at FROM claims WHERE answered_by = ?1 ORDER BY created_at",
  claims_decided:
    "SELECT id, order_id, outcome, refund_amount, decision_reason, decided_at FROM claims WHERE decided_by = ?1 ORDER BY decided_at",
  notifications:
    "SELECT id, kind, category, title, body, link, created_at, read_at FROM notifications WHERE user_id = ?1 ORDER BY created_at DESC",
  notification_preferences:
    "SELECT category, email AS emailed, updated_at FROM notification_preferences WHERE user_id = ?1 ORDER BY category",
  // Conversations (issue 26): those the person is in (as the shopper, the seller, their store's,
  // or about their concierge items), and every message of them.
  conversations: `SELECT c.id, c.product_id, c.product_name, c.shopper_id = ?1 AS as_shopper, c.created_at, c.last_message_at,
      (SELECT r.read_seq FROM conversation_reads r WHERE r.conversation_id = c.id AND r.user_id = ?1 LIMIT 1) AS read_seq
    FROM conversations c WHERE c.shopper_id = ?1 OR c.seller_id = ?1 OR c.owner_id = ?1 OR c.store_id IN (SELECT id FROM stores WHERE owner_id = ?1)
      OR c.id IN (SELECT conversation_id FROM messages WHERE sender_id = ?1) OR c.id IN (SELECT conversation_id FROM conversation_reads WHERE user_id = ?1)
    ORDER BY c.created_at`,
  conversation_messages: `SELECT m.conversation_id, m.seq, m.sender_party, m.sender_id = ?1 AS by_you, CASE WHEN m.deleted_at IS NULL THEN m.body ELSE 'Message deleted' END AS body, m.created_at
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE c.shopper_id = ?1 OR c.seller_id = ?1 OR c.owner_id = ?1 OR c.store_id IN (SELECT id FROM stores WHERE owner_id = ?1) OR m.sender_id = ?1
      OR c.id IN (SELECT conversation_id FROM conversation_reads WHERE user_id = ?1)
    ORDER BY m.conversation_id, m.seq`,
  conversation_reports:
    "SELECT id, conversation_id, reason, created_at, closed_at FROM conversation_reports WHERE reporter_id = ?1 ORDER BY created_at",
  conversation_reports_closed: "SELECT id, conversation_id, closed_at FROM conversation_reports WHERE closed_by = ?1",
  message_blocks:
    "SELECT CASE WHEN blocker_id = ?1 THEN 'you blocked' ELSE 'blocked you' END AS direction, CASE WHEN blocker_id = ?1 THEN blocked_id ELSE blocker_id END AS other_user_id, created_at FROM message_blocks WHERE blocker_id = ?1 OR blocked_id = ?1",
  message_suspension: "SELECT reason, created_at AS suspended_at FROM message_suspensions WHERE user_id = ?1",
  message_suspensions: "SELECT user_id, created_at FROM message_suspensions WHERE suspended_by = ?1",
  sizes: "SELECT size_system, size, updated_at FROM user_sizes WHERE user_id = ?1 ORDER BY size_system",
  back_in_stock_requests:
    "SELECT id, product_id, created_at, notified_at FROM back_in_stock_requests WHERE user_id = ?1 ORDER BY created_at",
  saved_searches:
    "SELECT id, name, url, created_at, last_notified_at FROM saved_searches WHERE user_id = ?1 ORDER BY created_at",
  // Who they follow, and (without who they are) the follows of them (decision 0090).
  following: "SELECT id, seller_id, store_id, created_at FROM follows WHERE follower_id = ?1 ORDER BY created_at",
  followers: "SELECT id, created_at FROM follows WHERE seller_id = ?1 ORDER BY created_at",
  // Offers they made, offers on their items and the offers they answered (decision 0088).
  offers_made:
    "SELECT id, product_id, list_price, amount, counter_amount, status, expires_at, buy_by, created_at FROM offers WHERE shopper_id = ?1 ORDER BY created_at",
  offers_received:
    "SELECT id, product_id, list_price, amount, counter_amount, status, created_at FROM offers WHERE seller_id = ?1 ORDER BY created_at",
  offers_answered: "SELECT id, product_id, status, updated_at FROM offers WHERE answered_by = ?1 ORDER BY created_at",
  // Labels they bought for the orders they sent (decision 0082).
  shipping_labels:
    "SELECT id, order_id, direction, carrier, service, tracking_number, created_at FROM shipping_labels WHERE created_by = ?1 ORDER BY created_at",
  seller_request: "SELECT status, created_at, reviewed_at, rejection_reason FROM seller_requests WHERE user_id = ?1",
  seller_requests_reviewed:
    "SELECT user_id, status, reviewed_at FROM seller_requests WHERE reviewed_by = ?1 ORDER BY reviewed_at",
};

const JSON_COLUMNS = new Set(["tags", "images", "billing_address", "shipping_address", "return_address", "detail"]);
const BOOLEAN_COLUMNS = new Set(["is_verified", "emailed"]);
const TIME_COLUMN = /(_at|^period_start|^period_end)$/;
/** Integer pence in the database; the file says them as a person reads them, '£150.00' (issue 46 item 4). */
const MONEY_COLUMN = /(^|_)(price|amount|fee|charge)$/;

/** A row as the file shows it: JSON columns parsed, flags as booleans, times as ISO 8601 (UTC), money in pounds. */
function readable(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (JSON_COLUMNS.has(key) && typeof value === "string") {
      try {
        out[key] = JSON.parse(value);
      } catch {
        out[key] = value;
      }
    } else if (BOOLEAN_COLUMNS.has(key)) out[key] = Boolean(value);
    else if (TIME_COLUMN.test(key) && typeof value === "number") out[key] = new Date(value).toISOString();
    else if (MONEY_COLUMN.test(key) && typeof value === "number" && Number.isInteger(value))
      out[key] = formatGBP(value);
    else out[key] = value;
  }
  return out;
}

/**
 * Every row the database holds about the user, grouped as the export file shows it (without
 * password hashes or link tokens). Sessions and the data subject rights are added by the service.
 */
export async function personalData(db: Database, user: { id: string; email: string }) {
  const names = Object.keys(SECTIONS);
  const results = await db.$client.batch(
    names.map((name) => prepared(db, SECTIONS[name]!, [user.id, user.email.toLowerCase()])),
  );
  const rows: Record<string, Row[]> = {};
  names.forEach((name, i) => (rows[name] = ((results[i]?.results ?? []) as Row[]).map(readable)));
  const take = (name: string) => rows[name] ?? [];

  const orders = take("orders").map((order) => ({
    ...order,
    items: take("order_items").filter((i) => i.order_id === order.id),
    status_history: take("order_history").filter((h) => h.order_id === order.id),
    idempotency_keys: take("order_keys")
      .filter((k) => k.order_id === order.id)
      .map((k) => ({ key: k.key, created_at: k.created_at })),
    payments: take("order_payments").filter((p) => p.order_id === order.id),
  }));
  const newsletterEvents = take("messages_sent").filter((m) => m.kind === "track_event:newsletter_subscribed");
  return {
    profile: take("profile")[0] ?? null,
    products: take("products"),
    orders,
    cart_items: take("cart_items"),
    favorites: take("favorites"),
    reviews: take("reviews"),
    reviews_received: take("reviews_received"),
    roles: take("roles")[0] ?? null,
    verification: take("verification")[0] ?? null,
    account_links: take("account_links"),
    stores: take("stores"),
    store_requests: take("store_requests"),
    brand_suggestions: take("brand_suggestions"),
    price_change_requests: take("price_change_requests"),
    newsletter: { subscribed: newsletterEvents.length > 0, subscribed_at: newsletterEvents[0]?.created_at ?? null },
    messages_sent: take("messages_sent"),
    profile_views: take("profile_views"),
    sales: take("sales"),
    transactions: take("transactions"),
    payouts: take("payouts"),
    account_events: take("account_events"),
    cancellations_made: take("cancellations_made"),
    claims: take("claims"),
    claims_answered: take("claims_answered"),
    notifications: take("notifications"),
    notification_preferences: take("notification_preferences"),
    conversations: take("conversations").map((c) => ({
      ...c,
      as_shopper: Boolean(c.as_shopper),
      messages: take("conversation_messages")
        .filter((m) => m.conversation_id === c.id)
        .map(({ conversation_id: _c, ...m }) => ({ ...m, by_you: Boolean(m.by_you) })),
    })),
    conversation_reports: take("conversation_reports"),
    message_blocks: take("message_blocks"),
    message_suspension: take("message_suspension")[0] ?? null,
    sizes: take("sizes"),
    back_in_stock_requests: take("back_in_stock_requests"),
    saved_searches: take("saved_searches"),
    following: take("following"),
    followers: take("followers"),
    offers_made: take("offers_made"),
    offers_received: take("offers_received"),
    offers_answered: take("offers_answered"),
    shipping_labels: take("shipping_labels"),
    seller_request: take("seller_request")[0] ?? null,
    staff_activity: {
      roles_assigned: take("roles_assigned"),
      brands_created: take("brands_created"),
      brand_suggestions_reviewed: take("brand_suggestions_reviewed"),
      store_requests_reviewed: take("store_requests_reviewed"),
      price_change_requests_reviewed: take("price_change_requests_reviewed"),
      status_changes_made: take("status_changes_made"),
      returns_inspected: take("returns_inspected"),
      content_updated: take("content_updated"),
      media_uploaded: take("media_uploaded"),
      blog_posts: take("blog_posts"),
      payouts_paid: take("payouts_paid"),
      audit_log: take("audit_log"),
      items_shipped: take("items_shipped"),
      charges_overturned: take("charges_overturned"),
      claims_decided: take("claims_decided"),
      conversation_reports_closed: take("conversation_reports_closed"),
      message_suspensions: take("message_suspensions"),
      seller_requests_reviewed: take("seller_requests_reviewed"),
    },
  };
}
