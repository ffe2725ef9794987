import { env } from "cloudflare:workers";
import { createProduct, createUser } from "./factories";

// Records the admin tests work on, written straight to D1 (the shapes checkout and the weekly job
// would write): an order in a given state, a vendor-handled return, a store request, a payout.

let seq = 0;
const next = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++seq}`;
const ADDRESS = JSON.stringify({
  fullName: "Ada Lovelace",
  email: "ada@example.test",
  addressLine1: "12 St James's Square",
  city: "London",
  postalCode: "SW1Y 4JH",
  country: "United Kingdom",
});

/** An order of one item, as checkout leaves it (pending) or as staff moved it since. */
export async function orderOf(
  options: {
    shopperId?: string;
    option?: "rental" | "purchase";
    status?: "pending" | "processing" | "shipped" | "cancelled";
    productName?: string;
  } = {},
) {
  const shopperId = options.shopperId ?? (await createUser({ fullName: "Olive Orders" })).id;
  const owner = await createUser();
  const product = await createProduct(owner.id, {
    name: options.productName ?? `Order Item ${next("p")}`,
    rentalPrice: 1500,
    buyingPrice: 9000,
  });
  const option = options.option ?? "purchase";
  const status = options.status ?? "pending";
  const orderId = next("order_admin");
  const itemId = next("item_admin");
  const price = option === "rental" ? 1500 : 9000;
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, ?, ?, 399, ?, 'GBP', ?, ?, ?, ?)",
    ).bind(orderId, shopperId, status, price, price + 399, ADDRESS, ADDRESS, now, now),
    env.DB.prepare(
      "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, created_at) VALUES (?, ?, ?, ?, ?, 1, ?, 9000, ?, 'vendor', 'vendor', ?, ?)",
    ).bind(itemId, orderId, product.id, product.name, option, price, owner.id, status, now),
    env.DB.prepare("UPDATE products SET availability = ? WHERE id = ?").bind(
      status === "cancelled" ? "available" : option === "rental" ? "rented" : "sold",
      product.id,
    ),
  ]);
  return { orderId, itemId, productId: product.id, productName: product.name, shopperId, ownerId: owner.id };
}

/** A rental sent back by its shopper, waiting for its inspection (handler: the platform, or a store). */
export async function returnedRental(handler: "vendor" | "store" = "vendor") {
  const order = await orderOf({ option: "rental", productName: `Returned Dress ${next("r")}` });
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE order_items SET status = 'return_requested', handler = ?, delivered_at = ?, rental_starts_at = ?, rental_ends_at = ?, return_requested_at = ?, return_carrier = 'royal_mail', return_tracking_number = 'AB123456789GB' WHERE id = ?",
    ).bind(handler, now - 3 * 86_400_000, now - 3 * 86_400_000, now + 4 * 86_400_000, now - 3_600_000, order.itemId),
    env.DB.prepare("UPDATE orders SET status = 'active' WHERE id = ?").bind(order.orderId),
  ]);
  return order;
}

export async function storeRequestRow(status: "pending" | "approved" | "rejected" = "pending") {
  const id = next("sr");
  const email = `${id}@shop.example.test`;
  await env.DB.prepare(
    "INSERT INTO store_requests (id, contact_name, store_name, store_address, contact_email, status, created_at) VALUES (?, 'Sam Store', ?, '1 High Street, Bath', ?, ?, ?)",
  )
    .bind(id, `Shop ${id}`, email, status, Date.now())
    .run();
  return { id, email, storeName: `Shop ${id}` };
}

/** A payout as the weekly job writes it (status calculated), with one commission it gathered. */
export async function calculatedPayout() {
  const id = next("payout");
  const now = Date.now();
  const order = await orderOf({ status: "pending" });
  const txn = next("txn");
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, status, created_at) VALUES (?, 'owner', ?, ?, ?, 9000, 900, 8100, 'calculated', ?)",
    ).bind(id, order.ownerId, now - 7 * 86_400_000, now, now),
    env.DB.prepare(
      "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, gross_amount, net_amount, status, payout_id, created_at) VALUES (?, 'sale', ?, ?, ?, ?, 9000, 8100, 'completed', ?, ?)",
    ).bind(txn, order.productId, order.orderId, order.itemId, order.ownerId, id, now),
    env.DB.prepare(
      "INSERT INTO commissions (id, transaction_id, recipient_type, commission_rate, commission_amount, status, payout_id, calculated_at) VALUES (?, ?, 'platform', 1000, 900, 'calculated', ?, ?)",
    ).bind(`com_${txn}`, txn, id, now),
  ]);
  return { id, commissionId: `com_${txn}`, transactionId: txn, ownerId: order.ownerId, productName: order.productName };
}

/** A verified person's request to sell, waiting for staff (issue 27 item 7): answers their id. */
export async function sellerRequestRow() {
  const user = await createUser();
  await env.DB.batch([
    env.DB.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?").bind(Date.now(), user.id),
    env.DB.prepare("INSERT INTO seller_requests (user_id, status, created_at) VALUES (?, 'pending', ?)").bind(
      user.id,
      Date.now(),
    ),
  ]);
  return user.id;
}
