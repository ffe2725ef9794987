import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { ownerEarnings } from "../../app/data/finance.server";
import { formatGBP } from "../../app/domain/money";
import { appConfig } from "../../app/env.server";
import { changeOrderItem, staffSetOrderStatus } from "../../app/services/order-lifecycle.server";
import { localFailKey } from "../../app/services/payments-local.server";
import { deliveryCaptureKey } from "../../app/services/payments.server";
import worker from "../../workers/app";
import { CRON } from "../../workers/cron";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, eventually } from "./factories";
import { DAY, placeOrder } from "./orders";

// Issue 15: the daily and weekly jobs through the Worker's own scheduled handler with a moved
// clock, the e-mails through its queue consumer, and the payment seam (decisions 0035, 0036).
// Every assertion is about this test's own records: the jobs act on every order in the file.

const services = () => ({ env, config: appConfig(env), db: database(env.DB) });
const HOUR = DAY / 24;
let ipSeq = 0;
/** Each shopper signs in from an address of its own (sign-in is rate limited per address). */
const nextIp = () => `10.215.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function runJob(job: keyof typeof CRON, scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: CRON[job], scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function concierge(productId: string, storeOwner: { id: string } | null = null) {
  storeOwner ??= await createUser();
  const storeId = `store_${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO stores (id, name, owner_id, contact_email, created_at) VALUES (?, 'Jobs Store', ?, ?, ?)").bind(storeId, storeOwner.id, `store-${storeId}@example.test`, Date.now()),
    env.DB.prepare("UPDATE products SET store_id = ?, status = 'approved', concierge_status = 'yes' WHERE id = ?").bind(storeId, productId),
  ]);
  return { storeId, email: `store-${storeId}@example.test` };
}

/** A shopper rents (through the basket and checkout), staff deliver it at `deliveredAt` through the service layer. */
async function rental(deliveredAt: number, prices = { rentalPrice: 1500, buyingPrice: 12000 }, options: { concierge?: boolean; storeOwner?: { id: string }; failCaptures?: boolean } = {}) {
  const owner = await createUser();
  const item = await createProduct(owner.id, prices);
  const store = options.concierge ? await concierge(item.id, options.storeOwner) : null;
  const shopper = await signedInBrowser("shopper", { ip: nextIp() });
  const order = await placeOrder(shopper, [{ productId: item.id, option: "rental" }]);
  if (options.failCaptures) await env.CACHE.put(localFailKey(order.orderId), "capture");
  const staff = await createUser();
  const delivered = await staffSetOrderStatus(services(), order.orderId, "delivered", staff.id, deliveredAt);
  expect(delivered.ok).toBe(true);
  return { owner, shopper, store, orderId: order.orderId, itemId: order.items[0]!.id, productId: item.id };
}

const itemRow = (id: string) => env.DB.prepare("SELECT status, rental_outcome, reminder_sent_at, rental_ends_at FROM order_items WHERE id = ?").bind(id).first<Record<string, unknown>>();
const outbox = (to: string) =>
  env.DB.prepare("SELECT kind, message_key AS key, subject FROM notification_outbox WHERE recipient = ? ORDER BY created_at, message_key").bind(to).all<{ kind: string; key: string; subject: string }>().then((r) => r.results);
const paymentsOf = (orderId: string) =>
  env.DB.prepare("SELECT operation, amount, status, idempotency_key AS key FROM payments WHERE order_id = ? ORDER BY created_at, rowid").bind(orderId).all<{ operation: string; amount: number; status: string; key: string }>().then((r) => r.results);
const transactionsOf = (orderId: string) =>
  env.DB.prepare(
    "SELECT t.id, t.transaction_type AS type, t.gross_amount AS gross, t.net_amount AS net, t.status, t.payout_id AS payoutId, (SELECT coalesce(sum(commission_amount), 0) FROM commissions c WHERE c.transaction_id = t.id) AS commissions FROM transactions t WHERE t.order_id = ? ORDER BY t.created_at, t.id",
  )
    .bind(orderId)
    .all<{ id: string; type: string; gross: number; net: number; status: string; payoutId: string | null; commissions: number }>()
    .then((r) => r.results);
