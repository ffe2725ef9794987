// Following and rating's browser test (tests/e2e/social.spec.ts; decisions 0090, 0091): per browser
// project, the spec's own account (social-<js|nojs>@closetloop.test), a seller with a public
// name, follows nobody, and has two completed sales to the demo shopper (SamShops), one for each
// screen width, neither rated yet: every run starts from there.
import { PROJECTS, account, clearTrades, demoPasswordHash, item } from "./lib/kit.mjs";

const ADDRESS = JSON.stringify({
  fullName: "Sam Shopper",
  email: "shopper@closetloop.test",
  phone: "",
  addressLine1: "27 Canonbury Road",
  addressLine2: "",
  city: "London",
  county: "",
  postalCode: "N1 1AA",
  country: "United Kingdom",
});
export const WIDTHS = [390, 1280];

export async function seed({ db, now, DAY, pad, batch }) {
  const password = demoPasswordHash();
  const ids = PROJECTS.flatMap((p) => WIDTHS.map((w) => `prod_e2e_social_${p}_${w}`));
  const statements = [...clearTrades(db, ids)];
  for (const p of PROJECTS) {
    const id = `user_e2e_social_${p}`;
    statements.push(
      ...account(
        db,
        { id, email: `social-${p}@closetloop.test`, fullName: `Sol Social ${p}`, role: ["individual", null, "vendor"] },
        password,
        now,
      ),
      db
        .prepare("UPDATE users SET display_name = ? WHERE id = ?")
        .bind(`SocialSeller${p === "js" ? "Js" : "NoJs"}`, id),
      db.prepare("DELETE FROM follows WHERE follower_id = ?").bind(id),
    );
    for (const w of WIDTHS) {
      const productId = `prod_e2e_social_${p}_${w}`;
      const orderId = `order_e2e_social_${p}_${w}`;
      const name = `Rated Wool Cape ${p} ${w}`;
      statements.push(
        await item(db, { id: productId, name, owner: id, buying: 3000, imageOf: 13 }, now, pad, DAY),
        db
          .prepare(
            "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, paid_at, created_at, updated_at) VALUES (?, 'user_shopper', 'completed', 3000, 399, 3399, 'GBP', ?, ?, ?, ?, ?)",
          )
          .bind(orderId, ADDRESS, ADDRESS, now - 6 * DAY, now - 6 * DAY, now),
        db
          .prepare(
            "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, shipped_at, delivered_at, completed_at, created_at) VALUES (?, ?, ?, ?, 'purchase', 1, 3000, 3000, ?, 'vendor', 'vendor', 'completed', ?, ?, ?, ?)",
          )
          .bind(
            `item_e2e_social_${p}_${w}`,
            orderId,
            productId,
            name,
            id,
            now - 5 * DAY,
            now - 3 * DAY,
            now - DAY,
            now - 6 * DAY,
          ),
        db.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(productId),
      );
    }
  }
  await batch(statements);
}
