// Shared by personal-data-export.test.ts and personal-data-deletion.test.ts: a subject with a row
// in every column that names a user (the fixtures), and the readers of the schema's foreign keys.

import { env } from "cloudflare:workers";
import { signedInBrowser, type Actor } from "./actors";
import { createProduct, createUser } from "./factories";
import { Browser } from "./http";
import { PNG_BYTES } from "./images";
import { perFile } from "./per-file";

let ipSeq = 0;
/** The next number of the address sequence the signed-in browsers use (for a browser of its own). */
export const nextIpSeq = () => ++ipSeq;

export const member = (actor: Actor) => signedInBrowser(actor, { ip: `10.79.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });

export const scalar = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;

export const bindAll = (sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds);

/** Every table's foreign keys to users, as the database itself reports them. */
export async function userForeignKeys() {
  const tables = (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'").all<{ name: string }>()).results;
  const found: string[] = ["users.id"];
  for (const { name } of tables) {
    const keys = (await env.DB.prepare(`PRAGMA foreign_key_list(${name})`).all<{ table: string; from: string }>()).results;
    for (const key of keys) if (key.table === "users") found.push(`${name}.${key.from}`);
  }
  return { found: found.sort(), tables: tables.map((t) => t.name) };
}

/** Follows a dotted path into the export file. */
export const at = (file: unknown, path: string) => path.split(".").reduce<unknown>((v, key) => (v as Record<string, unknown> | null)?.[key], file);

export interface Subject {
  id: string;
  email: string;
  browser: Browser;
  other: { id: string; email: string };
  storeOfOther: string;
}

/**
 * One row in every table that points at the subject (and in every column that names them
 * without a foreign key), each carrying a marker the export must show. Keyed "table.column".
 */
export const FIXTURES: Record<string, (s: Subject, now: number) => { statements: D1PreparedStatement[]; marker: string }> = {
  "users.id": (s) => ({ statements: [], marker: s.email }),
  "user_roles.user_id": () => ({ statements: [], marker: '"seller_role":"vendor"' }),
  "user_verifications.user_id": (s, now) => ({ statements: [bindAll("INSERT INTO user_verifications (user_id, is_verified, verified_at) VALUES (?, 1, ?)", s.id, now)], marker: '"is_verified":true' }),
  "auth_tokens.user_id": (s, now) => ({
    statements: [bindAll("INSERT INTO auth_tokens (token_hash, user_id, purpose, payload, expires_at, created_at) VALUES ('m_token', ?, 'change_email', 'marker-new@example.test', ?, ?)", s.id, now + 1e9, now)],
    marker: "marker-new@example.test",
  }),
  "cart_items.user_id": (s, now) => ({
    statements: [bindAll("INSERT INTO cart_items (id, user_id, product_id, name, type, price, created_at) VALUES ('m_cart', ?, 'm_prod_other', 'Cart line', 'rental', 100, ?)", s.id, now)],
    marker: "m_cart",
  }),
  "favorites.user_id": (s, now) => ({ statements: [bindAll("INSERT INTO favorites (id, user_id, product_id, created_at) VALUES ('m_fav', ?, 'm_prod_other', ?)", s.id, now)], marker: "m_fav" }),
  "reviews.reviewer_id": (s, now) => ({
    statements: [bindAll("INSERT INTO reviews (id, rating, comment, reviewer_id, reviewed_user_id, product_id, created_at) VALUES ('m_review_by', 5, 'Written by the subject', ?, ?, 'm_prod_other', ?)", s.id, s.other.id, now)],
    marker: "Written by the subject",
  }),
  "reviews.reviewed_user_id": (s, now) => ({
    statements: [bindAll("INSERT INTO reviews (id, rating, comment, reviewer_id, reviewed_user_id, product_id, created_at) VALUES ('m_review_of', 4, 'About the subject', ?, ?, 'm_prod_own', ?)", s.other.id, s.id, now)],
    marker: "About the subject",
  }),
  "orders.user_id": (s, now) => ({
    statements: [
      bindAll("INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES ('order_m_own', ?, 'completed', 500, 399, 899, '{\"city\":\"Marker Town\"}', '{}', ?, ?)", s.id, now, now),
      bindAll("INSERT INTO order_items (id, order_id, product_id, name, type, price, status, return_carrier, return_tracking_number, created_at) VALUES ('m_item_own', 'order_m_own', 'm_prod_other', 'Bought by the subject', 'purchase', 500, 'completed', 'evri', 'RET987654321', ?)", now),
    ],
    marker: "Marker Town",
  }),
  "order_idempotency_keys.user_id": (s, now) => ({ statements: [bindAll("INSERT INTO order_idempotency_keys (key, user_id, order_id, created_at) VALUES ('m_key', ?, 'order_m_own', ?)", s.id, now)], marker: "m_key" }),
  "products.owner_id": () => ({ statements: [], marker: "m_prod_own" }),
  "price_change_requests.owner_id": (s, now) => ({
    statements: [bindAll("INSERT INTO price_change_requests (id, product_id, owner_id, store_id, suggested_rental_price, suggested_buying_price, reason, created_at) VALUES ('m_pcr', 'm_prod_own', ?, ?, 100, 1000, 'Marker reason', ?)", s.id, s.storeOfOther, now)],
    marker: "Marker reason",
  }),
  "stores.owner_id": (s, now) => ({
    statements: [bindAll("INSERT INTO stores (id, name, owner_id, logo_url, created_at) VALUES ('m_store_own', 'Marker Store', ?, '/images/store-logos/m_store_own/m_store_own-logo.png', ?)", s.id, now)],
    marker: "Marker Store",
  }),
  "brand_suggestions.suggested_by": (s, now) => ({ statements: [bindAll("INSERT INTO brand_suggestions (id, suggested_name, suggested_by, created_at) VALUES ('m_bs', 'Marker Brand Idea', ?, ?)", s.id, now)], marker: "Marker Brand Idea" }),
  "transactions.owner_id": (s, now) => ({
    statements: [bindAll("INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, gross_amount, net_amount, created_at) VALUES ('m_txn', 'sale', 'm_prod_sold', 'order_m_other', 'm_item_sold', ?, 7000, 6300, ?)", s.id, now)],
    marker: "m_txn",
  }),
  "user_roles.assigned_by": (s, now) => ({ statements: [bindAll("INSERT INTO user_roles (user_id, role, assigned_by, assigned_at) VALUES (?, 'individual', ?, ?)", s.other.id, s.id, now)], marker: s.other.id }),
  "brands.created_by": (s, now) => ({ statements: [bindAll("INSERT INTO brands (id, name, created_by, created_at) VALUES ('m_brand', 'Marker Brand', ?, ?)", s.id, now)], marker: "Marker Brand" }),
  "brand_suggestions.reviewed_by": (s, now) => ({
    statements: [bindAll("INSERT INTO brand_suggestions (id, suggested_name, suggested_by, reviewed_by, reviewed_at, status, created_at) VALUES ('m_bs_rev', 'Reviewed Idea', ?, ?, ?, 'rejected', ?)", s.other.id, s.id, now, now)],
    marker: "Reviewed Idea",
  }),
  "store_requests.reviewed_by": (s, now) => ({
    statements: [bindAll("INSERT INTO store_requests (id, contact_name, store_name, store_address, contact_email, status, created_at, reviewed_at, reviewed_by) VALUES ('m_sr_rev', 'Someone', 'Reviewed Shop', 'Addr', 'x@example.test', 'rejected', ?, ?, ?)", now, now, s.id)],
    marker: "Reviewed Shop",
  }),
  "price_change_requests.reviewed_by": (s, now) => ({
    statements: [bindAll("INSERT INTO price_change_requests (id, product_id, owner_id, store_id, suggested_rental_price, suggested_buying_price, reason, status, created_at, reviewed_at, reviewed_by) VALUES ('m_pcr_rev', 'm_prod_other', ?, ?, 100, 1000, 'r', 'accepted', ?, ?, ?)", s.other.id, s.storeOfOther, now, now, s.id)],
    marker: "m_pcr_rev",
  }),
  "order_status_history.actor_id": (s, now) => ({
    statements: [bindAll("INSERT INTO order_status_history (id, order_id, from_status, to_status, actor_id, actor_role, created_at) VALUES ('m_hist', 'order_m_other', 'processing', 'shipped', ?, 'staff', ?)", s.id, now)],
    marker: "m_hist",
  }),
  "order_items.inspected_by": (s, now) => ({
    statements: [bindAll("INSERT INTO order_items (id, order_id, product_id, name, type, price, status, inspection, inspected_by, returned_at, created_at) VALUES ('m_item_inspected', 'order_m_other', 'm_prod_other', 'Inspected', 'rental', 100, 'returned', 'good', ?, ?, ?)", s.id, now, now)],
    marker: "m_item_inspected",
  }),
  "order_items.shipped_by": (s, now) => ({
    statements: [bindAll("INSERT INTO order_items (id, order_id, product_id, name, type, price, status, carrier, tracking_number, shipped_by, shipped_at, created_at) VALUES ('m_item_shipped', 'order_m_other', 'm_prod_other', 'Shipped', 'purchase', 100, 'completed', 'dpd', 'M12345678901', ?, ?, ?)", s.id, now, now)],
    marker: "m_item_shipped",
  }),
  "order_items.cancelled_by": (s, now) => ({
    statements: [bindAll("INSERT INTO order_items (id, order_id, product_id, name, type, price, status, cancelled_by, cancelled_at, created_at) VALUES ('m_item_cancelled', 'order_m_other', 'm_prod_other', 'Cancelled', 'purchase', 100, 'cancelled', ?, ?, ?)", s.id, now, now)],
    marker: "m_item_cancelled",
  }),
  "order_items.charge_overturned_by": (s, now) => ({
    statements: [bindAll("INSERT INTO order_items (id, order_id, product_id, name, type, price, status, inspection, damage_charge, charge_overturned_by, charge_overturned_at, created_at) VALUES ('m_item_overturned', 'order_m_other', 'm_prod_other', 'Overturned', 'rental', 100, 'returned', 'damaged', 500, ?, ?, ?)", s.id, now, now)],
    marker: "m_item_overturned",
  }),
  "claims.shopper_id": (s, now) => ({
    statements: [bindAll("INSERT INTO claims (id, order_id, order_item_id, shopper_id, kind, reason, description, status, created_at, updated_at) VALUES ('m_claim_own', 'order_m_own', 'm_item_own', ?, 'problem', 'damaged', 'Marker claim of the subject', 'awaiting_handler', ?, ?)", s.id, now, now)],
    marker: "Marker claim of the subject",
  }),
  "claims.answered_by": (s, now) => ({
    statements: [bindAll("INSERT INTO claims (id, order_id, order_item_id, shopper_id, kind, reason, description, status, handler_text, answered_by, created_at, updated_at) VALUES ('m_claim_answered', 'order_m_other', 'm_item_sold', ?, 'problem', 'damaged', 'd', 'with_staff', 'Marker answer by the subject', ?, ?, ?)", s.other.id, s.id, now, now)],
    marker: "Marker answer by the subject",
  }),
  "claims.decided_by": (s, now) => ({
    statements: [bindAll("INSERT INTO claims (id, order_id, order_item_id, shopper_id, kind, reason, description, status, outcome, refund_amount, decision_reason, decided_by, decided_at, created_at, updated_at) VALUES ('m_claim_decided', 'order_m_other', 'm_item_sold', ?, 'repair_fee', 'repair_fee', 'd', 'resolved', 'no_refund', 0, 'Marker decision by the subject', ?, ?, ?, ?)", s.other.id, s.id, now, now, now)],
    marker: "Marker decision by the subject",
  }),
  "notifications.user_id": (s, now) => ({
    statements: [bindAll("INSERT INTO notifications (id, user_id, event_key, kind, category, title, body, link, created_at) VALUES ('m_note', ?, 'm_event', 'product_approved', 'selling', 'Marker notification', 'Body', '/vendor', ?)", s.id, now)],
    marker: "Marker notification",
  }),
  "notification_preferences.user_id": (s, now) => ({
    statements: [bindAll("INSERT INTO notification_preferences (user_id, category, email, updated_at) VALUES (?, 'marketing', 0, ?)", s.id, now)],
    marker: "marketing",
  }),
  "user_sizes.user_id": (s, now) => ({
    statements: [bindAll("INSERT INTO user_sizes (user_id, size_system, size, updated_at) VALUES (?, 'shoes', 'Shoe UK 11.5', ?)", s.id, now)],
    marker: "Shoe UK 11.5",
  }),
  "back_in_stock_requests.user_id": (s, now) => ({
    statements: [bindAll("INSERT INTO back_in_stock_requests (id, user_id, product_id, created_at) VALUES ('m_bis', ?, 'm_prod_other', ?)", s.id, now)],
    marker: "m_bis",
  }),
  "saved_searches.user_id": (s, now) => ({
    statements: [bindAll("INSERT INTO saved_searches (id, user_id, name, url, created_at) VALUES ('m_saved', ?, 'Marker coats', '/categories/coats', ?)", s.id, now)],
    marker: "Marker coats",
  }),
  "offers.shopper_id": (s, now) => ({
    statements: [bindAll("INSERT INTO offers (id, product_id, shopper_id, list_price, amount, status, expires_at, created_at, updated_at) VALUES ('m_offer_made', 'm_prod_other', ?, 10000, 7000, 'pending', ?, ?, ?)", s.id, now + 86_400_000, now, now)],
    marker: "m_offer_made",
  }),
  "offers.seller_id": (s, now) => ({
    statements: [bindAll("INSERT INTO offers (id, product_id, shopper_id, seller_id, list_price, amount, status, expires_at, created_at, updated_at) VALUES ('m_offer_received', 'm_prod_other', ?, ?, 10000, 7100, 'pending', ?, ?, ?)", s.other.id, s.id, now + 86_400_000, now, now)],
    marker: "m_offer_received",
  }),
  "offers.answered_by": (s, now) => ({
    statements: [bindAll("INSERT INTO offers (id, product_id, shopper_id, list_price, amount, status, expires_at, answered_by, created_at, updated_at) VALUES ('m_offer_answered', 'm_prod_other', ?, 10000, 7200, 'declined', ?, ?, ?, ?)", s.other.id, now, s.id, now, now)],
    marker: "m_offer_answered",
  }),
  "shipping_labels.created_by": (s, now) => ({
    statements: [bindAll("INSERT INTO shipping_labels (id, order_id, handler_key, direction, status, provider, from_address, to_address, created_by, created_at, updated_at) VALUES ('m_label', 'order_m_other', 'vendor:m', 'outbound', 'ready', 'local', '{}', '{}', ?, ?, ?)", s.id, now, now)],
    marker: "m_label",
  }),
  "follows.follower_id": (s, now) => ({
    statements: [bindAll("INSERT INTO follows (id, follower_id, seller_id, created_at) VALUES ('m_follow_by', ?, ?, ?)", s.id, s.other.id, now)],
    marker: "m_follow_by",
  }),
  "follows.seller_id": (s, now) => ({
    statements: [bindAll("INSERT INTO follows (id, follower_id, seller_id, created_at) VALUES ('m_follow_of', ?, ?, ?)", s.other.id, s.id, now)],
    marker: "m_follow_of",
  }),
  "seller_requests.user_id": (s, now) => ({
    statements: [bindAll("INSERT INTO seller_requests (user_id, status, created_at, reviewed_at, rejection_reason) VALUES (?, 'declined', ?, ?, 'Marker: own photos please')", s.id, now, now)],
    marker: "Marker: own photos please",
  }),
  "seller_requests.reviewed_by": (s, now) => ({
    statements: [bindAll("INSERT INTO seller_requests (user_id, status, created_at, reviewed_at, reviewed_by) VALUES (?, 'approved', ?, ?, ?)", s.other.id, now, now, s.id)],
    marker: s.other.id,
  }),
  "site_content.updated_by": (s, now) => ({ statements: [bindAll("INSERT INTO site_content (id, content_type, content_key, content, updated_by, updated_at) VALUES ('m_content', 'page', 'm_page', 'x', ?, ?)", s.id, now)], marker: "m_page" }),
  "media_library.uploaded_by": (s, now) => ({
    statements: [bindAll("INSERT INTO media_library (id, file_name, file_url, file_type, file_size, media_type, uploaded_by, created_at) VALUES ('m_media', 'marker.png', '/images/banners/m.png', 'image/png', 10, 'image', ?, ?)", s.id, now)],
    marker: "marker.png",
  }),
  "blog_posts.author_id": (s, now) => ({ statements: [bindAll("INSERT INTO blog_posts (id, title, content, author_id, created_at) VALUES ('m_post', 'Marker Post', 'Body', ?, ?)", s.id, now)], marker: "Marker Post" }),
  "payouts.paid_by": (s, now) => ({
    statements: [bindAll("INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, status, paid_at, paid_by, created_at) VALUES ('m_payout_paid', 'owner', ?, 1, 2, 10, 1, 9, 'paid', ?, ?, ?)", s.other.id, now, s.id, now)],
    marker: "m_payout_paid",
  }),
  "audit_log.actor_id": (s, now) => ({ statements: [bindAll("INSERT INTO audit_log (id, actor_id, action, target_type, target_id, created_at) VALUES ('m_audit', ?, 'role.assign', 'user', ?, ?)", s.id, s.other.id, now)], marker: "m_audit" }),
  // Issue 26: conversations, in the order their rows depend on each other.
  "conversations.shopper_id": (s, now) => ({
    statements: [bindAll("INSERT INTO conversations (id, product_id, product_name, shopper_id, seller_id, owner_id, created_at, last_message_at, last_seq) VALUES ('m_cnv_shopper', 'm_prod_other', 'Other Coat', ?, ?, ?, ?, ?, 1)", s.id, s.other.id, s.other.id, now, now)],
    marker: "m_cnv_shopper",
  }),
  "conversations.seller_id": (s, now) => ({
    statements: [bindAll("INSERT INTO conversations (id, product_id, product_name, shopper_id, seller_id, owner_id, created_at, last_message_at) VALUES ('m_cnv_seller', 'm_prod_own', 'Subject Coat', ?, ?, ?, ?, ?)", s.other.id, s.id, s.id, now, now)],
    marker: "m_cnv_seller",
  }),
  "conversations.owner_id": (s, now) => ({
    statements: [bindAll("INSERT INTO conversations (id, product_id, product_name, shopper_id, store_id, owner_id, created_at, last_message_at) VALUES ('m_cnv_owner', 'm_prod_sold', 'Subject Sold Coat', ?, ?, ?, ?, ?)", s.other.id, s.storeOfOther, s.id, now, now)],
    marker: "m_cnv_owner",
  }),
  "messages.sender_id": (s, now) => ({
    statements: [bindAll("INSERT INTO messages (id, conversation_id, seq, sender_id, sender_party, body, client_token, created_at) VALUES ('m_msg', 'm_cnv_shopper', 1, ?, 'shopper', 'Marker message text', 'm_token_1', ?)", s.id, now)],
    marker: "Marker message text",
  }),
  "conversation_reads.user_id": (s, now) => ({
    statements: [
      bindAll("INSERT INTO conversations (id, product_id, product_name, shopper_id, store_id, owner_id, created_at, last_message_at) VALUES ('m_cnv_reads', 'm_prod_other', 'Other Coat', ?, ?, ?, ?, ?)", s.other.id, s.storeOfOther, s.other.id, now, now),
      bindAll("INSERT INTO conversation_reads (conversation_id, party, user_id) VALUES ('m_cnv_reads', 'handler', ?)", s.id),
    ],
    marker: "m_cnv_reads",
  }),
  "conversation_reports.reporter_id": (s, now) => ({
    statements: [bindAll("INSERT INTO conversation_reports (id, conversation_id, reporter_id, reason, created_at) VALUES ('m_rep', 'm_cnv_shopper', ?, 'Marker report reason', ?)", s.id, now)],
    marker: "Marker report reason",
  }),
  "conversation_reports.closed_by": (s, now) => ({
    statements: [bindAll("INSERT INTO conversation_reports (id, conversation_id, reporter_id, reason, created_at, closed_at, closed_by) VALUES ('m_rep_closed', 'm_cnv_seller', ?, 'r', ?, ?, ?)", s.other.id, now, now, s.id)],
    marker: "m_rep_closed",
  }),
  "message_blocks.blocker_id": (s, now) => ({ statements: [bindAll("INSERT INTO message_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)", s.id, s.other.id, now)], marker: "you blocked" }),
  "message_blocks.blocked_id": (s, now) => ({ statements: [bindAll("INSERT INTO message_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)", s.other.id, s.id, now)], marker: "blocked you" }),
  "message_suspensions.user_id": (s, now) => ({ statements: [bindAll("INSERT INTO message_suspensions (user_id, reason, created_at) VALUES (?, 'Marker suspension', ?)", s.id, now)], marker: "Marker suspension" }),
  "message_suspensions.suspended_by": (s, now) => ({ statements: [bindAll("INSERT INTO message_suspensions (user_id, suspended_by, created_at) VALUES (?, ?, ?)", s.other.id, s.id, now)], marker: s.other.id }),
  // Columns that name the user without a foreign key.
  "order_items.seller_id": () => ({ statements: [], marker: "" }),
  // The line that sold the subject's coat (made below): migration 0007's trigger copies the owner onto it.
  "order_items.owner_id": () => ({ statements: [], marker: "m_item_sold" }),
  "cart_items.seller_id": (s, now) => ({
    statements: [bindAll("INSERT INTO cart_items (id, user_id, product_id, name, type, price, seller_id, created_at) VALUES ('m_cart_other', ?, 'm_prod_own', 'Their basket', 'rental', 100, ?, ?)", s.other.id, s.id, now)],
    marker: "",
  }),
  "payouts.recipient_id": (s, now) => ({
    statements: [bindAll("INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, created_at) VALUES ('m_payout_owner', 'owner', ?, 5, 6, 7000, 700, 6300, ?)", s.id, now)],
    marker: "m_payout_owner",
  }),
  "audit_log.target_id": (s, now) => ({
    statements: [bindAll("INSERT INTO audit_log (id, actor_id, action, target_type, target_id, detail, created_at) VALUES ('m_audit_target', ?, 'user.deactivate', 'user', ?, ?, ?)", s.other.id, s.id, JSON.stringify({ email: s.email }), now)],
    marker: "user.deactivate",
  }),
  "store_requests.contact_email": (s, now) => ({
    statements: [bindAll("INSERT INTO store_requests (id, contact_name, store_name, store_address, contact_email, created_at) VALUES ('m_sr_own', 'Me', 'My Requested Shop', 'Addr', ?, ?)", s.email.toUpperCase(), now)],
    marker: "My Requested Shop",
  }),
  "view_counts.subject_id": (s) => ({
    statements: [bindAll("INSERT INTO view_counts (subject_type, subject_id, week_start, views) VALUES ('owner', ?, 1234567, 4242)", s.id)],
    marker: "4242",
  }),
  "notification_outbox.recipient": (s, now) => ({
    statements: [bindAll("INSERT INTO notification_outbox (id, message_key, channel, kind, recipient, payload, created_at) VALUES ('m_outbox', 'm_outbox_key', 'marketing', 'track_event:newsletter_subscribed', ?, '{}', ?)", s.email, now)],
    marker: "track_event:newsletter_subscribed",
  }),
};

// One subject per test file (the fixtures' ids are fixed; each file has its own storage): the export
// file exports it, the deletion file deletes it.

export const subjectWithEverything = perFile(() => makeSubject());

export async function makeSubject(): Promise<Subject> {
  const subject = await member("vendor");
  const other = await createUser();
  const now = Date.now();
  const storeOfOther = `m_store_other_${crypto.randomUUID().slice(0, 6)}`;
  const s: Subject = { ...subject, other, storeOfOther };
  // What the fixtures stand on: the subject's products (one sold to the other user), the other user's.
  await env.DB.batch([
    bindAll("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'Other Store', ?, ?)", storeOfOther, other.id, now),
    bindAll("UPDATE users SET avatar_url = ? WHERE id = ?", `/images/avatars/${s.id}/1.png`, s.id),
  ]);
  await createProduct(s.id, { id: "m_prod_own", name: "Subject Coat", images: [`/images/products/${s.id}/m_prod_own_1_0.png`] });
  await createProduct(s.id, { id: "m_prod_sold", name: "Subject Sold Coat", images: [`/images/products/${s.id}/m_prod_sold_1_0.png`] });
  await createProduct(other.id, { id: "m_prod_other", name: "Other Coat", images: [`/images/products/${other.id}/m_prod_other_1_0.png`] });
  await env.DB.batch([
    bindAll("INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES ('order_m_other', ?, 'completed', 7000, 399, 7399, '{}', '{}', ?, ?)", other.id, now, now),
    bindAll("INSERT INTO order_items (id, order_id, product_id, name, type, price, seller_id, handler, status, created_at) VALUES ('m_item_sold', 'order_m_other', 'm_prod_sold', 'Subject Sold Coat', 'purchase', 7000, ?, 'vendor', 'completed', ?)", s.id, now),
  ]);
  for (const [key, make] of Object.entries(FIXTURES)) {
    const { statements } = make(s, now);
    if (statements.length) await env.DB.batch(statements).catch((error) => Promise.reject(new Error(`fixture ${key}: ${error}`)));
  }
  // The other user's concierge product is managed by the subject's store.
  await env.DB.prepare("UPDATE products SET store_id = 'm_store_own', concierge_status = 'yes' WHERE id = 'm_prod_other'").run();
  for (const key of [`avatars/${s.id}/1.png`, `products/${s.id}/m_prod_own_1_0.png`, `products/${s.id}/m_prod_sold_1_0.png`, `store-logos/m_store_own/m_store_own-logo.png`, `staging/${s.id}/left-behind.png`, `variants/400/products/${s.id}/m_prod_own_1_0.png.webp`, `variants/800/avatars/${s.id}/1.png.webp`, `products/${other.id}/m_prod_other_1_0.png`, `variants/400/products/${other.id}/m_prod_other_1_0.png.webp`]) {
    await env.IMAGES.put(key, PNG_BYTES);
  }
  return s;
}

/** Every column of every table that holds the user's id or e-mail address. */
export async function rowsNaming(tables: string[], id: string, email: string) {
  const hits: string[] = [];
  for (const table of tables) {
    const columns = (await env.DB.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>()).results.map((c) => c.name);
    if (columns.length === 0) continue;
    const results = await env.DB.batch(columns.map((c) => env.DB.prepare(`SELECT count(*) AS n FROM "${table}" WHERE "${c}" = ?1 OR lower(CAST("${c}" AS TEXT)) = ?2`).bind(id, email.toLowerCase())));
    results.forEach((r, i) => {
      const n = (r.results[0] as { n: number }).n;
      if (n > 0) hits.push(`${table}.${columns[i]}: ${n}`);
    });
  }
  return hits;
}