/** What the shopper was charged at checkout: the lines, the delivery fee, the total authorized. */
const orderAmounts = (orderId: string) =>
  env.DB.prepare("SELECT subtotal_amount AS subtotal, delivery_fee AS deliveryFee, total_amount AS total FROM orders WHERE id = ?").bind(orderId).first<{ subtotal: number; deliveryFee: number; total: number }>().then((r) => r!);
const payout = (type: string, recipientId: string) =>
  env.DB.prepare("SELECT id, period_start AS periodStart, period_end AS periodEnd, total_amount AS total, commission_amount AS commission, net_amount AS net, status FROM payouts WHERE recipient_type = ? AND recipient_id = ?")
    .bind(type, recipientId)
    .all<{ id: string; periodStart: number; periodEnd: number; total: number; commission: number; net: number; status: string }>()
    .then((r) => r.results);

describe("the daily job", () => {
  it("reminds once the day before, converts the rental when its window ends, records and captures its money, and tells shopper and owner", async () => {
    // Delivered on Tuesday 5 Jan 2027 at 10:00 UTC: the window ends Tuesday 12 Jan at 10:00.
    const deliveredAt = Date.UTC(2027, 0, 5, 10);
    const r = await rental(deliveredAt);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "active", rental_ends_at: deliveredAt + 7 * DAY });

    // Sunday 03:00: more than a day left, nothing happens.
    await runJob("daily", Date.UTC(2027, 0, 10, 3));
    expect(await itemRow(r.itemId)).toMatchObject({ status: "active", reminder_sent_at: null });

    // Monday 03:00 (31 h left) is not yet within a day; Tuesday 03:00 is (7 h left). Twice, and twice at once: one reminder.
    await runJob("daily", Date.UTC(2027, 0, 11, 3));
    expect(await itemRow(r.itemId)).toMatchObject({ reminder_sent_at: null });
    const reminderTime = Date.UTC(2027, 0, 12, 3);
    await Promise.all([runJob("daily", reminderTime), runJob("daily", reminderTime)]);
    await runJob("daily", reminderTime + HOUR);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "active", reminder_sent_at: reminderTime });
    const reminder = await eventually(async () => (await outbox(r.shopper.email)).find((m) => m.kind === "rental_reminder"));
    // The window ends the same UK day as the reminder (10:00), so it says so, not 'tomorrow' (issue 22).
    expect(reminder.subject).toMatch(/^Your rental of .+ ends today at 10:00$/);
    const body = (await env.DB.prepare("SELECT body FROM notification_outbox WHERE message_key = ?").bind(reminder.key).first<{ body: string }>())!.body;
    expect(body).toContain("Return or buy by Tue 12 Jan");
    // Every e-mail about an order links to its page, absolutely, from the site's address.
    expect(body).toContain(`http://localhost:4173/account/orders/${r.orderId}`);

    // Wednesday 03:00: the window ended without Buy or Return. Two runs at once convert it once.
    const convertTime = Date.UTC(2027, 0, 13, 3);
    await Promise.all([runJob("daily", convertTime), runJob("daily", convertTime)]);
    await runJob("daily", convertTime + HOUR);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "completed", rental_outcome: "converted" });
    expect((await env.DB.prepare("SELECT availability FROM products WHERE id = ?").bind(r.productId).first())!.availability).toBe("sold");
    const conversions = await env.DB.prepare("SELECT actor_role, from_status, to_status FROM order_status_history WHERE order_item_id = ? AND to_status = 'completed'").bind(r.itemId).all();
    expect(conversions.results).toEqual([{ actor_role: "system", from_status: "active", to_status: "completed" }]);

    // Money: the fee at delivery and the buying price at conversion, each split to the penny and captured once.
    const money = await transactionsOf(r.orderId);
    expect(money.map(({ type, gross, net, commissions, status }) => ({ type, gross, net, commissions, status }))).toEqual([
      { type: "rental_fee", gross: 1500, net: 1350, commissions: 150, status: "completed" },
      { type: "rental_conversion", gross: 12000, net: 10800, commissions: 1200, status: "completed" },
    ]);
    const calls = await paymentsOf(r.orderId);
    const { total, deliveryFee } = await orderAmounts(r.orderId);
    expect(calls).toEqual([
      { operation: "authorize", amount: total, status: "succeeded", key: `authorize:${r.orderId}` },
      { operation: "capture", amount: 1500, status: "succeeded", key: `capture:${money[0]!.id}` },
      { operation: "capture", amount: deliveryFee, status: "succeeded", key: `capture:delivery:${r.orderId}` },
      { operation: "capture", amount: 12000, status: "succeeded", key: `capture:${money[1]!.id}` },
    ]);

    // Each e-mail once, however often the job ran.
    await eventually(async () => (await outbox(r.owner.email)).some((m) => m.kind === "owner_item_update"));
    const shopperMail = await eventually(async () => {
      const rows = await outbox(r.shopper.email);
      return rows.some((m) => m.kind === "rental_converted") ? rows : null;
    });
    expect(shopperMail.filter((m) => m.kind === "rental_reminder")).toHaveLength(1);
    expect(shopperMail.filter((m) => m.kind === "rental_converted")).toHaveLength(1);
    // Told to post it when it was ordered (issue 22), then that it was sold.
    expect((await outbox(r.owner.email)).map((m) => m.kind).sort()).toEqual(["order_to_send", "owner_item_update"]);
  });

  it("sends a redelivered reminder once", async () => {
    const r = await rental(Date.UTC(2027, 1, 1, 12));
    await runJob("daily", Date.UTC(2027, 1, 8, 3));
    const reminder = await eventually(async () => (await outbox(r.shopper.email)).find((m) => m.kind === "rental_reminder"));
    const { payload } = (await env.DB.prepare("SELECT payload FROM notification_outbox WHERE message_key = ?").bind(reminder.key).first<{ payload: string }>())!;
    const batch = createMessageBatch("closetloop-notifications", [{ id: "again", timestamp: new Date(), attempts: 1, body: JSON.parse(payload) }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["again"]);
    expect((await outbox(r.shopper.email)).filter((m) => m.kind === "rental_reminder")).toHaveLength(1);
  });
});

