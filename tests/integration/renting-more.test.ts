import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { changeItem, setOrderStatus } from "../../app/data/order-lifecycle.server";
import { signedInBrowser } from "./actors";
import { createProduct, eventually } from "./factories";
import { checkout } from "./cart-helpers";
import { nextIp, paymentsOf, runJob, transactionsOf } from "./lifecycle-fixtures";
import { deliver, onPaymentPage, placeOrder } from "./orders";
import { noticesOf } from "./alerts-helpers";
import { Browser } from "./http";

// Renting (issue 44; decision 0080): 'Mark ready', the protection fee's refund and its transaction,
// and 'Back around …' on a listing card — the paths renting.test.ts does not walk.
const db = () => database(env.DB);
const pagesVersion = () => env.CACHE.get("pages:version");
const productRow = (id: string) =>
  env.DB.prepare(
    "SELECT availability, prepared_until AS preparedUntil, back_around_at AS backAroundAt FROM products WHERE id = ?",
  )
    .bind(id)
    .first<{ availability: string; preparedUntil: number | null; backAroundAt: number | null }>();
const uniqueName = (what: string) => `${what} ${crypto.randomUUID().slice(0, 8)}`;

/** A rental with damage protection, checked out and paid through the local provider's page. */
async function protectedRental() {
  const seller = await signedInBrowser("vendor", { ip: nextIp() });
  const product = await createProduct(seller.id, {
    name: uniqueName("Protected Gown"),
    rentalPrice: 1500,
    buyingPrice: 12000,
  });
  const shopper = await signedInBrowser("shopper", { ip: nextIp() });
  await shopper.browser.post("/cart", { intent: "add", productId: product.id, option: "rental", enhanced: "1" });
  const response = await checkout(shopper.browser, undefined, { [`protect.${product.id}`]: "on" });
  expect(response.status).toBe(303);
  expect((await onPaymentPage(shopper.browser, response.headers.get("location")!)).status).toBe(303);
  const item = await env.DB.prepare(
    "SELECT oi.id, oi.order_id AS orderId, oi.protection_fee AS fee, o.total_amount AS total FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE oi.product_id = ?",
  )
    .bind(product.id)
    .first<{ id: string; orderId: string; fee: number; total: number }>();
  expect(item).toMatchObject({ fee: 250, total: 1500 + 399 + 250 });
  return { seller, product, shopper, itemId: item!.id, orderId: item!.orderId };
}

describe("'Mark ready' on the seller's Orders tab", () => {
  it("puts the item being prepared live at once, tells the public pages and the shoppers waiting for it", async () => {
    const seller = await signedInBrowser("vendor", { ip: nextIp() });
    const product = await createProduct(seller.id, { name: uniqueName("Prepared Dress") });
    const renter = await signedInBrowser("shopper", { ip: nextIp() });
    const order = await placeOrder(renter, [{ productId: product.id, option: "rental" }]);
    await deliver(order.orderId);
    const waiting = await signedInBrowser("shopper", { ip: nextIp() });
    expect((await waiting.browser.post(`/product/${product.id}/notify`, {})).status).toBe(302);
    const itemId = order.items[0]!.id;
    expect(
      (await changeItem(db(), itemId, { type: "request_return" }, { id: renter.id, role: "shopper" }, Date.now())).ok,
    ).toBe(true);
    expect(
      (
        await changeItem(
          db(),
          itemId,
          { type: "inspect", outcome: "good" },
          { id: null, role: "staff" },
          Date.now() + 1,
        )
      ).ok,
    ).toBe(true);
    expect((await productRow(product.id))!.preparedUntil).not.toBeNull();
    const tab = await (await seller.browser.fetch("/vendor?tab=orders")).text();
    expect(tab).toContain(product.name);
    expect(tab).toContain('value="mark_ready"');

    // Someone else's item is not theirs to mark: a 404, nothing changed.
    const other = await signedInBrowser("otherVendor", { ip: nextIp() });
    expect(
      (await other.browser.post("/vendor?tab=orders", { intent: "mark_ready", productId: product.id })).status,
    ).toBe(404);
    expect((await productRow(product.id))!.availability).toBe("rented");

    const before = await pagesVersion();
    const marked = await seller.browser.post("/vendor?tab=orders", { intent: "mark_ready", productId: product.id });
    expect(marked.status).toBe(302);
    expect(marked.headers.get("location")).toBe("/vendor?tab=orders");
    expect(await productRow(product.id)).toEqual({
      availability: "available",
      preparedUntil: null,
      backAroundAt: null,
    });
    expect(await pagesVersion()).not.toBe(before);
    // The product page, to anyone: on sale again, neither 'Being prepared' nor 'Back around'.
    const page = await (await new Browser(nextIp()).fetch(`/product/${product.id}`)).text();
    expect(page).toContain('name="intent" value="add"');
    expect(page).not.toContain("Being prepared");
    expect(page).not.toContain("Back around");
    // The shopper who pressed 'Notify me' is told, once.
    const notices = await eventually(async () => {
      const rows = await noticesOf(waiting.id, "back_in_stock");
      return rows.length ? rows : null;
    });
    expect(notices).toEqual([
      expect.objectContaining({ title: `${product.name} is back`, link: `/product/${product.id}` }),
    ]);
    // Marked again: no longer being prepared, so a 404 and nothing told twice.
    expect(
      (await seller.browser.post("/vendor?tab=orders", { intent: "mark_ready", productId: product.id })).status,
    ).toBe(404);
  });
});

