import { FINISHED_ITEM_STATUSES } from "../domain/account";
import type { Database } from "./db.server";

// Everything the database holds about a user: what the export copies and what deletion removes
// or de-identifies (seller-store-admin.md §3, §4, §7; docs/decisions/0028-account-deletion.md).
//
// USER_REFERENCES lists every column that points at a user. The personal-data test reads the
// schema's foreign keys (PRAGMA foreign_key_list) and fails when one of them is missing here,
// when the export leaves its rows out, or when deletion leaves a row that still names the user.

export type OnDelete =
  /** The rows are the user's: they go. */
  | "delete"
  /** Someone else's record that the user touched (as staff, or as the other party): the link to them is cleared. */
  | "nullify";

export interface UserReference {
  table: string;
  column: string;
  /** Where the export puts these rows (a dotted path into the JSON file). */
  exportedAs: string;
  onDelete: OnDelete;
}

export const USER_REFERENCES: readonly UserReference[] = [
  { table: "users", column: "id", exportedAs: "profile", onDelete: "delete" },
  { table: "user_roles", column: "user_id", exportedAs: "roles", onDelete: "delete" },
  { table: "user_verifications", column: "user_id", exportedAs: "verification", onDelete: "delete" },
  { table: "auth_tokens", column: "user_id", exportedAs: "account_links", onDelete: "delete" },
  { table: "cart_items", column: "user_id", exportedAs: "cart_items", onDelete: "delete" },
  { table: "favorites", column: "user_id", exportedAs: "favorites", onDelete: "delete" },
  { table: "reviews", column: "reviewer_id", exportedAs: "reviews", onDelete: "delete" },
  { table: "reviews", column: "reviewed_user_id", exportedAs: "reviews_received", onDelete: "delete" },
  { table: "orders", column: "user_id", exportedAs: "orders", onDelete: "delete" },
  { table: "order_idempotency_keys", column: "user_id", exportedAs: "orders", onDelete: "delete" },
  // Products someone else ordered stay (their order lines point at them), owned by no one who exists.
  { table: "products", column: "owner_id", exportedAs: "products", onDelete: "delete" },
  { table: "price_change_requests", column: "owner_id", exportedAs: "price_change_requests", onDelete: "delete" },
  { table: "stores", column: "owner_id", exportedAs: "stores", onDelete: "delete" },
  { table: "brand_suggestions", column: "suggested_by", exportedAs: "brand_suggestions", onDelete: "delete" },
  // Financial records are kept, de-identified: the amounts stay, the owner link goes.
  { table: "transactions", column: "owner_id", exportedAs: "transactions", onDelete: "nullify" },
  // The lines of other people's orders that bought or rented the user's items (the seller's sales).
  { table: "order_items", column: "owner_id", exportedAs: "sales", onDelete: "nullify" },
  // What the user did as staff, on other people's records: the records stay, the name goes.
  { table: "user_roles", column: "assigned_by", exportedAs: "staff_activity.roles_assigned", onDelete: "nullify" },
  { table: "brands", column: "created_by", exportedAs: "staff_activity.brands_created", onDelete: "nullify" },
  {
    table: "brand_suggestions",
    column: "reviewed_by",
    exportedAs: "staff_activity.brand_suggestions_reviewed",
    onDelete: "nullify",
  },
  {
    table: "store_requests",
    column: "reviewed_by",
    exportedAs: "staff_activity.store_requests_reviewed",
    onDelete: "nullify",
  },
  {
    table: "price_change_requests",
    column: "reviewed_by",
    exportedAs: "staff_activity.price_change_requests_reviewed",
    onDelete: "nullify",
  },
  {
    table: "order_status_history",
    column: "actor_id",
    exportedAs: "staff_activity.status_changes_made",
    onDelete: "nullify",
  },
  { table: "order_items", column: "inspected_by", exportedAs: "staff_activity.returns_inspected", onDelete: "nullify" },
  { table: "site_content", column: "updated_by", exportedAs: "staff_activity.content_updated", onDelete: "nullify" },
  { table: "media_library", column: "uploaded_by", exportedAs: "staff_activity.media_uploaded", onDelete: "nullify" },
  { table: "blog_posts", column: "author_id", exportedAs: "staff_activity.blog_posts", onDelete: "nullify" },
  { table: "payouts", column: "paid_by", exportedAs: "staff_activity.payouts_paid", onDelete: "nullify" },
  { table: "audit_log", column: "actor_id", exportedAs: "staff_activity.audit_log", onDelete: "nullify" },
  // Issue 22: who posted an item (its handler or staff), who cancelled it (the shopper or staff),
  // and who overturned a damage charge (staff). The order lines stay; the name goes.
  { table: "order_items", column: "shipped_by", exportedAs: "staff_activity.items_shipped", onDelete: "nullify" },
  { table: "order_items", column: "cancelled_by", exportedAs: "cancellations_made", onDelete: "nullify" },
  {
    table: "order_items",
    column: "charge_overturned_by",
    exportedAs: "staff_activity.charges_overturned",
    onDelete: "nullify",
  },
  // Buyer protection (issue 43): the shopper's claims (they go with their orders), a handler's answers, staff's decisions.
  { table: "claims", column: "shopper_id", exportedAs: "claims", onDelete: "nullify" },
  { table: "claims", column: "answered_by", exportedAs: "claims_answered", onDelete: "nullify" },
  { table: "claims", column: "decided_by", exportedAs: "staff_activity.claims_decided", onDelete: "nullify" },
  // Issue 23: what the person was told, and how they chose to be told.
  { table: "notifications", column: "user_id", exportedAs: "notifications", onDelete: "delete" },
  { table: "notification_preferences", column: "user_id", exportedAs: "notification_preferences", onDelete: "delete" },
  // Issue 26: conversations stay for the other party; the person's messages lose their text
  // ('Message deleted') and every link to them goes.
  { table: "conversations", column: "shopper_id", exportedAs: "conversations", onDelete: "nullify" },
  { table: "conversations", column: "seller_id", exportedAs: "conversations", onDelete: "nullify" },
  { table: "conversations", column: "owner_id", exportedAs: "conversations", onDelete: "nullify" },
  { table: "messages", column: "sender_id", exportedAs: "conversations", onDelete: "nullify" },
  { table: "conversation_reads", column: "user_id", exportedAs: "conversations", onDelete: "nullify" },
  { table: "conversation_reports", column: "reporter_id", exportedAs: "conversation_reports", onDelete: "nullify" },
  {
    table: "conversation_reports",
    column: "closed_by",
    exportedAs: "staff_activity.conversation_reports_closed",
    onDelete: "nullify",
  },
  { table: "message_blocks", column: "blocker_id", exportedAs: "message_blocks", onDelete: "delete" },
  { table: "message_blocks", column: "blocked_id", exportedAs: "message_blocks", onDelete: "delete" },
  { table: "message_suspensions", column: "user_id", exportedAs: "message_suspension", onDelete: "delete" },
  {
    table: "message_suspensions",
    column: "suspended_by",
    exportedAs: "staff_activity.message_suspensions",
    onDelete: "nullify",
  },
  // Issue 25: the sizes they saved for 'Show my sizes'.
  { table: "user_sizes", column: "user_id", exportedAs: "sizes", onDelete: "delete" },
  // Issue 25, items 6 and 7: what they asked to be told of.
  { table: "back_in_stock_requests", column: "user_id", exportedAs: "back_in_stock_requests", onDelete: "delete" },
  { table: "saved_searches", column: "user_id", exportedAs: "saved_searches", onDelete: "delete" },
  // Issue 46 item 1: the sellers and stores they follow, and who follows them (decision 0090).
  { table: "follows", column: "follower_id", exportedAs: "following", onDelete: "delete" },
  { table: "follows", column: "seller_id", exportedAs: "followers", onDelete: "delete" },
  // Issue 43 item 4: offers they made (theirs: they go), offers on their items and answers they
  // gave (the shopper's record: the link to them is cleared) (decision 0088).
  { table: "offers", column: "shopper_id", exportedAs: "offers_made", onDelete: "delete" },
  { table: "offers", column: "seller_id", exportedAs: "offers_received", onDelete: "nullify" },
  { table: "offers", column: "answered_by", exportedAs: "offers_answered", onDelete: "nullify" },
  // Issue 44 item 2: labels they bought for an order (the order's record stays) (decision 0082).
  { table: "shipping_labels", column: "created_by", exportedAs: "shipping_labels", onDelete: "nullify" },
  // Issue 27 item 7: their request to sell, and the requests they decided as staff.
  { table: "seller_requests", column: "user_id", exportedAs: "seller_request", onDelete: "delete" },
  {
    table: "seller_requests",
    column: "reviewed_by",
    exportedAs: "staff_activity.seller_requests_reviewed",
    onDelete: "nullify",
  },
];

