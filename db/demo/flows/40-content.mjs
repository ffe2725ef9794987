// The admin Content and Brand Review screens' demo records (issue 14 items 5, 6; decision 0034)
// beyond what the catalog seed gives (brands, categories, pages, settings, blog posts, the home
// banner, one pending brand suggestion): the media library's banner images — the seeded home
// banner and a second one to switch to — and a second pending suggestion from RetroRob, with a
// listing of his that uses the suggested name, so Merge has a product to move. Idempotent: fixed
// ids and ON CONFLICT clauses; the suggestion and its listing are put back as they were on every
// run, so the walkthrough can review them again after `npm run db:seed`.
import { garmentImage, flatImage } from "../png.mjs";

const VENDOR2 = "user_vendor2";
const SUGGESTED = "Retro Rob Originals";
const PRODUCT = "prod_rob_originals";

export async function seed({ db, now, DAY, batch, putImage }) {
  const heroBytes = flatImage([31, 61, 54], 1600, 600, [232, 239, 233]);
  const autumnBytes = flatImage([146, 64, 14], 1600, 600, [254, 243, 199]);
  const hero = await putImage("banners/home_hero.png", heroBytes);
  const autumn = await putImage("banners/autumn_edit.png", autumnBytes);
  const photo = await putImage(
    `products/${VENDOR2}/${PRODUCT}_1767225600000_0.png`,
    garmentImage([37, 99, 235], "jacket"),
  );
  const media = (id, fileName, fileUrl, size, at) =>
    db
      .prepare(
        "INSERT INTO media_library (id, file_name, file_url, file_type, file_size, media_type, category, uploaded_by, created_at) VALUES (?, ?, ?, 'image/png', ?, 'image', 'banner', 'user_admin', ?) ON CONFLICT DO NOTHING",
      )
      .bind(id, fileName, fileUrl, size, at);
  await batch([
    media("media_home_hero", "home_hero.png", hero, heroBytes.length, now - 30 * DAY),
    media("media_autumn_edit", "autumn_edit.png", autumn, autumnBytes.length, now - 10 * DAY),
    db.prepare("DELETE FROM brands WHERE lower(name) = lower(?)").bind(SUGGESTED),
    db
      .prepare(
        "INSERT INTO brand_suggestions (id, suggested_name, description, suggested_by, status, created_at) VALUES ('suggestion_rob_pending', ?, 'Reworked 80s sportswear I sell.', ?, 'pending', ?) ON CONFLICT (id) DO UPDATE SET status = 'pending', merged_with_brand_id = NULL, rejection_reason = NULL, reviewed_by = NULL, reviewed_at = NULL",
      )
      .bind(SUGGESTED, VENDOR2, now - 2 * DAY),
    db
      .prepare(
        `INSERT INTO products (id, name, description, price, original_price, rental_price, buying_price, brand, condition, color, product_type, category, tags, materials, care_instructions, memory_story, images, owner_id, store_id, status, product_status, concierge_status, created_at, updated_at)
         VALUES (?, 'Reworked Track Jacket', 'A reworked 80s track jacket in cobalt blue.', 4500, 9000, 699, 4500, ?, 'Good Condition', 'Blue', 'Unisex', 'Jackets & Blazers', ?, 'Nylon', 'Machine wash cold.', NULL, ?, ?, NULL, 'approved', 'live', 'no', ?, ?)
         ON CONFLICT (id) DO UPDATE SET brand = excluded.brand`,
      )
      .bind(
        PRODUCT,
        SUGGESTED,
        JSON.stringify(["sportswear", "80s"]),
        JSON.stringify([photo]),
        VENDOR2,
        now - 3 * DAY,
        now - 3 * DAY,
      ),
  ]);
}
