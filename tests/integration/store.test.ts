import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { signedInBrowser, type Actor } from "./actors";
import { createProduct, createUser, databaseFingerprint, eventually } from "./factories";
import { Browser } from "./http";
import { bigPng, file, jpeg, png } from "./images";
import { deliver, placeOrder } from "./orders";

// The store dashboard, the store-side product edit and the public store page (issue 12 items
// 2–5; decisions 0029, 0030): what a store owner sees and may do, and what they may not.

vi.setConfig({ testTimeout: 30_000 });

let ipSeq = 0;
const as = (actor: Actor) => signedInBrowser(actor, { ip: `10.91.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
const first = <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).first<T>();
const page = async (browser: Browser, path: string) => {
  const response = await browser.fetch(path);
  return { status: response.status, html: (await response.text()).replace(/&#x27;/g, "'").replace(/&amp;/g, "&") };
};

/** The flash toast a redirect carries, as the next page shows it (title and description). */
async function toastAfter(browser: Browser, response: Response) {
  expect([302, 303]).toContain(response.status);
  const html = await (await browser.fetch(response.headers.get("location")!)).text();
  const match = /role="(?:status|alert)"[^>]*><p class="font-semibold">([^<]*)<\/p>(?:<p[^>]*>([^<]*)<\/p>)?/.exec(html);
  return [match?.[1], match?.[2]].filter(Boolean).join(" / ").replace(/&#x27;/g, "'");
}

/** A store owner with a store of their own. */
async function storeOwner(name = `Rails ${crypto.randomUUID().slice(0, 6)}`) {
  const owner = await as("storeOwner");
  const storeId = `store_t_${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare("INSERT INTO stores (id, name, description, owner_id, contact_email, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(storeId, name, "Pre-loved rails.\n\nStore located at: 1 Old Street, London", owner.id, owner.email, Date.now())
    .run();
  return { ...owner, storeId, name };
}

/** A seller's product at `storeId`, waiting for the store (as the upload form makes it). */
async function conciergeProduct(storeId: string, ownerId?: string, name = `Concierge Coat ${crypto.randomUUID().slice(0, 6)}`) {
  const owner = ownerId ?? (await createUser({ displayName: `seller-${crypto.randomUUID().slice(0, 6)}` })).id;
  const product = await createProduct(owner, { name, productStatus: "pending", images: ["/images/a.png", "/images/b.png", "/images/c.png", "/images/d.png"] });
  await env.DB.prepare("UPDATE products SET store_id = ?, status = 'pending', concierge_status = 'pending' WHERE id = ?").bind(storeId, product.id).run();
  return { ...product, ownerId: owner };
}

describe("the store dashboard", () => {
  it("shows the four cards, the pending badge and each tab as a URL", async () => {
    const store = await storeOwner();
    const waiting = await conciergeProduct(store.storeId);
    await conciergeProduct(store.storeId);
    const overview = await page(store.browser, "/store");
    expect(overview.status).toBe(200);
    for (const text of ["Store Dashboard", store.name, "Store Products", "Pending Requests", "Store Views", "Revenue", "£0.00", 'aria-label="2 pending"']) expect(overview.html).toContain(text);
    for (const tab of ["overview", "requests", "products", "orders", "settings"]) expect(overview.html).toContain(`href="/store?tab=${tab}"`);

    const requests = await page(store.browser, "/store?tab=requests");
    expect(requests.html).toContain(waiting.name);
    // Up to 3 images per card (§9), the owner and the prices.
    const card = requests.html.slice(requests.html.indexOf(waiting.name), requests.html.indexOf(`Reject ${waiting.name}`));
    expect(card.match(/<img /g)).toHaveLength(3);
    expect(card).toContain("£15.00");
    expect(card).toContain("seller-");

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
    await env.DB.prepare("UPDATE products SET store_id = ?, status = 'approved', concierge_status = 'yes' WHERE id = ?").bind(store.storeId, item.id).run();
    const shopper = await as("shopper");
    const { orderId } = await placeOrder(shopper, [{ productId: item.id, option: "purchase" }]);
    await deliver(orderId);
    const overview = await page(store.browser, "/store");
    // 10% of £100.00 to the store (DECISIONS.md, Finance).
    expect(overview.html).toContain("£10.00");
    const orders = await page(store.browser, "/store?tab=orders");
    expect(orders.html).toContain(orderId.slice(-8));
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

    const response = await store.browser.post("/store?tab=requests", { intent: "approve_request", productId: product.id });
    expect(await toastAfter(store.browser, response)).toBe("Request Approved / The concierge request has been approved.");
    expect(await first("SELECT status, product_status, concierge_status, store_id FROM products WHERE id = ?", product.id)).toEqual({ status: "approved", product_status: "pending", concierge_status: "yes", store_id: store.storeId });
    expect((await page(store.browser, "/store?tab=requests")).html).not.toContain(product.name);
    expect((await page(vendor.browser, "/vendor")).html).toContain("Concierge: yes");

    // Now staff list it.
    const adminAfter = await page(admin.browser, `/admin/products?q=${encodeURIComponent(product.name)}`);
    expect(adminAfter.html).toContain(`Approve ${product.name}`);
    expect(adminAfter.html).toContain("Concierge: yes");
    const listed = await admin.browser.post("/admin/products", { intent: "approve", productId: product.id });
    expect(listed.status).toBe(302);
    expect(await first("SELECT status, product_status, concierge_status FROM products WHERE id = ?", product.id)).toEqual({ status: "approved", product_status: "live", concierge_status: "yes" });

    // The public store page shows it among its Available Items.
    const publicPage = await page(new Browser(), `/store/${store.storeId}`);
    expect(publicPage.html).toContain("Available Items");
    expect(publicPage.html).toContain(product.name);
  });

  it("rejects a concierge request with a reason: rejected, the store cleared, concierge no", async () => {
    const store = await storeOwner();
    const product = await conciergeProduct(store.storeId);
    const unexplained = await store.browser.post("/store?tab=requests", { intent: "reject_request", productId: product.id, reason: "" });
    expect(unexplained.status).toBe(400);
    expect(await unexplained.text()).toContain("Please give a reason (at least 5 characters): the person is shown it.");
    expect(await first("SELECT status, concierge_status FROM products WHERE id = ?", product.id)).toEqual({ status: "pending", concierge_status: "pending" });
    const response = await store.browser.post("/store?tab=requests", { intent: "reject_request", productId: product.id, reason: "We do not take knitwear this season." });
    expect(await toastAfter(store.browser, response)).toBe("Request Rejected / The concierge request has been rejected.");
    expect(await first("SELECT status, concierge_status, store_id, rejection_reason FROM products WHERE id = ?", product.id)).toEqual({ status: "rejected", concierge_status: "no", store_id: null, rejection_reason: "We do not take knitwear this season." });
    // Answered once: a second answer finds nothing to answer.
    const again = await store.browser.post("/store?tab=requests", { intent: "approve_request", productId: product.id });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Failed to approve request");
  });

  it("never reaches another store's requests, products or settings", async () => {
    const mine = await storeOwner();
    const theirs = await storeOwner();
    const product = await conciergeProduct(theirs.storeId);
    const before = await databaseFingerprint();
    for (const intent of ["approve_request", "reject_request"]) {
      const response = await mine.browser.post("/store?tab=requests", { intent, productId: product.id, reason: "Not for us, thanks" });
      expect(response.status).toBe(404);
    }
    // ?store= is for staff who run stores: a store owner always gets their own store.
    const other = await page(mine.browser, `/store?store=${theirs.storeId}&tab=requests`);
    expect(other.html).toContain(mine.name);
    expect(other.html).not.toContain(product.name);
    await mine.browser.post(`/store?store=${theirs.storeId}&tab=settings`, { intent: "save_settings", description: "Hijacked", address: "" });
    const edit = await page(mine.browser, `/store/product/${product.id}/edit`);
    expect(edit.status).toBe(404);
    expect(edit.html).toContain("Product not found");
    const post = await mine.browser.post(`/store/product/${product.id}/edit`, { intent: "request_price", suggestedRentalPrice: "10", suggestedBuyingPrice: "", reason: "Mine now" });
    expect(post.status).toBe(404);
    expect(await first("SELECT description FROM stores WHERE id = ?", theirs.storeId)).toEqual({ description: "Pre-loved rails.\n\nStore located at: 1 Old Street, London" });
    // Only my own store's settings changed.
    expect(await first("SELECT description FROM stores WHERE id = ?", mine.storeId)).toEqual({ description: "Hijacked" });
    expect(await first("SELECT status, store_id FROM products WHERE id = ?", product.id)).toEqual({ status: "pending", store_id: theirs.storeId });
    expect(await first("SELECT count(*) AS n FROM price_change_requests WHERE product_id = ?", product.id)).toEqual({ n: 0 });
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
    const response = await admin.browser.post(`/store?tab=requests&store=${store.storeId}`, { intent: "approve_request", productId: product.id });
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
    await env.DB.prepare("UPDATE products SET store_id = ?, status = 'approved', concierge_status = 'yes' WHERE id = ?").bind(store.storeId, item.id).run();
    const shopper = await as("shopper");
    const { orderId, items } = await placeOrder(shopper, [{ productId: item.id, option: "rental" }]);
    await deliver(orderId);
    const returning = await shopper.browser.post(`/account/orders/${orderId}`, { intent: "request_return", itemId: items[0]!.id });
    expect(returning.status).toBeLessThan(400);
    expect(await first("SELECT status, handler, seller_id FROM order_items WHERE id = ?", items[0]!.id)).toEqual({ status: "return_requested", handler: "store", seller_id: store.storeId });

    const tab = await page(store.browser, "/store?tab=orders");
    expect(tab.html).toContain("Good: back on sale");
    expect(tab.html).toContain("Damaged: repair fee");
    expect(tab.html).toContain("Not returnable: charged as a purchase");

    const before = await databaseFingerprint();
    const refused = await other.browser.post("/store?tab=orders", { intent: "inspect", itemId: items[0]!.id, condition: "good" });
    expect(refused.status).toBe(404);
    expect(await databaseFingerprint()).toBe(before);
    expect((await store.browser.post("/store?tab=orders", { intent: "inspect", itemId: items[0]!.id, condition: "broken" })).status).toBe(400);

    const response = await store.browser.post("/store?tab=orders", { intent: "inspect", itemId: items[0]!.id, condition: "good" });
    expect(await toastAfter(store.browser, response)).toBe("Return received in good condition / The item is back on sale.");
    expect(await first("SELECT status, inspection, inspected_by FROM order_items WHERE id = ?", items[0]!.id)).toEqual({ status: "returned", inspection: "good", inspected_by: store.id });
    expect(await first("SELECT actor_role FROM order_status_history WHERE order_item_id = ? AND to_status = 'returned'", items[0]!.id)).toEqual({ actor_role: "store" });
  });
});

describe("the store-side product edit", () => {
  it("updates the store's status; without a change the server answers 'No change'; a status outside the three is refused", async () => {
    const store = await storeOwner();
    const product = await conciergeProduct(store.storeId);
    const edit = await page(store.browser, `/store/product/${product.id}/edit`);
    for (const text of ["Edit Product", "Product Information", "Product Status", "Request Price Change", 'href="/store"']) expect(edit.html).toContain(text);

    const before = await databaseFingerprint();
    const same = await store.browser.post(`/store/product/${product.id}/edit`, { intent: "update_status", status: "pending" });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("No change");
    const odd = await store.browser.post(`/store/product/${product.id}/edit`, { intent: "update_status", status: "live" });
    expect(odd.status).toBe(400);
    expect(await databaseFingerprint()).toBe(before);

    const approved = await store.browser.post(`/store/product/${product.id}/edit`, { intent: "update_status", status: "approved" });
    expect(await toastAfter(store.browser, approved)).toBe("Success / Product status updated to approved");
    expect(await first("SELECT status, concierge_status FROM products WHERE id = ?", product.id)).toEqual({ status: "approved", concierge_status: "yes" });
    // Letting it go needs a reason, which the seller is shown (issue 24, item 8).
    const unexplained = await store.browser.post(`/store/product/${product.id}/edit`, { intent: "update_status", status: "rejected", reason: " " });
    expect(unexplained.status).toBe(400);
    expect(await unexplained.text()).toContain("Please give a reason (at least 5 characters): the person is shown it.");
    expect(await first("SELECT status FROM products WHERE id = ?", product.id)).toEqual({ status: "approved" });
    const rejected = await store.browser.post(`/store/product/${product.id}/edit`, { intent: "update_status", status: "rejected", reason: "We no longer stock this brand." });
    expect(rejected.headers.get("location")).toBe("/store?tab=products");
    expect(await first("SELECT status, concierge_status, store_id, rejection_reason FROM products WHERE id = ?", product.id)).toEqual({ status: "rejected", concierge_status: "no", store_id: null, rejection_reason: "We no longer stock this brand." });
    expect((await page(store.browser, `/store/product/${product.id}/edit`)).status).toBe(404);
  });

  it.each([
    ["a reason of only spaces", { suggestedRentalPrice: "10", suggestedBuyingPrice: "", reason: "   " }, "Please provide a reason for the price change request."],
    ["a negative price", { suggestedRentalPrice: "-5", suggestedBuyingPrice: "", reason: "Too high" }, "Please enter a price greater than 0"],
    ["a non-numeric price", { suggestedRentalPrice: "", suggestedBuyingPrice: "ten pounds", reason: "Too high" }, "Please enter a price greater than 0"],
    ["a zero price", { suggestedRentalPrice: "0", suggestedBuyingPrice: "", reason: "Too high" }, "Please enter a price greater than 0"],
    ["three decimals", { suggestedRentalPrice: "10.005", suggestedBuyingPrice: "", reason: "Too high" }, "Please enter a price greater than 0"],
  ])("refuses a price change with %s, nothing written", async (_label, fields, message) => {
    const store = await storeOwner();
    const product = await conciergeProduct(store.storeId);
    const before = await databaseFingerprint();
    const response = await store.browser.post(`/store/product/${product.id}/edit`, { intent: "request_price", ...fields });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("requests a price change (blank = current), e-mails the owner, who accepts it on /vendor", async () => {
    const store = await storeOwner();
    const vendor = await as("vendor");
    const product = await conciergeProduct(store.storeId, vendor.id);
    const response = await store.browser.post(`/store/product/${product.id}/edit`, { intent: "request_price", suggestedRentalPrice: "12.50", suggestedBuyingPrice: "", reason: "  Similar coats rent for less.  " });
    expect(await toastAfter(store.browser, response)).toBe("Price change requested / The owner will accept or reject it on their dashboard.");
    const request = await first<{ id: string }>("SELECT id, owner_id, store_id, suggested_rental_price, suggested_buying_price, reason, status FROM price_change_requests WHERE product_id = ?", product.id);
    expect(request).toMatchObject({ owner_id: vendor.id, store_id: store.storeId, suggested_rental_price: 1250, suggested_buying_price: 12000, reason: "Similar coats rent for less.", status: "pending" });
    const mail = await eventually(() => first<{ subject: string; body: string }>("SELECT subject, body FROM notification_outbox WHERE recipient = ? AND kind = 'price_change_requested'", vendor.email));
    expect(mail.subject).toBe(`${store.name} suggests a new price for ${product.name}`);
    expect(mail.body).toContain("£12.50");
    expect(mail.body).toContain("/vendor?tab=notifications");

    const notifications = await page(vendor.browser, "/vendor?tab=notifications");
    expect(notifications.html).toContain("Similar coats rent for less.");
    const accepted = await vendor.browser.post("/vendor?tab=notifications", { intent: "accept_price", requestId: request!.id });
    expect(await toastAfter(vendor.browser, accepted)).toBe("Request Accepted / Price change request has been accepted");
    expect(await first("SELECT rental_price, buying_price FROM products WHERE id = ?", product.id)).toEqual({ rental_price: 1250, buying_price: 12000 });
  });
});

describe("Store Settings", () => {
  it("saves the description and the address after 'Store located at: ', and a logo under the store's key; the public page shows them", async () => {
    const store = await storeOwner();
    const response = await store.browser.post("/store?tab=settings", { intent: "save_settings", description: "Vintage rails since 1999.", address: "2 New Street, Leeds", logo: png("logo.png") });
    expect(await toastAfter(store.browser, response)).toBe("Settings updated");
    const row = await first<{ description: string; logo_url: string }>("SELECT description, logo_url FROM stores WHERE id = ?", store.storeId);
    expect(row!.description).toBe("Vintage rails since 1999.\n\nStore located at: 2 New Street, Leeds");
    // The key the spec gives, with a version: images are served as immutable, the key is reused.
    expect(row!.logo_url).toMatch(new RegExp(`^/images/store-logos/${store.storeId}/${store.storeId}-logo\\.png\\?v=[0-9a-z]+$`));
    const key = (url: string) => url.slice("/images/".length).split("?")[0]!;
    expect(await env.IMAGES.head(key(row!.logo_url))).not.toBeNull();

    const publicPage = await page(new Browser(), `/store/${store.storeId}`);
    expect(publicPage.html).toContain(`src="${row!.logo_url}"`);
    expect(publicPage.html).toContain("Vintage rails since 1999.");
    expect(publicPage.html).toContain("2 New Street, Leeds");
    expect(publicPage.html).toContain("Available Items");
    const logo = await new Browser().fetch(row!.logo_url);
    expect(logo.status).toBe(200);

    // A JPEG replaces it: the old PNG object is removed.
    await store.browser.post("/store?tab=settings", { intent: "save_settings", description: "Vintage rails since 1999.", address: "2 New Street, Leeds", logo: jpeg("logo.jpg") });
    const after = await first<{ logo_url: string }>("SELECT logo_url FROM stores WHERE id = ?", store.storeId);
    expect(after!.logo_url).toMatch(new RegExp(`^/images/store-logos/${store.storeId}/${store.storeId}-logo\\.jpg\\?v=[0-9a-z]+$`));
    expect(await env.IMAGES.head(key(row!.logo_url))).toBeNull();
    expect(await env.IMAGES.head(key(after!.logo_url))).not.toBeNull();

    // Another JPEG under the same key: a new URL (version), the object kept.
    await new Promise((r) => setTimeout(r, 5));
    await store.browser.post("/store?tab=settings", { intent: "save_settings", description: "Vintage rails since 1999.", address: "2 New Street, Leeds", logo: jpeg("logo2.jpg") });
    const third = await first<{ logo_url: string }>("SELECT logo_url FROM stores WHERE id = ?", store.storeId);
    expect(third!.logo_url).not.toBe(after!.logo_url);
    expect(key(third!.logo_url)).toBe(key(after!.logo_url));
    expect(await env.IMAGES.head(key(third!.logo_url))).not.toBeNull();

    // Saving without a new file keeps the logo.
    await store.browser.post("/store?tab=settings", { intent: "save_settings", description: "Changed words.", address: "", logoKeep: third!.logo_url });
    expect(await first("SELECT description, logo_url FROM stores WHERE id = ?", store.storeId)).toEqual({ description: "Changed words.", logo_url: third!.logo_url });
  });

  it("refreshes the public pages' version when the settings change", async () => {
    const store = await storeOwner();
    const before = await env.CACHE.get("pages:version");
    await store.browser.post("/store?tab=settings", { intent: "save_settings", description: "Fresh words.", address: "" });
    expect(await env.CACHE.get("pages:version")).not.toBe(before);
  });

  it.each([
    ["a PDF", () => file("logo.pdf", "%PDF-1.4 not an image", "application/pdf"), 400, ["Invalid file type", "Please select an image file (JPG, PNG, etc.)."]],
    ["a 6 MB image", () => bigPng(6_000_000, "big.png"), 400, ["File too large", "Please select an image smaller than 5MB."]],
  ])("refuses %s as the logo with the spec's message, nothing written", async (_label, make, status, messages) => {
    const store = await storeOwner();
    const before = await databaseFingerprint();
    const response = await store.browser.post("/store?tab=settings", { intent: "save_settings", description: "Should not save", address: "", logo: make() });
    expect(response.status).toBe(status);
    const html = (await response.text()).replace(/&#x27;/g, "'");
    for (const message of messages) expect(html).toContain(message);
    expect(await databaseFingerprint()).toBe(before);
  });
});
