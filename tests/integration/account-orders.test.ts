import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import { Browser } from "./http";
import { DAY, deliver, placeOrder, returnRental, shownReference } from "./orders";
import { signedInBrowser, page, follow, pagesVersion, unique } from "./account-fixtures";

// Account management (issue 13; seller-store-admin.md §2, §5, §8): a signed-in user's orders
// and order pages, a rental's Buy it now and Return it, and reviews, through the Worker's own fetch.

describe("My Orders and the order page", () => {
  it("says 'You haven't placed any orders yet' to a new shopper", async () => {
    const { browser } = await signedInBrowser("shopper");
    expect((await page(browser, "/account?tab=orders")).html).toContain("You haven&#x27;t placed any orders yet");
  });

  it("lists each order: its short reference (not its id), date, a coloured status badge, the total in £, and a link to it", async () => {
    const shopper = await signedInBrowser("shopper");
    const owner = await createUser();
    const coat = await createProduct(owner.id, { rentalPrice: 1500, buyingPrice: 12000 });
    const { orderId } = await placeOrder(shopper, [{ productId: coat.id, option: "rental" }]);
    const { html } = await page(shopper.browser, "/account?tab=orders");
    expect(html).toContain(`href="/account/orders/${orderId}"`);
    expect(html).toMatch(new RegExp(`href="/account/orders/${orderId}"[^>]*>${await shownReference(orderId)}</a>`));
    expect(await shownReference(orderId)).toMatch(/^#[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(html).toMatch(/bg-amber-100[^"]*">pending</);
    // £15.00 rental + £3.99 delivery.
    expect(html).toContain("£18.99");
  });

  it("shows the order's items, option, prices, delivery fee, addresses and status history", async () => {
    const shopper = await signedInBrowser("shopper");
    const owner = await createUser();
    const coat = await createProduct(owner.id, {
      name: `History Coat ${unique()}`,
      rentalPrice: 1500,
      buyingPrice: 12000,
    });
    const { orderId } = await placeOrder(shopper, [{ productId: coat.id, option: "rental" }]);
    await deliver(orderId);
    const { status, html } = await page(shopper.browser, `/account/orders/${orderId}`);
    expect(status).toBe(200);
    expect(html).toContain(coat.name);
    expect(html).toContain("Rental (7 days)");
    expect(html).toContain("£15.00");
    expect(html).toContain("Buy Now price £120.00");
    expect(html).toMatch(/>Delivery<\/th><td[^>]*>Authorised<\/td><td[^>]*>£3\.99</);
    expect(html).toContain("12 St James&#x27;s Square");
    expect(html).toContain("Status history");
    // Placed by the shopper awaiting its payment, then confirmed by the provider's event (decision 0055).
    expect(html).toMatch(/Order: <strong>awaiting payment<\/strong> \(by you\)/);
    expect(html).toMatch(/Order: <!-- -->awaiting payment → <strong>pending<\/strong> \(automatically\)/);
    expect(html).toMatch(
      /processing → <strong>delivered<\/strong> \(by Closetloop\)|pending → <strong>delivered<\/strong> \(by Closetloop\)/,
    );
    expect(html).toContain("7 days left");
    expect(html).toMatch(/Return or buy by [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+</);
    // My Orders says it too, under the order's status (decision 0069).
    const deadline = /Return or buy by [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+/.exec(html)![0];
    const list = (await page(shopper.browser, "/account?tab=orders")).html;
    expect(list).toContain(`<span class="mt-1 block text-xs text-stone-700">${deadline}</span>`);
  });

  it("is open to the order's shopper and to staff who handle orders; anyone else gets 'Order not found'", async () => {
    const shopper = await signedInBrowser("shopper");
    const owner = await createUser();
    const coat = await createProduct(owner.id);
    const { orderId } = await placeOrder(shopper, [{ productId: coat.id, option: "purchase" }]);
    for (const actor of ["superadmin", "admin", "customerSupport"] as const) {
      const staff = await signedInBrowser(actor);
      const { status, html } = await page(staff.browser, `/account/orders/${orderId}`);
      expect(status, actor).toBe(200);
      expect(html).not.toContain("Buy it now");
    }
    for (const actor of ["shopper", "vendor", "productReviewer", "storeOwner"] as const) {
      const other = await signedInBrowser(actor);
      const { status, html } = await page(other.browser, `/account/orders/${orderId}`);
      expect(status, actor).toBe(404);
      expect(html).toContain("Order not found");
      expect(html).not.toContain(coat.name);
    }
    expect((await page(shopper.browser, "/account/orders/order_missing")).status).toBe(404);
  });
});

describe("a rental in its window", () => {
  async function rental() {
    const shopper = await signedInBrowser("shopper");
    const owner = await createUser();
    const coat = await createProduct(owner.id, {
      name: `Window Coat ${unique()}`,
      rentalPrice: 1500,
      buyingPrice: 12000,
    });
    const { orderId, items } = await placeOrder(shopper, [{ productId: coat.id, option: "rental" }]);
    await deliver(orderId);
    return { shopper, orderId, itemId: items[0]!.id, coat };
  }
  const money = (orderId: string) =>
    env.DB.prepare(
      "SELECT transaction_type AS type, gross_amount AS gross FROM transactions WHERE order_id = ? ORDER BY transaction_type",
    )
      .bind(orderId)
      .all()
      .then((r) => r.results);

  it("Buy it now: bought once at the buying price, even when the form is sent twice", async () => {
    const { shopper, orderId, itemId, coat } = await rental();
    const form = { intent: "buy_now", itemId };
    const [first, second] = await Promise.all([
      shopper.browser.post(`/account/orders/${orderId}`, form),
      shopper.browser.post(`/account/orders/${orderId}`, form),
    ]);
    expect(first.headers.get("location")).toBe(`/account/orders/${orderId}`);
    expect(second.headers.get("location")).toBe(`/account/orders/${orderId}`);
    const next = await follow(shopper.browser, first);
    expect(next.html).toContain("Purchase confirmed");
    expect(next.html).toContain(`${coat.name} is yours to keep for £120.00.`);
    expect(next.html).not.toContain("days left");
    expect(await money(orderId)).toEqual([
      { type: "rental_fee", gross: 1500 },
      { type: "rental_purchase", gross: 12000 },
    ]);
    expect((await shopper.browser.post(`/account/orders/${orderId}`, form)).status).toBe(302);
    expect(await money(orderId)).toHaveLength(2);
  });

  it("Return it: the return is requested and the page shows the return instructions", async () => {
    const { shopper, orderId, itemId, coat } = await rental();
    const response = await shopper.browser.post(`/account/orders/${orderId}`, { intent: "request_return", itemId });
    const next = await follow(shopper.browser, response);
    expect(next.html).toContain("Return requested");
    expect(next.html).toContain("Return instructions");
    expect(next.html).toContain(`Pack ${coat.name} as it came to you`);
    expect(next.html).toContain(
      `Write your order reference, ${await shownReference(orderId)}, on a note inside and on the parcel.`,
    );
    // Back to the seller's own return address, by a date (issue 22).
    expect(next.html).toContain("2 Return Lane");
    expect(next.html).toMatch(/Post it by [A-Z][a-z]+day \d+ [A-Z][a-z]+ to:/);
    expect((await env.DB.prepare("SELECT status FROM order_items WHERE id = ?").bind(itemId).first())!.status).toBe(
      "return_requested",
    );
  });

  it("is refused to another shopper (as if missing), and after the window has ended; nothing changes", async () => {
    const { orderId, itemId } = await rental();
    const other = await signedInBrowser("shopper");
    const before = await databaseFingerprint();
    for (const intent of ["buy_now", "request_return"]) {
      const response = await other.browser.post(`/account/orders/${orderId}`, { intent, itemId });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Order not found");
    }
    expect(await databaseFingerprint()).toBe(before);

    const late = await rental();
    await env.DB.prepare("UPDATE order_items SET rental_ends_at = ? WHERE id = ?")
      .bind(Date.now() - DAY, late.itemId)
      .run();
    const before2 = await databaseFingerprint();
    const response = await late.shopper.browser.post(`/account/orders/${late.orderId}`, {
      intent: "buy_now",
      itemId: late.itemId,
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("This rental&#x27;s window has ended.");
    expect(await databaseFingerprint()).toBe(before2);
  });
});

describe("reviews", () => {
  async function returned() {
    const shopper = await signedInBrowser("shopper");
    const owner = await createUser({ displayName: `Seller${unique()}` });
    const coat = await createProduct(owner.id, { name: `Review Coat ${unique()}` });
    const { orderId, items } = await placeOrder(shopper, [{ productId: coat.id, option: "rental" }]);
    await deliver(orderId);
    await returnRental(items[0]!.id, shopper.id);
    return { shopper, owner, coat, orderId, itemId: items[0]!.id };
  }

  it("a returned item is reviewed once; the review shows on the product's COMMENTS and the seller's profile", async () => {
    const { shopper, owner, coat, orderId, itemId } = await returned();
    expect((await page(shopper.browser, `/account/orders/${orderId}`)).html).toContain(
      `aria-label="Review ${coat.name}"`,
    );
    const before = await pagesVersion();
    const response = await shopper.browser.post(`/account/orders/${orderId}`, {
      intent: "review",
      itemId,
      rating: "4",
      comment: "Lovely wool, kept me warm.",
    });
    const next = await follow(shopper.browser, response);
    expect(next.html).toContain("Review submitted");
    expect(next.html).toContain("Your review");
    expect(await pagesVersion()).not.toBe(before);

    const product = (await page(new Browser(), `/product/${coat.id}`)).html;
    expect(product).toContain("COMMENTS (1)");
    expect(product).toContain("Lovely wool, kept me warm.");
    expect(product).toContain("4 out of 5 stars");
    const profile = (await page(new Browser(), `/${owner.displayName}`)).html;
    expect(profile).toContain("Lovely wool, kept me warm.");
    // The seller's average and count (decision 0091).
    expect(profile).toContain("4.0 ★ (1 rating)");
    expect(
      await env.DB.prepare(
        "SELECT reviewer_id, reviewed_user_id, product_id, order_item_id FROM reviews WHERE order_item_id = ?",
      )
        .bind(itemId)
        .first(),
    ).toEqual({
      reviewer_id: shopper.id,
      reviewed_user_id: owner.id,
      product_id: coat.id,
      order_item_id: itemId,
    });

    const fingerprint = await databaseFingerprint();
    const twice = await shopper.browser.post(`/account/orders/${orderId}`, { intent: "review", itemId, rating: "5" });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("You have already reviewed this item");
    expect(await databaseFingerprint()).toBe(fingerprint);
  });

  it.each([
    ["a rating of 0", { rating: "0" }, "Please choose a rating from 1 to 5"],
    ["a rating of 6", { rating: "6" }, "Please choose a rating from 1 to 5"],
    ["no rating", { rating: "" }, "Please choose a rating from 1 to 5"],
    [
      "a 2,001-character comment",
      { rating: "5", comment: "x".repeat(2001) },
      "Comment must be at most 2,000 characters",
    ],
  ])("refuses %s with a clear message and writes nothing", async (_label, fields, message) => {
    const { shopper, orderId, itemId } = await returned();
    const before = await databaseFingerprint();
    const response = await shopper.browser.post(`/account/orders/${orderId}`, { intent: "review", itemId, ...fields });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    // The refused field is marked, so the keyboard is taken to it (decision 0067): the rating's choices, or the comment.
    expect(html).toMatch(
      message.startsWith("Please choose")
        ? /<input type="radio"[^>]*aria-invalid="true"[^>]*name="rating"/
        : /<textarea[^>]*aria-invalid="true"/,
    );
    expect(await databaseFingerprint()).toBe(before);
  });

  it("refuses a review of someone else's order (as missing) and of an item not yet delivered", async () => {
    const { orderId, itemId } = await returned();
    const other = await signedInBrowser("shopper");
    const before = await databaseFingerprint();
    const response = await other.browser.post(`/account/orders/${orderId}`, { intent: "review", itemId, rating: "1" });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Order not found");
    expect(await databaseFingerprint()).toBe(before);

    const owner = await createUser();
    const pending = await createProduct(owner.id);
    const order = await placeOrder(other, [{ productId: pending.id, option: "purchase" }]);
    const early = await other.browser.post(`/account/orders/${order.orderId}`, {
      intent: "review",
      itemId: order.items[0]!.id,
      rating: "5",
    });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("You can review an item once it has been delivered");
  });
});
