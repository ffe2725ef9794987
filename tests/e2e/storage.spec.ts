import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "./fixtures";

// Issue 41 item 8 (decision 0072): when storage fails, pages and forms answer the site's own error
// page with 503 and Retry-After, and nothing is half-done. The failure is development's switch: a
// cookie the Worker honours only in development and from this machine (as /dev/payments), which
// makes the request's D1 fail (services/dev-failures.server.ts). So these tests send no
// cf-connecting-ip of their own (fixtures' ownAddress would make them another machine).

const SWITCH = "closetloop_dev_fail";
const failStorage = (context: BrowserContext, baseURL: string, which = "d1") =>
  context.addCookies([{ name: SWITCH, value: which, url: baseURL }]);
const restoreStorage = (context: BrowserContext) => context.clearCookies({ name: SWITCH });

async function expectErrorPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "We could not do that just now" })).toBeVisible();
  await expect(
    page.getByText(
      "Part of Closetloop is not answering at the moment, so nothing was changed. Please try again in a minute.",
    ),
  ).toBeVisible();
  // The site's own page: its header and footer, and a way on.
  await expect(page.getByRole("link", { name: "Closetloop" }).first()).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
  await expect(page.getByText("Internal Server Error")).toHaveCount(0);
}

test("a page whose storage fails shows the site's error page with 503 and Retry-After; Try again works once it is back", async ({
  page,
  context,
  baseURL,
}) => {
  await failStorage(context, baseURL!);
  const response = await page.goto("/all-products?search=coat");
  expect(response?.status()).toBe(503);
  expect(response?.headers()["retry-after"]).toBe("30");
  expect(response?.headers()["x-request-id"]).toBeTruthy();
  await expectErrorPage(page);
  await restoreStorage(context);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "We could not do that just now" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/all-products\?search=coat/);
});

test("a form sent while storage fails shows the error page and does nothing: the sign-in did not happen", async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto("/auth");
  const signIn = page.getByRole("region", { name: "Sign In" });
  await signIn.getByLabel("Email").fill(DEMO.shopper);
  await signIn.getByLabel("Password").fill(DEMO_PASSWORD);
  await failStorage(context, baseURL!);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expectErrorPage(page);
  await restoreStorage(context);
  // Nothing was done: still signed out.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByTestId("avatar-menu")).toHaveCount(0);
});
