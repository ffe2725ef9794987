import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "closetloop-demo";
export const DEMO = {
  shopper: "shopper@closetloop.test",
  vendor: "vendor@closetloop.test",
  store: "store@closetloop.test",
  admin: "admin@closetloop.test",
} as const;

/** Signs in through the real form, as a person would. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD, redirectTo = "/") {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  const form = page.getByRole("region", { name: "Sign In" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByTestId("avatar-menu")).toBeVisible();
}

/** Opens the avatar menu (a <details> element, so it works without JavaScript too). */
export async function openAvatarMenu(page: Page) {
  const menu = page.getByTestId("avatar-menu");
  await menu.locator("summary").click();
  return menu;
}
