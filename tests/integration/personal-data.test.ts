import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { DELETED_OWNER_ID, UNLINKED_USER_DATA, USER_REFERENCES } from "../../app/data/personal-data.server";
import { appConfig } from "../../app/env.server";
import { staffSetOrderStatus } from "../../app/services/order-lifecycle.server";
import { localFailKey } from "../../app/services/payments-local.server";
import { captureDue } from "../../app/services/payments.server";
import { PASSWORD, signedInBrowser, type Actor } from "./actors";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import { Browser } from "./http";
import { PNG_BYTES } from "./images";
import { deliver, placeOrder } from "./orders";

// The data export and the account's deletion (issue 13; seller-store-admin.md §3, §4, §7;
// docs/decisions/0028-account-deletion.md). The schema's own foreign keys say which columns
// point at a user: every one of them must be exported and cleared by deletion.

let ipSeq = 0;
const member = (actor: Actor) => signedInBrowser(actor, { ip: `10.79.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
const scalar = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;
const bindAll = (sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds);

/** Every table's foreign keys to users, as the database itself reports them. */
async function userForeignKeys() {
  const tables = (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'").all<{ name: string }>()).results;
  const found: string[] = ["users.id"];
  for (const { name } of tables) {
    const keys = (await env.DB.prepare(`PRAGMA foreign_key_list(${name})`).all<{ table: string; from: string }>()).results;
    for (const key of keys) if (key.table === "users") found.push(`${name}.${key.from}`);
  }
  return { found: found.sort(), tables: tables.map((t) => t.name) };
}

/** Follows a dotted path into the export file. */
const at = (file: unknown, path: string) => path.split(".").reduce<unknown>((v, key) => (v as Record<string, unknown> | null)?.[key], file);

interface Subject {
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
const FIXTURES: Record<string, (s: Subject, now: number) => { statements: D1PreparedStatement[]; marker: string }> = {
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
      bindAll("INSERT INTO order_items (id, order_id, product_id, name, type, price, status, created_at) VALUES ('m_item_own', 'order_m_own', 'm_prod_other', 'Bought by the subject', 'purchase', 500, 'completed', ?)", now),
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

// One subject for the export and the deletion tests (the fixtures' ids are fixed): exported first, then deleted.
let made: Promise<Subject> | null = null;
const subjectWithEverything = () => (made ??= makeSubject());

async function makeSubject(): Promise<Subject> {
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
async function rowsNaming(tables: string[], id: string, email: string) {
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

describe("every column that names a user", () => {
  it("is covered: the schema's foreign keys to users are exactly the ones export and deletion handle", async () => {
    const { found } = await userForeignKeys();
    expect(USER_REFERENCES.map((r) => `${r.table}.${r.column}`).sort()).toEqual(found);
  });

  it("has a fixture here, so the test below puts a row in it", () => {
    const covered = [...USER_REFERENCES, ...UNLINKED_USER_DATA].map((r) => `${r.table}.${r.column}`).sort();
    expect(Object.keys(FIXTURES).sort()).toEqual(covered);
  });
});

describe("Export my data", () => {
  it("downloads closetloop-data-YYYY-MM-DD.json, indented by 2, with every row that names the user and none of their secrets; it writes nothing", async () => {
    const s = await subjectWithEverything();
    const before = await databaseFingerprint();
    const response = await s.browser.post("/account/export", {});
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="closetloop-data-${new Date().toISOString().slice(0, 10)}.json"`);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const text = await response.text();
    expect(text.startsWith('{\n  "exported_at": "')).toBe(true);
    expect(text).not.toMatch(/password_hash|password_salt|token_hash|m_token/);
    const file = JSON.parse(text);
    for (const key of ["profile", "products", "orders", "cart_items", "favorites", "reviews", "exported_at", "data_subject_rights", "roles", "stores", "store_requests", "brand_suggestions", "price_change_requests", "sessions", "newsletter", "transactions", "payouts"]) {
      expect(file, key).toHaveProperty(key);
    }
    expect(file.profile).toMatchObject({ id: s.id, email: s.email });
    expect(file.data_subject_rights).toMatchObject({ access: expect.any(String), portability: expect.any(String), contact: "privacy@closetloop.co.uk" });
    expect(file.orders[0]).toMatchObject({ id: "order_m_own", items: [{ id: "m_item_own", name: "Bought by the subject" }], billing_address: { city: "Marker Town" } });
    expect(file.newsletter).toEqual({ subscribed: true, subscribed_at: expect.any(String) });
    expect(file.sessions.length).toBeGreaterThanOrEqual(1);
    expect(file.sessions[0]).toEqual({ signed_in_at: expect.any(String), last_active_at: expect.any(String) });

    const shown = [...USER_REFERENCES, ...UNLINKED_USER_DATA].filter((r) => r.exportedAs !== null);
    for (const ref of shown) {
      const { marker } = FIXTURES[`${ref.table}.${ref.column}`]!(s, 0);
      expect(JSON.stringify(at(file, ref.exportedAs!)), `${ref.table}.${ref.column} in ${ref.exportedAs}`).toContain(marker);
    }
    expect(await databaseFingerprint()).toBe(before);
  });

  it("lists the payment calls of the shopper's own orders, failed attempts included, without the provider's details, and never another shopper's", async () => {
    const services = { env, config: appConfig(env), db: database(env.DB) };
    const staff = await createUser();
    const coat = await createProduct((await createUser()).id, { buyingPrice: 6500 });
    const bag = await createProduct((await createUser()).id, { buyingPrice: 3100 });
    const ada = await member("shopper");
    const bob = await member("shopper");
    const mine = await placeOrder(ada, [{ productId: coat.id, option: "purchase" }]);
    const theirs = await placeOrder(bob, [{ productId: bag.id, option: "purchase" }]);
    const amounts = (orderId: string) => env.DB.prepare("SELECT delivery_fee AS fee, total_amount AS total FROM orders WHERE id = ?").bind(orderId).first<{ fee: number; total: number }>().then((r) => r!);
    const { fee, total } = await amounts(mine.orderId);

    // Ada's order: delivered while the provider refuses captures, then retried (as the daily job does, for this order only).
    await env.CACHE.put(localFailKey(mine.orderId), "capture");
    await staffSetOrderStatus(services, mine.orderId, "delivered", staff.id, Date.now());
    await env.CACHE.delete(localFailKey(mine.orderId));
    expect(await captureDue(services, Date.now() + 60_000, mine.orderId)).toEqual({ captured: 2, failed: 0 });
    // Bob's order: cancelled, its authorization given back.
    await staffSetOrderStatus(services, theirs.orderId, "cancelled", staff.id, Date.now());

    const exported = async (who: typeof ada) => {
      const response = await who.browser.post("/account/export", {});
      expect(response.status).toBe(200);
      const text = await response.text();
      return { text, file: JSON.parse(text) as { orders: { id: string; payments: Record<string, unknown>[] }[] } };
    };
    const call = (orderId: string, operation: string, chargeFor: string, amount: number, status: string, orderItemId: string | null = null) => ({
      order_id: orderId, operation, charge_for: chargeFor, order_item_id: orderItemId, amount, currency: "GBP", status, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const saleLine = mine.items[0]!.id;
    const adas = await exported(ada);
    expect(adas.file.orders.map((o) => o.id)).toEqual([mine.orderId]);
    expect(adas.file.orders[0]!.payments).toEqual([
      call(mine.orderId, "authorize", "order_total", total, "succeeded"),
      call(mine.orderId, "capture", "sale", 6500, "failed", saleLine),
      call(mine.orderId, "capture", "delivery_fee", fee, "failed"),
      call(mine.orderId, "capture", "sale", 6500, "succeeded", saleLine),
      call(mine.orderId, "capture", "delivery_fee", fee, "succeeded"),
    ]);
    // Nothing of Bob's, and nothing that is the provider's or the platform's (references, errors, payment idempotency keys).
    expect(adas.text).not.toContain(theirs.orderId);
    for (const secret of [/local_(authorize|capture|refund)_/, /"provider/, /told to fail/, /(authorize|capture|refund):/]) expect(adas.text.match(secret)?.[0] ?? null, String(secret)).toBeNull();

    const bobs = await exported(bob);
    const bobTotal = (await amounts(theirs.orderId)).total;
    expect(bobs.file.orders.map((o) => o.id)).toEqual([theirs.orderId]);
    expect(bobs.file.orders[0]!.payments).toEqual([call(theirs.orderId, "authorize", "order_total", bobTotal, "succeeded"), call(theirs.orderId, "refund", "order_total", bobTotal, "succeeded")]);
    expect(bobs.text).not.toContain(mine.orderId);
  });

  it("asks a visitor who is not signed in to sign in", async () => {
    const response = await new Browser().post("/account/export", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("Delete my account", () => {
  it("deletes every row and image of the user in one go, keeps financial records de-identified, ends every session and signs out", async () => {
    const s = await subjectWithEverything();
    const elsewhere = new Browser(`10.79.9.${++ipSeq % 250}`);
    await elsewhere.signIn(s.email, PASSWORD);
    const otherOrder = await scalar("SELECT count(*) AS n FROM order_items WHERE order_id = 'order_m_other'");

    const response = await s.browser.post("/account?tab=profile", { intent: "delete_account", password: PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.getSetCookie().some((c) => /^cl_session=;/.test(c) || /cl_session=[^;]*;.*Max-Age=0/i.test(c))).toBe(true);
    const home = await (await s.browser.fetch("/")).text();
    expect(home).toContain("Account Deleted");
    expect(home).toContain("Your account and all associated data have been permanently deleted.");
    expect(home).toContain('aria-label="Sign in"');
    expect((await elsewhere.fetch("/account")).headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    await expect(new Browser(`10.79.8.${++ipSeq % 250}`).signIn(s.email, PASSWORD)).rejects.toThrow(/401/);

    // No row anywhere holds their id or e-mail address.
    const { tables } = await userForeignKeys();
    expect(await rowsNaming(tables, s.id, s.email)).toEqual([]);
    for (const ref of USER_REFERENCES) expect(await scalar(`SELECT count(*) AS n FROM ${ref.table} WHERE ${ref.column} = ?`, s.id), `${ref.table}.${ref.column}`).toBe(0);
    // Other people's records the user touched stay, without the link.
    for (const id of ["m_bs_rev", "m_sr_rev", "m_pcr_rev", "m_hist", "m_item_inspected", "m_content", "m_media", "m_post", "m_payout_paid", "m_audit", "m_brand"]) {
      const table = { m_bs_rev: "brand_suggestions", m_sr_rev: "store_requests", m_pcr_rev: "price_change_requests", m_hist: "order_status_history", m_item_inspected: "order_items", m_content: "site_content", m_media: "media_library", m_post: "blog_posts", m_payout_paid: "payouts", m_audit: "audit_log", m_brand: "brands" }[id]!;
      expect(await scalar(`SELECT count(*) AS n FROM ${table} WHERE id = ?`, id), id).toBe(1);
    }
    expect(await scalar("SELECT count(*) AS n FROM user_roles WHERE user_id = ? AND assigned_by IS NULL", s.other.id)).toBe(1);
    // Financial records keep their amounts.
    expect(await env.DB.prepare("SELECT owner_id, gross_amount, net_amount, product_id FROM transactions WHERE id = 'm_txn'").first()).toEqual({ owner_id: null, gross_amount: 7000, net_amount: 6300, product_id: "m_prod_sold" });
    expect(await env.DB.prepare("SELECT recipient_id LIKE 'deleted_%' AS pseudonymous, total_amount FROM payouts WHERE id = 'm_payout_owner'").first()).toEqual({ pseudonymous: 1, total_amount: 7000 });
    expect(await env.DB.prepare("SELECT detail, target_id LIKE 'deleted_%' AS pseudonymous FROM audit_log WHERE id = 'm_audit_target'").first()).toEqual({ detail: "{}", pseudonymous: 1 });
    // The product someone else bought stays for their order's sake, stripped and owned by no one real.
    expect(await env.DB.prepare("SELECT owner_id, images, product_status, description FROM products WHERE id = 'm_prod_sold'").first()).toEqual({ owner_id: DELETED_OWNER_ID, images: "[]", product_status: "archived", description: null });
    expect(await scalar("SELECT count(*) AS n FROM products WHERE id = 'm_prod_own'")).toBe(0);
    expect(await scalar("SELECT count(*) AS n FROM order_items WHERE order_id = 'order_m_other'")).toBe(otherOrder);
    expect(await env.DB.prepare("SELECT seller_id FROM order_items WHERE id = 'm_item_sold'").first()).toEqual({ seller_id: null });
    // Their store is gone: the concierge product it managed is the other seller's alone again.
    expect(await env.DB.prepare("SELECT store_id, concierge_status FROM products WHERE id = 'm_prod_other'").first()).toEqual({ store_id: null, concierge_status: "no" });
    // Images: theirs are gone, other people's stay.
    const left = (await env.IMAGES.list()).objects.map((o) => o.key);
    expect(left.filter((k) => k.includes(s.id) || k.includes("m_store_own"))).toEqual([]);
    expect(left).toContain(`products/${s.other.id}/m_prod_other_1_0.png`);
    expect(left).toContain(`variants/400/products/${s.other.id}/m_prod_other_1_0.png.webp`);
    // The other user is untouched.
    expect(await scalar("SELECT count(*) AS n FROM users WHERE id = ?", s.other.id)).toBe(1);
  });

  it("is refused with a clear message while an order of theirs is in flight, and deletes nothing", async () => {
    const shopper = await member("shopper");
    const owner = await createUser();
    const coat = await createProduct(owner.id);
    await placeOrder(shopper, [{ productId: coat.id, option: "purchase" }]);
    const before = await databaseFingerprint();
    const response = await shopper.browser.post("/account?tab=profile", { intent: "delete_account", password: PASSWORD });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("Deletion Failed");
    expect(html).toContain("Your account cannot be deleted while you have orders in progress");
    expect(await databaseFingerprint()).toBe(before);
    expect((await shopper.browser.fetch("/account")).status).toBe(200);
  });

  it("is refused while an item they sell is in someone's unfinished order (an active rental), and deletes nothing", async () => {
    const vendor = await member("vendor");
    const shopper = await member("shopper");
    const coat = await createProduct(vendor.id);
    const { orderId } = await placeOrder(shopper, [{ productId: coat.id, option: "rental" }]);
    await deliver(orderId);
    const before = await databaseFingerprint();
    const response = await vendor.browser.post("/account?tab=profile", { intent: "delete_account", password: PASSWORD });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Your account cannot be deleted while items you sell are in orders that are not finished");
    expect(await databaseFingerprint()).toBe(before);
  });

  it.each([
    ["no password", "", "Please enter your password to confirm"],
    ["a wrong password", "not-my-password", "Password is incorrect"],
  ])("asks for the password: %s is refused and nothing is deleted", async (_label, password, message) => {
    const user = await member("shopper");
    const before = await databaseFingerprint();
    const response = await user.browser.post("/account?tab=profile", { intent: "delete_account", password });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("deletes a shopper whose orders are all finished; their completed orders go, the seller's sale record stays", async () => {
    const shopper = await member("shopper");
    const owner = await createUser();
    const coat = await createProduct(owner.id, { buyingPrice: 9000 });
    const { orderId } = await placeOrder(shopper, [{ productId: coat.id, option: "purchase" }]);
    await deliver(orderId);
    const response = await shopper.browser.post("/account?tab=profile", { intent: "delete_account", password: PASSWORD });
    expect(response.headers.get("location")).toBe("/");
    expect(await scalar("SELECT count(*) AS n FROM orders WHERE id = ?", orderId)).toBe(0);
    expect(await env.DB.prepare("SELECT order_id, owner_id, gross_amount FROM transactions WHERE product_id = ?").bind(coat.id).first()).toEqual({ order_id: null, owner_id: owner.id, gross_amount: 9000 });
  });
});
