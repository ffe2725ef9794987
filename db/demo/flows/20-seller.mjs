// The seller area's demo records (issue 11), for the demo vendor VintageVera (user_vendor):
// a listing waiting for approval with two photos at the spec's R2 path, two price-change
// requests from the Kensington Closet on her concierge items, a concierge request the Kensington
// Closet declined (decision 0067: her list names the store), and brand suggestions in each
// state the seller sees ('Pending Review' is suggestion_1 of the catalog seed, plus 'Rejected'
// and 'Merged'). Idempotent: fixed ids; the two requests are set back to pending on every run,
// so the walkthrough (and the browser tests) can answer them again after `npm run db:seed`.
import { garmentImage } from "../png.mjs";

const VENDOR = "user_vendor";
const STORE = "store_kensington";
const PENDING_PRODUCT = "prod_vera_pending";
const DECLINED_PRODUCT = "prod_vera_declined";
// A fixed upload time keeps the image keys the same on every run.
const UPLOADED_AT = 1767225600000;

export async function seed({ db, now, DAY, batch, putImage, pad }) {
  const images = [];
  for (const index of [0, 1]) {
    images.push(
      await putImage(
        `products/${VENDOR}/${PENDING_PRODUCT}_${UPLOADED_AT}_${index}.png`,
        garmentImage([190, 140, 80], "coat", 400, 500, index),
      ),
    );
  }
  const declinedImage = await putImage(
    `products/${VENDOR}/${DECLINED_PRODUCT}_${UPLOADED_AT}_0.png`,
    garmentImage([120, 150, 190], "dress", 400, 500, 0),
  );
  const statements = [
    db
      .prepare(
        `INSERT INTO products (id, name, description, price, original_price, rental_price, buying_price, brand, condition, color, product_type, category, tags, materials, care_instructions, memory_story, images, owner_id, store_id, status, product_status, concierge_status, rejection_reason, declined_by_store_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'Ganni', 'Good Condition', 'Blue', 'Women', 'Dresses', ?, 'Cotton', 'Machine wash cold.', NULL, ?, ?, NULL, 'rejected', 'pending', 'no', ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(
        DECLINED_PRODUCT,
        "Blue Cotton Sundress",
        "A light cotton sundress by Ganni. The Kensington Closet declined to manage it; edit it to list it yourself.",
        5500,
        14000,
        999,
        5500,
        JSON.stringify(["summer", "cotton"]),
        JSON.stringify([declinedImage]),
        VENDOR,
        "We are not taking summer dresses until March.",
        STORE,
        now - 4 * DAY,
        now - 3 * DAY,
      ),
    db
      .prepare(
        `INSERT INTO products (id, name, description, price, original_price, rental_price, buying_price, brand, condition, color, product_type, category, tags, materials, care_instructions, memory_story, images, owner_id, store_id, status, product_status, concierge_status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'Toast', 'Almost New', 'Camel', 'Women', 'Coats', ?, 'Wool and cashmere', 'Dry clean only.', NULL, ?, ?, NULL, 'pending', 'pending', 'no', ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(
        PENDING_PRODUCT,
        "Camel Wrap Coat",
        "A soft camel wrap coat by Toast, worn one winter. Waiting for our team's approval.",
        16500,
        36000,
        2199,
        16500,
        JSON.stringify(["wool", "camel", "winter"]),
        JSON.stringify(images),
        VENDOR,
        now - 2 * DAY,
        now - 2 * DAY,
      ),
    db
      .prepare(
        "INSERT INTO brand_suggestions (id, suggested_name, description, suggested_by, status, rejection_reason, reviewed_by, reviewed_at, created_at) VALUES ('suggestion_vera_rejected', 'Vera Handmade', 'My own label.', ?, 'rejected', 'We list established labels only.', 'user_admin', ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(VENDOR, now - 5 * DAY, now - 9 * DAY),
    db
      .prepare(
        "INSERT INTO brand_suggestions (id, suggested_name, description, suggested_by, status, merged_with_brand_id, reviewed_by, reviewed_at, created_at) VALUES ('suggestion_vera_merged', 'Acne', 'Short for Acne Studios.', ?, 'merged', 'brand_acne-studios', 'user_admin', ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(VENDOR, now - 6 * DAY, now - 12 * DAY),
  ];

  // The store suggests lower prices on two of her items it manages (concierge, approved).
  const managed = await db
    .prepare(
      "SELECT id, original_price FROM products WHERE owner_id = ? AND store_id = ? AND status = 'approved' AND id IN (?, ?) ORDER BY id",
    )
    .bind(VENDOR, STORE, pad(4), pad(14))
    .all();
  for (const [i, product] of managed.results.entries()) {
    // Fixed from the original price, so accepting and re-seeding never compounds.
    const buying = Math.round((product.original_price * 0.42) / 100) * 100 - 1;
    const rental = Math.round((buying * 0.13) / 50) * 50 - 1;
    statements.push(
      // One request per product and store waits at a time (migration 0046): one sent since is answered.
      db
        .prepare(
          "UPDATE price_change_requests SET status = 'rejected', reviewed_at = ? WHERE product_id = ? AND store_id = ? AND status = 'pending' AND id <> ?",
        )
        .bind(now, product.id, STORE, `pcr_vera_${i + 1}`),
      db
        .prepare(
          `INSERT INTO price_change_requests (id, product_id, owner_id, store_id, suggested_rental_price, suggested_buying_price, reason, status, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?)
           ON CONFLICT (id) DO UPDATE SET status = 'pending', reviewed_at = NULL, reviewed_by = NULL`,
        )
        .bind(
          `pcr_vera_${i + 1}`,
          product.id,
          VENDOR,
          STORE,
          rental,
          buying,
          i === 0
            ? "Similar pieces in our shop sell faster at this price."
            : "Shoppers ask about it often; a lower rental would see it rented every week.",
          now - (i + 1) * DAY,
        ),
    );
  }
  await batch(statements);
}