/**
 * Columns that name a user without a foreign key: the vendor on an order line, the seller on a
 * basket line, an owner's payout, a store request's and an e-mail's address. Covered the same way.
 */
export const UNLINKED_USER_DATA = [
  { table: "order_items", column: "seller_id", matches: "id", exportedAs: null, onDelete: "nullify" },
  { table: "cart_items", column: "seller_id", matches: "id", exportedAs: null, onDelete: "delete" },
  { table: "payouts", column: "recipient_id", matches: "id", exportedAs: "payouts", onDelete: "pseudonymise" },
  { table: "audit_log", column: "target_id", matches: "id", exportedAs: "account_events", onDelete: "pseudonymise" },
  {
    table: "store_requests",
    column: "contact_email",
    matches: "email",
    exportedAs: "store_requests",
    onDelete: "delete",
  },
  {
    table: "notification_outbox",
    column: "recipient",
    matches: "email",
    exportedAs: "messages_sent",
    onDelete: "delete",
  },
  // Weekly views of a seller's profile and products (issue 24, item 11).
  { table: "view_counts", column: "subject_id", matches: "id", exportedAs: "profile_views", onDelete: "delete" },
] as const;

/** The owner of products that stay after their seller deleted the account (someone ordered them). */
export const DELETED_OWNER_ID = "user_deleted";

