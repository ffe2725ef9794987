import { expect, test } from "@playwright/test";
import { DEMO, login, openAvatarMenu } from "./fixtures";

test("sign up, verify from the local outbox, sign in, see the avatar menu, sign out", async ({ page }) => {
  const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1000)}@example.test`;
  await page.goto("/auth?tab=signup");
  const form = page.getByRole("form", { name: "Create a user account" });
  await form.getByLabel("Full name").fill("Edith Example");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel(/^Password/).fill("secret-pass");
  await form.getByLabel("Confirm password").fill("secret-pass");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created!")).toBeVisible();
  // The sign-in form starts with the new account's address (decision 0069), with and without JavaScript.
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);

  // The verification e-mail arrives in the local outbox through the queue.
  const message = page
    .getByRole("listitem")
    .filter({ hasText: `To: ${email}` })
    .filter({ hasText: "Verify your Closetloop account" });
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(message).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await message.getByRole("link", { name: /\/auth\/verify\?token=/ }).click();
  await expect(page.getByText("Email verified")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);

  await login(page, email, "secret-pass");
  const menu = await openAvatarMenu(page);
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByRole("link", { name: "Manage Account" })).toBeVisible();
  await menu.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  await page.goto("/auth");
  const form = page.getByRole("region", { name: "Sign In" });
  await form.getByLabel("Email").fill(DEMO.shopper);
  await form.getByLabel("Password").fill("not-the-password");
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(form.getByRole("alert")).toContainText("Invalid email or password");
});

test("a store submits a request", async ({ page }) => {
  await page.goto("/auth?tab=signup");
  await page.getByRole("radio", { name: "Store" }).check();
  const form = page.getByRole("form", { name: "Request a store account" });
  await form.getByLabel("Contact name").fill("Priya Shopkeeper");
  await form.getByLabel("Store name").fill("Rails of Brick Lane");
  await form.getByLabel("Store address").fill("1 Brick Lane, London");
  await form.getByLabel("Contact email").fill(`store-${Date.now()}@example.test`);
  await form.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Store request submitted!")).toBeVisible();
});

test("a guarded page sends a visitor to sign in and back", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount/);
  // Through the form (not a session kept from another test): signing in is what brings them back.
  await login(page, DEMO.vendor, undefined, "/account", { form: true });
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Account Management" })).toBeVisible();
});
