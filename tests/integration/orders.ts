import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { database } from "../../app/data/db.server";
import { changeItem, setOrderStatus } from "../../app/data/order-lifecycle.server";
import { BILLING } from "./factories";
import type { Browser } from "./http";

// Orders made the way a shopper makes them (the basket and checkout forms), then moved by staff
// through the lifecycle core, for the pages that show them.
const db = () => database(env.DB);
export const DAY = 86_400_000;

/** The local provider's hosted page from this machine (decision 0018's guard): Pay, Decline or Cancel. */
export async function onPaymentPage(browser: Browser, location: string, intent: "pay" | "decline" | "cancel" = "pay") {
  expect(location).toMatch(/^\/dev\/payments\/checkout\/cs_local_[0-9a-f]{32}$/);
  return browser.fetch(location, { method: "POST", form: { intent }, headers: { "cf-connecting-ip": "127.0.0.1" } });
}

/**
 * Checkout as a shopper does it: the basket, the checkout form (a 303 to the provider's hosted
 * page) and, unless `pay` is false, 'Pay' on the local provider's page, whose signed event
 * confirms the order (decision 0055). Unpaid, the order stays awaiting payment, its items reserved.
 */
export async function placeOrder(
  shopper: { id: string; browser: Browser },
  lines: { productId: string; option: "rental" | "purchase" }[],
  options: { pay?: boolean } = {},
) {
  const { browser } = shopper;
  for (const line of lines)
    await browser.post("/cart", { intent: "add", productId: line.productId, option: line.option, enhanced: "1" });
  const before = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE user_id = ?")
    .bind(shopper.id)
    .first<{ n: number }>();
  const response = await browser.post("/cart", { intent: "checkout", idempotencyKey: crypto.randomUUID(), ...BILLING });
  expect(response.status).toBe(303);
  const paymentPage = response.headers.get("location")!;
  if (options.pay !== false) {
    const paid = await onPaymentPage(browser, paymentPage);
    expect(
      paid.status,
      await paid
        .clone()
        .text()
        .then((t) => t.slice(0, 300)),
    ).toBe(303);
    expect(paid.headers.get("location")).toMatch(/\/account\/orders\/[^/?]+\?placed=1$/);
  }
  const order = await env.DB.prepare(
    "SELECT id, reference, (SELECT count(*) FROM orders WHERE user_id = ?1) AS n FROM orders WHERE user_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT 1",
  )
    .bind(shopper.id)
    .first<{ id: string; reference: string; n: number }>();
  expect(order?.n).toBe(before!.n + 1);
  const items = await env.DB.prepare(
    "SELECT id, product_id AS productId, type FROM order_items WHERE order_id = ? ORDER BY created_at, id",
  )
    .bind(order!.id)
    .all<{ id: string; productId: string; type: string }>();
  return { orderId: order!.id, reference: order!.reference, items: items.results, paymentPage };
}

/** Staff mark the order delivered at `at` (a rental's 7-day window starts then). */
/** An order's short reference, as pages and e-mails show it ('#' and eight characters, decision 0076). */
export async function shownReference(orderId: string) {
  const row = await env.DB.prepare("SELECT reference FROM orders WHERE id = ?")
    .bind(orderId)
    .first<{ reference: string }>();
  return `#${row!.reference}`;
}

/** The shopper posts the item back and adds its tracking, as their order page asks (a return is inspected only once posted). */
export async function postBack(browser: Browser, orderId: string, itemId: string) {
  const response = await browser.post(`/account/orders/${orderId}`, {
    intent: "return_tracking",
    itemId,
    carrier: "royal_mail",
    trackingNumber: "AB123456789GB",
  });
  expect(response.status).toBe(302);
}

export async function deliver(orderId: string, at = Date.now()) {
  const result = await setOrderStatus(db(), orderId, "delivered", { id: null, role: "staff" }, at);
  expect(result.ok).toBe(true);
}

/** A rental returned and inspected in good condition: back on sale, ready for a review. */
export async function returnRental(itemId: string, shopperId: string, at = Date.now()) {
  expect((await changeItem(db(), itemId, { type: "request_return" }, { id: shopperId, role: "shopper" }, at)).ok).toBe(
    true,
  );
  expect(
    (await changeItem(db(), itemId, { type: "inspect", outcome: "good" }, { id: null, role: "staff" }, at + 1)).ok,
  ).toBe(true);
}
