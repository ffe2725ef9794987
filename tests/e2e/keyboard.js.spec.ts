import { expect, test } from "@playwright/test";
import { DEMO, headerHydrated, login, openBuyableProduct, ownAccount } from "./fixtures";

test("the cookie dialog opens, traps focus and closes with the keyboard", async ({ page }) => {
  await page.goto("/");
  const customize = page.getByRole("button", { name: "Customize" });
  await customize.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the avatar menu opens with the keyboard", async ({ page }) => {
  await login(page, DEMO.vendor);
  const summary = page.getByTestId("avatar-menu").locator("summary");
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "Seller Dashboard" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Manage Account" })).toBeFocused();
});

test("the basket drawer opens from the header, lists the basket and closes with Escape", async ({ page }, info) => {
  // A basket of its own (emptied by every seed): other specs fill and empty theirs meanwhile.
  await login(page, ownAccount("keyboard", info));
  await openBuyableProduct(page);
  // Added from the keyboard, the focus stays on the button (a disabled button would drop it to the page).
  const add = page.getByRole("button", { name: "ADD TO BASKET" });
  await add.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Item added to cart").first()).toBeVisible();
  await expect(add).toBeFocused();
  // Once the header hydrated, the link opens the drawer.
  const basket = await headerHydrated(page);
  await basket.focus();
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: /Shopping Basket \(\d+ items?\)/ });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(/Delivery \(\d+ handlers?\)/)).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Go To Checkout" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/\/cart$/);
  // Focus goes back to the basket link that opened it.
  await expect(basket).toBeFocused();

  // A refused checkout puts focus on the first field it marks.
  await page.goto("/cart");
  await page.getByLabel("Full Name").first().fill("");
  await page.getByRole("button", { name: "Complete Order" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByLabel("Full Name").first()).toBeFocused();
});

test("gallery thumbnails and the accordion work from the keyboard", async ({ page }) => {
  await page.goto("/product/prod_000002");
  const thumbs = page.getByRole("list", { name: "Choose an image" });
  await expect(thumbs).toBeVisible();
  await thumbs.getByRole("link", { name: "Show image 2" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#image-2$/);
  const details = page.locator("details").filter({ hasText: /^THE BEST MEMORY/ });
  await details.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(details).toHaveAttribute("open", "");
});

test("every refused form takes the keyboard to the first field it marks: sign-up, for one", async ({ page }) => {
  await page.goto("/auth?tab=signup");
  const form = page.getByRole("form", { name: "Create a user account" });
  await form.getByLabel("Full name").fill("Key Board");
  await form.getByLabel("Email").fill(`keyboard-${Date.now()}@example.test`);
  await form.getByRole("textbox", { name: "Password", exact: true }).fill("secret1");
  await form.getByLabel("Confirm password").fill("secret2");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(form.getByText("Passwords do not match")).toBeVisible();
  await expect(form.getByLabel("Confirm password")).toBeFocused();
});

// The Rent / Buy choice is two radios drawn as cards: the focused one shows a ring (decision 0068).
test("the Rent / Buy choice shows where the keyboard is", async ({ page }) => {
  await openBuyableProduct(page);
  const rent = page.getByRole("radio", { name: /Rent Now Buy Later/ });
  await rent.focus();
  await page.keyboard.press("ArrowRight");
  const buy = page.getByRole("radio", { name: /Buy Now/ });
  await expect(buy).toBeFocused();
  const ring = await buy.evaluate((input) => getComputedStyle(input.closest("label")!).outlineStyle);
  expect(ring).not.toBe("none");
});
