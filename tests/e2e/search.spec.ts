import { expect, test } from "@playwright/test";

// Search that forgives (issue 25, item 5; decision 0050), with JavaScript on and off: a misspelt
// search in the header still finds the demo shop's jackets, and the exact words are one link away.
test("a shopper searches 'jaket' and gets jackets, with a link to the exact words", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search for items..." }).fill("jaket");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/search=jaket/);
  await expect(page.getByText("Showing results for jacket")).toBeVisible();
  await expect(page.getByText(/[1-9]\d* products? found/)).toBeVisible();
  const cards = page.getByRole("region", { name: "Products" }).getByRole("article");
  await expect(cards.first()).toContainText(/Jacket/i);

  await expect(page.getByText("Search instead for jaket")).toBeVisible();
  await page.getByRole("link", { name: "jaket", exact: true }).click();
  await expect(page).toHaveURL(/search=jaket&exact=1/);
  await expect(page.getByText("No products found")).toBeVisible();
  await expect(page.getByText("Showing results for")).toHaveCount(0);
});

test("the forgiving search keeps the other filters: 'jaket' within Men", async ({ page }) => {
  await page.goto("/men?search=jaket");
  await expect(page.getByText("Showing results for jacket")).toBeVisible();
  await expect(page.getByRole("region", { name: "Products" }).getByRole("article").first()).toContainText(/Jacket/i);
});