describe("the search index", () => {
  const segments = () => env.DB.prepare("SELECT count(DISTINCT segid) AS n FROM products_fts_idx").first<{ n: number }>().then((r) => r!.n);

  it("is merged into one segment by the daily job, and still finds what it found", async () => {
    const owner = await createUser();
    const word = `merge${crypto.randomUUID().slice(0, 6)}`;
    await createProduct(owner.id, { name: `${word} Coat`, rentalPrice: 1250 });
    await createProduct(owner.id, { name: `${word} Cape`, rentalPrice: 3300 });
    // Each write added a segment of its own.
    expect(await segments()).toBeGreaterThan(1);
    const listing = async () => (await worker.fetch(new Request(`http://localhost/all-products?search=${word}&rental_min=12.5&rental_max=33`), env, createExecutionContext())).text();
    expect(await listing()).toContain("2 product(s) found");
    await runJob("daily", Date.now());
    expect(await segments()).toBe(1);
    expect(await listing()).toContain("2 product(s) found");
  });
});

describe("a shopper's own choices", () => {
  it("Buy it now records the purchase, captures it, and tells the shopper and the owner; the daily job leaves it alone", async () => {
    const r = await rental(Date.now() - DAY);
    const page = `/account/orders/${r.orderId}`;
    expect((await r.shopper.browser.post(page, { intent: "buy_now", itemId: r.itemId })).status).toBe(302);
    expect((await r.shopper.browser.post(page, { intent: "buy_now", itemId: r.itemId })).status).toBe(302);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "completed", rental_outcome: "bought" });
    const money = await transactionsOf(r.orderId);
    expect(money.map((t) => [t.type, t.gross, t.status])).toEqual([
      ["rental_fee", 1500, "completed"],
      ["rental_purchase", 12000, "completed"],
    ]);
    const { deliveryFee } = await orderAmounts(r.orderId);
    expect((await paymentsOf(r.orderId)).filter((p) => p.operation === "capture").map((p) => [p.amount, p.status])).toEqual([
      [1500, "succeeded"],
      [deliveryFee, "succeeded"],
      [12000, "succeeded"],
    ]);
    await eventually(async () => (await outbox(r.shopper.email)).find((m) => m.kind === "rental_bought"));
    await eventually(async () => (await outbox(r.owner.email)).find((m) => m.kind === "owner_item_update"));
    await runJob("daily", Date.now() + 10 * DAY);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "completed", rental_outcome: "bought" });
    expect((await transactionsOf(r.orderId)).map((t) => t.type)).toEqual(["rental_fee", "rental_purchase"]);
  });

  it("Return it sends the return instructions; the inspection puts the item back on sale and tells the shopper; nothing converts", async () => {
    const r = await rental(Date.now() - DAY);
    expect((await r.shopper.browser.post(`/account/orders/${r.orderId}`, { intent: "request_return", itemId: r.itemId })).status).toBe(302);
    const instructions = await eventually(async () => (await outbox(r.shopper.email)).find((m) => m.kind === "return_instructions"));
    expect(instructions.subject).toBe(`Return instructions for ${(await env.DB.prepare("SELECT name FROM products WHERE id = ?").bind(r.productId).first<{ name: string }>())!.name}`);
    await runJob("daily", Date.now() + 10 * DAY);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "return_requested" });
    const staff = await createUser();
    const inspected = await changeOrderItem(services(), r.itemId, { type: "inspect", outcome: "good" }, { id: staff.id, role: "staff" }, Date.now());
    expect(inspected).toMatchObject({ ok: true, changed: true });
    expect((await env.DB.prepare("SELECT availability FROM products WHERE id = ?").bind(r.productId).first())!.availability).toBe("available");
    await eventually(async () => (await outbox(r.shopper.email)).find((m) => m.kind === "return_inspected"));
    expect((await transactionsOf(r.orderId)).map((t) => t.type)).toEqual(["rental_fee"]);
  });
});

