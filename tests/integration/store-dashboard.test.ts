import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import { queueDrained } from "./queue-drained";
import { signedInBrowser } from "./actors";
import { Browser } from "./http";
import { formatShortDate } from "../../app/domain/dates";
import { deliver, placeOrder, postBack, shownReference } from "./orders";
import { as, first, page, toastAfter, storeOwner, conciergeProduct } from "./store-helpers";

// The store dashboard (issue 12 items 2–5; decisions 0029, 0030): what a store owner sees and may
// do, and what they may not, return inspections on the Orders tab included.

vi.setConfig({ testTimeout: 30_000 });

describe("the store dashboard", () => {
  it("shows the four cards, the pending badge and each tab as a URL", async () => {
    const store = await storeOwner();
    const waiting = await conciergeProduct(store.storeId);
    await conciergeProduct(store.storeId);
    const overview = await page(store.browser, "/store");
    expect(overview.status).toBe(200);
    for (const text of [
      "Store Dashboard",
      store.name,
      "Store Products",
      "Pending Requests",
      "Store Views",
      "Revenue",
      "£0.00",
      'aria-label="2 pending"',
    ])
      expect(overview.html).toContain(text);
    for (const tab of ["overview", "requests", "products", "orders", "settings"])
      expect(overview.html).toContain(`href="/store?tab=${tab}"`);
    // The two requests are the store's products too (§7), and the card says they wait.
    expect(overview.html).toContain("At your store · 2 of them waiting for your answer");

    // Listed 10 days ago, sent to the store today (sent again after a decline): it waits from today (decision 0067).
    await env.DB.prepare("UPDATE products SET created_at = ?, updated_at = ? WHERE id = ?")
      .bind(Date.now() - 10 * 86_400_000, Date.now(), waiting.id)
      .run();
    const requests = await page(store.browser, "/store?tab=requests");
    expect(requests.html).toContain(waiting.name);
    const sent = requests.html.slice(requests.html.indexOf(waiting.name)).replace(/<!-- -->/g, "");
    expect(sent.slice(0, sent.indexOf(`Reject ${waiting.name}`))).toMatch(
      new RegExp(`Submitted</dt><dd[^>]*>${formatShortDate(Date.now())}<`),
    );
    // Up to 3 images per card (§9), the owner and the prices.
    const card = requests.html.slice(
      requests.html.indexOf(waiting.name),
      requests.html.indexOf(`Reject ${waiting.name}`),
    );
    expect(card.match(/<img /g)).toHaveLength(3);
    expect(card).toContain("£15.00");
    expect(card).toContain("seller-");
    // And the way to the whole listing before answering (decision 0068), which the store may open.
    expect(card).toContain(`href="/store/product/${waiting.id}/edit"`);
    expect((await store.browser.fetch(`/store/product/${waiting.id}/edit`)).status).toBe(200);

    const products = await page(store.browser, "/store?tab=products");
    expect(products.html).toContain(`href="/store/product/${waiting.id}/edit"`);
    const settings = await page(store.browser, "/store?tab=settings");
    expect(settings.html).toContain("Contact support to change your store name");
    expect(settings.html).toContain("1 Old Street, London");
    expect(settings.html).toContain("Pre-loved rails.");
  });

  it("shows the store's revenue from its commissions on concierge sales", async () => {
    const store = await storeOwner();
    const seller = await createUser();
    const item = await createProduct(seller.id, { buyingPrice: 10000 });
    await env.DB.prepare("UPDATE products SET store_id = ?, status = 'approved', concierge_status = 'yes' WHERE id = ?")
      .bind(store.storeId, item.id)
      .run();
    const shopper = await as("shopper");
    const { orderId } = await placeOrder(shopper, [{ productId: item.id, option: "purchase" }]);
    await deliver(orderId);
    const overview = await page(store.browser, "/store");
    // 10% of £100.00 to the store (DECISIONS.md, Finance).
    expect(overview.html).toContain("£10.00");
    const orders = await page(store.browser, "/store?tab=orders");
    expect(orders.html).toContain(`Order ${await shownReference(orderId)}`);
  });

  it("approves a concierge request: approved by the store, then the listing waits for staff, and every screen says so", async () => {
    const store = await storeOwner();
    const vendor = await as("vendor");
    const product = await conciergeProduct(store.storeId, vendor.id);
    const admin = await as("admin");

    // Before the store answers, staff cannot list it: the admin tab says who it waits for.
    const adminBefore = await page(admin.browser, `/admin/products?q=${encodeURIComponent(product.name)}`);
    expect(adminBefore.html).toContain("Waiting for the store");
    expect(adminBefore.html).not.toContain(`Approve ${product.name}`);
    const early = await admin.browser.post("/admin/products", { intent: "approve", productId: product.id });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("This concierge item waits for its store");
    expect((await page(vendor.browser, "/vendor")).html).toContain("Concierge: pending");

    const response = await store.browser.post("/store?tab=requests", {
      intent: "approve_request",
      productId: product.id,
    });
    expect(await toastAfter(store.browser, response)).toBe(
      "Request Approved / The concierge request has been approved.",
    );
    expect(
      await first("SELECT status, product_status, concierge_status, store_id FROM products WHERE id = ?", product.id),
    ).toEqual({ status: "approved", product_status: "pending", concierge_status: "yes", store_id: store.storeId });
    expect((await page(store.browser, "/store?tab=requests")).html).not.toContain(product.name);
    // The seller's row says whose answer it has and that the listing waits (decision 0069).
    const rowOf = async () =>
      (await page(vendor.browser, "/vendor?tab=products")).html
        .replace(/<!-- -->/g, "")
        .split('data-testid="seller-product"')
        .find((r) => r.includes(product.name))!;
    const accepted = await rowOf();
    for (const label of [">Store: approved<", ">Listing: pending<", ">Concierge: yes<"])
      expect(accepted).toContain(label);

    // Now staff list it.
    const adminAfter = await page(admin.browser, `/admin/products?q=${encodeURIComponent(product.name)}`);
    expect(adminAfter.html).toContain(`Approve ${product.name}`);
    expect(adminAfter.html).toContain("Concierge: yes");
    const listed = await admin.browser.post("/admin/products", { intent: "approve", productId: product.id });
    expect(listed.status).toBe(302);
    expect(
      await first("SELECT status, product_status, concierge_status FROM products WHERE id = ?", product.id),
    ).toEqual({ status: "approved", product_status: "live", concierge_status: "yes" });
    expect(await rowOf()).toContain(">Review: approved<");

    // The public store page shows it among its Available Items.
    const publicPage = await page(new Browser(), `/store/${store.storeId}`);
    expect(publicPage.html).toContain("Available Items");
    expect(publicPage.html).toContain(product.name);
  });

  it("rejects a concierge request with a reason: rejected, the store cleared, concierge no, the seller told which store", async () => {
    const store = await storeOwner();
    const seller = await signedInBrowser("vendor");
    const product = await conciergeProduct(store.storeId, seller.id);
    const unexplained = await store.browser.post("/store?tab=requests", {
      intent: "reject_request",
      productId: product.id,
      reason: "",
    });
    expect(unexplained.status).toBe(400);
    expect(await unexplained.text()).toContain("Please give a reason (at least 5 characters): the person is shown it.");
    expect(await first("SELECT status, concierge_status FROM products WHERE id = ?", product.id)).toEqual({
      status: "pending",
      concierge_status: "pending",
    });
    const response = await store.browser.post("/store?tab=requests", {
      intent: "reject_request",
      productId: product.id,
      reason: "We do not take knitwear this season.",
    });
    expect(await toastAfter(store.browser, response)).toBe(
      "Request Rejected / The concierge request has been rejected.",
    );
    expect(
      await first("SELECT status, concierge_status, store_id, rejection_reason FROM products WHERE id = ?", product.id),
    ).toEqual({
      status: "rejected",
      concierge_status: "no",
      store_id: null,
      rejection_reason: "We do not take knitwear this season.",
    });
    // The seller's list names the store that declined, not only its reason (decision 0067).
    const row = (await page(seller.browser, "/vendor?tab=products")).html
      .split('data-testid="seller-product"')
      .find((r) => r.includes(product.name))!;
    expect(row).toContain(">Store: declined<");
    expect(row).toContain(`Declined by ${store.name}: We do not take knitwear this season.`);
    // ...and what the seller can do about it (decision 0069).
    expect(row).toContain("Edit it to choose another store, or none: it then goes to review again.");
    // Answered once: a second answer finds nothing to answer.
    const again = await store.browser.post("/store?tab=requests", { intent: "approve_request", productId: product.id });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Failed to approve request");
  });

  it("never reaches another store's requests, products or settings", async () => {
    const mine = await storeOwner();
    const theirs = await storeOwner();
    const product = await conciergeProduct(theirs.storeId);
    // The earlier tests' notices go out through the queue: counted before, not while refusing.
    await queueDrained();
    const before = await databaseFingerprint();
    for (const intent of ["approve_request", "reject_request"]) {
      const response = await mine.browser.post("/store?tab=requests", {
        intent,
        productId: product.id,
        reason: "Not for us, thanks",
      });
      expect(response.status).toBe(404);
    }
    // ?store= is for staff who run stores: a store owner always gets their own store.
    const other = await page(mine.browser, `/store?store=${theirs.storeId}&tab=requests`);
    expect(other.html).toContain(mine.name);
    expect(other.html).not.toContain(product.name);
    await mine.browser.post(`/store?store=${theirs.storeId}&tab=settings`, {
      intent: "save_settings",
      description: "Hijacked",
      address: "",
    });
    const edit = await page(mine.browser, `/store/product/${product.id}/edit`);
    expect(edit.status).toBe(404);
    expect(edit.html).toContain("Product not found");
    const post = await mine.browser.post(`/store/product/${product.id}/edit`, {
      intent: "request_price",
      suggestedRentalPrice: "10",
      suggestedBuyingPrice: "",
      reason: "Mine now",
    });
    expect(post.status).toBe(404);
    expect(await first("SELECT description FROM stores WHERE id = ?", theirs.storeId)).toEqual({
      description: "Pre-loved rails.\n\nStore located at: 1 Old Street, London",
    });
    // Only my own store's settings changed (its address as written before stays until its fields are filled: decision 0094).
    expect(await first("SELECT description FROM stores WHERE id = ?", mine.storeId)).toEqual({
      description: "Hijacked\n\nStore located at: 1 Old Street, London",
    });
    expect(await first("SELECT status, store_id FROM products WHERE id = ?", product.id)).toEqual({
      status: "pending",
      store_id: theirs.storeId,
    });
    expect(await first("SELECT count(*) AS n FROM price_change_requests WHERE product_id = ?", product.id)).toEqual({
      n: 0,
    });
    expect(await databaseFingerprint()).toBe(before);
  });

  it("lets staff who run stores choose a store; other staff are sent home", async () => {
    const store = await storeOwner();
    const product = await conciergeProduct(store.storeId);
    const admin = await as("superadmin");
    const chooser = await page(admin.browser, "/store");
    expect(chooser.html).toContain("Choose which store to open.");
    expect(chooser.html).toContain(`<option value="${store.storeId}">${store.name}</option>`);
    const chosen = await page(admin.browser, `/store?store=${store.storeId}&tab=requests`);
    expect(chosen.html).toContain(product.name);
    expect(chosen.html).toContain(`href="/store?tab=settings&store=${store.storeId}"`);
    const response = await admin.browser.post(`/store?tab=requests&store=${store.storeId}`, {
      intent: "approve_request",
      productId: product.id,
    });
    expect(response.headers.get("location")).toBe(`/store?tab=requests&store=${store.storeId}`);
    expect(await first("SELECT status FROM products WHERE id = ?", product.id)).toEqual({ status: "approved" });
    expect((await page(admin.browser, "/store?store=store_nope")).html).toContain("Store not found");
    for (const actor of ["productReviewer", "customerSupport"] as const) {
      const staff = await as(actor);
      const away = await staff.browser.fetch("/store");
      expect(away.status).toBe(302);
      expect(away.headers.get("location")).toBe("/");
    }
  });
});

