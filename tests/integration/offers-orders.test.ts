import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct } from "./factories";
import { runJob } from "./lifecycle-fixtures";
import { placeOrder } from "./orders";

// An agreed price on the order (issue 43; decision 0093): an accepted offer is not used up by an
// order that never completed — cancelled before payment, or its reservation ended unpaid — so the
// shopper still buys at the agreed price within its 24 hours; and the order page says a line's
// price was agreed, or that its handler's group had a bundle discount.

vi.setConfig({ testTimeout: 90_000 });

let ipSeq = 0;
const nextIp = () => `10.233.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const all = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
const pageOf = async (browser: { fetch: (path: string) => Promise<Response> }, path: string) =>
  (await (await browser.fetch(path)).text()).replace(/<!-- -->/g, "");
const addToBasket = (
  browser: { post: (path: string, form: Record<string, string>) => Promise<Response> },
  productId: string,
) => browser.post("/cart", { intent: "add", productId, option: "purchase", enhanced: "1" });
const lineOf = async (orderId: string) =>
  (
    await all<{ price: number; listed_price: number | null; bundle_percent: number | null }>(
      "SELECT price, listed_price, bundle_percent FROM order_items WHERE order_id = ?",
      orderId,
    )
  )[0]!;
const orderStatus = async (orderId: string) =>
  (await all<{ status: string }>("SELECT status FROM orders WHERE id = ?", orderId))[0]!.status;

describe("an accepted offer and the orders that use it", () => {
  it("an order cancelled before payment, then one whose reservation ended unpaid, leave the agreed price to buy at; the order page says it was agreed", async () => {
    const vendor = await signedInBrowser("vendor", { ip: nextIp() });
    const product = await createProduct(vendor.id, { rentalPrice: 1500, buyingPrice: 6000 });
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    expect((await shopper.browser.post("/account/offers/new", { productId: product.id, amount: "45" })).status).toBe(
      302,
    );
    const [offer] = await all<{ id: string }>("SELECT id FROM offers WHERE product_id = ?", product.id);
    expect((await vendor.browser.post(`/account/offers/${offer!.id}`, { intent: "accept" })).status).toBe(302);

    // First order: placed at the agreed price, the order page says so, then called off before paying.
    const first = await placeOrder(shopper, [{ productId: product.id, option: "purchase" }], { pay: false });
    expect(await lineOf(first.orderId)).toEqual({ price: 4500, listed_price: 6000, bundle_percent: null });
    const unpaidPage = await pageOf(shopper.browser, `/account/orders/${first.orderId}`);
    expect(unpaidPage).toContain("Agreed price (your offer, accepted) · listed at £60.00");
    expect((await shopper.browser.post(`/account/orders/${first.orderId}`, { intent: "cancel_order" })).status).toBe(
      302,
    );
    expect(await orderStatus(first.orderId)).toBe("cancelled");

    // The agreed price stands: the basket shows it again, and the second order takes it.
    expect((await addToBasket(shopper.browser, product.id)).status).toBe(200);
    const basket = await pageOf(shopper.browser, "/cart");
    expect(basket).toContain("Your accepted offer");
    expect(basket).toContain("£45.00");
    const second = await placeOrder(shopper, [], { pay: false });
    expect(await lineOf(second.orderId)).toMatchObject({ price: 4500 });
    // Left unpaid: the five-minute job ends its reservation after 31 minutes.
    await runJob("reservations", Date.now() + 31 * 60_000);
    expect(await orderStatus(second.orderId)).toBe("cancelled");

    // Still within the offer's 24 hours: bought and paid at the agreed price.
    const third = await placeOrder(shopper, [{ productId: product.id, option: "purchase" }]);
    expect(await lineOf(third.orderId)).toEqual({ price: 4500, listed_price: 6000, bundle_percent: null });
    const [paid] = await all<{ total_amount: number }>("SELECT total_amount FROM orders WHERE id = ?", third.orderId);
    expect(paid!.total_amount).toBe(4500 + 399);
    const page = await pageOf(shopper.browser, `/account/orders/${third.orderId}`);
    expect(page).toContain("Agreed price (your offer, accepted) · listed at £60.00");

    // Past its 24 hours it is gone: another shopper's later order at the listed price says nothing of it.
    await env.DB.prepare("UPDATE offers SET buy_by = ? WHERE id = ?")
      .bind(Date.now() - 1000, offer!.id)
      .run();
    const later = await createProduct(vendor.id, { buyingPrice: 6000 });
    const other = await placeOrder(shopper, [{ productId: later.id, option: "purchase" }]);
    expect(await lineOf(other.orderId)).toEqual({ price: 6000, listed_price: null, bundle_percent: null });
    expect(await pageOf(shopper.browser, `/account/orders/${other.orderId}`)).not.toContain("Agreed price");
  });
});

describe("a bundle discount on the order page", () => {
  it("the handler's group says its discount, its items and the amount taken off", async () => {
    const seller = await signedInBrowser("vendor", { ip: nextIp() });
    expect((await seller.browser.post("/vendor/bundle-discounts", { two: "10", three: "15" })).status).toBe(302);
    const tote = await createProduct(seller.id, {
      buyingPrice: 1000,
      name: `Canvas Tote ${crypto.randomUUID().slice(0, 6)}`,
    });
    const belt = await createProduct(seller.id, {
      buyingPrice: 1001,
      name: `Leather Belt ${crypto.randomUUID().slice(0, 6)}`,
    });
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const { orderId } = await placeOrder(shopper, [
      { productId: tote.id, option: "purchase" },
      { productId: belt.id, option: "purchase" },
    ]);
    const lines = await all<{ price: number; listed_price: number; bundle_percent: number }>(
      "SELECT price, listed_price, bundle_percent FROM order_items WHERE order_id = ? ORDER BY listed_price",
      orderId,
    );
    expect(lines).toEqual([
      { price: 900, listed_price: 1000, bundle_percent: 10 },
      { price: 901, listed_price: 1001, bundle_percent: 10 },
    ]);
    const page = await pageOf(shopper.browser, `/account/orders/${orderId}`);
    expect(page).toMatch(
      new RegExp(
        `Bundle discount \\(2 items −10%\\): −£2\\.00 on (${tote.name}, ${belt.name}|${belt.name}, ${tote.name})`,
      ),
    );
    expect(page).not.toContain("Agreed price");
  });
});
