// Start selling (issue 27 item 7): the demo sellers accepted the seller terms when they started,
// and a newcomer, Nina, asked to sell while the site sold by approval — her request waits on the
// admin Users tab ('Requests to sell'). She signs in with the demo password like everyone else.
// Idempotent: rows are inserted once and never duplicated.

export async function seed({ db, now, DAY, batch }) {
  await batch([
    db
      .prepare(
        "UPDATE users SET seller_terms_accepted_at = ? WHERE id IN ('user_vendor', 'user_vendor2') AND seller_terms_accepted_at IS NULL",
      )
      .bind(now - 200 * DAY),
    db
      .prepare(
        `INSERT INTO users (id, email, full_name, display_name, user_type, password_hash, password_salt, email_verified_at, return_address, seller_terms_accepted_at, created_at, updated_at)
         SELECT 'user_applicant', 'nina@closetloop.test', 'Nina Newcomer', 'NinasWardrobe', 'individual', password_hash, password_salt, ?1, ?2, ?3, ?1, ?3
         FROM users WHERE id = 'user_shopper' ON CONFLICT DO NOTHING`,
      )
      .bind(
        now - 30 * DAY,
        JSON.stringify({
          fullName: "Nina Newcomer",
          addressLine1: "8 Elm Row",
          city: "Edinburgh",
          postalCode: "EH7 4AA",
          country: "United Kingdom",
        }),
        now - 2 * DAY,
      ),
    db
      .prepare(
        "INSERT INTO user_verifications (user_id, is_verified, verified_at) SELECT 'user_applicant', 1, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = 'user_applicant') ON CONFLICT DO NOTHING",
      )
      .bind(now - 30 * DAY),
    db
      .prepare(
        "INSERT INTO seller_requests (user_id, status, created_at) VALUES ('user_applicant', 'pending', ?) ON CONFLICT DO NOTHING",
      )
      .bind(now - 2 * DAY),
  ]);
}
