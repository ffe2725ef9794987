// Buyer protection's browser test (tests/e2e/claims.spec.ts; decision 0078): per browser project,
// the spec's own shopper (claims-<js|nojs>@closetloop.test, 80-own-accounts.mjs) has a purchase
// from VintageVera delivered as the seed runs, paid at checkout and its sale collected, with no
// claim: every run starts from there (the last run's order, claim and money are removed first).
import { splitSale } from "../../../app/domain/commission.ts";
import { commissionId, transactionId } from "../../../app/domain/finance-ids.ts";
import { PROJECTS, clearTrades, item } from "./lib/kit.mjs";

const ADDRESS = JSON.stringify({
  fullName: "Claim Shopper",
  email: "claims@closetloop.test",
  phone: "",
  addressLine1: "3 Claim Row",
  addressLine2: "",
  city: "London",
  county: "",
  postalCode: "N1 1AA",
  country: "United Kingdom",
});
export const CLAIM_ITEMS = { js: "Claimed Tartan Kilt", nojs: "Claimed Houndstooth Kilt" };

export async function seed({ db, now, DAY, pad, batch }) {
  const ids = PROJECTS.map((p) => `prod_e2e_claims_${p}`);
  // The last run's payment calls (their order may be gone: a payment outlives it) and holds.
  const statements = [
    db.prepare("DELETE FROM payments WHERE idempotency_key LIKE '%e2e_claims_%'"),
    db.prepare("DELETE FROM payout_holds WHERE order_item_id LIKE 'item_e2e_claims_%'"),
    ...clearTrades(db, ids),
  ];
  for (const p of PROJECTS) {
    const productId = `prod_e2e_claims_${p}`;
    statements.push(await item(db, { id: productId, name: CLAIM_ITEMS[p], buying: 4000, imageOf: 93 }, now, pad, DAY));
    const orderId = `order_e2e_claims_${p}`;
    const itemId = `item_e2e_claims_${p}`;
    const placed = now - 3 * DAY;
    const txn = transactionId(itemId, "sale");
    const split = splitSale(4000, false);
    statements.push(
      db
        .prepare(
          "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, payment_intent_id, paid_at, created_at, updated_at) VALUES (?, ?, 'completed', 4000, 399, 4399, 'GBP', ?, ?, ?, ?, ?, ?)",
        )
        .bind(orderId, `user_e2e_claims_${p}`, ADDRESS, ADDRESS, `pi_local_e2e_claims_${p}`, placed, placed, now),
      db
        .prepare(
          "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, delivered_at, completed_at, created_at) VALUES (?, ?, ?, ?, 'purchase', 1, 4000, 4000, 'user_vendor', 'vendor', 'vendor', 'completed', ?, ?, ?)",
        )
        .bind(itemId, orderId, productId, CLAIM_ITEMS[p], now, now, placed),
      db.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(productId),
      db
        .prepare(
          "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, store_id, gross_amount, net_amount, status, created_at) VALUES (?, 'sale', ?, ?, ?, 'user_vendor', NULL, ?, ?, 'completed', ?)",
        )
        .bind(txn, productId, orderId, itemId, split.gross, split.owner, now),
      db
        .prepare(
          "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'platform', NULL, 1000, ?, 'calculated', ?)",
        )
        .bind(commissionId(txn, "platform"), txn, split.platform, now),
      db
        .prepare(
          "INSERT INTO payments (id, order_id, transaction_id, operation, amount, currency, idempotency_key, provider, status, provider_ref, created_at) VALUES (?, ?, NULL, 'authorize', 4399, 'GBP', ?, 'local', 'succeeded', ?, ?)",
        )
        .bind(`pay_e2e_claims_auth_${p}`, orderId, `authorize:${orderId}`, `pi_local_e2e_claims_${p}`, placed),
      db
        .prepare(
          "INSERT INTO payments (id, order_id, transaction_id, operation, amount, currency, idempotency_key, provider, status, provider_ref, created_at) VALUES (?, ?, ?, 'capture', 4000, 'GBP', ?, 'local', 'succeeded', ?, ?)",
        )
        .bind(`pay_e2e_claims_cap_${p}`, orderId, txn, `capture:${txn}`, `pi_local_e2e_claims_${p}`, now),
    );
  }
  await batch(statements);
}
