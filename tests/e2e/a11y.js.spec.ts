import { expect, test } from "@playwright/test";
import { DEMO, expectNoAxeViolations, headerHydrated, login, openBuyableProduct, ownAccount } from "./fixtures";

// Every test here is independent (pages read as they are; the filled cart is an account's own):
// they may be spread over the workers, as the longest file of the suite.
test.describe.configure({ mode: "parallel" });

const PUBLIC_PAGES = [
  "/",
  "/all-products",
  "/all-products?search=coat",
  "/all-products?tag=wool&category=Coats",
  "/women",
  "/all-brands",
  "/brand/Ganni",
  "/categories/coats",
  "/product/prod_000001",
  "/store/store_kensington",
  "/VintageVera",
  "/auth",
  "/auth?tab=signup",
  "/auth/forgot",
  "/privacy-policy",
  "/cookie-policy",
  "/pages/about_us",
  "/pages/contact",
  "/blog/post_1",
  "/favorites",
  "/cart",
  "/no-such-page",
  "/?cookies=customize",
];

for (const path of PUBLIC_PAGES) {
  test(`no accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolations(page);
  });
}

test("no accessibility violations on signed-in pages", async ({ page }) => {
  // Ten pages, some of them dashboards with tables of forms: axe takes a few seconds on each, and
  // 7–12 s a page in a fresh-clone CI run whose browser phase shared the 2 cores with the jobs test
  // (60 s was not enough there: 2026-11-29).
  test.setTimeout(150_000);
  await login(page, DEMO.admin);
  for (const path of [
    "/account",
    "/account/notifications",
    "/vendor",
    "/vendor/product/prod_000001/edit",
    "/store",
    "/store/product/prod_000004/edit",
    "/admin",
    "/admin/blog/new",
    "/cart",
    "/favorites",
  ]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});

test("no accessibility violations on the account's tabs and an order page", async ({ page }) => {
  // Five pages, each analysed by axe: more than one page's time on a busy machine.
  test.slow();
  // An address of its own: sign-in is rate limited per address, and the suite signs in often.
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": "10.214.0.1" });
  // Staff who handle orders may open the demo shopper's order.
  await login(page, DEMO.admin);
  for (const path of [
    "/account?tab=profile",
    "/account?tab=security",
    "/account?tab=orders",
    "/account?tab=products",
    "/account/orders/order_demo_window",
  ]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});

test("no accessibility violations on the admin tabs and the Access Denied page", async ({ page }) => {
  // Seven pages of tables of forms: axe needs several seconds on each.
  test.setTimeout(120_000);
  await login(page, "superadmin@closetloop.test");
  for (const path of [
    "/admin/orders",
    "/admin/products?status=pending",
    "/admin/stores",
    "/admin/users",
    "/admin/roles",
    "/admin/financial",
    "/admin/brand-review",
  ]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
  // A rejection's reason form, opened (issue 24, item 8).
  await page.goto("/admin/products?status=pending");
  await page.getByText("Reject…").first().click();
  await expectNoAxeViolations(page);
  await page.context().clearCookies();
  await login(page, DEMO.shopper);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("no accessibility violations on a filled cart and the open basket drawer", async ({ page }, info) => {
  // A basket of its own: other specs fill and empty theirs at the same time.
  await login(page, ownAccount("a11y", info));
  await openBuyableProduct(page);
  await page.getByRole("button", { name: "ADD TO BASKET" }).click();
  await expect(page.getByText("Item added to cart").first()).toBeVisible();
  // Once the header hydrated, the link opens the drawer.
  await (await headerHydrated(page)).click();
  await expect(page.getByRole("dialog", { name: /Shopping Basket/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  await expectNoAxeViolations(page);
  // Leave the basket as it was.
  await page
    .getByRole("button", { name: /^Remove / })
    .first()
    .click();
  await expect(page.getByText("Item removed").first()).toBeVisible();
});

test("no accessibility violations on the store dashboard's tabs and the store-side edit", async ({ page }) => {
  // Six pages, each analysed by axe.
  test.slow();
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": "10.217.0.1" });
  await login(page, DEMO.store);
  for (const path of [
    "/store",
    "/store?tab=requests",
    "/store?tab=products",
    "/store?tab=orders",
    "/store?tab=settings",
    "/store/product/prod_000009/edit",
  ]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});
