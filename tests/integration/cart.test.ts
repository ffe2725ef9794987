import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct } from "./factories";
import { Browser } from "./http";
import { cartRows, checkout, seller } from "./cart-helpers";
import { placeOrder } from "./orders";

describe("cart items", () => {
  it("sends a signed-out shopper to sign in and back to the product", async () => {
    const response = await new Browser().post("/cart", { intent: "add", productId: "prod_x", option: "rental" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Fproduct%2Fprod_x");
  });

  it("adds with the database price, once: a second add changes nothing and says 'Already in your basket'; prices sent by the browser are ignored", async () => {
    const owner = await seller();
    const product = await createProduct(owner.id, { rentalPrice: 1800, buyingPrice: 9000 });
    const shopper = await signedInBrowser("shopper");
    const added = await shopper.browser.post("/cart", {
      intent: "add",
      productId: product.id,
      option: "rental",
      price: "1",
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe(`/product/${product.id}`);
    const page = await (await shopper.browser.fetch(`/product/${product.id}`)).text();
    expect(page).toContain("Item added to cart");
    expect(page).toContain(`${product.name} has been added to your cart`);
    // One of a kind (issue 22): the second add, as a fetcher or a plain form, changes nothing and says so.
    // A fetcher posts for data (`/cart.data`), as the browser does with JavaScript.
    const again = await shopper.browser.post("/cart.data", {
      intent: "add",
      productId: product.id,
      option: "purchase",
      quantity: "3",
      enhanced: "1",
    });
    expect(again.status).toBe(200);
    // The fetcher's toast rides in the flash cookie: the next page shows it.
    expect(await (await shopper.browser.fetch("/favorites")).text()).toContain("Already in your basket");
    const plain = await shopper.browser.post("/cart", { intent: "add", productId: product.id, option: "rental" });
    expect(await (await shopper.browser.fetch(plain.headers.get("location")!)).text()).toContain(
      `${product.name} is already in your basket: each item is one of a kind.`,
    );
    expect(await cartRows(shopper.id)).toEqual([
      { product_id: product.id, type: "rental", price: 1800, quantity: 1, seller_type: "vendor", handler: "vendor" },
    ]);
    const cart = await (await shopper.browser.fetch("/cart")).text();
    expect(cart).not.toMatch(/× \d/);
  });

  it("refuses a seller's own item: nobody rents or buys what they sell (decision 0069)", async () => {
    const own = await signedInBrowser("vendor");
    const product = await createProduct(own.id);
    const refused = await own.browser.post("/cart", { intent: "add", productId: product.id, option: "purchase" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This is your own item: it cannot go in your basket.");
    expect(await cartRows(own.id)).toEqual([]);
  });

  it("reads a basket row stored with a quantity above 1 as one item, in the basket and at checkout", async () => {
    const owner = await seller();
    const product = await createProduct(owner.id, { rentalPrice: 2149, buyingPrice: 9000 });
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/cart", { intent: "add", productId: product.id, option: "rental", enhanced: "1" });
    await env.DB.prepare("UPDATE cart_items SET quantity = 2 WHERE user_id = ?").bind(shopper.id).run();
    const cart = await (await shopper.browser.fetch("/cart")).text();
    expect(cart).not.toContain("× 2");
    expect(cart).not.toContain("£42.98");
    const placed = await checkout(shopper.browser);
    expect(placed.status).toBe(303);
    const order = await env.DB.prepare("SELECT subtotal_amount FROM orders WHERE user_id = ?")
      .bind(shopper.id)
      .first<{ subtotal_amount: number }>();
    expect(order).toEqual({ subtotal_amount: 2149 });
  });

  it("makes the store the seller of an approved concierge item", async () => {
    const owner = await seller();
    const product = await createProduct(owner.id);
    const storeId = `store_${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'Corner Rail', ?, 1)").bind(
        storeId,
        owner.id,
      ),
      env.DB.prepare("UPDATE products SET store_id = ? WHERE id = ?").bind(storeId, product.id),
    ]);
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/cart", { intent: "add", productId: product.id, option: "rental", enhanced: "1" });
    const row = await env.DB.prepare("SELECT vendor, seller_id, seller_type, handler FROM cart_items WHERE user_id = ?")
      .bind(shopper.id)
      .first();
    expect(row).toEqual({ vendor: "Store", seller_id: storeId, seller_type: "store", handler: "store" });
    const cart = await (await shopper.browser.fetch("/cart")).text();
    expect(cart).toContain("Corner Rail");
  });

  it("switches the option to the product's price and refuses a missing one", async () => {
    const owner = await seller();
    const rentOnly = await createProduct(owner.id, { rentalPrice: 1500, buyingPrice: 8000 });
    await env.DB.prepare("UPDATE products SET buying_price = NULL WHERE id = ?").bind(rentOnly.id).run();
    const both = await createProduct(owner.id, { rentalPrice: 1500, buyingPrice: 8000 });
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/cart", { intent: "add", productId: rentOnly.id, option: "rental", enhanced: "1" });
    await shopper.browser.post("/cart", { intent: "add", productId: both.id, option: "rental", enhanced: "1" });

    const refused = await shopper.browser.post("/cart", {
      intent: "switch",
      productId: rentOnly.id,
      option: "purchase",
      enhanced: "1",
    });
    expect(refused.status).toBe(400);
    const switched = await shopper.browser.post("/cart", { intent: "switch", productId: both.id, option: "purchase" });
    expect(switched.status).toBe(302);
    const page = await (await shopper.browser.fetch("/cart")).text();
    expect(page).toContain("Option updated");
    expect(page).toContain("Switched to purchase option");
    const rows = await cartRows(shopper.id);
    expect(rows.find((r) => r.product_id === rentOnly.id)).toMatchObject({ type: "rental", price: 1500 });
    expect(rows.find((r) => r.product_id === both.id)).toMatchObject({ type: "purchase", price: 8000 });

    const refusedPage = await shopper.browser.post("/cart", {
      intent: "switch",
      productId: rentOnly.id,
      option: "purchase",
    });
    const text = await refusedPage.text();
    expect(text).toContain("Price not available");
    expect(text).toContain("Purchase price is not set for this item");
  });

  it("never lets one shopper touch another's basket", async () => {
    const owner = await seller();
    const product = await createProduct(owner.id);
    const alice = await signedInBrowser("shopper");
    const mallory = await signedInBrowser("shopper");
    await alice.browser.post("/cart", { intent: "add", productId: product.id, option: "rental", enhanced: "1" });
    const removal = await mallory.browser.post("/cart", { intent: "remove", productId: product.id, enhanced: "1" });
    expect(removal.status).toBe(404);
    const change = await mallory.browser.post("/cart", {
      intent: "switch",
      productId: product.id,
      option: "purchase",
      enhanced: "1",
    });
    expect(change.status).toBe(404);
    await mallory.browser.post("/cart", { intent: "clear", enhanced: "1" });
    expect(await cartRows(alice.id)).toHaveLength(1);
    expect(await (await mallory.browser.fetch("/cart")).text()).not.toContain(product.name);
  });

  it("removes one item and clears all", async () => {
    const owner = await seller();
    const a = await createProduct(owner.id);
    const b = await createProduct(owner.id);
    const shopper = await signedInBrowser("shopper");
    for (const p of [a, b])
      await shopper.browser.post("/cart", { intent: "add", productId: p.id, option: "rental", enhanced: "1" });
    const removed = await shopper.browser.post("/cart", { intent: "remove", productId: a.id });
    expect(removed.headers.get("location")).toBe("/cart");
    expect((await cartRows(shopper.id)).map((r) => r.product_id)).toEqual([b.id]);
    await shopper.browser.post("/cart", { intent: "clear" });
    expect(await cartRows(shopper.id)).toEqual([]);
    expect(await (await shopper.browser.fetch("/cart")).text()).toContain("Your cart is empty");
  });
});

describe("an item someone else took since", () => {
  it("says, when another shopper's checkout only reserves it, when it is back on sale, as its product page says (issue 46 item 4)", async () => {
    const owner = await seller();
    const held = await createProduct(owner.id, { rentalPrice: 3000 });
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/cart", { intent: "add", productId: held.id, option: "rental", enhanced: "1" });
    await placeOrder(await signedInBrowser("shopper"), [{ productId: held.id, option: "rental" }], { pay: false });
    const basket = (await (await shopper.browser.fetch("/cart")).text()).replace(/<!-- -->/g, "");
    const said =
      /Reserved: another shopper is paying for it now\. If they have not paid by \d{2}:\d{2} \(UK time\), it is back on sale\./.exec(
        basket,
      )?.[0];
    expect(said).toBeDefined();
    expect(basket).not.toContain("someone else has it now");
    const product = (await (await shopper.browser.fetch(`/product/${held.id}`)).text()).replace(/<!-- -->/g, "");
    expect(product).toContain(said);
  });

  it("is flagged in the basket, left out of the total, and holds checkout until it is removed", async () => {
    const owner = await seller();
    const kept = await createProduct(owner.id, { rentalPrice: 2000 });
    const taken = await createProduct(owner.id, { rentalPrice: 3000 });
    const shopper = await signedInBrowser("shopper");
    for (const p of [kept, taken])
      await shopper.browser.post("/cart", { intent: "add", productId: p.id, option: "rental", enhanced: "1" });
    await env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(taken.id).run();
    const html = await (await shopper.browser.fetch("/cart")).text();
    expect(html).toContain("No longer available: someone else has it now.");
    expect(html).toContain("Remove the item no longer available to continue.");
    expect(html).toMatch(/<button type="submit" form="checkout" disabled="" aria-describedby="remove-gone"/);
    // £20.00 and one delivery: the taken item costs nothing.
    expect(html).toContain("£23.99");
    await shopper.browser.post("/cart", { intent: "remove", productId: taken.id });
    expect(await (await shopper.browser.fetch("/cart")).text()).not.toContain("no longer available");
  });
});

describe("favorites", () => {
  it("tells a signed-out shopper to sign in", async () => {
    const response = await new Browser().post("/favorites", {
      intent: "toggle",
      productId: "x",
      returnTo: "/product/x",
    });
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Fproduct%2Fx");
    const page = await (await new Browser().fetch("/favorites")).text();
    expect(page).toContain("Sign in to view your favorites");
  });

  it("toggles from the server's state and lists only live saved items of this user", async () => {
    const owner = await seller();
    const live = await createProduct(owner.id, { name: "Saved Silk Scarf" });
    const later = await createProduct(owner.id, { name: "Soon Archived Belt" });
    const shopper = await signedInBrowser("shopper");
    const other = await signedInBrowser("shopper");
    expect(await (await shopper.browser.fetch("/favorites")).text()).toContain("No favorites yet");

    const saved = await shopper.browser.post("/favorites", { intent: "toggle", productId: live.id, enhanced: "1" });
    expect(saved.status).toBe(200);
    await shopper.browser.post("/favorites", { intent: "toggle", productId: later.id, enhanced: "1" });
    await env.DB.prepare("UPDATE products SET product_status = 'archived' WHERE id = ?").bind(later.id).run();
    const page = await (await shopper.browser.fetch("/favorites")).text();
    expect(page).toContain("My Favorites");
    expect(page).toContain("1 favorite<");
    expect(page).toContain("Saved Silk Scarf");
    expect(page).not.toContain("Soon Archived Belt");
    expect(await (await shopper.browser.fetch(`/product/${live.id}`)).text()).toContain('aria-pressed="true"');

    expect(await (await other.browser.fetch("/favorites")).text()).toContain("0 favorites<");

    const unsaved = await shopper.browser.post("/favorites", {
      intent: "toggle",
      productId: live.id,
      returnTo: `/product/${live.id}`,
    });
    expect(unsaved.status).toBe(302);
    expect(await (await shopper.browser.fetch(`/product/${live.id}`)).text()).toContain("Removed from favorites");
    expect(await (await shopper.browser.fetch("/favorites")).text()).toContain("No favorites yet");
  });
});
