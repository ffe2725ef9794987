// The renter: a demo account whose orders the browser tests act on (tests/e2e/account.spec.ts).
// Buying a rental or reviewing an item cannot be undone, so every seed puts this account's
// orders back where the tests start: for each browser project (with JavaScript, without), one
// rental in its 7-day window (to buy) and one rental returned in good condition (to review).
// Idempotent in the way that matters: running it twice leaves the same state.
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { splitSale } from "../../../app/domain/commission.ts";
import { commissionId, transactionId } from "../../../app/domain/finance-ids.ts";
import { LOCAL_PEPPER, PASSWORD } from "../../../db/demo/data.mjs";

export const RENTER = {
  id: "user_renter",
  email: "renter@closetloop.test",
  fullName: "Rita Renter",
  displayName: "RitaRents",
};
const VENDOR = "user_vendor";
const ADDRESS = JSON.stringify({
  fullName: "Rita Renter",
  email: RENTER.email,
  phone: "",
  addressLine1: "7 Loop Lane",
  addressLine2: "",
  city: "Bristol",
  county: "",
  postalCode: "BS1 4DJ",
  country: "United Kingdom",
});
const DELIVERY_FEE = 399;

// [project, kind, product id, name, rental price, buying price, image of a demo product]
export const ACCOUNT_ITEMS = [
  ["js", "window", "prod_e2e_js_window", "Harbour Stripe Linen Shirt", 399, 2999, 2],
  ["js", "returned", "prod_e2e_js_review", "Highland Check Wool Scarf", 299, 1999, 6],
  ["nojs", "window", "prod_e2e_nojs_window", "Indigo Selvedge Denim Shirt", 399, 2999, 3],
  ["nojs", "returned", "prod_e2e_nojs_review", "Meadow Print Silk Scarf", 299, 1999, 12],
];

