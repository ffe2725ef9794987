// Demo records for the store dashboard (issue 12; decision 0030). The catalog gives the
// Kensington Closet two concierge items waiting for its answer (prod_000009, prod_000019) and
// the orders flow a returned concierge rental to inspect. Once a demo (or a person) has answered
// them, the store would have nothing to show a newcomer: this tops the requests back up to
// WAITING with fresh items of the demo sellers, and a store-listed item that staff have not yet
// reviewed (approved by the store, listing pending) is there for the admin Products tab.
// Idempotent: fixed ids, ON CONFLICT clauses, and top-ups only while the store is short.
import { demoProduct, PRODUCT_COLUMNS, PRODUCT_MARKS, productValues } from "../data.mjs";
import { garmentImage } from "../png.mjs";

const STORE = "store_kensington";
const WAITING = 2;

export async function seed({ db, now, batch, putImage }) {
  const statements = [];
  const insert = async (id, n, status, concierge, createdAt) => {
    const p = demoProduct(7000 + n * 13, now, ["user_vendor", "user_vendor2"]);
    const image = await putImage(`products/${id}_1.png`, garmentImage(p.rgb, p.shape));
    statements.push(
      db
        .prepare(
          `INSERT INTO products (id, ${PRODUCT_COLUMNS}, images, owner_id, store_id, status, product_status, concierge_status, created_at, updated_at) VALUES (?, ${PRODUCT_MARKS}, ?, ?, ?, ?, 'pending', ?, ?, ?) ON CONFLICT DO NOTHING`,
        )
        .bind(id, ...productValues(p), JSON.stringify([image]), p.ownerId, STORE, status, concierge, createdAt, now),
    );
  };

  // One item the store approved whose listing waits for staff (decision 0030).
  await insert("prod_store_listed", 0, "approved", "yes", now - 2 * 86400000);

  const waiting = (
    await db
      .prepare(
        "SELECT count(*) AS n FROM products WHERE store_id = ? AND status = 'pending' AND concierge_status = 'pending'",
      )
      .bind(STORE)
      .first()
  ).n;
  if (waiting < WAITING) {
    const made = (await db.prepare("SELECT count(*) AS n FROM products WHERE id LIKE 'prod_concierge_%'").first()).n;
    for (let k = 0; k < WAITING - waiting; k++) {
      const n = made + k + 1;
      await insert(`prod_concierge_${String(n).padStart(4, "0")}`, n, "pending", "pending", now - k * 3600_000);
    }
  }
  await batch(statements);
}
