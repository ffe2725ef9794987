// Start selling (issue 27 item 7; tests/e2e/start-selling.spec.ts): a verified shopper per browser
// project who does not sell yet. Every seed puts them back there: no role, no request, no display
// name, no return address, no listings.
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { LOCAL_PEPPER, PASSWORD } from "../../../db/demo/data.mjs";

export const STARTERS = [
  { id: "user_starter_js", email: "starter-js@closetloop.test", fullName: "Stella Starter" },
  { id: "user_starter_nojs", email: "starter-nojs@closetloop.test", fullName: "Noah Starter" },
];

export async function seed({ db, now, DAY, batch }) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(PASSWORD + LOCAL_PEPPER, salt, 100_000, 32, "sha256").toString("base64");
  const statements = [];
  for (const s of STARTERS) {
    statements.push(
      db
        .prepare(
          "INSERT INTO users (id, email, full_name, user_type, password_hash, password_salt, email_verified_at, created_at, updated_at) VALUES (?, ?, ?, 'individual', ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(s.id, s.email, s.fullName, hash, salt.toString("base64"), now - 10 * DAY, now - 10 * DAY, now),
      db
        .prepare(
          "INSERT INTO user_verifications (user_id, is_verified, verified_at) VALUES (?, 1, ?) ON CONFLICT DO NOTHING",
        )
        .bind(s.id, now),
      db.prepare("DELETE FROM products WHERE owner_id = ?").bind(s.id),
      db.prepare("DELETE FROM user_roles WHERE user_id = ?").bind(s.id),
      db.prepare("DELETE FROM seller_requests WHERE user_id = ?").bind(s.id),
      db
        .prepare(
          "UPDATE users SET display_name = NULL, return_address = NULL, seller_terms_accepted_at = NULL WHERE id = ?",
        )
        .bind(s.id),
    );
  }
  await batch(statements);
}
