import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, login, outboxLink } from "./fixtures";

test("the home page shows seeded new items", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Rent Now, Buy Later");
  const newItems = page.getByRole("region", { name: "New Items" });
  await expect(newItems.getByRole("article").first()).toBeVisible();
  expect(await newItems.getByRole("article").count()).toBeGreaterThanOrEqual(4);
  await expect(newItems.getByRole("article").first()).toContainText("£");
  await expect(page.getByRole("link", { name: "Join Now" })).toHaveAttribute("href", "/auth");
});

test("an unknown path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("the header search submits to /all-products", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search for items..." }).fill("wool coat");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/all-products\?search=wool\+coat/);
});

test.describe("cookie consent", () => {
  const bar = (page: Page) => page.getByRole("region", { name: "Cookie consent" });
  /** Clicks and waits until the server has stored the choice (the bar hides before that with JavaScript). */
  const choose = async (page: Page, button: Locator) => {
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/consent") && r.request().method() === "POST"),
      button.click(),
    ]);
  };

  test("Accept All hides the bar and the choice survives a reload", async ({ page, context }) => {
    await page.goto("/");
    await choose(page, bar(page).getByRole("button", { name: "Accept All" }));
    await expect(bar(page)).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(bar(page)).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === "cl_consent");
    const stored = JSON.parse(Buffer.from(decodeURIComponent(cookie!.value), "base64").toString());
    expect(stored).toMatchObject({ necessary: true, analytics: true, marketing: true, preferences: true });
  });

  test("Reject Non-Essential hides the bar and survives a reload", async ({ page }) => {
    await page.goto("/");
    await choose(page, bar(page).getByRole("button", { name: "Reject Non-Essential" }));
    await expect(bar(page)).toBeHidden();
    await page.reload();
    await expect(bar(page)).toBeHidden();
  });

  test("a toast stands above the bar, never over its buttons, and fades away", async ({ page }) => {
    // Signing in through the form ends on home with the server's 'Welcome back!' toast.
    await login(page, DEMO.shopper, undefined, "/", { form: true });
    const toast = page.getByRole("status").filter({ hasText: "Welcome back!" });
    await expect(toast).toBeVisible();
    await expect(bar(page)).toBeVisible();
    const [toastBox, barBox] = [await toast.boundingBox(), await bar(page).boundingBox()];
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(barBox!.y);
    // Its fade-out (6 s, with or without JavaScript), run to its end: nothing is left over the page.
    await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => (a as CSSAnimation).animationName === "toast-out")
        .forEach((a) => a.finish()),
    );
    await expect(toast).toBeHidden();
    await choose(page, bar(page).getByRole("button", { name: "Reject Non-Essential" }));
    await expect(bar(page)).toBeHidden();
  });

  test("Customize saves the chosen toggles", async ({ page }) => {
    await page.goto("/");
    await bar(page).getByRole("button", { name: "Customize" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: /Necessary/ })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: /Necessary/ })).toBeDisabled();
    await dialog.getByRole("checkbox", { name: /Analytics/ }).check();
    await choose(page, dialog.getByRole("button", { name: "Save Preferences" }));
    await expect(bar(page)).toBeHidden();
    await page.reload();
    await expect(bar(page)).toBeHidden();
  });
});

test.describe("newsletter", () => {
  test("explains an empty and a malformed address at the field", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    await page.getByRole("textbox", { name: "Sign up for our newsletter" }).fill("not-an-email");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  });

  test("subscribes a valid address", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("textbox", { name: "Sign up for our newsletter" }).fill(`e2e-${Date.now()}@example.test`);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Successfully subscribed to our newsletter!")).toBeVisible();
    // Confirmed once: a toast with JavaScript, the page's own message without it (issue 24).
    await expect(page.getByText("Successfully subscribed to our newsletter!")).toHaveCount(1);
  });

  test("a subscriber unsubscribes from the welcome e-mail's link, signed out", async ({ page, browser }) => {
    const email = `reader-${Date.now()}-${Math.floor(Math.random() * 1000)}@example.test`;
    await page.goto("/");
    await page.getByRole("textbox", { name: "Sign up for our newsletter" }).fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Successfully subscribed to our newsletter!").first()).toBeVisible();
    // The welcome e-mail (issue 23) carries a one-click unsubscribe link.
    const link = await outboxLink(browser, email, "Welcome to the Closetloop newsletter", /\/unsubscribe\?token=/);
    expect(link).not.toBeNull();
    await page.goto(link!);
    await expect(page.getByText("Stop receiving marketing e-mails from Closetloop?")).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText("You are unsubscribed from marketing e-mails.")).toBeVisible();
  });
});
