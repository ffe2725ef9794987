import { expect, test } from "@playwright/test";
import { DEMO, login, openBuyableProduct, ownAccount, ownItem, payOnLocalPage } from "./fixtures";

test("browse: home → category → filters → product → gallery → accordion", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("region", { name: "Shop by Category" }).getByRole("link", { name: /Coats/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Coats" })).toBeVisible();
  const count = page.getByText(/\d+ products? found/);
  await expect(count).toBeVisible();

  const filters = page.getByRole("form", { name: "Filter products" });
  await filters.getByRole("checkbox", { name: "Women" }).check();
  await filters.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/type=Women/);
  await expect(page.getByRole("checkbox", { name: "Women" })).toBeChecked();

  await page.getByRole("region", { name: "Products" }).getByRole("article").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/product\//);
  const thumbs = page.getByRole("list", { name: "Choose an image" });
  if (await thumbs.isVisible()) {
    await thumbs.getByRole("link", { name: "Show image 2" }).click();
    await expect(page).toHaveURL(/#image-2$/);
  }
  const comments = page.locator("details").filter({ hasText: /^COMMENTS/ });
  await comments.locator("summary").click();
  await expect(comments).toHaveAttribute("open", "");
});

test("search from the header finds items by prefix", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search for items..." }).fill("jack");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/search=jack/);
  await expect(page.getByText(/[1-9]\d* products? found/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Products" }).getByRole("article").first()).toContainText(/Jacket/i);
});

test("basket and checkout: add as rental, switch to Buy Now, complete the order", async ({ page }, info) => {
  // A shopper and an item of this spec's own (tests/e2e/seed), which every seed puts back on sale:
  // other specs fill baskets and order at the same time.
  await login(page, ownAccount("shopping", info));
  await page.goto("/cart");
  if (await page.getByRole("button", { name: "Clear cart" }).count())
    await page.getByRole("button", { name: "Clear cart" }).click();
  await expect(page.getByText("Your cart is empty")).toBeVisible();

  const href = ownItem("shop", info);
  await page.goto(href);
  const name = await page.getByRole("heading", { level: 1 }).textContent();
  await expect(page.getByText("You have 7 days from delivery before paying the Buy Now price")).toBeVisible();
  await page.getByRole("button", { name: "ADD TO BASKET" }).click();
  await expect(page.getByText("Item added to cart").first()).toBeVisible();

  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Cart Items (1)" })).toBeVisible();
  const option = page.getByRole("combobox", { name: /Purchase option for/ });
  await option.selectOption("purchase");
  if (await page.getByRole("button", { name: "Update" }).count())
    await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Switched to purchase option").first()).toBeVisible();
  await expect(page.getByText("Delivery (1 handler)")).toBeVisible();

  await page.getByLabel("Full Name").first().fill("Sam Shopper");
  await page.getByLabel("Address Line 1").first().fill("1 Test Street");
  await page.getByLabel("City").first().fill("London");
  await page.getByLabel("Postal Code").first().fill("N1 1AA");
  await page.getByRole("button", { name: "Complete Order" }).click();
  await payOnLocalPage(page);
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  // The order's own page is its confirmation (issue 22).
  await expect(page).toHaveURL(/\/account\/orders\/order_[0-9A-Z]+\?placed=1$/);
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByText(`Purchase: ${name}`)).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();

  const response = await page.goto(href);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Product not found")).toBeVisible();
  expect(name).toBeTruthy();
});

test("favorites: the heart saves an item and /favorites lists it", async ({ page }, info) => {
  // Favorites of this spec's own shopper: the js and no-js runs may press the same heart at once.
  await login(page, ownAccount("shopping", info));
  const href = await openBuyableProduct(page);
  const heart = page.getByRole("button", { name: /favorites/ });
  if ((await heart.getAttribute("aria-pressed")) === "true") {
    await heart.click();
    await expect(page.getByRole("button", { name: "Save to favorites" })).toBeVisible();
  }
  await page.getByRole("button", { name: "Save to favorites" }).click();
  await expect(page.getByRole("button", { name: "Remove from favorites" })).toBeVisible();
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!;

  await page.goto("/favorites");
  await expect(page.getByRole("heading", { name: "My Favorites" })).toBeVisible();
  await expect(
    page
      .getByRole("article")
      .filter({ hasText: new RegExp(name, "i") })
      .first(),
  ).toBeVisible();

  await page.goto(href);
  await page.getByRole("button", { name: "Remove from favorites" }).click();
  await expect(page.getByRole("button", { name: "Save to favorites" })).toBeVisible();
});

test("a signed-out shopper who adds to the basket signs in and comes back to the product", async ({ page }) => {
  const href = await openBuyableProduct(page);
  await page.getByRole("button", { name: "ADD TO BASKET" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  const form = page.getByRole("region", { name: "Sign In" });
  await form.getByLabel("Email").fill(DEMO.store);
  await form.getByLabel("Password").fill("closetloop-demo");
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});
