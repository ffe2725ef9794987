import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createProduct, createUser } from "./factories";
import { Browser } from "./http";
import { deliver, placeOrder } from "./orders";
import { signedInBrowser, page } from "./account-fixtures";

// Account management (issue 13; seller-store-admin.md §2, §5, §8): the /account page, its tabs
// and summary, the Products tab, and the cookie settings, through the Worker's own fetch. The
// profile forms have account-profile.test.ts; orders, rentals and reviews account-orders.test.ts.

describe("the account page", () => {
  it("has the heading, the subtitle and five tabs, each a URL that works without JavaScript", async () => {
    const { browser } = await signedInBrowser("shopper");
    const { status, html } = await page(browser, "/account");
    expect(status).toBe(200);
    expect(html).toContain("Account Management");
    expect(html).toContain("Manage your account settings and view your activity");
    for (const [tab, label] of [
      ["summary", "Summary"],
      ["profile", "Profile"],
      ["security", "Security"],
      ["orders", "My Orders"],
      ["products", "Products"],
    ]) {
      expect(html).toContain(`href="/account?tab=${tab}"`);
      expect(html).toContain(`>${label}</a>`);
    }
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/account\?tab=summary"|<a[^>]*href="\/account\?tab=summary"[^>]*aria-current="page"/,
    );
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
    expect(html).toMatch(
      /Total Sales<\/p><p[^>]*>£120\.00<\/p><p[^>]*>Revenue generated: what shoppers paid for your items/,
    );
    expect(html).toMatch(/Products<\/p><p[^>]*>2<\/p><p[^>]*>Listed products/);
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
    await env.DB.prepare("INSERT INTO user_roles (user_id, role, assigned_at) VALUES (?, 'admin', 0)")
      .bind(legacy.id)
      .run();
    const { html } = await page(legacy.browser, "/account?tab=products");
    expect(html).toContain("Contact an administrator to get vendor access");
    expect(html).not.toContain('href="/account/start-selling"');
  });

  it("lists a vendor's products with their price status, status and date, a placeholder for a missing image, and Manage Products", async () => {
    const vendor = await signedInBrowser("vendor");
    expect((await page(vendor.browser, "/account?tab=products")).html).toContain(
      "You haven&#x27;t created any products yet",
    );
    // Rental 15% of buying, buying 50% of original for Almost New (40-55%): fair.
    await createProduct(vendor.id, { name: "Fair Coat", rentalPrice: 1500, buyingPrice: 10000 });
    // Rental 30% of buying: too high.
    await createProduct(vendor.id, {
      name: "Pricey Coat",
      rentalPrice: 3000,
      buyingPrice: 10000,
      images: [],
      productStatus: "pending",
    });
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
    expect((await page(browser, "/?cookies=customize")).html).not.toMatch(
      /<input type="checkbox"[^>]*name="analytics"[^>]*checked=""/,
    );
  });

  it("a Do Not Track visitor, never asked, can still open the settings and opt in", async () => {
    const browser = new Browser();
    const html = await (await browser.fetch("/?cookies=customize", { headers: { dnt: "1" } })).text();
    expect(html).toContain("Cookie preferences");
    expect(html).toContain("Save Preferences");
  });
});
