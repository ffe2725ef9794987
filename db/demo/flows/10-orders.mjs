// Demo orders in every state of the Rent-Now-Buy-Later lifecycle, with their history and the
// money they earned, so the account, seller, store and admin pages show real data at once:
// a pending purchase, a shipped rental, two rentals in their window (one ending within a day),
// a completed purchase, a concierge rental waiting for the store's return inspection, a completed
// concierge sale and a cancelled order. Commissions follow app/domain/commission.ts itself.
// Issue 22: an order the demo vendor still has to post (with its deadline), the shipped rental
// with its tracking number, the return on its way to the demo store with the shopper's tracking,
// a rental back with the demo vendor that the shopper says is damaged, waiting for their inspection,
// a purchase sent back within its 14 days (with its reason), and the cancelled order by whom.
import { splitSale } from "../../../app/domain/commission.ts";
import { commissionId, transactionId } from "../../../app/domain/finance-ids.ts";

const SHOPPER = "user_shopper";
const STORE = "store_kensington";
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
const DELIVERY_FEE = 399;

export async function seed({ db, now, DAY, pad, batch }) {
  const HOUR = DAY / 24;
  // [order suffix, product number, option, order status, item status, placed days ago, delivered days ago, extra]
  const ORDERS = [
    ["pending", 21, "purchase", "pending", "pending", 0.2, null],
    ["tosend", 32, "purchase", "pending", "pending", 0.5, null],
    [
      "shipped",
      22,
      "rental",
      "shipped",
      "shipped",
      2,
      null,
      { tracking: ["royal_mail", "RM123456785GB"], shippedDaysAgo: 1 },
    ],
    ["window", 25, "rental", "active", "active", 4, 2],
    ["lastday", 26, "rental", "active", "active", 9, 6.5],
    ["bought", 28, "purchase", "completed", "completed", 14, 10],
    [
      "returning",
      34,
      "rental",
      "active",
      "return_requested",
      8,
      5,
      { returnRequestedDaysAgo: 1, returnTracking: ["dpd", "15501234567890"] },
    ],
    // Back with the demo vendor, waiting for their inspection; the shopper says it is damaged.
    [
      "damaged",
      38,
      "rental",
      "active",
      "return_requested",
      11,
      8,
      {
        returnRequestedDaysAgo: 2,
        returnNote: "A button came off while I wore it; it is in the bag.",
        returnTracking: ["royal_mail", "RM987654321GB"],
      },
    ],
    [
      "purchasereturn",
      40,
      "purchase",
      "active",
      "return_requested",
      5,
      3,
      {
        returnRequestedDaysAgo: 1,
        returnReason: "Too small on the shoulders",
        returnTracking: ["evri", "H01HYA0098765432"],
      },
    ],
    ["concierge", 44, "purchase", "completed", "completed", 24, 20],
    ["cancelled", 30, "purchase", "cancelled", "cancelled", 6, null, { cancelledBy: SHOPPER }],
  ];
  const ids = ORDERS.map(([suffix]) => `order_demo_${suffix}`);
  const known = await db
    .prepare(`SELECT id FROM orders WHERE id IN (${ids.map(() => "?").join(",")})`)
    .bind(...ids)
    .all();
  const existing = new Set(known.results.map((r) => r.id));
  const statements = [];
  for (const [suffix, n, option, orderStatus, itemStatus, placedAgo, deliveredAgo, extra = {}] of ORDERS) {
    const orderId = `order_demo_${suffix}`;
    if (existing.has(orderId)) continue;
    const product = await db
      .prepare("SELECT id, name, owner_id, store_id, status, rental_price, buying_price FROM products WHERE id = ?")
      .bind(pad(n))
      .first();
    if (!product) continue;
    const concierge = product.store_id !== null && product.status === "approved";
    const price = option === "rental" ? product.rental_price : product.buying_price;
    const placedAt = Math.round(now - placedAgo * DAY);
    const deliveredAt = deliveredAgo === null ? null : Math.round(now - deliveredAgo * DAY);
    const itemId = `item_demo_${suffix}`;
    const endsAt = option === "rental" && deliveredAt !== null ? deliveredAt + 7 * DAY : null;
    statements.push(
      db
        .prepare(
          "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'GBP', ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          orderId,
          SHOPPER,
          orderStatus,
          price,
          DELIVERY_FEE,
          price + DELIVERY_FEE,
          ADDRESS,
          ADDRESS,
          placedAt,
          deliveredAt ?? placedAt,
        ),
      db
        .prepare(
          "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, delivered_at, rental_starts_at, rental_ends_at, return_requested_at, completed_at, created_at, carrier, tracking_number, shipped_at, shipped_by, return_reason, return_carrier, return_tracking_number, cancelled_at, cancelled_by) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          itemId,
          orderId,
          product.id,
          product.name,
          option,
          price,
          product.buying_price,
          concierge ? STORE : product.owner_id,
          concierge ? "store" : "vendor",
          concierge ? "store" : "vendor",
          itemStatus,
          deliveredAt,
          option === "rental" ? deliveredAt : null,
          endsAt,
          extra.returnRequestedDaysAgo ? Math.round(now - extra.returnRequestedDaysAgo * DAY) : null,
          itemStatus === "completed" ? deliveredAt : null,
          placedAt,
          extra.tracking?.[0] ?? null,
          extra.tracking?.[1] ?? null,
          extra.tracking ? Math.round(now - extra.shippedDaysAgo * DAY) : null,
          extra.tracking ? product.owner_id : null,
          extra.returnReason ?? null,
          extra.returnTracking?.[0] ?? null,
          extra.returnTracking?.[1] ?? null,
          extra.cancelledBy ? placedAt + HOUR : null,
          extra.cancelledBy ?? null,
        ),
      db
        .prepare("UPDATE products SET availability = ? WHERE id = ?")
        .bind(itemStatus === "cancelled" ? "available" : option === "rental" ? "rented" : "sold", product.id),
    );
    // History: placed, then each step staff took, then what followed delivery.
    const steps = [["pending", null, SHOPPER, "shopper", placedAt, "Order placed"]];
    const path = {
      pending: [],
      shipped: ["processing", "shipped"],
      cancelled: ["cancelled"],
      active: ["processing", "shipped", "active"],
      completed: ["processing", "shipped", "completed"],
    }[orderStatus];
    let at = placedAt;
    let from = "pending";
    for (const to of path) {
      at = to === "active" || to === "completed" ? deliveredAt : Math.min(at + 6 * HOUR, now);
      steps.push([to, from, "user_support", "staff", at, null]);
      from = to;
    }
    for (const [i, [to, fromStatus, actor, role, when, note]] of steps.entries()) {
      statements.push(
        db
          .prepare(
            "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
          )
          .bind(`hist_demo_${suffix}_${i}`, orderId, fromStatus, to, actor, role, note, when),
      );
    }
    if (extra.returnRequestedDaysAgo) {
      statements.push(
        db
          .prepare(
            "INSERT INTO order_status_history (id, order_id, order_item_id, from_status, to_status, actor_id, actor_role, note, created_at) VALUES (?, ?, ?, ?, 'return_requested', ?, 'shopper', ?, ?) ON CONFLICT DO NOTHING",
          )
          .bind(
            `hist_demo_${suffix}_return`,
            orderId,
            itemId,
            option === "rental" ? "active" : "completed",
            SHOPPER,
            extra.returnReason ? `Reason: ${extra.returnReason}` : (extra.returnNote ?? null),
            Math.round(now - extra.returnRequestedDaysAgo * DAY),
          ),
      );
    }
    // Money: a delivered rental earned its fee; a delivered purchase its price.
    if (deliveredAt !== null) {
      const type = option === "rental" ? "rental_fee" : "sale";
      const split = splitSale(price, concierge);
      const txn = transactionId(itemId, type);
      statements.push(
        db
          .prepare(
            "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, store_id, gross_amount, net_amount, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'completed', ?) ON CONFLICT DO NOTHING",
          )
          .bind(
            txn,
            type,
            product.id,
            orderId,
            itemId,
            product.owner_id,
            concierge ? STORE : null,
            split.gross,
            split.owner,
            deliveredAt,
          ),
        db
          .prepare(
            "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'platform', NULL, 1000, ?, 'calculated', ?) ON CONFLICT DO NOTHING",
          )
          .bind(commissionId(txn, "platform"), txn, split.platform, deliveredAt),
      );
      if (concierge) {
        statements.push(
          db
            .prepare(
              "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'store', ?, 1000, ?, 'calculated', ?) ON CONFLICT DO NOTHING",
            )
            .bind(commissionId(txn, "store"), txn, STORE, split.store, deliveredAt),
        );
      }
    }
  }
  await batch(statements);
}