const FINISHED = FINISHED_ITEM_STATUSES.map((s) => `'${s}'`).join(", ");
const IN_FLIGHT_AS_SHOPPER = `SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE o.user_id = ?1 AND oi.status NOT IN (${FINISHED})`;
const IN_FLIGHT_AS_SELLER = `SELECT 1 FROM order_items oi JOIN products p ON p.id = oi.product_id
  WHERE oi.status NOT IN (${FINISHED})
    AND (p.owner_id = ?1 OR p.store_id IN (SELECT id FROM stores WHERE owner_id = ?1)
         OR (oi.handler = 'store' AND oi.seller_id IN (SELECT id FROM stores WHERE owner_id = ?1)))`;

/** What stops a deletion: an order of theirs, or of what they sell, that is not finished. */
export /** Binds ?1..?N: D1 refuses more values than the statement names. */
function prepared(db: Database, sql: string, values: unknown[]) {
  const highest = Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
  return db.$client.prepare(sql).bind(...values.slice(0, highest));
}

export async function deletionBlockers(db: Database, userId: string) {
  const [shopper, seller] = await db.$client.batch([
    db.$client.prepare(`SELECT EXISTS (${IN_FLIGHT_AS_SHOPPER}) AS n`).bind(userId),
    db.$client.prepare(`SELECT EXISTS (${IN_FLIGHT_AS_SELLER}) AS n`).bind(userId),
  ]);
  const yes = (r: D1Result | undefined) => Boolean((r?.results[0] as { n?: number } | undefined)?.n);
  return { asShopper: yes(shopper), asSeller: yes(seller) };
}

/** The person's own orders still in progress (at most five), to name when they stop a deletion (decision 0068). */
export async function ordersInProgress(db: Database, userId: string) {
  const rows = await db.$client
    .prepare(
      `SELECT DISTINCT o.reference FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE o.user_id = ?1 AND oi.status NOT IN (${FINISHED}) ORDER BY o.created_at DESC LIMIT 5`,
    )
    .bind(userId)
    .all<{ reference: string | null }>();
  return rows.results.map((r) => r.reference);
}

// ---------------------------------------------------------------------------------------------
// Deletion

/** What deletion must also remove outside D1: the user's images and their stores' logos. */
export async function deletionFootprint(db: Database, userId: string) {
  const [user, productRows, storeRows] = await db.$client.batch([
    db.$client.prepare("SELECT email, avatar_url FROM users WHERE id = ?1").bind(userId),
    db.$client.prepare("SELECT images FROM products WHERE owner_id = ?1").bind(userId),
    db.$client.prepare("SELECT id, logo_url FROM stores WHERE owner_id = ?1").bind(userId),
  ]);
  const profile = user?.results[0] as { email: string; avatar_url: string | null } | undefined;
  if (!profile) return null;
  const productImages = ((productRows?.results ?? []) as { images: string }[]).flatMap((r) => {
    try {
      const list = JSON.parse(r.images) as unknown;
      return Array.isArray(list) ? list.filter((u): u is string => typeof u === "string") : [];
    } catch {
      return [];
    }
  });
  const storeList = (storeRows?.results ?? []) as { id: string; logo_url: string | null }[];
  return {
    email: profile.email,
    imageUrls: [profile.avatar_url, ...productImages, ...storeList.map((s) => s.logo_url)].filter((u): u is string =>
      Boolean(u),
    ),
    storeIds: storeList.map((s) => s.id),
  };
}

export class DeletionBlocked extends Error {}

/**
 * Deletes the account in one atomic D1 batch, in the spec's order (cart_items, favorites,
 * reviews, orders, products, profile) plus every other row that is the user's; rows of other
 * people that name the user are kept without the link. The first statement is a guard: while an
 * order of theirs, or of what they sell, is unfinished it sets the e-mail to NULL, the NOT NULL
 * constraint fails and nothing is deleted (an order placed after the check cannot slip through).
 */