describe("damage protection's money", () => {
  it("a protected rental cancelled before posting gives the fee back under its own key, nothing twice", async () => {
    const t = await protectedRental();
    const page = `/account/orders/${t.orderId}`;
    expect((await t.shopper.browser.post(page, { intent: "cancel_order" })).status).toBe(302);
    const refunds = async () =>
      (await paymentsOf(t.orderId))
        .filter((p) => p.operation === "refund" && p.status === "succeeded")
        .map((p) => `${p.key}=${p.amount}`)
        .sort();
    const expected = [
      `refund:cancel:${t.itemId}=1500`,
      `refund:protection:${t.itemId}=250`,
      `refund:${t.orderId}=399`,
    ].sort();
    expect(await refunds()).toEqual(expected);
    // Asked again, and the daily job's retry of refunds: still each once (the whole £21.49 back).
    await t.shopper.browser.post(page, { intent: "cancel_order" });
    await runJob("daily", Date.now());
    expect(await refunds()).toEqual(expected);
    expect(
      (await paymentsOf(t.orderId))
        .filter((p) => p.operation === "refund")
        .reduce((sum, p) => sum + (p.status === "succeeded" ? p.amount : 0), 0),
    ).toBe(2149);
    // The order page shows the fee's refund as its own line.
    const html = await (await t.shopper.browser.fetch(page)).text();
    expect(html).toContain("damage protection refunded");
    expect(html).toContain("-£2.50");
  });

  it("at delivery records the fee as a protection_fee transaction that is all the platform's", async () => {
    const t = await protectedRental();
    await deliver(t.orderId);
    // Marked delivered again (staff's fallback after a tracking event): recorded once.
    await setOrderStatus(db(), t.orderId, "delivered", { id: null, role: "staff" }, Date.now() + 1);
    const rows = await transactionsOf(t.orderId);
    const fee = rows.filter((r) => r.type === "protection_fee");
    expect(fee).toEqual([expect.objectContaining({ gross: 250, net: 0, commissions: 250, payoutId: null })]);
    const owners = await env.DB.prepare(
      "SELECT owner_id AS ownerId, store_id AS storeId FROM transactions WHERE id = ?",
    )
      .bind(fee[0]!.id)
      .first();
    expect(owners).toEqual({ ownerId: null, storeId: null });
    const split = await env.DB.prepare(
      "SELECT recipient_type AS type, recipient_id AS recipient, commission_amount AS amount FROM commissions WHERE transaction_id = ?",
    )
      .bind(fee[0]!.id)
      .all();
    expect(split.results).toEqual([{ type: "platform", recipient: null, amount: 250 }]);
    // The seller's own lines never include it.
    const sellers = await env.DB.prepare(
      "SELECT coalesce(sum(gross_amount), 0) AS gross FROM transactions WHERE order_id = ? AND owner_id = ?",
    )
      .bind(t.orderId, t.seller.id)
      .first<{ gross: number }>();
    expect(sellers!.gross).toBe(1500);
  });
});

describe("'Back around …' on a listing card", () => {
  it("shows an item out on rental with the date its product page shows", async () => {
    const seller = await signedInBrowser("vendor", { ip: nextIp() });
    const name = uniqueName("Backaround Coat");
    const product = await createProduct(seller.id, { name });
    const renter = await signedInBrowser("shopper", { ip: nextIp() });
    const order = await placeOrder(renter, [{ productId: product.id, option: "rental" }]);
    await deliver(order.orderId);
    expect((await productRow(product.id))!.backAroundAt).not.toBeNull();
    const visitor = new Browser(nextIp());
    const page = await (await visitor.fetch(`/product/${product.id}`)).text();
    const shown = page.match(/Back around \d{1,2} [A-Z][a-z]+/)?.[0];
    expect(shown).toBeDefined();
    const listing = await (await visitor.fetch(`/all-products?search=${encodeURIComponent(name)}`)).text();
    expect(listing).toContain(name);
    expect(listing).toContain(`Currently rented · ${shown}`);
  });
});
