import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct } from "./factories";
import { cartRows, seller } from "./cart-helpers";
import { onPaymentPage } from "./orders";
import type { Browser } from "./http";
import { PARIS } from "./abroad-helpers";

// Shipping abroad and addresses for every country (issue 45 items 4 and 5; decisions 0086, 0087).

async function ships(
  userId: string,
  reach: "uk" | "europe" | "worldwide",
  europeFee: number | null = null,
  worldFee: number | null = null,
) {
  await env.DB.prepare("UPDATE users SET ship_reach = ?, ship_fee_europe = ?, ship_fee_world = ? WHERE id = ?")
    .bind(reach, europeFee, worldFee, userId)
    .run();
}

const checkoutTo = (browser: Browser, address: Record<string, string>) =>
  browser.post("/cart", { intent: "checkout", idempotencyKey: crypto.randomUUID(), ...address });

async function ordersOf(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, subtotal_amount, delivery_fee, total_amount, currency, shipping_address FROM orders WHERE user_id = ?",
  )
    .bind(userId)
    .all<Record<string, unknown>>();
  return results;
}

describe("checkout to an address abroad", () => {
  it("charges each handler group its Europe fee in pounds, and prints the address the French way", async () => {
    const vera = await seller();
    const rob = await seller();
    await ships(vera.id, "europe", 1299);
    await ships(rob.id, "worldwide", 999, 2499);
    const scarf = await createProduct(vera.id, { buyingPrice: 4000 });
    const coat = await createProduct(rob.id, { rentalPrice: 2500, buyingPrice: 9000 });
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/cart", { intent: "add", productId: scarf.id, option: "purchase", enhanced: "1" });
    await shopper.browser.post("/cart", { intent: "add", productId: coat.id, option: "rental", enhanced: "1" });

    const toPay = await checkoutTo(shopper.browser, { ...PARIS, "billing.postalCode": " 75002 " });
    expect(toPay.status).toBe(303);
    const [order] = await ordersOf(shopper.id);
    // Rob's group holds a rental: its return parcel from Paris is paid now too (decision 0094).
    expect(order).toMatchObject({
      subtotal_amount: 6500,
      delivery_fee: 1299 + 999 + 999,
      total_amount: 6500 + 3297,
      currency: "GBP",
    });
    expect(JSON.parse(String(order!.shipping_address))).toMatchObject({
      country: "FR",
      postalCode: "75002",
      city: "Paris",
    });
    const { results: items } = await env.DB.prepare(
      "SELECT seller_id, group_delivery_fee FROM order_items WHERE order_id = ? ORDER BY seller_id",
    )
      .bind(order!.id)
      .all();
    expect(items.map((i) => [i.seller_id, i.group_delivery_fee])).toEqual(
      [
        [vera.id, 1299],
        [rob.id, 1998],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // The provider's page is asked for exactly the pounds of the order.
    const paid = await onPaymentPage(shopper.browser, toPay.headers.get("location")!);
    expect(paid.status).toBe(303);
    const page = await (await shopper.browser.fetch(paid.headers.get("location")!)).text();
    expect(page).toContain("75002 Paris");
    expect(page).toContain("FRANCE");
    expect(page).toContain("£32.97");
  });

  it("gives a group cancelled whole back the Europe fee it paid, not the UK's", async () => {
    const vera = await seller();
    const rob = await seller();
    await ships(vera.id, "europe", 1299);
    await ships(rob.id, "worldwide", 999, 2499);
    const scarf = await createProduct(vera.id, { buyingPrice: 4000 });
    const coat = await createProduct(rob.id, { buyingPrice: 9000 });
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/cart", { intent: "add", productId: scarf.id, option: "purchase", enhanced: "1" });
    await shopper.browser.post("/cart", { intent: "add", productId: coat.id, option: "purchase", enhanced: "1" });
    const toPay = await checkoutTo(shopper.browser, PARIS);
    expect((await onPaymentPage(shopper.browser, toPay.headers.get("location")!)).status).toBe(303);
    const [order] = await ordersOf(shopper.id);
    const coatLine = await env.DB.prepare("SELECT id FROM order_items WHERE order_id = ? AND product_id = ?")
      .bind(order!.id, coat.id)
      .first<{ id: string }>();
    const cancelled = await shopper.browser.post(`/account/orders/${order!.id}`, {
      intent: "cancel_item",
      itemId: coatLine!.id,
    });
    expect(cancelled.status).toBeLessThan(400);
    const { results } = await env.DB.prepare(
      "SELECT amount, idempotency_key AS key FROM payments WHERE order_id = ? AND operation = 'refund' ORDER BY amount",
    )
      .bind(order!.id)
      .all();
    expect(results).toEqual([
      { amount: 999, key: `refund:delivery:${coatLine!.id}` },
      { amount: 9000, key: `refund:cancel:${coatLine!.id}` },
    ]);
  });

  it("refuses a group whose handler does not ship there, naming its items, and charges nothing", async () => {
    const vera = await seller();
    const ukOnly = await seller();
    await ships(vera.id, "europe", 1299);
    const scarf = await createProduct(vera.id, { name: "Silk Scarf", buyingPrice: 4000 });
    const boots = await createProduct(ukOnly.id, { name: "Chelsea Boots", buyingPrice: 6000 });
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/cart", { intent: "add", productId: scarf.id, option: "purchase", enhanced: "1" });
    await shopper.browser.post("/cart", { intent: "add", productId: boots.id, option: "purchase", enhanced: "1" });

    const refused = await checkoutTo(shopper.browser, PARIS);
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain(
      "&quot;Chelsea Boots&quot; does not ship to France. Remove it from your basket or choose another address to continue.",
    );
    expect(html).not.toContain("&quot;Silk Scarf&quot; does not ship");
    expect(await ordersOf(shopper.id)).toEqual([]);
    expect(await cartRows(shopper.id)).toHaveLength(2);
    const { results } = await env.DB.prepare("SELECT availability FROM products WHERE id IN (?, ?)")
      .bind(scarf.id, boots.id)
      .all();
    expect(results.map((r) => r.availability)).toEqual(["available", "available"]);
    // The same basket to a UK address: £3.99 a group, as ever.
    const uk = await checkoutTo(shopper.browser, {
      ...PARIS,
      "billing.postalCode": "SW1Y 4JH",
      "billing.city": "London",
      "billing.country": "GB",
    });
    expect(uk.status).toBe(303);
    expect(await ordersOf(shopper.id)).toMatchObject([{ delivery_fee: 798, total_amount: 10000 + 798 }]);
  });

  it.each([
    [{ "billing.country": "ZZ" }, "billing.country", "Choose a country from the list"],
    [
      { "billing.country": "GB", "billing.postalCode": "10001" },
      "billing.postalCode",
      "Enter a UK postcode, such as SW1A 1AA",
    ],
    [
      { "billing.country": "HK", "billing.postalCode": "999077" },
      "billing.postalCode",
      "Leave the postcode empty: Hong Kong has no postcodes",
    ],
    [{ "billing.country": "US", "billing.postalCode": "10001" }, "billing.county", "State is required"],
  ])("refuses %o at the field with a 400 and no order", async (change, field, message) => {
    const vera = await seller();
    await ships(vera.id, "worldwide", 1299, 2499);
    const dress = await createProduct(vera.id);
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/cart", { intent: "add", productId: dress.id, option: "rental", enhanced: "1" });
    const response = await checkoutTo(shopper.browser, { ...PARIS, ...change });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).toContain(`id="${field.replace(".", "-")}-error"`);
    expect(await ordersOf(shopper.id)).toEqual([]);
  });
});

describe("where a handler ships", () => {
  it("lets a seller choose Europe with a fee, which the product page then shows", async () => {
    const vendor = await signedInBrowser("vendor");
    const product = await createProduct(vendor.id);
    expect((await vendor.browser.fetch("/account/shipping")).status).toBe(200);
    const refused = await vendor.browser.post("/account/shipping", {
      intent: "save_shipping",
      scope: "seller",
      reach: "europe",
      europeFee: "lots",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Enter the delivery fee to Europe in pounds, such as 12.50.");
    const saved = await vendor.browser.post("/account/shipping", {
      intent: "save_shipping",
      scope: "seller",
      reach: "europe",
      europeFee: "12.99",
    });
    expect(saved.status).toBe(302);
    expect(
      await env.DB.prepare("SELECT ship_reach, ship_fee_europe, ship_fee_world FROM users WHERE id = ?")
        .bind(vendor.id)
        .first(),
    ).toEqual({ ship_reach: "europe", ship_fee_europe: 1299, ship_fee_world: null });
    const page = await (await vendor.browser.fetch(`/product/${product.id}`)).text();
    expect(page).toContain("Ships to the United Kingdom and Europe");
    expect(page).toContain("Europe: £12.99 delivery");
  });

  it("is not there for a shopper who sells nothing", async () => {
    const shopper = await signedInBrowser("shopper");
    expect((await shopper.browser.fetch("/account/shipping")).status).toBe(404);
    expect(
      (
        await shopper.browser.post("/account/shipping", {
          intent: "save_shipping",
          scope: "seller",
          reach: "worldwide",
          europeFee: "1",
          worldFee: "1",
        })
      ).status,
    ).toBe(404);
  });
});
