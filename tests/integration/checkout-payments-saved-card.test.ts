import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changeOrderItem } from "../../app/services/order-lifecycle.server";
import { localFailKey } from "../../app/services/payments-local.server";
import { captureDue } from "../../app/services/payments.server";
import { CRON } from "../../workers/cron";
import { createProduct, createUser, eventually } from "./factories";
import { DAY, deliver, onPaymentPage, placeOrder } from "./orders";
import { services, shopper, orderRow, availability, paymentRows, runCron } from "./checkout-payments-helpers";

// Issue 27 items 1, 2 and 5 (docs/decisions/0055-stripe-payments.md): later charges use the saved
// card, and refunds.

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
    const txn = await env.DB.prepare(
      "SELECT id, status FROM transactions WHERE order_item_id = ? AND transaction_type = 'rental_purchase'",
    )
      .bind(items[0]!.id)
      .first<{ id: string; status: string }>();
    expect(txn!.status).toBe("pending");
    const notice = await eventually(() =>
      env.DB.prepare("SELECT title, link FROM notifications WHERE event_key = ?")
        .bind(`payment_failed:${txn!.id}`)
        .first(),
    );
    expect(notice).toEqual({
      title: "We could not take a payment: please update your card",
      link: `/account/orders/${orderId}/card`,
    });
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
    expect((await env.DB.prepare("SELECT status FROM transactions WHERE id = ?").bind(txn!.id).first())!.status).toBe(
      "completed",
    );
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
    const result = await changeOrderItem(
      services(),
      items[0]!.id,
      { type: "buy_now" },
      { id: buyer.id, role: "shopper" },
      t0 + DAY,
    );
    expect(result.ok).toBe(true);
    await runCron(CRON.daily, t0 + 2 * DAY);
    const failedKey = await env.DB.prepare(
      "SELECT count(*) AS n FROM payments WHERE order_id = ? AND operation = 'capture' AND status = 'failed'",
    )
      .bind(orderId)
      .first<{ n: number }>();
    expect(failedKey!.n).toBe(2);
    await env.CACHE.delete(localFailKey(orderId));
    await runCron(CRON.daily, t0 + 3 * DAY);
    await runCron(CRON.daily, t0 + 4 * DAY);
    const charges = (await paymentRows(orderId)).filter(
      (p) => p.operation === "capture" && p.amount === 9000 && p.status === "succeeded",
    );
    expect(charges).toHaveLength(1);
    expect(
      (await env.DB.prepare(
        "SELECT status FROM transactions WHERE order_item_id = ? AND transaction_type = 'rental_purchase'",
      )
        .bind(items[0]!.id)
        .first())!.status,
    ).toBe("completed");
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
