import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { LOCAL_WEBHOOK_SECRET, appConfig } from "../../app/env.server";
import { changeOrderItem } from "../../app/services/order-lifecycle.server";
import { localFailKey } from "../../app/services/payments-local.server";
import { captureDue } from "../../app/services/payments.server";
import { signStripeEvent } from "../../app/services/stripe.server";
import worker from "../../workers/app";
import { CRON } from "../../workers/cron";
import { signedInBrowser } from "./actors";
import { BILLING, createProduct, createUser, eventually } from "./factories";
import { Browser } from "./http";
import { DAY, deliver, onPaymentPage, placeOrder } from "./orders";

// Issue 27 items 1, 2 and 5 (docs/decisions/0055-stripe-payments.md): checkout pays through the
// provider's hosted page (here the local provider's), the order is confirmed only by the signed
// event at /webhooks/stripe, reservations end with their session, later charges use the saved card.

const services = () => ({ env, config: appConfig(env), db: database(env.DB) });
let ipSeq = 0;
const nextIp = () => `10.227.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const shopper = () => signedInBrowser("shopper", { ip: nextIp() });

const orderRow = (id: string) =>
  env.DB.prepare("SELECT status, payment_session_id AS sessionId, payment_intent_id AS intent, payment_customer_id AS customer, payment_method_id AS method, payment_expires_at AS expiresAt, paid_at AS paidAt, total_amount AS total FROM orders WHERE id = ?")
    .bind(id)
    .first<{ status: string; sessionId: string; intent: string | null; customer: string | null; method: string | null; expiresAt: number; paidAt: number | null; total: number }>();
const availability = (productId: string) => env.DB.prepare("SELECT availability FROM products WHERE id = ?").bind(productId).first<{ availability: string }>().then((r) => r!.availability);
const paymentRows = (orderId: string) =>
  env.DB.prepare("SELECT operation, amount, status, provider_ref AS ref, idempotency_key AS key FROM payments WHERE order_id = ? ORDER BY created_at, rowid").bind(orderId).all<{ operation: string; amount: number; status: string; ref: string | null; key: string }>().then((r) => r.results);
const eventCount = () => env.DB.prepare("SELECT count(*) AS n FROM payment_events").first<{ n: number }>().then((r) => r!.n);
const historyCount = (orderId: string) => env.DB.prepare("SELECT count(*) AS n FROM order_status_history WHERE order_id = ?").bind(orderId).first<{ n: number }>().then((r) => r!.n);

async function runCron(cron: string, scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

let evtSeq = 0;
function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${Date.now()}_${++evtSeq}`) {
  return JSON.stringify({ id, object: "event", api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } });
}
async function deliverEvent(payload: string, options: { secret?: string; timestamp?: number; headers?: Record<string, string> } = {}) {
  const signature = await signStripeEvent(payload, options.secret ?? LOCAL_WEBHOOK_SECRET, options.timestamp);
  return new Browser().fetch("/webhooks/stripe", { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signature, ...options.headers } });
}
const completed = (orderId: string, sessionId: string, amount: number, extra: Record<string, unknown> = {}) =>
  stripeEvent("checkout.session.completed", { id: sessionId, object: "checkout.session", mode: "payment", status: "complete", payment_status: "paid", amount_total: amount, currency: "gbp", customer: "cus_test_1", payment_intent: "pi_test_1", client_reference_id: orderId, metadata: { order_id: orderId }, ...extra });

async function unpaidOrder(option: "rental" | "purchase" = "purchase", prices = { rentalPrice: 2500, buyingPrice: 9000 }) {
  const owner = await createUser();
  const product = await createProduct(owner.id, prices);
  const buyer = await shopper();
  const placed = await placeOrder(buyer, [{ productId: product.id, option }], { pay: false });
  const order = (await orderRow(placed.orderId))!;
  return { product, buyer, placed, order };
}