describe("a concierge return", () => {
  it("is inspected by the store that handles it, on its dashboard, and goes back on sale; another store cannot", async () => {
    const storeOwner = await signedInBrowser("storeOwner", { ip: nextIp() });
    const other = await signedInBrowser("otherStoreOwner", { ip: nextIp() });
    await concierge((await createProduct((await createUser()).id)).id, other);
    const r = await rental(Date.now() - DAY, undefined, { concierge: true, storeOwner });
    expect((await r.shopper.browser.post(`/account/orders/${r.orderId}`, { intent: "request_return", itemId: r.itemId })).status).toBe(302);
    const instructions = await eventually(async () => (await outbox(r.shopper.email)).find((m) => m.kind === "return_instructions"));
    expect((await env.DB.prepare("SELECT body FROM notification_outbox WHERE message_key = ?").bind(instructions.key).first<{ body: string }>())!.body).toMatch(/Post it by [A-Z][a-z]+day \d+ [A-Z][a-z]+ to:\nJobs Store/);

    // The store's Orders tab offers the inspection forms for the item (the hidden itemId of its form).
    const inspectForm = `name="itemId" value="${r.itemId}"`;
    const dashboard = await (await storeOwner.browser.fetch("/store?tab=orders")).text();
    expect(dashboard).toContain("Good: back on sale");
    expect(dashboard).toContain(inspectForm);
    expect(await (await other.browser.fetch("/store?tab=orders")).text()).not.toContain(inspectForm);
    const refused = await other.browser.post("/store", { intent: "inspect", itemId: r.itemId, condition: "good" });
    expect(refused.status).toBe(404);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "return_requested" });

    const response = await storeOwner.browser.post("/store", { intent: "inspect", itemId: r.itemId, condition: "good" });
    expect(response.status).toBe(302);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "returned", rental_outcome: "returned" });
    expect((await env.DB.prepare("SELECT availability FROM products WHERE id = ?").bind(r.productId).first())!.availability).toBe("available");
    const who = await env.DB.prepare("SELECT actor_id, actor_role FROM order_status_history WHERE order_item_id = ? AND to_status = 'returned'").bind(r.itemId).all();
    expect(who.results).toEqual([{ actor_id: storeOwner.id, actor_role: "store" }]);
    await eventually(async () => (await outbox(r.shopper.email)).find((m) => m.kind === "return_inspected"));
    expect(await (await storeOwner.browser.fetch("/store?tab=orders")).text()).not.toContain(inspectForm);
  });
});