describe("return inspections on the Orders tab", () => {
  it("records the inspection of this store's returned concierge rental, and refuses another store's", async () => {
    const store = await storeOwner();
    const other = await storeOwner();
    const seller = await createUser();
    const item = await createProduct(seller.id, { rentalPrice: 1500, buyingPrice: 12000 });
    await env.DB.prepare("UPDATE products SET store_id = ?, status = 'approved', concierge_status = 'yes' WHERE id = ?")
      .bind(store.storeId, item.id)
      .run();
    const shopper = await as("shopper");
    const { orderId, items } = await placeOrder(shopper, [{ productId: item.id, option: "rental" }]);
    await deliver(orderId);
    const returning = await shopper.browser.post(`/account/orders/${orderId}`, {
      intent: "request_return",
      itemId: items[0]!.id,
    });
    expect(returning.status).toBeLessThan(400);
    await postBack(shopper.browser, orderId, items[0]!.id);
    expect(await first("SELECT status, handler, seller_id FROM order_items WHERE id = ?", items[0]!.id)).toEqual({
      status: "return_requested",
      handler: "store",
      seller_id: store.storeId,
    });

    const tab = await page(store.browser, "/store?tab=orders");
    expect(tab.html).toContain("Good: back on sale");
    expect(tab.html).toContain("Damaged: repair fee");
    expect(tab.html).toContain("Not returnable: charged as a purchase");

    const before = await databaseFingerprint();
    const refused = await other.browser.post("/store?tab=orders", {
      intent: "inspect",
      itemId: items[0]!.id,
      condition: "good",
    });
    expect(refused.status).toBe(404);
    expect(await databaseFingerprint()).toBe(before);
    expect(
      (await store.browser.post("/store?tab=orders", { intent: "inspect", itemId: items[0]!.id, condition: "broken" }))
        .status,
    ).toBe(400);

    const response = await store.browser.post("/store?tab=orders", {
      intent: "inspect",
      itemId: items[0]!.id,
      condition: "good",
    });
    expect(await toastAfter(store.browser, response)).toBe(
      "Return received in good condition / The item is back on sale.",
    );
    expect(await first("SELECT status, inspection, inspected_by FROM order_items WHERE id = ?", items[0]!.id)).toEqual({
      status: "returned",
      inspection: "good",
      inspected_by: store.id,
    });
    expect(
      await first(
        "SELECT actor_role FROM order_status_history WHERE order_item_id = ? AND to_status = 'returned'",
        items[0]!.id,
      ),
    ).toEqual({ actor_role: "store" });
  });
});