export async function deleteAccountRows(db: Database, userId: string, email: string, now: number) {
  // One pseudonym per deleted account: its payouts and the staff log about it still group together.
  const pseudonym = `deleted_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const run = (sql: string) => prepared(db, sql, [userId, email.toLowerCase(), now, DELETED_OWNER_ID, pseudonym]);
  const ownProducts = "SELECT id FROM products WHERE owner_id = ?1";
  const ownStores = "SELECT id FROM stores WHERE owner_id = ?1";
  const statements = [
    run(
      `UPDATE users SET email = NULL WHERE id = ?1 AND (EXISTS (${IN_FLIGHT_AS_SHOPPER}) OR EXISTS (${IN_FLIGHT_AS_SELLER}))`,
    ),
    // The spec's order.
    run("DELETE FROM cart_items WHERE user_id = ?1"),
    run("DELETE FROM favorites WHERE user_id = ?1"),
    run("DELETE FROM reviews WHERE reviewer_id = ?1"),
    run("DELETE FROM order_idempotency_keys WHERE user_id = ?1"),
    run("DELETE FROM orders WHERE user_id = ?1"),
    // Products: other people's baskets, favorites and price suggestions of them go; a product
    // someone ordered stays for their order's sake, stripped and archived, owned by no one real.
    run(`DELETE FROM cart_items WHERE product_id IN (${ownProducts}) OR seller_id = ?1`),
    run(`DELETE FROM favorites WHERE product_id IN (${ownProducts})`),
    run(`DELETE FROM price_change_requests WHERE owner_id = ?1 OR product_id IN (${ownProducts})`),
    run(
      `INSERT INTO users (id, email, full_name, display_name, user_type, password_hash, password_salt, email_verified_at, deactivated_at, created_at, updated_at)
       SELECT ?4, 'deleted-accounts@closetloop.invalid', 'Deleted account', NULL, 'individual', '!', '!', NULL, ?3, ?3, ?3
       WHERE EXISTS (SELECT 1 FROM order_items WHERE product_id IN (${ownProducts}))
       ON CONFLICT DO NOTHING`,
    ),
    run(
      `UPDATE products SET owner_id = ?4, store_id = NULL, concierge_status = 'no', description = NULL, memory_story = NULL, materials = NULL,
         care_instructions = NULL, tags = '[]', images = '[]', product_status = 'archived', updated_at = ?3
       WHERE owner_id = ?1 AND id IN (SELECT product_id FROM order_items)`,
    ),
    run("DELETE FROM products WHERE owner_id = ?1"),
    // The rest of what is theirs.
    run("DELETE FROM brand_suggestions WHERE suggested_by = ?1"),
    run(
      `UPDATE products SET store_id = NULL, concierge_status = 'no', updated_at = ?3 WHERE store_id IN (${ownStores})`,
    ),
    run(
      `DELETE FROM store_requests WHERE lower(contact_email) = ?2 OR id IN (SELECT request_id FROM stores WHERE owner_id = ?1)`,
    ),
    run("DELETE FROM stores WHERE owner_id = ?1"),
    run("DELETE FROM notification_outbox WHERE lower(recipient) = ?2"),
    run("DELETE FROM view_counts WHERE subject_type = 'owner' AND subject_id = ?1"),
    run("DELETE FROM reviews WHERE reviewed_user_id = ?1"),
    run("DELETE FROM auth_tokens WHERE user_id = ?1"),
    run("DELETE FROM user_roles WHERE user_id = ?1"),
    run("DELETE FROM user_verifications WHERE user_id = ?1"),
    // Kept without the link: sales records, other people's order lines, payouts, staff work.
    run("UPDATE order_items SET seller_id = NULL WHERE handler = 'vendor' AND seller_id = ?1"),
    run("UPDATE payouts SET recipient_id = ?5 WHERE recipient_type = 'owner' AND recipient_id = ?1"),
    run("UPDATE audit_log SET detail = '{}', target_id = ?5 WHERE target_type IN ('user', 'users') AND target_id = ?1"),
    // Their messages keep their place in the other party's conversation, without their text (issue 26).
    run("UPDATE messages SET body = '', deleted_at = ?3 WHERE sender_id = ?1"),
    run("DELETE FROM message_blocks WHERE blocker_id = ?1 OR blocked_id = ?1"),
    run("DELETE FROM message_suspensions WHERE user_id = ?1"),
    ...USER_REFERENCES.filter((r) => r.onDelete === "nullify").map((r) =>
      run(`UPDATE ${r.table} SET ${r.column} = NULL WHERE ${r.column} = ?1`),
    ),
    run("DELETE FROM users WHERE id = ?1"),
  ];
  try {
    await db.$client.batch(statements);
  } catch (error) {
    const blockers = await deletionBlockers(db, userId);
    if (blockers.asShopper || blockers.asSeller) throw new DeletionBlocked(blockers.asShopper ? "shopper" : "seller");
    throw error;
  }
}
