import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, login, ownAddress } from "./fixtures";

// JavaScript only: the admin Users list reloads when its window regains focus (DECISIONS.md,
// Staff), in place of the spec's realtime channel.

test("the Users list shows another admin's change when the window regains focus", async ({ page, browser }) => {
  test.setTimeout(60_000);
  // A fresh account to change, made through the public sign-up form.
  const email = `e2e-focus-${Date.now()}-${Math.floor(Math.random() * 1000)}@example.test`;
  await ownAddress(page);
  await page.goto("/auth?tab=signup");
  const form = page.getByRole("form", { name: "Create a user account" });
  await form.getByLabel("Full name").fill("Fay Focus");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel(/^Password/).fill("secret-pass");
  await form.getByLabel("Confirm password").fill("secret-pass");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created!")).toBeVisible();

  await login(page, "superadmin@closetloop.test", DEMO_PASSWORD, `/admin/users?q=${encodeURIComponent(email)}`);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("cell", { name: "Shopper", exact: true })).toBeVisible();

  // Meanwhile another admin makes them customer support.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await login(otherPage, "admin@closetloop.test", DEMO_PASSWORD, `/admin/users?q=${encodeURIComponent(email)}`);
  const theirRow = otherPage.getByRole("row").filter({ hasText: email });
  await theirRow.getByRole("combobox", { name: "Admin role of Fay Focus" }).selectOption("customer_support");
  await theirRow.getByRole("button", { name: "Save admin role of Fay Focus" }).click();
  await expect(otherPage.getByText("Admin role assigned successfully")).toBeVisible();
  await other.close();

  // The first window still shows the old roles until it regains focus.
  await expect(row.getByRole("cell", { name: "Shopper", exact: true })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(row.getByRole("cell", { name: "Customer Support, Vendor", exact: true })).toBeVisible();
});

test("an order past delivery offers no status changes, since each would be refused (issue 46 item 4)", async ({
  page,
}) => {
  await login(page, "superadmin@closetloop.test", DEMO_PASSWORD, "/admin/orders?q=order_demo_bought");
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: /^Order #[0-9A-HJKMNP-TV-Z]{8}$/ }) })
    .first();
  await expect(row).toBeVisible();
  await expect(row.getByRole("combobox")).toHaveCount(0);
  await expect(row.getByRole("button", { name: /^Save status/ })).toHaveCount(0);
});
