import { expect, test } from "@playwright/test";
import { choosePhotos, fillProduct, login } from "./fixtures";

// Start selling (issue 27 item 7), with JavaScript on and off: a verified shopper who does not sell
// yet (one per browser project, tests/e2e/seed/70-start-selling.mjs) starts selling from their
// account's Products tab and lists an item.

test("a new user starts selling from their account and lists an item", async ({ page }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  await login(
    page,
    js ? "starter-js@closetloop.test" : "starter-nojs@closetloop.test",
    undefined,
    "/account?tab=products",
  );
  await expect(page.getByText("You need vendor access to manage products")).toBeVisible();
  await page.getByRole("link", { name: "Start selling" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Start selling" })).toBeVisible();
  const form = page.getByRole("form", { name: "Start selling" });
  // Without the terms: the message, at the box, and nothing else lost.
  const name = `Starter${js ? "Js" : "NoJs"}${Date.now().toString(36)}`;
  await form.getByLabel("Display name").fill(name);
  await form.getByRole("textbox", { name: /^Name/ }).fill("Stella Starter");
  await form.getByLabel("Address line 1").fill("5 Market Street");
  await form.getByLabel("City").fill("York");
  await form.getByLabel("Postal code").fill("YO1 8AA");
  await form.getByRole("button", { name: "Start selling" }).click();
  await expect(page.getByText("Please accept the seller terms to start selling").first()).toBeVisible();
  await expect(form.getByLabel("Display name")).toHaveValue(name);

  await form.getByLabel(/I have read and accept the seller terms/).check();
  await form.getByRole("button", { name: "Start selling" }).click();
  await expect(page).toHaveURL(/\/vendor$/);
  await expect(page.getByRole("heading", { level: 1, name: "Seller Dashboard" })).toBeVisible();
  await expect(page.getByText("You can now sell on Closetloop")).toBeVisible();

  await page.getByRole("link", { name: "Add Product" }).click();
  const item = `First Coat ${Date.now().toString(36)}`;
  const upload = await fillProduct(page, item);
  await choosePhotos(upload, ["front.png"]);
  await upload.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText("Product created successfully")).toBeVisible();
  await expect(page.getByTestId("seller-product").filter({ hasText: item })).toContainText("pending");
});
