import { expect, test } from "@playwright/test";
import { errorsOf, headerHydrated, hydrationReports } from "./fixtures";

// The header search box's suggestions (issue 25, item 5; decision 0050): JavaScript only (without
// it the box is a plain search form, tests/e2e/search.spec.ts). Brands and categories come from
// /search/suggestions as the shopper types; recent searches from this browser.
test("the search box suggests brands, categories and recent searches as the shopper types", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("searchbox", { name: "Search for items..." });
  const suggestions = page.getByRole("listbox", { name: "Search suggestions" });

  await box.fill("jaket");
  await box.press("Enter");
  await expect(page.getByText("Showing results for jacket")).toBeVisible();

  await box.fill("ja");
  await expect(suggestions.getByRole("option", { name: /Jackets & Blazers/ })).toBeVisible();
  await expect(suggestions.getByRole("option", { name: /Jaeger/ })).toBeVisible();
  // The search just made is remembered in this browser.
  await expect(suggestions.getByRole("option", { name: /jaket.*Recent search/ })).toBeVisible();

  await box.fill("");
  await expect(suggestions.getByRole("option", { name: /jaket/ })).toBeVisible();

  // Chosen by keyboard: the first suggestion for 'barb' is the brand Barbour.
  await box.fill("barb");
  await expect(suggestions.getByRole("option", { name: /Barbour.*Brand/ })).toBeVisible();
  await box.press("ArrowDown");
  await expect(suggestions.getByRole("option", { name: /Barbour/ })).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/brand\/Barbour$/);

  // Chosen by pointer: a category.
  await box.fill("blaz");
  await suggestions.getByRole("option", { name: /Jackets & Blazers/ }).click();
  await expect(page).toHaveURL(/\/categories\/jackets-blazers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Jackets & Blazers" })).toBeVisible();
});

// On a phone, a new order applies at once to the filters applied; choices not applied yet stay
// ticked in the open Filters panel until 'Apply Filters' (decision 0068).
test("Sort by reorders at once and leaves unapplied filter choices in the open panel", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/all-products");
  const panel = page.getByRole("complementary", { name: "Filters" }).locator("details");
  await panel.locator("summary").click();
  const black = panel.getByRole("checkbox", { name: /^Black/ });
  await black.check();
  await panel.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
  await expect(page).toHaveURL(/\/all-products\?sort=price_desc$/);
  await expect(panel).toHaveAttribute("open", "");
  await expect(black).toBeChecked();
  await panel.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(page).toHaveURL(/color=Black/);
  await expect(panel.locator("summary")).toHaveText("Filters (1)");
});

// The server writes the filters' boxes (decision 0139) and the cards past the first three (decision
// 0144) as text: the browser hydrates them as React's own, ticked and counted, without a mismatch
// (React reports one as an error), and a card written as text is a link the router follows.
test("a listing's filter boxes and cards hydrate as the server wrote them", async ({ page }) => {
  const errors = errorsOf(page);
  const reported = await hydrationReports(page);
  await page.goto("/all-products?color=Black&tag=wool&category=Coats");
  await headerHydrated(page);
  expect(await reported()).toEqual([]);
  const filters = page.getByRole("form", { name: "Filter products" });
  await expect(filters.getByRole("checkbox", { name: /^Black/ })).toBeChecked();
  await expect(filters.getByRole("checkbox", { name: /^UK \d+ \(\d+\)$/ }).first()).toBeVisible();
  await page.goto("/all-products");
  await headerHydrated(page);
  expect(await reported()).toEqual([]);
  const lazy = page.getByRole("region", { name: "Products" }).getByRole("article").nth(3);
  const name = await lazy.getByRole("heading").textContent();
  await lazy.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: name! })).toBeVisible();
  expect(errors).toEqual([]);
});
