import { expect, test, type Locator } from "@playwright/test";
import { DEMO, login } from "./fixtures";

// Phone screens (issue 46 item 5), at 390 px and at 1280 px, with JavaScript on and off (the two
// projects): the order page's reference and amounts stay whole, the star choices wrap whole, the
// admin tabs are all in sight, the cookie bar is small, the brand merge lists are folded one at a
// time, and the product page shows the size beside the price.

/** How many lines a piece of text takes on screen (its rectangles' distinct tops). */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    ).size;
  });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test("the order page's reference and every amount keep to one line, and the page never scrolls sideways", async ({
      page,
    }) => {
      await login(page, DEMO.shopper);
      // A cancelled order: charges and their refunds.
      await page.goto("/account/orders/order_demo_cancelled");
      const reference = page.getByRole("heading", { level: 1 }).locator("span");
      await expect(reference).toHaveText(/^#[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(await linesOf(reference)).toBe(1);
      const amounts = page.getByRole("table", { name: "Payments" }).getByRole("cell").filter({ hasText: /£/ });
      expect(await amounts.count()).toBeGreaterThan(0);
      for (const amount of await amounts.all())
        expect(await linesOf(amount), (await amount.textContent()) ?? "").toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });

    test("every admin tab is in sight, none cut off", async ({ page }) => {
      await login(page, DEMO.admin, undefined, "/admin");
      const tabs = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
      expect(await tabs.count()).toBeGreaterThan(5);
      for (const tab of await tabs.all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x, (await tab.textContent()) ?? "").toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, (await tab.textContent()) ?? "").toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });

    test("the brand merge lists are folded, and one opens at a time", async ({ page }) => {
      await login(page, DEMO.admin, undefined, "/admin/brands");
      // Folded lists are out of the accessibility tree, so they are found by their field's name.
      const lists = page.locator("select[name=intoBrandId]");
      expect(await lists.count()).toBeGreaterThan(1);
      for (const list of await lists.all()) await expect(list).toBeHidden();
      const openers = page.locator("summary", { hasText: /^Merge .+ into another brand$/ });
      await openers.nth(0).click();
      await expect(lists.nth(0)).toBeVisible();
      await openers.nth(1).click();
      await expect(lists.nth(1)).toBeVisible();
      await expect(lists.nth(0)).toBeHidden();
    });

    test("the cookie bar is small and leaves the page's main action in sight", async ({ page }) => {
      // A fresh visitor (no consent yet) on a coat's page.
      await page.goto("/categories/coats");
      await page
        .getByRole("region", { name: "Products" })
        .getByRole("article")
        .first()
        .getByRole("link")
        .first()
        .click();
      await expect(page).toHaveURL(/\/product\//);
      const bar = page.getByRole("region", { name: "Cookie consent" });
      await expect(bar).toBeVisible();
      const box = (await bar.boundingBox())!;
      const screen = page.viewportSize()!;
      expect(box.height).toBeLessThanOrEqual(screen.height * 0.15);
      // The size beside the price, not only inside DETAILS.
      await expect(page.getByTestId("size-beside-price")).toHaveText(/^Size \S/);
      const action = page.getByRole("button", { name: "ADD TO BASKET" });
      await action.evaluate((element) => element.scrollIntoView({ block: "center" }));
      const button = (await action.boundingBox())!;
      expect(button.y + button.height).toBeLessThanOrEqual(box.y + 1);
    });
  });
}
