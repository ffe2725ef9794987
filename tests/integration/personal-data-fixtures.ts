// Shared by personal-data-export.test.ts and personal-data-deletion.test.ts: a subject with a row
// in every column that names a user (the fixtures), and the readers of the schema's foreign keys.

import { env } from "cloudflare:workers";
import { signedInBrowser, type Actor } from "./actors";
import { createProduct, createUser } from "./factories";
import { PNG_BYTES } from "./images";
import { perFile } from "./per-file";
import { bindAll, type Fixture, type Subject } from "./personal-data-fixture-kit";
import { ACCOUNT_FIXTURES } from "./personal-data-fixtures-account";
import { ACTIVITY_FIXTURES } from "./personal-data-fixtures-activity";
import { MESSAGE_FIXTURES } from "./personal-data-fixtures-messages";
import { STAFF_FIXTURES } from "./personal-data-fixtures-staff";

export { bindAll, type Subject };

let ipSeq = 0;
/** The next number of the address sequence the signed-in browsers use (for a browser of its own). */
export const nextIpSeq = () => ++ipSeq;

export const member = (actor: Actor) =>
  signedInBrowser(actor, { ip: `10.79.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });

export const scalar = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

/** Every table's foreign keys to users, as the database itself reports them. */
export async function userForeignKeys() {
  const tables = (
    await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
    ).all<{ name: string }>()
  ).results;
  const found: string[] = ["users.id"];
  for (const { name } of tables) {
    const keys = (await env.DB.prepare(`PRAGMA foreign_key_list(${name})`).all<{ table: string; from: string }>())
      .results;
    for (const key of keys) if (key.table === "users") found.push(`${name}.${key.from}`);
  }
  return { found: found.sort(), tables: tables.map((t) => t.name) };
}

/** Follows a dotted path into the export file. */
export const at = (file: unknown, path: string) =>
  path.split(".").reduce<unknown>((v, key) => (v as Record<string, unknown> | null)?.[key], file);

/**
 * One row in every table that points at the subject (and in every column that names them
 * without a foreign key), each carrying a marker the export must show. Keyed "table.column".
 */
export const FIXTURES: Record<string, Fixture> = {
  ...ACCOUNT_FIXTURES,
  ...STAFF_FIXTURES,
  ...ACTIVITY_FIXTURES,
  ...MESSAGE_FIXTURES,
  // Columns that name the user without a foreign key.
  "order_items.seller_id": () => ({ statements: [], marker: "" }),
  // The line that sold the subject's coat (made below): migration 0007's trigger copies the owner onto it.
  "order_items.owner_id": () => ({ statements: [], marker: "m_item_sold" }),
  "cart_items.seller_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO cart_items (id, user_id, product_id, name, type, price, seller_id, created_at) VALUES ('m_cart_other', ?, 'm_prod_own', 'Their basket', 'rental', 100, ?, ?)",
        s.other.id,
        s.id,
        now,
      ),
    ],
    marker: "",
  }),
  "payouts.recipient_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, created_at) VALUES ('m_payout_owner', 'owner', ?, 5, 6, 7000, 700, 6300, ?)",
        s.id,
        now,
      ),
    ],
    marker: "m_payout_owner",
  }),
  "audit_log.target_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO audit_log (id, actor_id, action, target_type, target_id, detail, created_at) VALUES ('m_audit_target', ?, 'user.deactivate', 'user', ?, ?, ?)",
        s.other.id,
        s.id,
        JSON.stringify({ email: s.email }),
        now,
      ),
    ],
    marker: "user.deactivate",
  }),
  "store_requests.contact_email": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO store_requests (id, contact_name, store_name, store_address, contact_email, created_at) VALUES ('m_sr_own', 'Me', 'My Requested Shop', 'Addr', ?, ?)",
        s.email.toUpperCase(),
        now,
      ),
    ],
    marker: "My Requested Shop",
  }),
  "view_counts.subject_id": (s) => ({
    statements: [
      bindAll(
        "INSERT INTO view_counts (subject_type, subject_id, week_start, views) VALUES ('owner', ?, 1234567, 4242)",
        s.id,
      ),
    ],
    marker: "4242",
  }),
  "notification_outbox.recipient": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO notification_outbox (id, message_key, channel, kind, recipient, payload, created_at) VALUES ('m_outbox', 'm_outbox_key', 'marketing', 'track_event:newsletter_subscribed', ?, '{}', ?)",
        s.email,
        now,
      ),
    ],
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
    bindAll(
      "INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'Other Store', ?, ?)",
      storeOfOther,
      other.id,
      now,
    ),
    bindAll("UPDATE users SET avatar_url = ? WHERE id = ?", `/images/avatars/${s.id}/1.png`, s.id),
  ]);
  await createProduct(s.id, {
    id: "m_prod_own",
    name: "Subject Coat",
    images: [`/images/products/${s.id}/m_prod_own_1_0.png`],
  });
  await createProduct(s.id, {
    id: "m_prod_sold",
    name: "Subject Sold Coat",
    images: [`/images/products/${s.id}/m_prod_sold_1_0.png`],
  });
  await createProduct(other.id, {
    id: "m_prod_other",
    name: "Other Coat",
    images: [`/images/products/${other.id}/m_prod_other_1_0.png`],
  });
  await env.DB.batch([
    bindAll(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES ('order_m_other', ?, 'completed', 7000, 399, 7399, '{}', '{}', ?, ?)",
      other.id,
      now,
      now,
    ),
    bindAll(
      "INSERT INTO order_items (id, order_id, product_id, name, type, price, seller_id, handler, status, created_at) VALUES ('m_item_sold', 'order_m_other', 'm_prod_sold', 'Subject Sold Coat', 'purchase', 7000, ?, 'vendor', 'completed', ?)",
      s.id,
      now,
    ),
  ]);
  for (const [key, make] of Object.entries(FIXTURES)) {
    const { statements } = make(s, now);
    if (statements.length)
      await env.DB.batch(statements).catch((error) => Promise.reject(new Error(`fixture ${key}: ${error}`)));
  }
  // The other user's concierge product is managed by the subject's store.
  await env.DB.prepare(
    "UPDATE products SET store_id = 'm_store_own', concierge_status = 'yes' WHERE id = 'm_prod_other'",
  ).run();
  for (const key of [
    `avatars/${s.id}/1.png`,
    `products/${s.id}/m_prod_own_1_0.png`,
    `products/${s.id}/m_prod_sold_1_0.png`,
    `store-logos/m_store_own/m_store_own-logo.png`,
    `staging/${s.id}/left-behind.png`,
    `variants/400/products/${s.id}/m_prod_own_1_0.png.webp`,
    `variants/800/avatars/${s.id}/1.png.webp`,
    `products/${other.id}/m_prod_other_1_0.png`,
    `variants/400/products/${other.id}/m_prod_other_1_0.png.webp`,
  ]) {
    await env.IMAGES.put(key, PNG_BYTES);
  }
  return s;
}

/** Every column of every table that holds the user's id or e-mail address. */
export async function rowsNaming(tables: string[], id: string, email: string) {
  const hits: string[] = [];
  for (const table of tables) {
    const columns = (await env.DB.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>()).results.map(
      (c) => c.name,
    );
    if (columns.length === 0) continue;
    const results = await env.DB.batch(
      columns.map((c) =>
        env.DB.prepare(
          `SELECT count(*) AS n FROM "${table}" WHERE "${c}" = ?1 OR lower(CAST("${c}" AS TEXT)) = ?2`,
        ).bind(id, email.toLowerCase()),
      ),
    );
    results.forEach((r, i) => {
      const n = (r.results[0] as { n: number }).n;
      if (n > 0) hits.push(`${table}.${columns[i]}: ${n}`);
    });
  }
  return hits;
}