describe("payments", () => {
  it("a failed capture leaves the transaction pending (not counted), the daily job retries it, and it is charged once", async () => {
    const deliveredAt = Date.UTC(2027, 2, 1, 12);
    const r = await rental(deliveredAt, { rentalPrice: 999, buyingPrice: 5000 }, { failCaptures: true });
    let [fee] = await transactionsOf(r.orderId);
    expect(fee).toMatchObject({ type: "rental_fee", gross: 999, status: "pending" });
    expect(await ownerEarnings(database(env.DB), r.owner.id)).toEqual({ gross: 0, net: 0, sales: 0 });

    // Still failing: another attempt, still pending.
    await runJob("daily", deliveredAt + DAY);
    expect((await transactionsOf(r.orderId))[0]!.status).toBe("pending");
    // The provider works again: captured once, however many runs.
    await env.CACHE.delete(localFailKey(r.orderId));
    await Promise.all([runJob("daily", deliveredAt + 2 * DAY), runJob("daily", deliveredAt + 2 * DAY)]);
    await runJob("daily", deliveredAt + 3 * DAY);
    [fee] = await transactionsOf(r.orderId);
    expect(fee).toMatchObject({ status: "completed" });
    const captures = (await paymentsOf(r.orderId)).filter((p) => p.key === `capture:${fee!.id}`);
    expect(captures.map((p) => p.status)).toEqual(["failed", "failed", "succeeded"]);
    // split: 10% of 999 is 99.9 → 100 (half up); the owner gets the rest.
    expect(await ownerEarnings(database(env.DB), r.owner.id)).toEqual({ gross: 999, net: 899, sales: 1 });
  });

  it("a cancelled order gives its whole authorization back, delivery fee included, once; its delivery fee is never captured", async () => {
    const owner = await createUser();
    const item = await createProduct(owner.id, { buyingPrice: 4200 });
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const order = await placeOrder(shopper, [{ productId: item.id, option: "purchase" }]);
    const staff = await createUser();
    const { subtotal, deliveryFee, total } = await orderAmounts(order.orderId);
    expect(deliveryFee).toBeGreaterThan(0);
    expect(total).toBe(subtotal + deliveryFee);
    await staffSetOrderStatus(services(), order.orderId, "cancelled", staff.id, Date.now());
    await staffSetOrderStatus(services(), order.orderId, "cancelled", staff.id, Date.now());
    await runJob("daily", Date.now() + DAY);
    expect((await paymentsOf(order.orderId)).map((p) => [p.operation, p.amount, p.status])).toEqual([
      ["authorize", total, "succeeded"],
      ["refund", total, "succeeded"],
    ]);
  });

  it("a failed refund is retried by the daily job for the whole authorization, and given back once", async () => {
    const owner = await createUser();
    const item = await createProduct(owner.id, { rentalPrice: 1100, buyingPrice: 9000 });
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const order = await placeOrder(shopper, [{ productId: item.id, option: "rental" }]);
    await env.CACHE.put(localFailKey(order.orderId), "refund");
    const staff = await createUser();
    const { total } = await orderAmounts(order.orderId);
    await staffSetOrderStatus(services(), order.orderId, "cancelled", staff.id, Date.now());
    await runJob("daily", Date.now() + DAY);
    await env.CACHE.delete(localFailKey(order.orderId));
    await Promise.all([runJob("daily", Date.now() + 2 * DAY), runJob("daily", Date.now() + 2 * DAY)]);
    await runJob("daily", Date.now() + 3 * DAY);
    expect((await paymentsOf(order.orderId)).map((p) => [p.operation, p.amount, p.status])).toEqual([
      ["authorize", total, "succeeded"],
      ["refund", total, "failed"],
      ["refund", total, "failed"],
      ["refund", total, "succeeded"],
    ]);
  });
});