export async function seed({ db, now, DAY, pad, batch }) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(PASSWORD + LOCAL_PEPPER, salt, 100_000, 32, "sha256").toString("base64");
  const orderIds = ["order_e2e_js", "order_e2e_nojs"];
  const itemIds = ACCOUNT_ITEMS.map(([project, kind]) => `item_e2e_${project}_${kind}`);
  const marks = itemIds.map(() => "?").join(", ");

  const statements = [
    db
      .prepare(
        "INSERT INTO users (id, email, full_name, display_name, user_type, password_hash, password_salt, email_verified_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'individual', ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(
        RENTER.id,
        RENTER.email,
        RENTER.fullName,
        RENTER.displayName,
        hash,
        salt.toString("base64"),
        now,
        now - 60 * DAY,
        now,
      ),
    db
      .prepare(
        "INSERT INTO user_verifications (user_id, is_verified, verified_at) VALUES (?, 1, ?) ON CONFLICT DO NOTHING",
      )
      .bind(RENTER.id, now),
    // Back to the start: the reviews, money and orders of the last run go.
    db.prepare(`DELETE FROM reviews WHERE order_item_id IN (${marks})`).bind(...itemIds),
    db.prepare(`DELETE FROM transactions WHERE order_item_id IN (${marks})`).bind(...itemIds),
    db.prepare(`DELETE FROM orders WHERE id IN (?, ?)`).bind(...orderIds),
  ];

  for (const [, kind, productId, name, rental, buying, imageOf] of ACCOUNT_ITEMS) {
    const demo = await db.prepare("SELECT images FROM products WHERE id = ?").bind(pad(imageOf)).first();
    const images = demo?.images ?? "[]";
    const availability = kind === "window" ? "rented" : "available";
    statements.push(
      db
        .prepare(
          `INSERT INTO products (id, name, description, price, original_price, rental_price, buying_price, brand, condition, color, product_type, category, tags, images, owner_id, status, product_status, availability, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'Toast', 'Good Condition', 'Blue', 'Unisex', 'Accessories', '["e2e"]', ?, ?, 'approved', 'live', ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET availability = excluded.availability, status = 'approved', product_status = 'live', store_id = NULL, updated_at = excluded.updated_at`,
        )
        .bind(
          productId,
          name,
          `${name}, rented by the demo renter for the browser tests.`,
          buying,
          buying * 3,
          rental,
          buying,
          images,
          VENDOR,
          availability,
          now - 30 * DAY,
          now,
        ),
    );
  }

  for (const project of ["js", "nojs"]) {
    const orderId = `order_e2e_${project}`;
    const lines = ACCOUNT_ITEMS.filter(([p]) => p === project);
    const placedAt = now - 10 * DAY;
    const subtotal = lines.reduce((sum, line) => sum + line[4], 0);
    statements.push(
      db
        .prepare(
          "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, 'active', ?, ?, ?, 'GBP', ?, ?, ?, ?)",
        )
        .bind(orderId, RENTER.id, subtotal, DELIVERY_FEE, subtotal + DELIVERY_FEE, ADDRESS, ADDRESS, placedAt, now),
      db
        .prepare(
          "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES (?, ?, NULL, NULL, 'pending', ?, 'shopper', 'Order placed', ?)",
        )
        .bind(`hist_e2e_${project}_placed`, orderId, RENTER.id, placedAt),
    );
    for (const [, kind, productId, name, rental, buying] of lines) {
      const itemId = `item_e2e_${project}_${kind}`;
      // The rental to buy was delivered yesterday; the one to review came back two days ago.
      const deliveredAt = kind === "window" ? now - DAY : now - 9 * DAY;
      const returned = kind === "returned";
      statements.push(
        db
          .prepare(
            `INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, delivered_at, rental_starts_at, rental_ends_at, rental_outcome, return_requested_at, returned_at, inspection, created_at)
           VALUES (?, ?, ?, ?, 'rental', 1, ?, ?, ?, 'vendor', 'vendor', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(
            itemId,
            orderId,
            productId,
            name,
            rental,
            buying,
            VENDOR,
            returned ? "returned" : "active",
            deliveredAt,
            deliveredAt,
            deliveredAt + 7 * DAY,
            returned ? "returned" : null,
            returned ? now - 4 * DAY : null,
            returned ? now - 2 * DAY : null,
            returned ? "good" : null,
            placedAt,
          ),
        db
          .prepare(
            "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, created_at) VALUES (?, ?, ?, 'pending', 'delivered', 'user_support', 'staff', ?)",
          )
          .bind(`hist_e2e_${project}_${kind}_delivered`, orderId, itemId, deliveredAt),
        db
          .prepare(
            "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, created_at) VALUES (?, ?, ?, 'delivered', 'active', 'user_support', 'staff', ?)",
          )
          .bind(`hist_e2e_${project}_${kind}_active`, orderId, itemId, deliveredAt),
      );
      if (returned) {
        statements.push(
          db
            .prepare(
              "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, created_at) VALUES (?, ?, ?, 'active', 'return_requested', ?, 'shopper', ?)",
            )
            .bind(`hist_e2e_${project}_${kind}_return`, orderId, itemId, RENTER.id, now - 4 * DAY),
          db
            .prepare(
              "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES (?, ?, ?, 'return_requested', 'returned', 'user_support', 'staff', 'Inspected: good condition', ?)",
            )
            .bind(`hist_e2e_${project}_${kind}_returned`, orderId, itemId, now - 2 * DAY),
        );
      }
      // The rental fee was earned at delivery.
      const split = splitSale(rental, false);
      const txn = transactionId(itemId, "rental_fee");
      statements.push(
        db
          .prepare(
            "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, store_id, gross_amount, net_amount, status, created_at) VALUES (?, 'rental_fee', ?, ?, ?, ?, NULL, ?, ?, 'completed', ?)",
          )
          .bind(txn, productId, orderId, itemId, VENDOR, split.gross, split.owner, deliveredAt),
        db
          .prepare(
            "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'platform', NULL, 1000, ?, 'calculated', ?)",
          )
          .bind(commissionId(txn, "platform"), txn, split.platform, deliveredAt),
      );
    }
  }
  await batch(statements);
}
