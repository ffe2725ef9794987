import { expect, test } from "@playwright/test";
import { errorsOf, login, openAvatarMenu, openBuyableProduct, ownAccount } from "./fixtures";

// Issue 17, item 2 (docs/decisions/0039-stitched-personal-pages.md): a signed-in shopper's
// product and listing pages are the shared pages with their header and heart stitched in. With
// JavaScript, React must hydrate that markup without a mismatch (it would log an error and
// render the page again), and the shopper's parts must stay theirs until a loader answers again.

test("a signed-in shopper's shared pages show their header, heart and call to action, and keep them", async ({
  page,
  javaScriptEnabled,
}, info) => {
  const errors = errorsOf(page);
  // A shopper of this spec's own (tests/e2e/seed/80-own-accounts.mjs): the js and no-js runs may
  // press the same item's heart at the same time, and it signs out at the end.
  const shopper = ownAccount("pages", info);
  await login(page, shopper);
  // Home's call to action is personal too.
  const home = await page.goto("/");
  expect(home?.headers()["x-page-cache"]).toMatch(/^stitched-/);
  await expect(page.getByRole("link", { name: "Start Shopping" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Join Now" })).toHaveCount(0);
  const href = await openBuyableProduct(page);

  const response = await page.goto(href);
  expect(response?.headers()["x-page-cache"]).toMatch(/^stitched-/);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  const menu = await openAvatarMenu(page);
  await expect(menu.getByText(shopper)).toBeVisible();
  await menu.locator("summary").click();

  // The heart is this shopper's, before and after a full reload of the shared page.
  const heart = page.getByRole("button", { name: /Save to favorites|Remove from favorites/ });
  const before = await heart.getAttribute("aria-pressed");
  await heart.click();
  const after = before === "true" ? "false" : "true";
  await expect(
    page.getByRole("button", { name: after === "true" ? "Remove from favorites" : "Save to favorites" }),
  ).toHaveAttribute("aria-pressed", after);
  // The toast is shown (its cookie ends then; a request with a toast to show is rendered for it).
  await expect(
    page.getByText(after === "true" ? "Added to favorites" : "Removed from favorites").first(),
  ).toBeVisible();
  const reloaded = await page.goto(href);
  expect(reloaded?.headers()["x-page-cache"]).toMatch(/^stitched-/);
  await expect(
    page.getByRole("button", { name: after === "true" ? "Remove from favorites" : "Save to favorites" }),
  ).toHaveAttribute("aria-pressed", after);
  // Put it back as it was, so the shopper's favorites stay as seeded.
  await page.getByRole("button", { name: /Save to favorites|Remove from favorites/ }).click();
  await expect(
    page.getByRole("button", { name: before === "true" ? "Remove from favorites" : "Save to favorites" }),
  ).toHaveAttribute("aria-pressed", before!);

  // A listing: still signed in, after a client-side navigation (with JavaScript) or a page load.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Women" }).click();
  await expect(page).toHaveURL(/\/women$/);
  await expect(page.getByTestId("avatar-menu")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);

  // Signing out ends the stitched values: the header is an anonymous visitor's again.
  await (await openAvatarMenu(page)).getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByTestId("avatar-menu")).toHaveCount(0);

  if (javaScriptEnabled) expect(errors).toEqual([]);
});
