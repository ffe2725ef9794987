// A year of orders, for the benchmark's states only (`npm run db:seed -- --orders N`, which
// bench/run.mjs passes; decision 0107): never the demo `npm start` shows, never the tests' states.
// The busy demo vendor, the second vendor and the demo store (concierge items) sell N orders spread
// evenly over the last 365 days, bought by a crowd of bench shoppers: most delivered and completed,
// some sent back, some cancelled, rentals returned, bought or kept, and the last days' orders still
// to post, on their way or in their rental window. Their money is what the app itself records
// (app/domain/commission.ts, finance-ids.ts): transactions and commissions at delivery, refunds
// reversed, the provider's payments, and each week's payouts, paid. Written in multi-row INSERTs.
import { splitSale } from "../app/domain/commission.ts";
import { commissionId, transactionId } from "../app/domain/finance-ids.ts";
import { weeklyPayouts, writeOrders } from "./seed-orders-write.mjs";

const DAY = 86_400_000;
const HOUR = DAY / 24;
const STORE = "store_kensington";
const STORE_OWNER = "user_store";
const SHOPPERS = 300;
const DELIVERY_FEE = 399;
const FIRST = "order_bench_000001";

/** A number in [0, 1) that follows from `n` and `salt` (the same run after run). */
function unit(n, salt) {
  let h = (n * 2654435761 + salt * 40503) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

const ADDRESS = (name) =>
  JSON.stringify({
    fullName: name,
    email: "",
    phone: "",
    addressLine1: "1 Market Street",
    addressLine2: "",
    city: "Manchester",
    county: "",
    postalCode: "M1 1AA",
    country: "United Kingdom",
  });

/** One order's fate: where its items stand `age` ms after it was placed. */
function fateOf(n, age, kind) {
  if (age < 1.5 * DAY) return "to_post";
  if (age < 3 * DAY) return "shipped";
  const r = unit(n, 7);
  if (age > 10 * DAY && r < 0.06) return "cancelled";
  if (kind === "purchase") return age > 21 * DAY && r > 0.92 ? "purchase_returned" : "purchase_kept";
  if (age < 3 * DAY + 7 * DAY) return "rental_active";
  return r > 0.9 ? "rental_bought" : r > 0.82 ? "rental_converted" : "rental_returned";
}

const ITEM_STATUS = {
  to_post: "pending",
  shipped: "shipped",
  cancelled: "cancelled",
  purchase_kept: "completed",
  purchase_returned: "returned",
  rental_active: "active",
  rental_returned: "returned",
  rental_bought: "completed",
  rental_converted: "completed",
};

/** The order's status from its items' (as app/domain/order-lifecycle.ts orderStatusOf derives it). */
function orderStatusOf(statuses) {
  const live = statuses.filter((s) => s !== "cancelled");
  if (live.length === 0) return "cancelled";
  for (const early of ["pending", "shipped"]) if (live.includes(early)) return early;
  return live.some((s) => s === "active" || s === "return_requested") ? "active" : "completed";
}

/** Seeds `count` orders over the year before `now`, unless they are there already. Returns what it wrote. */
export async function seedYearOfOrders({ db, now, count, pad, q }) {
  if (count === 0) return { orders: 0 };
  if (await db.prepare("SELECT 1 FROM orders WHERE id = ?").bind(FIRST).first()) return { orders: "already seeded" };
  // The items sold: live products of the large catalog (beyond the demo's), each sold once.
  const { results: stock } = await db
    .prepare(
      "SELECT id, name, owner_id AS ownerId, rental_price AS rental, buying_price AS buying FROM products WHERE id > ? AND id LIKE 'prod_%' AND product_status = 'live' AND store_id IS NULL AND availability = 'available' ORDER BY id LIMIT ?",
    )
    .bind(pad(120), Math.ceil(count * 2.5))
    .all();
  const byOwner = { user_vendor: [], user_vendor2: [] };
  for (const p of stock) byOwner[p.ownerId]?.push(p);
  const take = (owner) =>
    byOwner[owner].pop() ?? byOwner[owner === "user_vendor" ? "user_vendor2" : "user_vendor"].pop();

  // The bench's shoppers: sign-in as the demo shopper's (the same hash and salt), no roles.
  await db
    .prepare(
      `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ${SHOPPERS})
       INSERT INTO users (id, email, full_name, display_name, user_type, password_hash, password_salt, email_verified_at, created_at, updated_at)
       SELECT printf('user_bench_%03d', i), printf('shopper%03d@bench.closetloop.test', i), printf('Bench Shopper %d', i), NULL, 'individual', u.password_hash, u.password_salt, ?1, ?1 - 400 * ${DAY}, ?1
       FROM k, users u WHERE u.id = 'user_shopper' ON CONFLICT DO NOTHING`,
    )
    .bind(now)
    .run();

  const orders = [];
  const items = [];
  const history = [];
  const txns = [];
  const commissions = [];
  const payments = [];
  const availability = { sold: [], rented: [] };
  const storeItems = [];
  const start = now - 365 * DAY;
  const record = (type, item, gross, at, storeId) => {
    const id = transactionId(item.id, type);
    const sign = gross < 0 ? -1 : 1;
    const split = splitSale(Math.abs(gross), storeId !== null);
    txns.push({ id, type, item, gross, net: sign * split.owner, at, storeId, deliveredAt: item.deliveredAt });
    commissions.push([commissionId(id, "platform"), id, "platform", null, 1000, sign * split.platform, at, id]);
    if (storeId) commissions.push([commissionId(id, "store"), id, "store", storeId, 1000, sign * split.store, at, id]);
    const key = gross > 0 ? `capture:${id}` : `refund:${id}`;
    payments.push([`pay_bench_${id}`, item.orderId, id, gross > 0 ? "capture" : "refund", Math.abs(gross), key, at]);
  };

  for (let n = 1; n <= count; n++) {
    const placedAt = Math.round(start + ((n - 0.5) / count) * 365 * DAY - unit(n, 1) * HOUR);
    const age = now - placedAt;
    const h = unit(n, 2);
    const concierge = h < 0.2;
    const owner = h < 0.75 ? "user_vendor" : "user_vendor2";
    const lines = unit(n, 3) < 0.2 ? 2 : 1;
    const orderId = `order_bench_${String(n).padStart(6, "0")}`;
    const shopper = `user_bench_${String(1 + Math.floor(unit(n, 4) * SHOPPERS)).padStart(3, "0")}`;
    let subtotal = 0;
    const statuses = [];
    for (let l = 1; l <= lines; l++) {
      const product = take(owner);
      if (!product) break;
      const kind = product.rental !== null && unit(n * 3 + l, 5) < 0.4 ? "rental" : "purchase";
      const fate = fateOf(n, age, kind);
      const price = kind === "rental" ? product.rental : product.buying;
      const id = `item_bench_${String(n).padStart(6, "0")}_${l}`;
      const delivered = !["to_post", "shipped", "cancelled"].includes(fate);
      const deliveredAt = delivered ? placedAt + 3 * DAY : null;
      const returnAt = fate === "purchase_returned" || fate === "rental_returned" ? deliveredAt + 4 * DAY : null;
      const handlerOwner = concierge ? STORE_OWNER : product.ownerId;
      const item = { id, orderId, productId: product.id, ownerId: product.ownerId, deliveredAt };
      const status = ITEM_STATUS[fate];
      statuses.push(status);
      subtotal += price;
      if (concierge) storeItems.push(product.id);
      items.push([
        id,
        orderId,
        product.id,
        product.name,
        kind,
        price,
        product.buying,
        concierge ? STORE : product.ownerId,
        concierge ? "store" : "vendor",
        concierge ? "store" : "vendor",
        status,
        deliveredAt,
        kind === "rental" ? deliveredAt : null,
        kind === "rental" && delivered ? deliveredAt + 7 * DAY : null,
        { rental_bought: "bought", rental_converted: "converted", rental_returned: "returned" }[fate] ?? null,
        returnAt === null ? null : returnAt - 2 * DAY,
        returnAt,
        returnAt === null ? null : "good",
        returnAt === null ? null : handlerOwner,
        fate === "purchase_returned" ? "It did not fit" : null,
        fate === "to_post" || fate === "cancelled" ? null : "royal_mail",
        fate === "to_post" || fate === "cancelled" ? null : `RM${String(n).padStart(9, "0")}GB`,
        fate === "to_post" || fate === "cancelled" ? null : placedAt + DAY,
        fate === "to_post" || fate === "cancelled" ? null : handlerOwner,
        fate === "cancelled" ? placedAt + 2 * HOUR : null,
        fate === "cancelled" ? shopper : null,
        status === "completed" || status === "returned" ? (returnAt ?? deliveredAt) : null,
        product.ownerId,
        placedAt,
      ]);
      const storeId = concierge ? STORE : null;
      if (delivered) record(kind === "rental" ? "rental_fee" : "sale", item, price, deliveredAt, storeId);
      if (fate === "purchase_returned") record("refund", item, -price, returnAt, storeId);
      if (fate === "rental_bought") record("rental_purchase", item, product.buying, deliveredAt + 3 * DAY, storeId);
      if (fate === "rental_converted")
        record("rental_conversion", item, product.buying, deliveredAt + 7 * DAY, storeId);
      if (fate === "rental_active") availability.rented.push(product.id);
      else if (fate !== "cancelled" && fate !== "purchase_returned" && fate !== "rental_returned")
        availability.sold.push(product.id);
    }
    if (statuses.length === 0) break;
    const status = orderStatusOf(statuses);
    orders.push([
      orderId,
      shopper,
      status,
      subtotal,
      DELIVERY_FEE,
      subtotal + DELIVERY_FEE,
      ADDRESS(shopper),
      ADDRESS(shopper),
      `pi_bench_${n}`,
      placedAt + 60_000,
      placedAt,
      Math.min(now, placedAt + 10 * DAY),
    ]);
    history.push([`hist_bench_${n}`, orderId, null, "pending", shopper, "shopper", "Order placed", placedAt]);
    const total = subtotal + DELIVERY_FEE;
    payments.push([`pay_bench_auth_${n}`, orderId, null, "authorize", total, `authorize:${orderId}`, placedAt]);
    if (status !== "cancelled" && status !== "pending" && status !== "shipped")
      payments.push([
        `pay_bench_fee_${n}`,
        orderId,
        null,
        "capture",
        DELIVERY_FEE,
        `capture:delivery:${orderId}`,
        placedAt + 3 * DAY,
      ]);
  }
  const { results: demoPayouts } = await db.prepare("SELECT DISTINCT period_start AS start FROM payouts").all();
  const payouts = weeklyPayouts(txns, commissions, now, new Set(demoPayouts.map((p) => p.start)));
  await writeOrders(db, q, { orders, items, history, txns, commissions, payments, payouts, availability, storeItems });
  return { orders: orders.length, orderItems: items.length, transactions: txns.length, payouts: payouts.length };
}