describe("the delivery fee", () => {
  const deliveryCaptures = async (orderId: string) => (await paymentsOf(orderId)).filter((p) => p.key === deliveryCaptureKey(orderId));
  const succeededSum = async (orderId: string, operation: string) =>
    (await paymentsOf(orderId)).filter((p) => p.operation === operation && p.status === "succeeded").reduce((sum, p) => sum + p.amount, 0);
  /** The row of the admin Financial tab's "Delivery fees not collected" list for this order, if any. */
  const owedRow = async (superadmin: { browser: { fetch(path: string): Promise<Response> } }, orderId: string) => {
    const page = await (await superadmin.browser.fetch("/admin/financial")).text();
    // Only the owed fees' table: the order also appears among the transactions.
    const start = page.indexOf("Delivery fees not collected");
    const html = start < 0 ? "" : page.slice(start, page.indexOf("</table>", start));
    const at = html.indexOf(`title="${orderId}"`);
    return at < 0 ? null : html.slice(at, html.indexOf("</tr>", at));
  };

  it("is captured once, under its own key, when staff mark the order delivered; a second delivery and the daily job capture nothing more", async () => {
    // Two sellers: two delivery groups. A purchase and a rental.
    const coat = await createProduct((await createUser()).id, { buyingPrice: 4200 });
    const dress = await createProduct((await createUser()).id, { rentalPrice: 1500, buyingPrice: 12000 });
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const order = await placeOrder(shopper, [{ productId: coat.id, option: "purchase" }, { productId: dress.id, option: "rental" }]);
    const { subtotal, deliveryFee, total } = await orderAmounts(order.orderId);
    expect(deliveryFee).toBeGreaterThan(0);

    const admin = await signedInBrowser("admin", { ip: nextIp() });
    const deliver = () => admin.browser.post("/admin/orders", { intent: "status", orderId: order.orderId, status: "delivered" });
    expect((await deliver()).status).toBe(302);
    expect(await deliveryCaptures(order.orderId)).toEqual([{ operation: "capture", amount: deliveryFee, status: "succeeded", key: `capture:delivery:${order.orderId}` }]);

    // Marked delivered again (twice at once, then once more), and the daily job twice at once, then again.
    await Promise.all([deliver(), deliver()]);
    expect((await deliver()).status).toBe(302);
    await Promise.all([runJob("daily", Date.now() + HOUR), runJob("daily", Date.now() + HOUR)]);
    await runJob("daily", Date.now() + DAY);
    expect(await deliveryCaptures(order.orderId)).toHaveLength(1);

    // Everything authorized at checkout was collected at delivery: the lines (the purchase's price,
    // the rental's fee) and the delivery fee; nothing is left to give back, and cancelling is refused.
    expect(await succeededSum(order.orderId, "authorize")).toBe(total);
    expect(await succeededSum(order.orderId, "capture")).toBe(subtotal + deliveryFee);
    const cancel = await admin.browser.post("/admin/orders", { intent: "status", orderId: order.orderId, status: "cancelled" });
    expect(cancel.status).toBe(409);
    expect(await succeededSum(order.orderId, "refund")).toBe(0);
  });

  it("a failed capture is shown as owed on the admin Financial tab, the daily job retries it, and it is charged once", async () => {
    const item = await createProduct((await createUser()).id, { buyingPrice: 6500 });
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const order = await placeOrder(shopper, [{ productId: item.id, option: "purchase" }]);
    const { deliveryFee } = await orderAmounts(order.orderId);
    await env.CACHE.put(localFailKey(order.orderId), "capture");
    const staff = await createUser();
    const deliveredAt = Date.now();
    expect(await staffSetOrderStatus(services(), order.orderId, "delivered", staff.id, deliveredAt)).toMatchObject({ ok: true, changed: true });
    expect((await deliveryCaptures(order.orderId)).map((p) => [p.amount, p.status])).toEqual([[deliveryFee, "failed"]]);
    // The order stands delivered (completed: a purchase) whatever the provider said.
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(order.orderId).first<{ status: string }>())!.status).toBe("completed");

    const superadmin = await signedInBrowser("superadmin", { ip: nextIp() });
    expect(await (await superadmin.browser.fetch("/admin/financial")).text()).toContain("Delivery fees not collected");
    let row = await owedRow(superadmin, order.orderId);
    expect(row).toContain(formatGBP(deliveryFee));
    expect(row).toContain("1 failed attempt(s)");
    expect(row).toContain("The local provider was told to fail capture calls");

    // Still failing: another attempt, still owed.
    await runJob("daily", deliveredAt + DAY);
    row = await owedRow(superadmin, order.orderId);
    expect(row).toContain("2 failed attempt(s)");

    // The provider works again: captured once, however many runs, and no longer owed.
    await env.CACHE.delete(localFailKey(order.orderId));
    await Promise.all([runJob("daily", deliveredAt + 2 * DAY), runJob("daily", deliveredAt + 2 * DAY)]);
    await runJob("daily", deliveredAt + 3 * DAY);
    expect((await deliveryCaptures(order.orderId)).map((p) => [p.amount, p.status])).toEqual([
      [deliveryFee, "failed"],
      [deliveryFee, "failed"],
      [deliveryFee, "succeeded"],
    ]);
    expect(await owedRow(superadmin, order.orderId)).toBeNull();
    // The sale itself was retried alike: everything authorized is collected, once.
    expect(await succeededSum(order.orderId, "capture")).toBe((await orderAmounts(order.orderId)).total);
  });
});

