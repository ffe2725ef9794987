// Shared pieces of the browser tests' own records (not a flow: the seed runs only the .mjs files
// directly in tests/e2e/seed). Names follow tests/e2e/fixtures.ts: a spec's own account for a
// browser project is `<spec>-<js|nojs>@closetloop.test` (ownAccount there).
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { LOCAL_PEPPER, PASSWORD } from "../../../../db/demo/data.mjs";

export const PROJECTS = ["js", "nojs"];

/** One salted hash of the demo password for every account a file makes (hashing is the slow part). */
export function demoPasswordHash() {
  const salt = randomBytes(16);
  return {
    hash: pbkdf2Sync(PASSWORD + LOCAL_PEPPER, salt, 100_000, 32, "sha256").toString("base64"),
    salt: salt.toString("base64"),
  };
}

/** A verified account (kept if it exists), with a role when given ([role, admin subrole, seller role]). */
export function account(db, { id, email, fullName, userType = "individual", role = null }, { hash, salt }, now) {
  const statements = [
    db
      .prepare(
        "INSERT INTO users (id, email, full_name, user_type, password_hash, password_salt, email_verified_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(id, email, fullName, userType, hash, salt, now, now, now),
    db
      .prepare(
        "INSERT INTO user_verifications (user_id, is_verified, verified_at) VALUES (?, 1, ?) ON CONFLICT DO NOTHING",
      )
      .bind(id, now),
  ];
  if (role)
    statements.push(
      db
        .prepare(
          "INSERT INTO user_roles (user_id, role, admin_subrole, seller_role, assigned_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(id, ...role, now),
    );
  return statements;
}

/**
 * A product of the tests, back where its test starts on every seed: live and available unless
 * `state` says otherwise, at its own prices, with a demo product's photos (which have their variants).
 */
export async function item(
  db,
  {
    id,
    name,
    owner = "user_vendor",
    rental = 599,
    buying = 3999,
    category = "Coats",
    type = "Women",
    storeId = null,
    concierge = "no",
    pending = false,
    imageOf = 1,
  },
  now,
  pad,
  DAY,
) {
  const demo = await db.prepare("SELECT images FROM products WHERE id = ?").bind(pad(imageOf)).first();
  const status = pending ? "pending" : "approved";
  const live = pending ? "pending" : "live";
  return db
    .prepare(
      `INSERT INTO products (id, name, description, price, original_price, rental_price, buying_price, brand, condition, color, product_type, category, tags, images, owner_id, store_id, status, product_status, concierge_status, availability, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'Toast', 'Good Condition', 'Grey', ?, ?, '["e2e"]', ?, ?, ?, ?, ?, ?, 'available', ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, price = excluded.price, rental_price = excluded.rental_price, buying_price = excluded.buying_price,
       store_id = excluded.store_id, concierge_status = excluded.concierge_status, status = excluded.status, product_status = excluded.product_status,
       availability = 'available', prepared_until = NULL, back_around_at = NULL, rejection_reason = NULL, updated_at = excluded.updated_at`,
    )
    .bind(
      id,
      name,
      `${name}, kept for one browser test.`,
      buying,
      buying * 3,
      rental,
      buying,
      type,
      category,
      demo?.images ?? "[]",
      owner,
      storeId,
      status,
      live,
      concierge,
      now - 30 * DAY,
      now,
    );
}

/** What a run left on these products: baskets, favorites, reviews, money and orders (their lines, history and payments go with them). */
export function clearTrades(db, ids) {
  const marks = ids.map(() => "?").join(", ");
  return [
    db.prepare(`DELETE FROM cart_items WHERE product_id IN (${marks})`).bind(...ids),
    db.prepare(`DELETE FROM favorites WHERE product_id IN (${marks})`).bind(...ids),
    db.prepare(`DELETE FROM reviews WHERE product_id IN (${marks})`).bind(...ids),
    db.prepare(`DELETE FROM transactions WHERE product_id IN (${marks})`).bind(...ids),
    db
      .prepare(`DELETE FROM orders WHERE id IN (SELECT order_id FROM order_items WHERE product_id IN (${marks}))`)
      .bind(...ids),
  ];
}
