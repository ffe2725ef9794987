// A refund after a payout, carried into the next week (issue 42 items 1 and 9;
// docs/decisions/0073-payout-balances.md). RetroRob (user_vendor2) sold a Green Leather Jacket three
// weeks ago; his payout of that week was paid (marked paid by staff: his payout details are not
// verified yet). The shopper sent it back within 14 days and was refunded in full the week after:
// that week's payout is negative, so nothing was sent and the debt was carried into the next week,
// whose rental of a Navy Canvas Tote offset part of it. The admin Financial tab shows his balance
// (Payee balances: what he still owes, taken from his next payouts) and, on each payout, what was
// carried in and offset. Amounts follow the products' prices and the one split (splitSale); the
// carried balance is computed as createPayout computes it. Idempotent: fixed ids, inserted once.
import { splitSale } from "../../../app/domain/commission.ts";
import { commissionId, payoutId, transactionId } from "../../../app/domain/finance-ids.ts";

const SELLER = "user_vendor2";
const SHOPPER = "user_shopper";
const SOLD = "prod_000049"; // Green Leather Jacket: bought, sent back, refunded (back on sale)
const RENTED = "prod_000041"; // Navy Canvas Tote: rented for a week and returned in good condition
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
const HOUR = 3_600_000;

export async function seed({ db, now, DAY, batch }) {
  if (await db.prepare("SELECT 1 FROM orders WHERE id = 'order_demo_balance_sold'").first()) return;
  const [sold, rented] = await Promise.all(
    [SOLD, RENTED].map((id) =>
      db
        .prepare("SELECT id, name, owner_id, store_id, rental_price, buying_price FROM products WHERE id = ?")
        .bind(id)
        .first(),
    ),
  );
  if (
    !sold ||
    !rented ||
    sold.owner_id !== SELLER ||
    rented.owner_id !== SELLER ||
    sold.store_id ||
    rented.store_id ||
    !sold.buying_price ||
    !rented.rental_price
  )
    return;

  // The three weeks before this one (Monday 00:00 UTC), as the weekly job closes them.
  const day = Math.floor(now / DAY);
  const thisWeek = (day - ((day + 3) % 7)) * DAY;
  const week = (n) => ({ start: thisWeek - n * 7 * DAY, end: thisWeek - (n - 1) * 7 * DAY });
  const [first, second, third] = [week(3), week(2), week(1)];
  const madeAt = (w) => Math.min(w.end + 6 * HOUR, now);

  const statements = [];
  const order = (id, status, price, placedAt, updatedAt) =>
    db
      .prepare(
        "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'GBP', ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(id, SHOPPER, status, price, DELIVERY_FEE, price + DELIVERY_FEE, ADDRESS, ADDRESS, placedAt, updatedAt);
  const item = (id, orderId, product, type, price, f) =>
    db
      .prepare(
        "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, owner_id, seller_type, handler, status, delivered_at, rental_starts_at, rental_ends_at, return_requested_at, return_reason, returned_at, inspection, inspected_by, created_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, 'vendor', 'vendor', 'returned', ?, ?, ?, ?, ?, ?, 'good', ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(
        id,
        orderId,
        product.id,
        product.name,
        type,
        price,
        product.buying_price,
        SELLER,
        SELLER,
        f.deliveredAt,
        f.rentalStartsAt ?? null,
        f.rentalEndsAt ?? null,
        f.askedAt,
        f.reason ?? null,
        f.returnedAt,
        SELLER,
        f.placedAt,
      );
  /** A transaction and its platform commission, as saleStatements records them (negative for a refund). */
  const money = (itemId, orderId, productId, type, gross, at, payout) => {
    const sign = type === "refund" ? -1 : 1;
    const split = splitSale(gross, false);
    const id = transactionId(itemId, type);
    statements.push(
      db
        .prepare(
          "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, gross_amount, net_amount, status, payout_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'completed', ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(id, type, productId, orderId, itemId, SELLER, sign * split.gross, sign * split.owner, payout, at),
      db
        .prepare(
          "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'platform', NULL, 1000, ?, 'calculated', ?) ON CONFLICT DO NOTHING",
        )
        .bind(commissionId(id, "platform"), id, sign * split.platform, at),
    );
    return { id, net: sign * split.owner };
  };
  const payout = (w) => payoutId({ type: "owner", id: SELLER }, w.start);

  // Week 1: the jacket bought and delivered; Rob's payout of the week paid.
  const soldAt = {
    placedAt: first.start + DAY,
    deliveredAt: first.start + 3 * DAY,
    askedAt: first.start + 5 * DAY,
    reason: "It did not fit across the shoulders",
    returnedAt: second.start + DAY,
  };
  statements.push(
    order("order_demo_balance_sold", "completed", sold.buying_price, soldAt.placedAt, second.start + 2 * DAY),
    item("item_demo_balance_sold", "order_demo_balance_sold", sold, "purchase", sold.buying_price, soldAt),
  );
  const sale = money(
    "item_demo_balance_sold",
    "order_demo_balance_sold",
    sold.id,
    "sale",
    sold.buying_price,
    soldAt.deliveredAt,
    payout(first),
  );
  // Week 2: sent back and refunded in full: the week's payout is negative and sends nothing.
  const refund = money(
    "item_demo_balance_sold",
    "order_demo_balance_sold",
    sold.id,
    "refund",
    sold.buying_price,
    second.start + 2 * DAY,
    payout(second),
  );
  statements.push(
    db
      .prepare(
        "INSERT INTO payments (id, order_id, transaction_id, operation, amount, currency, idempotency_key, provider, status, provider_ref, created_at) VALUES (?, 'order_demo_balance_sold', ?, 'refund', ?, 'GBP', ?, 'local', 'succeeded', ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(
        "pay_demo_refund_return_item_demo_balance_sold",
        refund.id,
        sold.buying_price,
        "refund:return:item_demo_balance_sold",
        "re_local_demo_balancesold",
        second.start + 2 * DAY,
      ),
  );
  // Week 3: a week's rental of the clutch bag, returned in good condition: its fee goes toward the debt.
  const rentedAt = {
    placedAt: third.start - DAY,
    deliveredAt: third.start + HOUR,
    rentalStartsAt: third.start + HOUR,
    rentalEndsAt: third.start + HOUR + 7 * DAY,
    askedAt: third.start + 4 * DAY,
    returnedAt: third.start + 6 * DAY,
  };
  statements.push(
    order("order_demo_balance_rented", "completed", rented.rental_price, rentedAt.placedAt, rentedAt.returnedAt),
    item("item_demo_balance_rented", "order_demo_balance_rented", rented, "rental", rented.rental_price, rentedAt),
  );
  const fee = money(
    "item_demo_balance_rented",
    "order_demo_balance_rented",
    rented.id,
    "rental_fee",
    rented.rental_price,
    rentedAt.deliveredAt,
    payout(third),
  );

  // The payouts, each with the balance it took over (sum of net less due above zero, as createPayout
  // computes it), written before the transactions that name them.
  const payouts = [];
  let balance = 0;
  for (const [w, t, gross, paid] of [
    [first, sale, sold.buying_price, true],
    [second, refund, -sold.buying_price, false],
    [third, fee, rented.rental_price, false],
  ]) {
    const carriedIn = balance;
    balance = carriedIn + t.net - Math.max(t.net + carriedIn, 0);
    payouts.push(
      db
        .prepare(
          "INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, carried_in, status, paid_at, paid_by, created_at) VALUES (?, 'owner', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          payout(w),
          SELLER,
          w.start,
          w.end,
          gross,
          gross - t.net,
          t.net,
          carriedIn,
          paid ? "paid" : "calculated",
          paid ? madeAt(w) + DAY : null,
          paid ? "user_superadmin" : null,
          madeAt(w),
        ),
    );
  }
  await batch([...payouts, ...statements]);
}