describe("the weekly job", () => {
  it("makes one payout per recipient for the week that ended, linked and adding up, once, and tells each recipient", async () => {
    // Delivered Tuesday 6 Apr 2027; bought (Buy it now through the service) on Thursday 8 Apr.
    const deliveredAt = Date.UTC(2027, 3, 6, 10);
    const direct = await rental(deliveredAt, { rentalPrice: 1500, buyingPrice: 12000 });
    const store = await rental(deliveredAt, { rentalPrice: 2005, buyingPrice: 30001 }, { concierge: true });
    for (const r of [direct, store]) {
      const bought = await changeOrderItem(services(), r.itemId, { type: "buy_now" }, { id: r.shopper.id, role: "shopper" }, deliveredAt + 2 * DAY, (o) => o.userId === r.shopper.id);
      expect(bought).toMatchObject({ ok: true, changed: true });
    }
    const superadmin = await signedInBrowser("superadmin", { ip: nextIp() });
    // Monday 12 Apr 06:00 closes the week 5–12 Apr. Twice at once, then again.
    const monday = Date.UTC(2027, 3, 12, 6);
    await Promise.all([runJob("weekly", monday), runJob("weekly", monday)]);
    await runJob("weekly", monday + HOUR);

    const period = { periodStart: Date.UTC(2027, 3, 5), periodEnd: Date.UTC(2027, 3, 12) };
    // The direct owner: fee 1500 + purchase 12000; 10% each to the platform.
    expect(await payout("owner", direct.owner.id)).toEqual([{ id: expect.any(String), ...period, total: 13500, commission: 1350, net: 12150, status: "calculated" }]);
    // The concierge owner: 2005 → 201 + 201 (half up), 30001 → 3000 + 3000; the rest is theirs.
    expect(await payout("owner", store.owner.id)).toEqual([{ id: expect.any(String), ...period, total: 32006, commission: 6402, net: 25604, status: "calculated" }]);
    expect(await payout("store", store.store!.storeId)).toEqual([{ id: expect.any(String), ...period, total: 3201, commission: 3201, net: 3201, status: "calculated" }]);
    const [platform] = await payout("platform", "platform");
    expect(platform).toMatchObject({ ...period, status: "calculated" });

    // Every transaction is linked to its owner's payout; every commission to its recipient's.
    for (const r of [direct, store]) {
      const [owned] = await payout("owner", r.owner.id);
      for (const t of await transactionsOf(r.orderId)) {
        expect(t.payoutId).toBe(owned!.id);
        expect(t.net + t.commissions).toBe(t.gross);
      }
    }
    const linked = await env.DB.prepare("SELECT coalesce(sum(commission_amount), 0) AS total FROM commissions WHERE payout_id = ?").bind(platform!.id).first<{ total: number }>();
    expect(platform!.total).toBe(linked!.total);
    const mine = await env.DB.prepare(
      "SELECT count(*) AS n FROM commissions c JOIN transactions t ON t.id = c.transaction_id WHERE c.recipient_type = 'platform' AND t.order_id IN (?, ?) AND c.payout_id = ?",
    )
      .bind(direct.orderId, store.orderId, platform!.id)
      .first<{ n: number }>();
    expect(mine!.n).toBe(4);

    // Next week: nothing new for these recipients (nothing is counted twice).
    await runJob("weekly", monday + 7 * DAY);
    expect(await payout("owner", direct.owner.id)).toHaveLength(1);
    expect(await payout("store", store.store!.storeId)).toHaveLength(1);

    // Each recipient is told once.
    const ownerMail = await eventually(async () => (await outbox(direct.owner.email)).find((m) => m.kind === "payout_calculated"));
    expect(ownerMail.subject).toBe("Your Closetloop payout for the week of 5 April 2027: £121.50");
    await eventually(async () => (await outbox(store.store!.email)).find((m) => m.kind === "payout_calculated"));
    // The platform's payout goes to its superadmins (roleFlags: team_member or admin with the superadmin subrole).
    await eventually(async () => (await outbox(superadmin.email)).find((m) => m.kind === "payout_calculated" && m.subject.startsWith("Your Closetloop payout for the week of 5 April 2027")));
    expect((await outbox(direct.owner.email)).filter((m) => m.kind === "payout_calculated")).toHaveLength(1);
  });
});