describe("checkout through the local provider's hosted page", () => {
  it("reserves the items, waits for the signed event, then confirms, records the payment and announces the order", async () => {
    const { product, buyer, placed, order } = await unpaidOrder();
    // Placed awaiting payment, reserved for 30 minutes and one (Stripe's shortest session plus a margin).
    expect(order.status).toBe("awaiting_payment");
    expect(order.expiresAt - Date.now()).toBeGreaterThan(30 * 60_000);
    expect(await availability(product.id)).toBe("sold");
    expect(placed.paymentPage).toBe(`/dev/payments/checkout/${order.sessionId}`);
    // The browser's return alone confirms nothing: the page says it waits, and links back to the payment page.
    const waiting = await (await buyer.browser.fetch(`/account/orders/${placed.orderId}?placed=1`)).text();
    expect(waiting).toContain("Waiting for payment confirmation");
    expect(waiting).toContain(`href="/dev/payments/checkout/${order.sessionId}"`);
    expect(waiting).not.toContain("Thank you for your order");
    // Handlers are not asked to post an unpaid order.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM notification_outbox WHERE message_key LIKE ?").bind(`order_placed:${placed.orderId}:%`).first<{ n: number }>()).toEqual({ n: 0 });

    // The hosted page shows the lines and the total; someone else's machine does not see it.
    const page = await (await buyer.browser.fetch(placed.paymentPage, { headers: { "cf-connecting-ip": "127.0.0.1" } })).text();
    expect(page).toContain("Pay for your order");
    expect(page).toContain("£93.99");
    expect((await buyer.browser.fetch(placed.paymentPage, { headers: { "cf-connecting-ip": "203.0.113.9" } })).status).toBe(404);

    // A refused card sends nothing.
    const declined = await onPaymentPage(buyer.browser, placed.paymentPage, "decline");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined");
    expect((await orderRow(placed.orderId))!.status).toBe("awaiting_payment");

    const paid = await onPaymentPage(buyer.browser, placed.paymentPage);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/account/orders/${placed.orderId}?placed=1`);
    const after = (await orderRow(placed.orderId))!;
    expect(after).toMatchObject({ status: "pending", intent: expect.stringMatching(/^pi_local_/), customer: expect.stringMatching(/^cus_local_/), method: expect.stringMatching(/^pm_local_/) });
    expect(await paymentRows(placed.orderId)).toEqual([{ operation: "authorize", amount: 9399, status: "succeeded", ref: after.intent, key: `authorize:${placed.orderId}` }]);
    const confirmation = await (await buyer.browser.fetch(`/account/orders/${placed.orderId}?placed=1`)).text();
    expect(confirmation).toContain("Thank you for your order");
    expect(confirmation).not.toContain("Waiting for payment confirmation");
    await eventually(() => env.DB.prepare("SELECT 1 AS ok FROM notification_outbox WHERE message_key = ?").bind(`order_placed:${placed.orderId}:email`).first());
    // The page cannot be paid twice.
    expect((await onPaymentPage(buyer.browser, placed.paymentPage)).status).toBe(410);
  });

  it("tells the shopper at checkout that the card is saved for the order's later charges", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id);
    const buyer = await shopper();
    await buyer.browser.post("/cart", { intent: "add", productId: product.id, option: "rental", enhanced: "1" });
    const cart = await (await buyer.browser.fetch("/cart")).text();
    expect(cart).toContain("Your card is saved for this order&#x27;s later charges");
  });

  it("sends a second submit of the same form back to the same hosted page, and keeps one order", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id);
    const buyer = await shopper();
    await buyer.browser.post("/cart", { intent: "add", productId: product.id, option: "purchase", enhanced: "1" });
    const key = crypto.randomUUID();
    const first = await buyer.browser.post("/cart", { intent: "checkout", idempotencyKey: key, ...BILLING });
    const second = await buyer.browser.post("/cart", { intent: "checkout", idempotencyKey: key, ...BILLING });
    expect(first.status).toBe(303);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE user_id = ?").bind(buyer.id).first<{ n: number }>()).toEqual({ n: 1 });
  });

  it("gives one order when 20 shoppers race for one item with the payment in between, also after a reservation ends unpaid", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { name: "Only One Camel Coat" });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    for (const s of shoppers) await s.browser.post("/cart", { intent: "add", productId: product.id, option: "purchase", enhanced: "1" });
    const race = async (who: typeof shoppers) => {
      const answers = await Promise.all(who.map((s) => s.browser.post("/cart", { intent: "checkout", idempotencyKey: crypto.randomUUID(), ...BILLING })));
      expect(answers.filter((r) => r.status === 303)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(who.length - 1);
      const i = answers.findIndex((r) => r.status === 303);
      return { winner: who[i]!, page: answers[i]!.headers.get("location")! };
    };
    // The first winner does not pay: the reservation ends and the item is back on sale.
    const first = await race(shoppers);
    const firstOrder = await env.DB.prepare("SELECT id, payment_expires_at AS expiresAt FROM orders WHERE user_id = ?").bind(first.winner.id).first<{ id: string; expiresAt: number }>();
    await runCron(CRON.reservations, firstOrder!.expiresAt + 1);
    expect(await availability(product.id)).toBe("available");
    // The other 19 race again (their baskets still hold it); the winner pays.
    const rest = shoppers.filter((s) => s !== first.winner);
    const second = await race(rest);
    expect((await onPaymentPage(second.winner.browser, second.page)).status).toBe(303);
    // The first winner's old page is dead.
    expect((await onPaymentPage(first.winner.browser, first.page)).status).toBe(410);
    const orders = await env.DB.prepare("SELECT o.status AS status FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.product_id = ? ORDER BY o.created_at").bind(product.id).all<{ status: string }>();
    expect(orders.results.map((o) => o.status)).toEqual(["cancelled", "pending"]);
    expect(await availability(product.id)).toBe("sold");
  });
});

describe("an order awaiting its payment", () => {
  it("cannot be moved by staff, a handler or the shopper until the provider's event confirms it", async () => {
    const { placed } = await unpaidOrder();
    const { setOrderStatus, changeItem } = await import("../../app/data/order-lifecycle.server");
    const staffSet = await setOrderStatus(database(env.DB), placed.orderId, "processing", { id: null, role: "staff" }, Date.now());
    expect(staffSet).toMatchObject({ ok: false, httpStatus: 409 });
    const cancelled = await changeItem(database(env.DB), placed.items[0]!.id, { type: "cancel" }, { id: null, role: "staff" }, Date.now());
    expect(cancelled).toMatchObject({ ok: false, httpStatus: 409 });
    expect((await orderRow(placed.orderId))!.status).toBe("awaiting_payment");
  });
});

describe("reservations end with their session", () => {
  it("the Cron job puts the items back on sale, cancels the order and tells the shopper; earlier it changes nothing", async () => {
    const { product, placed, order } = await unpaidOrder("rental");
    expect(await availability(product.id)).toBe("rented");
    await runCron(CRON.reservations, order.expiresAt - 1000);
    expect((await orderRow(placed.orderId))!.status).toBe("awaiting_payment");
    await runCron(CRON.reservations, order.expiresAt);
    expect((await orderRow(placed.orderId))!.status).toBe("cancelled");
    expect(await availability(product.id)).toBe("available");
    expect(await env.DB.prepare("SELECT status FROM order_items WHERE order_id = ?").bind(placed.orderId).first()).toEqual({ status: "cancelled" });
    const notice = await eventually(() => env.DB.prepare("SELECT title, link FROM notifications WHERE event_key = ?").bind(`reservation_expired:${placed.orderId}`).first());
    expect(notice).toEqual({ title: "Your reservation has ended", link: "/cart" });
    // Nothing was taken, so nothing is refunded.
    expect(await paymentRows(placed.orderId)).toEqual([]);
  });

  it("checkout.session.expired does the same; a payment that arrives after the end is refunded at once", async () => {
    const { product, placed, order } = await unpaidOrder();
    const expired = await deliverEvent(stripeEvent("checkout.session.expired", { id: order.sessionId, object: "checkout.session", mode: "payment", status: "expired", metadata: { order_id: placed.orderId } }));
    expect(expired.status).toBe(200);
    expect((await orderRow(placed.orderId))!.status).toBe("cancelled");
    expect(await availability(product.id)).toBe("available");
    const late = await deliverEvent(completed(placed.orderId, order.sessionId, order.total));
    expect(late.status).toBe(200);
    expect((await orderRow(placed.orderId))!.status).toBe("cancelled");
    expect((await paymentRows(placed.orderId)).map((p) => [p.operation, p.amount, p.status])).toEqual([
      ["authorize", order.total, "succeeded"],
      ["refund", order.total, "succeeded"],
    ]);
  });
});

describe("the webhook", () => {
  it("handles an event once: a replay is answered from the record and changes nothing", async () => {
    const { placed, order } = await unpaidOrder();
    const payload = completed(placed.orderId, order.sessionId, order.total);
    const first = await deliverEvent(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: true, outcome: "confirmed" });
    const history = await historyCount(placed.orderId);
    const replay = await deliverEvent(payload);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ received: true, replay: true });
    // The same fact under a new event id (Stripe may send both) is ignored by the state it finds.
    const again = await deliverEvent(completed(placed.orderId, order.sessionId, order.total));
    expect(await again.json()).toMatchObject({ outcome: "ignored: already confirmed" });
    expect(await historyCount(placed.orderId)).toBe(history);
    expect((await paymentRows(placed.orderId)).filter((p) => p.operation === "authorize")).toHaveLength(1);
  });

  it("tolerates events out of order: the card before the session, an 'expired' after 'completed' is ignored", async () => {
    const { product, placed, order } = await unpaidOrder();
    const card = await deliverEvent(stripeEvent("payment_intent.succeeded", { id: "pi_test_1", object: "payment_intent", status: "succeeded", amount: order.total, currency: "gbp", customer: "cus_test_1", payment_method: "pm_test_card", metadata: { order_id: placed.orderId } }));
    expect(card.status).toBe(200);
    expect((await orderRow(placed.orderId))!.status).toBe("awaiting_payment");
    expect((await deliverEvent(completed(placed.orderId, order.sessionId, order.total))).status).toBe(200);
    const expired = await deliverEvent(stripeEvent("checkout.session.expired", { id: order.sessionId, object: "checkout.session", mode: "payment", status: "expired", metadata: { order_id: placed.orderId } }));
    expect(await expired.json()).toMatchObject({ outcome: "ignored: not awaiting payment" });
    expect(await orderRow(placed.orderId)).toMatchObject({ status: "pending", intent: "pi_test_1", customer: "cus_test_1", method: "pm_test_card" });
    expect(await availability(product.id)).toBe("sold");
  });

  it("answers an unknown event type 200 and does nothing", async () => {
    const before = await eventCount();
    const response = await deliverEvent(stripeEvent("customer.created", { id: "cus_x", object: "customer" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "ignored: event type not handled" });
    expect(await eventCount()).toBe(before + 1);
  });

  it("refuses a forged, unsigned, stale or oversized event with a 4xx and changes nothing", async () => {
    const { placed, order } = await unpaidOrder();
    const payload = completed(placed.orderId, order.sessionId, order.total);
    const before = await eventCount();
    const forged = await deliverEvent(payload, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    const unsigned = await new Browser().fetch("/webhooks/stripe", { method: "POST", body: payload, headers: { "content-type": "application/json" } });
    expect(unsigned.status).toBe(400);
    // Signed well, but more than 300 seconds ago (a replayed capture of an old delivery).
    const stale = await deliverEvent(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(400);
    // A body altered after signing.
    const signature = await signStripeEvent(payload, LOCAL_WEBHOOK_SECRET);
    const altered = await new Browser().fetch("/webhooks/stripe", { method: "POST", body: payload.replace(String(order.total), "1"), headers: { "stripe-signature": signature } });
    expect(altered.status).toBe(400);
    const huge = JSON.stringify({ ...JSON.parse(payload), padding: "x".repeat(1024 * 1024) });
    const oversized = await deliverEvent(huge);
    expect(oversized.status).toBe(413);
    expect((await new Browser().fetch("/webhooks/stripe")).status).toBe(405);
    expect(await eventCount()).toBe(before);
    expect((await orderRow(placed.orderId))!.status).toBe("awaiting_payment");
    expect(await paymentRows(placed.orderId)).toEqual([]);
  });

  it("is posted by the provider's servers: exempt from the cross-site form check", async () => {
    const { placed, order } = await unpaidOrder();
    const response = await deliverEvent(completed(placed.orderId, order.sessionId, order.total), { headers: { "sec-fetch-site": "cross-site", origin: "https://stripe.example" } });
    expect(response.status).toBe(200);
    expect((await orderRow(placed.orderId))!.status).toBe("pending");
  });
});

describe("later charges with the saved card", () => {
  it("a refused Buy it now stays pending, the shopper is told to update the card, the new card pays it at once", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { rentalPrice: 2000, buyingPrice: 12000 });
    const buyer = await shopper();
    const { orderId, items } = await placeOrder(buyer, [{ productId: product.id, option: "rental" }]);
    await deliver(orderId);
    await captureDue(services(), Date.now(), orderId);
    // The rental's fee and the delivery were paid at checkout: settled, nothing charged again.
    const settled = await paymentRows(orderId);
    const intent = (await orderRow(orderId))!.intent;
    expect(settled.filter((p) => p.operation === "capture").map((p) => p.ref)).toEqual([intent, intent]);

    await env.CACHE.put(localFailKey(orderId), "capture");
    const bought = await buyer.browser.post(`/account/orders/${orderId}`, { intent: "buy_now", itemId: items[0]!.id });
    expect(bought.status).toBeLessThan(400);
    const txn = await env.DB.prepare("SELECT id, status FROM transactions WHERE order_item_id = ? AND transaction_type = 'rental_purchase'").bind(items[0]!.id).first<{ id: string; status: string }>();
    expect(txn!.status).toBe("pending");
    const notice = await eventually(() => env.DB.prepare("SELECT title, link FROM notifications WHERE event_key = ?").bind(`payment_failed:${txn!.id}`).first());
    expect(notice).toEqual({ title: "We could not take a payment: please update your card", link: `/account/orders/${orderId}/card` });
    const page = await (await buyer.browser.fetch(`/account/orders/${orderId}`)).text();
    expect(page).toContain("We could not take £120.00 for this order with your saved card.");

    // Someone else cannot open the page.
    const other = await shopper();
    expect((await other.browser.fetch(`/account/orders/${orderId}/card`)).status).toBe(404);
    expect((await other.browser.post(`/account/orders/${orderId}/card`, {})).status).toBe(404);

    const setup = await buyer.browser.post(`/account/orders/${orderId}/card`, {});
    expect(setup.status).toBe(303);
    const saved = await onPaymentPage(buyer.browser, setup.headers.get("location")!);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/account/orders/${orderId}?card=updated`);
    expect((await env.DB.prepare("SELECT status FROM transactions WHERE id = ?").bind(txn!.id).first())!.status).toBe("completed");
    expect((await orderRow(orderId))!.method).toMatch(/^pm_local_/);
  });

  it("the daily job retries a failed later charge until it goes through, once", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { rentalPrice: 2000, buyingPrice: 9000 });
    const buyer = await shopper();
    const { orderId, items } = await placeOrder(buyer, [{ productId: product.id, option: "rental" }]);
    const t0 = Date.now();
    await deliver(orderId, t0);
    await captureDue(services(), t0, orderId);
    await env.CACHE.put(localFailKey(orderId), "capture");
    const result = await changeOrderItem(services(), items[0]!.id, { type: "buy_now" }, { id: buyer.id, role: "shopper" }, t0 + DAY);
    expect(result.ok).toBe(true);
    await runCron(CRON.daily, t0 + 2 * DAY);
    const failedKey = await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE order_id = ? AND operation = 'capture' AND status = 'failed'").bind(orderId).first<{ n: number }>();
    expect(failedKey!.n).toBe(2);
    await env.CACHE.delete(localFailKey(orderId));
    await runCron(CRON.daily, t0 + 3 * DAY);
    await runCron(CRON.daily, t0 + 4 * DAY);
    const charges = (await paymentRows(orderId)).filter((p) => p.operation === "capture" && p.amount === 9000 && p.status === "succeeded");
    expect(charges).toHaveLength(1);
    expect((await env.DB.prepare("SELECT status FROM transactions WHERE order_item_id = ? AND transaction_type = 'rental_purchase'").bind(items[0]!.id).first())!.status).toBe("completed");
  });
});

describe("refunds", () => {
  it("a cancelled paid order is refunded through the provider against its payment, once", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { rentalPrice: 2000, buyingPrice: 9000 });
    const buyer = await shopper();
    const { orderId } = await placeOrder(buyer, [{ productId: product.id, option: "purchase" }]);
    const total = (await orderRow(orderId))!.total;
    const cancelled = await buyer.browser.post(`/account/orders/${orderId}`, { intent: "cancel_order" });
    expect(cancelled.status).toBeLessThan(400);
    await buyer.browser.post(`/account/orders/${orderId}`, { intent: "cancel_order" });
    // The item's price and the delivery fee come back (issue 22's partial refunds), each once, against the checkout payment.
    const rows = await paymentRows(orderId);
    expect(rows[0]).toMatchObject({ operation: "authorize", amount: total, status: "succeeded" });
    const refunds = rows.filter((p) => p.operation === "refund");
    expect(refunds.every((r) => r.status === "succeeded")).toBe(true);
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(total);
    expect(new Set(refunds.map((r) => r.key)).size).toBe(refunds.length);
    expect(await availability(product.id)).toBe("available");
  });
});
