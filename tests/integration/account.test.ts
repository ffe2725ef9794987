import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD, signedInBrowser as signIn, type Actor } from "./actors";
import { createProduct, createUser, databaseFingerprint, eventually } from "./factories";
import { Browser } from "./http";
import { bigPng, png, renamedText, svg } from "./images";
import { DAY, deliver, placeOrder, returnRental } from "./orders";

// Account management (issue 13; seller-store-admin.md §2, §5, §8): what a signed-in user sees on
// /account and their order pages, and what each form does, through the Worker's own fetch.

let ipSeq = 0;
/** A fresh signed-in user, from an address of their own (sign-in is rate limited per address). */
const signedInBrowser = (actor: Actor) => signIn(actor, { ip: `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
const page = async (browser: Browser, path: string) => {
  const response = await browser.fetch(path);
  return { status: response.status, html: await response.text(), response };
};
/** Follows a post's redirect, as a browser does: the next page carries the flash toast. */
async function follow(browser: Browser, response: Response) {
  expect([302, 303]).toContain(response.status);
  return page(browser, response.headers.get("location")!);
}
const userRow = (id: string) =>
  env.DB.prepare("SELECT email, full_name, display_name, avatar_url, password_hash FROM users WHERE id = ?").bind(id).first<{ email: string; full_name: string; display_name: string | null; avatar_url: string | null; password_hash: string }>();
const pagesVersion = () => env.CACHE.get("pages:version");
const unique = () => crypto.randomUUID().slice(0, 8);
const profileForm = (fields: Partial<Record<"fullName" | "displayName" | "email", string>>) => ({ intent: "profile", fullName: "Ada Lovelace", displayName: `Ada${unique()}`, ...fields });

describe("the account page", () => {
  it("has the heading, the subtitle and five tabs, each a URL that works without JavaScript", async () => {
    const { browser } = await signedInBrowser("shopper");
    const { status, html } = await page(browser, "/account");
    expect(status).toBe(200);
    expect(html).toContain("Account Management");
    expect(html).toContain("Manage your account settings and view your activity");
    for (const [tab, label] of [["summary", "Summary"], ["profile", "Profile"], ["security", "Security"], ["orders", "My Orders"], ["products", "Products"]]) {
      expect(html).toContain(`href="/account?tab=${tab}"`);
      expect(html).toContain(`>${label}</a>`);
    }
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/account\?tab=summary"|<a[^>]*href="\/account\?tab=summary"[^>]*aria-current="page"/);
    expect((await page(browser, "/account?tab=security")).html).toContain("Current password");
    expect((await page(browser, "/account?tab=nonsense")).html).toContain("Active Orders");
  });

  it("Summary: a shopper's active and total orders", async () => {
    const shopper = await signedInBrowser("shopper");
    const owner = await createUser();
    const [a, b] = [await createProduct(owner.id), await createProduct(owner.id)];
    const first = await placeOrder(shopper, [{ productId: a.id, option: "purchase" }]);
    await placeOrder(shopper, [{ productId: b.id, option: "rental" }]);
    await deliver(first.orderId);
    const { html } = await page(shopper.browser, "/account");
    expect(html).toMatch(/Active Orders<\/p><p[^>]*>1<\/p><p[^>]*>Currently processing/);
    expect(html).toMatch(/Total Orders<\/p><p[^>]*>2<\/p><p[^>]*>All time orders/);
    expect(html).not.toContain("Total Sales");
  });

  it("Summary: a vendor also sees their sales in £ (what shoppers paid for their items) and their number of products", async () => {
    const vendor = await signedInBrowser("vendor");
    const shopper = await signedInBrowser("shopper");
    const coat = await createProduct(vendor.id, { buyingPrice: 12000 });
    await createProduct(vendor.id, { productStatus: "pending" });
    const { orderId } = await placeOrder(shopper, [{ productId: coat.id, option: "purchase" }]);
    await deliver(orderId);
    const { html } = await page(vendor.browser, "/account?tab=summary");
    // The spec's sum of order totals, for their items: £120.00 sold (the note says so; issue 24).
    expect(html).toMatch(/Total Sales<\/p><p[^>]*>£120\.00<\/p><p[^>]*>Revenue generated: what shoppers paid for your items/);
    expect(html).toMatch(/Products<\/p><p[^>]*>2<\/p><p[^>]*>Listed products/);
  });
});

describe("Profile", () => {
  it("saves the names, says 'Profile updated', and refreshes the public pages", async () => {
    const user = await signedInBrowser("vendor");
    const before = await pagesVersion();
    const displayName = `Vera${unique()}`;
    const response = await user.browser.post("/account?tab=profile", profileForm({ fullName: "Vera Vintage", displayName, email: user.email }));
    expect(response.headers.get("location")).toBe("/account?tab=profile");
    const next = await follow(user.browser, response);
    expect(next.html).toContain("Profile updated");
    expect(next.html).toContain(`value="${displayName}"`);
    expect(await userRow(user.id)).toMatchObject({ full_name: "Vera Vintage", display_name: displayName, email: user.email });
    expect(await pagesVersion()).not.toBe(before);
    expect((await page(new Browser(), `/${displayName.toLowerCase()}`)).html).toContain(displayName);
  });

  it.each([
    ["an empty full name", { fullName: "" }, "Full name is required"],
    ["a 5,000-character name", { fullName: "x".repeat(5000) }, "Full name must be at most 120 characters"],
    ["an empty display name", { displayName: "" }, "Display name is required"],
    ["an empty e-mail", { email: "" }, "Email is required"],
    ["a malformed e-mail", { email: "not-an-email" }, "Invalid email address"],
    ["a product type", { displayName: "women" }, "&quot;women&quot; is reserved by Closetloop. Please choose another display name."],
    ["a product type in capitals", { displayName: "Unisex" }, "&quot;Unisex&quot; is reserved"],
    ["the admin area", { displayName: "admin" }, "&quot;admin&quot; is reserved"],
    ["a content page", { displayName: "Cookie-Policy" }, "&quot;Cookie-Policy&quot; is reserved"],
    ["the upload endpoint", { displayName: "uploads" }, "&quot;uploads&quot; is reserved"],
    ["the image endpoint", { displayName: "images" }, "&quot;images&quot; is reserved"],
    ["a path with a slash", { displayName: "a/b" }, "Display name can use letters, numbers, spaces, hyphens and underscores"],
  ])("refuses %s with a clear message at the field, and writes nothing", async (_label, fields, message) => {
    const user = await signedInBrowser("shopper");
    const before = await databaseFingerprint();
    const response = await user.browser.post("/account?tab=profile", profileForm({ email: user.email, ...fields }));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).toContain('aria-invalid="true"');
    expect(await databaseFingerprint()).toBe(before);
  });

  it("refuses a display name someone else has, whatever its case, and an e-mail used by another account", async () => {
    const other = await createUser({ displayName: `Taken${unique()}` });
    const user = await signedInBrowser("shopper");
    const before = await databaseFingerprint();
    const taken = await user.browser.post("/account?tab=profile", profileForm({ email: user.email, displayName: other.displayName.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("This display name is already taken. Please choose another.");
    const used = await user.browser.post("/account?tab=profile", profileForm({ email: other.email.toUpperCase() }));
    expect(used.status).toBe(409);
    expect(await used.text()).toContain("An account with this email already exists");
    expect(await databaseFingerprint()).toBe(before);
  });

  it("changes the e-mail only once the new address is confirmed from its link; the old address is told", async () => {
    const user = await signedInBrowser("shopper");
    const newEmail = `new-${unique()}@example.test`;
    const response = await user.browser.post("/account?tab=profile", profileForm({ email: newEmail }));
    const next = await follow(user.browser, response);
    expect(next.html).toContain("Profile updated");
    expect(next.html).toContain(`We sent a link to ${newEmail}`);
    expect(next.html).toContain(`Waiting for confirmation: we sent a link to ${newEmail}`);
    expect((await userRow(user.id))!.email).toBe(user.email);

    const confirm = await eventually(() => env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ? AND kind = 'confirm_email_change'").bind(newEmail).first<{ body: string }>());
    const notice = await eventually(() => env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ? AND kind = 'email_change_requested'").bind(user.email).first<{ body: string }>());
    expect(notice.body).toContain(newEmail);
    const link = /http:\/\/localhost(\/auth\/verify\?token=[\w-]+)/.exec(confirm.body)![1]!;

    const opened = await user.browser.fetch(link);
    expect(opened.headers.get("location")).toBe("/account?tab=profile");
    expect((await follow(user.browser, opened)).html).toContain("Email updated");
    expect((await userRow(user.id))!.email).toBe(newEmail);
    // The link works once; the new address signs in.
    expect(await (await user.browser.fetch(link)).text()).toContain("This link has expired or was already used");
    await new Browser(`10.78.0.${++ipSeq % 250}`).signIn(newEmail, PASSWORD);
  });

  it("saving the current address again calls off a change waiting for its link", async () => {
    const user = await signedInBrowser("shopper");
    const newEmail = `later-${unique()}@example.test`;
    await user.browser.post("/account?tab=profile", profileForm({ email: newEmail }));
    const confirm = await eventually(() => env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ?").bind(newEmail).first<{ body: string }>());
    const next = await follow(user.browser, await user.browser.post("/account?tab=profile", profileForm({ email: user.email })));
    expect(next.html).not.toContain("Waiting for confirmation");
    const link = /http:\/\/localhost(\/auth\/verify\?token=[\w-]+)/.exec(confirm.body)![1]!;
    expect(await (await new Browser(`10.78.2.${++ipSeq % 250}`).fetch(link)).text()).toContain("This link has expired or was already used");
    expect((await userRow(user.id))!.email).toBe(user.email);
  });

  it("a newer e-mail change retires the older link, and an address taken meanwhile is refused", async () => {
    const user = await signedInBrowser("shopper");
    const first = `first-${unique()}@example.test`;
    const second = `second-${unique()}@example.test`;
    await user.browser.post("/account?tab=profile", profileForm({ email: first }));
    const firstBody = await eventually(() => env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ?").bind(first).first<{ body: string }>());
    await user.browser.post("/account?tab=profile", profileForm({ email: second }));
    const secondBody = await eventually(() => env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ?").bind(second).first<{ body: string }>());
    const linkOf = (body: string) => /http:\/\/localhost(\/auth\/verify\?token=[\w-]+)/.exec(body)![1]!;
    expect(await (await new Browser().fetch(linkOf(firstBody.body))).text()).toContain("This link has expired or was already used");
    await createUser({ email: second });
    expect(await (await new Browser().fetch(linkOf(secondBody.body))).text()).toContain("This e-mail address is already used by another account");
    expect((await userRow(user.id))!.email).toBe(user.email);
  });
});

describe("Profile picture", () => {
  it("is stored at avatars/{userId}/{timestamp}.{ext}; a new one replaces the old object; the vendor page shows it", async () => {
    const user = await signedInBrowser("vendor");
    const displayName = `Pic${unique()}`;
    await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(displayName, user.id).run();
    const response = await user.browser.post("/account?tab=profile", { intent: "avatar", avatar: png("me.png") });
    expect(response.headers.get("location")).toBe("/account?tab=profile");
    expect((await follow(user.browser, response)).html).toContain("Profile image updated");
    const first = (await userRow(user.id))!.avatar_url!;
    expect(first).toMatch(new RegExp(`^/images/avatars/${user.id}/\\d+\\.png$`));
    expect(await env.IMAGES.head(first.slice("/images/".length))).not.toBeNull();
    expect((await page(new Browser(), `/${displayName}`)).html).toContain(first);

    await new Promise((r) => setTimeout(r, 5));
    await user.browser.post("/account?tab=profile", { intent: "avatar", avatar: png("again.png") });
    const second = (await userRow(user.id))!.avatar_url!;
    expect(second).not.toBe(first);
    expect(await env.IMAGES.head(second.slice("/images/".length))).not.toBeNull();
    expect(await env.IMAGES.head(first.slice("/images/".length))).toBeNull();
  });

  it.each([
    ["an SVG", () => svg("me.svg"), "Invalid file type: Please select an image file."],
    ["a text file renamed .jpg", () => renamedText("me.jpg"), "Invalid file type: Please select an image file."],
    ["a file over 5 MB", () => bigPng(5 * 1024 * 1024 + 1, "big.png"), "File too large: Please select a file smaller than 5MB."],
  ])("refuses %s with the spec's message and stores nothing", async (_label, make, message) => {
    const user = await signedInBrowser("shopper");
    const before = await databaseFingerprint();
    const response = await user.browser.post("/account?tab=profile", { intent: "avatar", avatar: make() });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("Security", () => {
  const passwordForm = (fields: Record<string, string>) => ({ intent: "password", currentPassword: PASSWORD, newPassword: "brand-new-secret", confirmPassword: "brand-new-secret", ...fields });

  it.each([
    ["no current password", { currentPassword: "" }, 400, "Current password is required"],
    ["a wrong current password", { currentPassword: "wrong-password" }, 400, "Current password is incorrect"],
    ["no new password", { newPassword: "", confirmPassword: "" }, 400, "New password is required"],
    ["a short new password", { newPassword: "abc", confirmPassword: "abc" }, 400, "Password must be at least 6 characters"],
    ["no confirmation", { confirmPassword: "" }, 400, "Please confirm your password"],
  ])("refuses %s with the spec's message and changes nothing", async (_label, fields, status, message) => {
    const user = await signedInBrowser("shopper");
    const before = await databaseFingerprint();
    const response = await user.browser.post("/account?tab=security", passwordForm(fields));
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("a mismatch shows 'Passwords do not match' at the field and the 'New passwords do not match' toast", async () => {
    const user = await signedInBrowser("shopper");
    const response = await user.browser.post("/account?tab=security", passwordForm({ confirmPassword: "something-else" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Passwords do not match");
    expect(html).toContain("New passwords do not match");
  });

  it("changes the password, keeps this session, ends every other one; the old password no longer signs in", async () => {
    const user = await signedInBrowser("shopper");
    const elsewhere = new Browser(`10.78.1.${++ipSeq % 250}`);
    await elsewhere.signIn(user.email, PASSWORD);
    expect((await elsewhere.fetch("/account")).status).toBe(200);

    const response = await user.browser.post("/account?tab=security", passwordForm({}));
    expect(response.headers.get("location")).toBe("/account?tab=security");
    expect((await follow(user.browser, response)).html).toContain("Password updated");
    expect((await user.browser.fetch("/account")).status).toBe(200);
    expect((await elsewhere.fetch("/account")).headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    await expect(new Browser(`10.78.0.${++ipSeq % 250}`).signIn(user.email, PASSWORD)).rejects.toThrow(/401/);
    await new Browser(`10.78.0.${++ipSeq % 250}`).signIn(user.email, "brand-new-secret");
  });
});

describe("My Orders and the order page", () => {
  it("says 'You haven't placed any orders yet' to a new shopper", async () => {
    const { browser } = await signedInBrowser("shopper");
    expect((await page(browser, "/account?tab=orders")).html).toContain("You haven&#x27;t placed any orders yet");
  });

  it("lists each order: the first 8 characters of its id, date, a coloured status badge, the total in £, and a link to it", async () => {
    const shopper = await signedInBrowser("shopper");
    const owner = await createUser();
    const coat = await createProduct(owner.id, { rentalPrice: 1500, buyingPrice: 12000 });
    const { orderId } = await placeOrder(shopper, [{ productId: coat.id, option: "rental" }]);
    const { html } = await page(shopper.browser, "/account?tab=orders");
    expect(html).toContain(`href="/account/orders/${orderId}"`);
    expect(html).toContain(`>${orderId.slice("order_".length, "order_".length + 8)}...<span class="sr-only"> (order ${orderId})</span></a>`);
    expect(html).toMatch(/bg-amber-100[^"]*">pending</);
    // £15.00 rental + £3.99 delivery.
    expect(html).toContain("£18.99");
  });

  it("shows the order's items, option, prices, delivery fee, addresses and status history", async () => {
    const shopper = await signedInBrowser("shopper");
    const owner = await createUser();
    const coat = await createProduct(owner.id, { name: `History Coat ${unique()}`, rentalPrice: 1500, buyingPrice: 12000 });
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
    expect(html).toMatch(/processing → <strong>delivered<\/strong> \(by Closetloop\)|pending → <strong>delivered<\/strong> \(by Closetloop\)/);
    expect(html).toContain("7 days left");
    expect(html).toMatch(/Return or buy by \w{3} \d{1,2} \w{3}/);
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
    const coat = await createProduct(owner.id, { name: `Window Coat ${unique()}`, rentalPrice: 1500, buyingPrice: 12000 });
    const { orderId, items } = await placeOrder(shopper, [{ productId: coat.id, option: "rental" }]);
    await deliver(orderId);
    return { shopper, orderId, itemId: items[0]!.id, coat };
  }
  const money = (orderId: string) => env.DB.prepare("SELECT transaction_type AS type, gross_amount AS gross FROM transactions WHERE order_id = ? ORDER BY transaction_type").bind(orderId).all().then((r) => r.results);

  it("Buy it now: bought once at the buying price, even when the form is sent twice", async () => {
    const { shopper, orderId, itemId, coat } = await rental();
    const form = { intent: "buy_now", itemId };
    const [first, second] = await Promise.all([shopper.browser.post(`/account/orders/${orderId}`, form), shopper.browser.post(`/account/orders/${orderId}`, form)]);
    expect(first.headers.get("location")).toBe(`/account/orders/${orderId}`);
    expect(second.headers.get("location")).toBe(`/account/orders/${orderId}`);
    const next = await follow(shopper.browser, first);
    expect(next.html).toContain("Purchase confirmed");
    expect(next.html).toContain(`${coat.name} is yours to keep for £120.00.`);
    expect(next.html).not.toContain("days left");
    expect(await money(orderId)).toEqual([{ type: "rental_fee", gross: 1500 }, { type: "rental_purchase", gross: 12000 }]);
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
    expect(next.html).toContain(`Write your order reference, ${orderId}, on a note inside and on the parcel.`);
    // Back to the seller's own return address, by a date (issue 22).
    expect(next.html).toContain("2 Return Lane");
    expect(next.html).toMatch(/Post it by [A-Z][a-z]+day \d+ [A-Z][a-z]+ to:/);
    expect((await env.DB.prepare("SELECT status FROM order_items WHERE id = ?").bind(itemId).first())!.status).toBe("return_requested");
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
    await env.DB.prepare("UPDATE order_items SET rental_ends_at = ? WHERE id = ?").bind(Date.now() - DAY, late.itemId).run();
    const before2 = await databaseFingerprint();
    const response = await late.shopper.browser.post(`/account/orders/${late.orderId}`, { intent: "buy_now", itemId: late.itemId });
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
    expect((await page(shopper.browser, `/account/orders/${orderId}`)).html).toContain(`aria-label="Review ${coat.name}"`);
    const before = await pagesVersion();
    const response = await shopper.browser.post(`/account/orders/${orderId}`, { intent: "review", itemId, rating: "4", comment: "Lovely wool, kept me warm." });
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
    expect(profile).toMatch(/>1(<!-- -->)? review(<!-- -->)?</);
    expect(await env.DB.prepare("SELECT reviewer_id, reviewed_user_id, product_id, order_item_id FROM reviews WHERE order_item_id = ?").bind(itemId).first()).toEqual({
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
    ["a 2,001-character comment", { rating: "5", comment: "x".repeat(2001) }, "Comment must be at most 2,000 characters"],
  ])("refuses %s with a clear message and writes nothing", async (_label, fields, message) => {
    const { shopper, orderId, itemId } = await returned();
    const before = await databaseFingerprint();
    const response = await shopper.browser.post(`/account/orders/${orderId}`, { intent: "review", itemId, ...fields });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
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
    const early = await other.browser.post(`/account/orders/${order.orderId}`, { intent: "review", itemId: order.items[0]!.id, rating: "5" });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("You can review an item once it has been delivered");
  });
});

describe("Products", () => {
  it("tells a non-vendor they need vendor access, and offers Start selling (issue 27 item 7)", async () => {
    const { browser } = await signedInBrowser("shopper");
    const { html } = await page(browser, "/account?tab=products");
    expect(html).toContain("You need vendor access to manage products");
    expect(html).toContain('href="/account/start-selling"');
  });

  it("tells staff who cannot start selling here to contact an administrator", async () => {
    const legacy = await signedInBrowser("shopper");
    await env.DB.prepare("INSERT INTO user_roles (user_id, role, assigned_at) VALUES (?, 'admin', 0)").bind(legacy.id).run();
    const { html } = await page(legacy.browser, "/account?tab=products");
    expect(html).toContain("Contact an administrator to get vendor access");
    expect(html).not.toContain('href="/account/start-selling"');
  });

  it("lists a vendor's products with their price status, status and date, a placeholder for a missing image, and Manage Products", async () => {
    const vendor = await signedInBrowser("vendor");
    expect((await page(vendor.browser, "/account?tab=products")).html).toContain("You haven&#x27;t created any products yet");
    // Rental 15% of buying, buying 50% of original for Almost New (40-55%): fair.
    await createProduct(vendor.id, { name: "Fair Coat", rentalPrice: 1500, buyingPrice: 10000 });
    // Rental 30% of buying: too high.
    await createProduct(vendor.id, { name: "Pricey Coat", rentalPrice: 3000, buyingPrice: 10000, images: [], productStatus: "pending" });
    const { html } = await page(vendor.browser, "/account?tab=products");
    expect(html).toContain('href="/vendor?tab=products"');
    expect(html).toContain("Manage Products");
    expect(html).toMatch(/Fair Coat<\/td><td[^>]*><span[^>]*>No Action Required</);
    expect(html).toMatch(/Pricey Coat<\/td><td[^>]*><span[^>]*>Review Price</);
    expect(html).toMatch(/No image<\/div><\/td><td[^>]*>Pricey Coat/);
    expect(html).toContain(">Review: approved<");
    expect(html).toContain(">Review: pending<");
  });
});

describe("cookie settings can be reopened after a choice", () => {
  it("the footer and the cookie policy link to the settings; with a choice made, the dialog opens as a page with the current choice", async () => {
    const browser = new Browser();
    const policy = (await page(browser, "/cookie-policy")).html;
    expect(policy).toMatch(/href="\/cookie-policy\?cookies=customize"[^>]*>Cookie settings</);
    const accepted = await browser.post("/consent", { intent: "save", analytics: "on", returnTo: "/" });
    expect(accepted.status).toBe(302);
    const home = (await page(browser, "/")).html;
    expect(home).not.toContain("Cookie preferences");
    expect(home).toMatch(/href="\/\?cookies=customize"[^>]*>Cookie settings</);
    const settings = (await page(browser, "/?cookies=customize")).html;
    expect(settings).toContain("Cookie preferences");
    expect(settings).toMatch(/<input type="checkbox"[^>]*name="analytics"[^>]*checked=""/);
    expect(settings).not.toMatch(/<input type="checkbox"[^>]*name="marketing"[^>]*checked=""/);
    // Withdrawing consent is one post, like giving it.
    await browser.post("/consent", { intent: "reject_non_essential", returnTo: "/" });
    expect((await page(browser, "/?cookies=customize")).html).not.toMatch(/<input type="checkbox"[^>]*name="analytics"[^>]*checked=""/);
  });

  it("a Do Not Track visitor, never asked, can still open the settings and opt in", async () => {
    const browser = new Browser();
    const html = await (await browser.fetch("/?cookies=customize", { headers: { dnt: "1" } })).text();
    expect(html).toContain("Cookie preferences");
    expect(html).toContain("Save Preferences");
  });
});
