import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { ownerEarnings, storeRevenue, weeklyRevenue } from "../../app/data/finance.server";
import { financeOverview } from "../../app/data/finance-report.server";
import { changeItem, setOrderStatus } from "../../app/data/order-lifecycle.server";
import { signedInBrowser } from "./actors";
import { BILLING, createProduct, createUser } from "./factories";
import { onPaymentPage } from "./orders";

// The order state machine's storage side (docs/decisions/0021-order-lifecycle.md): each change is
// one atomic batch with its history, the rental window, the product's availability and money.
const db = () => database(env.DB);
const staff = { id: null, role: "staff" as const };
const DAY = 86_400_000;

async function placeOrder(lines: { productId: string; option: "rental" | "purchase" }[]) {
  const shopper = await signedInBrowser("shopper");
  for (const line of lines)
    await shopper.browser.post("/cart", {
      intent: "add",
      productId: line.productId,
      option: line.option,
      enhanced: "1",
    });
  const response = await shopper.browser.post("/cart", {
    intent: "checkout",
    idempotencyKey: crypto.randomUUID(),
    ...BILLING,
  });
  expect(response.status).toBe(303);
  // Paid on the local provider's hosted page: its signed event confirms the order (decision 0055).
  expect((await onPaymentPage(shopper.browser, response.headers.get("location")!)).status).toBe(303);
  const order = await env.DB.prepare("SELECT id FROM orders WHERE user_id = ?")
    .bind(shopper.id)
    .first<{ id: string }>();
  const items = await env.DB.prepare("SELECT id, product_id, type FROM order_items WHERE order_id = ? ORDER BY type")
    .bind(order!.id)
    .all<{ id: string; product_id: string; type: string }>();
  return { orderId: order!.id, shopper, items: items.results };
}

const itemRow = (id: string) =>
  env.DB.prepare(
    "SELECT status, rental_starts_at, rental_ends_at, delivered_at, rental_outcome, inspection FROM order_items WHERE id = ?",
  )
    .bind(id)
    .first<Record<string, unknown>>();
const product = (id: string) =>
  env.DB.prepare("SELECT availability, status, product_status FROM products WHERE id = ?")
    .bind(id)
    .first<{ availability: string; status: string; product_status: string }>();
const history = (orderId: string) =>
  env.DB.prepare(
    "SELECT order_item_id IS NOT NULL AS item, from_status, to_status, actor_role FROM order_status_history WHERE order_id = ? ORDER BY created_at, rowid",
  )
    .bind(orderId)
    .all()
    .then((r) => r.results);
const money = (orderId: string) =>
  env.DB.prepare(
    "SELECT t.transaction_type AS type, t.gross_amount AS gross, t.net_amount AS net, (SELECT group_concat(c.recipient_type || ':' || c.commission_amount, ',') FROM commissions c WHERE c.transaction_id = t.id) AS commissions FROM transactions t WHERE t.order_id = ? ORDER BY t.transaction_type",
  )
    .bind(orderId)
    .all()
    .then((r) => r.results);

