import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { database } from "../../app/data/db.server";
import { placeOrder as placeOrderData } from "../../app/data/orders.server";
import { orderOf } from "./admin-data";
import { as } from "./admin-fixtures";
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { placeOrder, shownReference } from "./orders";

// Short order references (issue 46 item 3, decision 0076): every order has one, unique and
// without look-alikes; pages and e-mails show it, never the internal id; staff find an order
// by it however it is typed.

vi.setConfig({ testTimeout: 30_000 });

const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{8}$/;
const referenceOf = async (orderId: string) =>
  (await env.DB.prepare("SELECT reference FROM orders WHERE id = ?").bind(orderId).first<{ reference: string }>())!
    .reference;

describe("order references", () => {
  it("are given to every order, unique, from the alphabet without look-alikes (written without one, the database gives one)", async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => orderOf()));
    const references = await Promise.all(orders.map((o) => referenceOf(o.orderId)));
    for (const reference of references) expect(reference).toMatch(REFERENCE);
    expect(new Set(references).size).toBe(references.length);
    // The unique index refuses a second order with the same reference.
    const taken = references[0]!;
    await expect(
      env.DB.prepare("UPDATE orders SET reference = ? WHERE id = ?").bind(taken, orders[1]!.orderId).run(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it("are drawn at checkout, and drawn again when the one drawn is taken", async () => {
    const existing = await orderOf();
    const taken = await referenceOf(existing.orderId);
    const shopper = await signedInBrowser("shopper");
    const product = await createProduct((await createUser()).id);
    await shopper.browser.post("/cart", { intent: "add", productId: product.id, option: "purchase", enhanced: "1" });
    const drawn = [taken, "7KQ4M2XA"];
    const address = {
      fullName: "Ada Lovelace",
      addressLine1: "12 St James's Square",
      addressLine2: undefined,
      city: "London",
      county: undefined,
      postalCode: "SW1Y 4JH",
      country: "United Kingdom",
    };
    const placed = await placeOrderData(
      database(env.DB),
      { id: shopper.id },
      {
        billing: { ...address, email: "ada@example.test", phone: undefined },
        shipping: address,
        idempotencyKey: crypto.randomUUID(),
      },
      Date.now(),
      () => drawn.shift()!,
    );
    expect(placed.reference).toBe("7KQ4M2XA");
    expect(await referenceOf(placed.orderId)).toBe("7KQ4M2XA");
    expect(await referenceOf(existing.orderId)).toBe(taken);
  });

  it("are what the order page, its confirmation and My Orders show, never the internal id", async () => {
    const shopper = await signedInBrowser("shopper");
    const product = await createProduct((await createUser()).id);
    const { orderId, reference } = await placeOrder(shopper, [{ productId: product.id, option: "purchase" }]);
    expect(reference).toMatch(REFERENCE);
    const html = await (await shopper.browser.fetch(`/account/orders/${orderId}?placed=1`)).text();
    expect(html).toContain(`<title>Order #${reference} | Closetloop</title>`);
    expect(html).toMatch(new RegExp(`Your order number is <strong[^>]*>#${reference}</strong>`));
    const visible = html.replace(/(href|action|value)="[^"]*"|<script[\s\S]*?<\/script>/g, "");
    const at = visible.indexOf(orderId);
    expect(at === -1 ? "" : visible.slice(at - 200, at + 50)).toBe("");
    const list = await (await shopper.browser.fetch("/account?tab=orders")).text();
    expect(list).toContain(`>#${reference}</a>`);
    // The shopper's own page says where they came from.
    expect(html).toContain('href="/account?tab=orders"');
  });

  it("let staff find an order by its reference in any case, with O for 0 and I or L for 1, and by part of it", async () => {
    const order = await orderOf();
    await env.DB.prepare("UPDATE orders SET reference = '0K1Q4M2X' WHERE id = ?").bind(order.orderId).run();
    const { browser } = await as("customerSupport");
    for (const typed of ["0K1Q4M2X", "ok1q4m2x", "#OKIQ-4M2X", "oklq 4m2x", "q4m2"]) {
      const response = await browser.fetch(`/admin/orders?q=${encodeURIComponent(typed)}`);
      expect(response.status, typed).toBe(200);
      expect(await response.text(), typed).toContain(`href="/account/orders/${order.orderId}"`);
    }
    const none = await browser.fetch(`/admin/orders?q=${encodeURIComponent("ZZZZZZZZ")}`);
    expect(await none.text()).toContain("No orders match your search.");
    // Nothing a person can type answers 5xx.
    for (const typed of ["#", "--------", "%_%", "ÖÏŁ", "'; drop table orders; --", "#".repeat(200)]) {
      expect((await browser.fetch(`/admin/orders?q=${encodeURIComponent(typed)}`)).status, typed).toBeLessThan(500);
    }
  });

  it("show staff the reference in the Orders list and on the order, which leads back to the Orders tab", async () => {
    const order = await orderOf();
    const reference = await shownReference(order.orderId);
    const { browser } = await as("customerSupport");
    const list = await (await browser.fetch("/admin/orders")).text();
    expect(list).toContain(`aria-label="Order ${reference}"`);
    const page = await (await browser.fetch(`/account/orders/${order.orderId}`)).text();
    expect(page).toContain(reference);
    expect(page).toContain('href="/admin/orders"');
    expect(page).toContain("Back to Orders");
    expect(page).not.toContain("Back to My Orders");
  });
});