async function concierge(productId: string) {
  const storeOwner = await createUser();
  const storeId = `store_${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'Lifecycle Store', ?, ?)").bind(
      storeId,
      storeOwner.id,
      Date.now(),
    ),
    env.DB.prepare("UPDATE products SET store_id = ?, status = 'approved', concierge_status = 'yes' WHERE id = ?").bind(
      storeId,
      productId,
    ),
  ]);
  return storeId;
}

describe("staff moving an order", () => {
  it("records every step with who did it, and opens the rental window at delivery with its money", async () => {
    const owner = await createUser();
    const coat = await createProduct(owner.id, { rentalPrice: 1500, buyingPrice: 12000 });
    const bag = await createProduct(owner.id, { rentalPrice: 900, buyingPrice: 8000 });
    const storeId = await concierge(bag.id);
    const { orderId, items } = await placeOrder([
      { productId: coat.id, option: "rental" },
      { productId: bag.id, option: "purchase" },
    ]);
    const [purchase, rental] = items as unknown as [{ id: string }, { id: string }];

    const t0 = Date.now();
    expect((await setOrderStatus(db(), orderId, "processing", staff, t0 + 1_000)).ok).toBe(true);
    const delivered = await setOrderStatus(db(), orderId, "delivered", staff, t0 + 2 * DAY);
    expect(delivered).toMatchObject({ ok: true, changed: true, status: "active" });

    expect(await itemRow(rental.id)).toMatchObject({
      status: "active",
      delivered_at: t0 + 2 * DAY,
      rental_starts_at: t0 + 2 * DAY,
      rental_ends_at: t0 + 9 * DAY,
    });
    expect(await itemRow(purchase.id)).toMatchObject({ status: "completed", delivered_at: t0 + 2 * DAY });
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(orderId).first())!.status).toBe(
      "active",
    );
    // The fee of the rental (10% platform), the sale of the concierge purchase (10% platform, 10% store).
    expect(await money(orderId)).toEqual([
      { type: "rental_fee", gross: 1500, net: 1350, commissions: "platform:150" },
      {
        type: "sale",
        gross: 8000,
        net: 6400,
        commissions: expect.stringMatching(/^(platform:800,store:800|store:800,platform:800)$/),
      },
    ]);
    expect(await storeRevenue(db(), storeId)).toEqual({ total: 800, sales: 1 });
    const rows = await history(orderId);
    // Placed awaiting its payment by the shopper, confirmed by the provider's event (decision 0055).
    expect(rows).toContainEqual({ item: 0, from_status: null, to_status: "awaiting_payment", actor_role: "shopper" });
    expect(rows).toContainEqual({
      item: 0,
      from_status: "awaiting_payment",
      to_status: "pending",
      actor_role: "system",
    });
    expect(rows).toContainEqual({ item: 1, from_status: "processing", to_status: "delivered", actor_role: "staff" });
    expect(rows).toContainEqual({ item: 1, from_status: "delivered", to_status: "active", actor_role: "staff" });
    expect(rows.filter((r) => r.item === 0).map((r) => r.to_status)).toEqual([
      "awaiting_payment",
      "pending",
      "processing",
      "active",
    ]);
  });

  it("acts once when the same change is sent twice, even at the same moment", async () => {
    const owner = await createUser();
    const item = await createProduct(owner.id, { buyingPrice: 5000 });
    const { orderId } = await placeOrder([{ productId: item.id, option: "purchase" }]);
    const results = await Promise.all([
      setOrderStatus(db(), orderId, "delivered", staff, 10),
      setOrderStatus(db(), orderId, "delivered", staff, 10),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await setOrderStatus(db(), orderId, "delivered", staff, 20)).ok && true).toBe(true);
    expect(await money(orderId)).toEqual([{ type: "sale", gross: 5000, net: 4500, commissions: "platform:500" }]);
    expect((await history(orderId)).filter((r) => r.to_status === "delivered")).toHaveLength(1);
  });

  it("cancelling before delivery puts the items back on sale and records no money; after delivery it is refused", async () => {
    const owner = await createUser();
    const first = await createProduct(owner.id);
    const second = await createProduct(owner.id);
    const a = await placeOrder([{ productId: first.id, option: "rental" }]);
    expect((await product(first.id))!.availability).toBe("rented");
    expect(await setOrderStatus(db(), a.orderId, "cancelled", staff, 5)).toMatchObject({
      ok: true,
      status: "cancelled",
    });
    expect((await product(first.id))!.availability).toBe("available");
    expect(await money(a.orderId)).toEqual([]);
    expect(await setOrderStatus(db(), a.orderId, "processing", staff, 6)).toEqual({
      ok: false,
      message: "A cancelled order cannot be reopened.",
      httpStatus: 409,
    });

    const b = await placeOrder([{ productId: second.id, option: "purchase" }]);
    await setOrderStatus(db(), b.orderId, "delivered", staff, 5);
    expect(await setOrderStatus(db(), b.orderId, "cancelled", staff, 6)).toMatchObject({ ok: false, httpStatus: 409 });
    expect((await product(second.id))!.availability).toBe("sold");
  });

  it("moves the rest of an order on past an item cancelled alone, which stays cancelled", async () => {
    const owner = await createUser();
    const kept = await createProduct(owner.id, { buyingPrice: 4000 });
    const dropped = await createProduct(owner.id, { buyingPrice: 6000 });
    const { orderId, items } = await placeOrder([
      { productId: kept.id, option: "purchase" },
      { productId: dropped.id, option: "purchase" },
    ]);
    const droppedItem = items.find((i) => i.product_id === dropped.id)!;
    expect(await changeItem(db(), droppedItem.id, { type: "cancel" }, staff, 5)).toMatchObject({ ok: true });
    expect(await setOrderStatus(db(), orderId, "delivered", staff, 6)).toMatchObject({
      ok: true,
      changed: true,
      status: "completed",
    });
    expect(await itemRow(droppedItem.id)).toMatchObject({ status: "cancelled" });
    expect(await money(orderId)).toEqual([{ type: "sale", gross: 4000, net: 3600, commissions: "platform:400" }]);
  });

  it("answers a missing order as not found", async () => {
    expect(await setOrderStatus(db(), "order_missing", "shipped", staff, 1)).toEqual({
      ok: false,
      message: "Order not found",
      httpStatus: 404,
    });
  });
});

describe("a rental in its window", () => {
  async function activeRental(buyingPrice = 10000) {
    const owner = await createUser();
    const item = await createProduct(owner.id, { rentalPrice: 1300, buyingPrice });
    const order = await placeOrder([{ productId: item.id, option: "rental" }]);
    await setOrderStatus(db(), order.orderId, "delivered", staff, 0);
    return { ...order, itemId: order.items[0]!.id, productId: item.id, ownerId: owner.id };
  }
  const shopper = (id: string) => ({ id, role: "shopper" as const });

  it("is bought at the buying price of the day of the order, once, and leaves the shelf", async () => {
    const rental = await activeRental(10000);
    await env.DB.prepare("UPDATE products SET buying_price = 99999 WHERE id = ?").bind(rental.productId).run();
    const [a, b] = await Promise.all([
      changeItem(db(), rental.itemId, { type: "buy_now" }, shopper(rental.shopper.id), DAY),
      changeItem(db(), rental.itemId, { type: "buy_now" }, shopper(rental.shopper.id), DAY),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(await itemRow(rental.itemId)).toMatchObject({ status: "completed", rental_outcome: "bought" });
    expect((await product(rental.productId))!.availability).toBe("sold");
    expect(await money(rental.orderId)).toEqual([
      { type: "rental_fee", gross: 1300, net: 1170, commissions: "platform:130" },
      { type: "rental_purchase", gross: 10000, net: 9000, commissions: "platform:1000" },
    ]);
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(rental.orderId).first())!.status).toBe(
      "completed",
    );
    expect(await ownerEarnings(db(), rental.ownerId)).toEqual({ gross: 11300, net: 10170, sales: 2 });
  });

  it("is refused to anyone the caller does not allow, and after its window", async () => {
    const rental = await activeRental();
    const someoneElse = (order: { userId: string }) => order.userId === "somebody-else";
    expect(await changeItem(db(), rental.itemId, { type: "buy_now" }, shopper("x"), DAY, someoneElse)).toEqual({
      ok: false,
      message: "Order item not found",
      httpStatus: 404,
    });
    expect(await changeItem(db(), rental.itemId, { type: "buy_now" }, shopper(rental.shopper.id), 8 * DAY)).toEqual({
      ok: false,
      message: "This rental's window has ended.",
      httpStatus: 409,
    });
    expect((await itemRow(rental.itemId))!.status).toBe("active");
  });

  it("converts when its window ended, at the order's buying price", async () => {
    const rental = await activeRental(20000);
    expect(
      await changeItem(db(), rental.itemId, { type: "convert" }, { id: null, role: "system" }, 6 * DAY),
    ).toMatchObject({ ok: false });
    expect(
      await changeItem(db(), rental.itemId, { type: "convert" }, { id: null, role: "system" }, 7 * DAY),
    ).toMatchObject({ ok: true, changed: true });
    expect(await itemRow(rental.itemId)).toMatchObject({ status: "completed", rental_outcome: "converted" });
    expect((await money(rental.orderId)).map((m) => m.type)).toEqual(["rental_conversion", "rental_fee"]);
  });

  it("is returned, inspected in good condition and back on sale; a damaged one goes back to review", async () => {
    const good = await activeRental();
    await changeItem(db(), good.itemId, { type: "request_return" }, shopper(good.shopper.id), DAY);
    expect((await itemRow(good.itemId))!.status).toBe("return_requested");
    expect((await product(good.productId))!.availability).toBe("rented");
    await changeItem(db(), good.itemId, { type: "inspect", outcome: "good" }, { id: null, role: "store" }, 2 * DAY);
    expect(await itemRow(good.itemId)).toMatchObject({
      status: "returned",
      inspection: "good",
      rental_outcome: "returned",
    });
    // Being prepared for its handler's turnaround (2 days by default) before it is live again (decision 0080).
    expect(await product(good.productId)).toEqual({
      availability: "rented",
      status: "approved",
      product_status: "live",
    });
    expect((await money(good.orderId)).map((m) => m.type)).toEqual(["rental_fee"]);

    const damaged = await activeRental();
    await changeItem(db(), damaged.itemId, { type: "request_return" }, shopper(damaged.shopper.id), DAY);
    await changeItem(
      db(),
      damaged.itemId,
      { type: "inspect", outcome: "damaged" },
      { id: null, role: "staff" },
      2 * DAY,
    );
    expect(await product(damaged.productId)).toEqual({
      availability: "available",
      status: "pending",
      product_status: "pending",
    });
  });
});

describe("finance figures", () => {
  it("weekly revenue has every one of the 12 weeks, oldest first, and the overview adds up", async () => {
    const owner = await createUser();
    const item = await createProduct(owner.id, { buyingPrice: 7000 });
    const { orderId } = await placeOrder([{ productId: item.id, option: "purchase" }]);
    const now = Date.UTC(2026, 10, 25);
    await setOrderStatus(db(), orderId, "delivered", staff, now - 8 * DAY);
    const weeks = await weeklyRevenue(db(), { owner: owner.id }, now);
    expect(weeks).toHaveLength(12);
    expect(weeks[11]!.weekStart).toBe(Date.UTC(2026, 10, 23));
    expect(weeks.map((w) => w.amount)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6300, 0]);
    const overview = await financeOverview(db());
    const { gross, ownersNet, platformCommission, storeCommission } = overview.totals;
    expect(platformCommission + storeCommission + ownersNet).toBe(gross);
    expect(overview.transactions.length).toBeLessThanOrEqual(50);
  });
});
