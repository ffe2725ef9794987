import { expect, test, type Page } from "@playwright/test";
import { login, ownAccount } from "./fixtures";

// Issue 25, item 3 (docs/decisions/0049-my-sizes.md), with JavaScript on and off: a shopper saves
// 'UK 10', opens Dresses, clicks 'Show my sizes' and sees only UK 10; the choice holds for the
// visit on the next listing, until 'Show all sizes'.

async function saveSizes(page: Page, sizes: Record<string, string>) {
  await page.goto("/account/sizes");
  const form = page.getByRole("form", { name: "My sizes" });
  // Each system is a group of checkboxes (several sizes per system, issue 46 item 4): only `size` checked.
  for (const [label, size] of Object.entries(sizes)) {
    const group = form.getByRole("group", { name: label });
    for (const box of await group.getByRole("checkbox").all())
      if ((await box.getAttribute("value")) !== size) await box.uncheck();
    if (size) await group.getByRole("checkbox", { name: size, exact: true }).check();
  }
  await form.getByRole("button", { name: "Save my sizes" }).click();
  await expect(page.getByText("Your sizes are saved").first()).toBeVisible();
}

const cards = (page: Page) => page.getByRole("region", { name: "Products" }).getByRole("article");

test("a shopper saves UK 10 and sees only UK 10 dresses with one click", async ({ page }, info) => {
  // A shopper of this spec's own, seeded with the demo shopper's sizes: the js and no-js runs save
  // different sizes at the same time.
  await login(page, ownAccount("sizes", info));
  await saveSizes(page, { "Women's (UK)": "UK 10", "Men's and unisex (XXS–XXXL)": "", "Shoes (UK)": "" });

  await page.goto("/categories/dresses");
  await expect(cards(page).filter({ hasNotText: "Size UK 10" }).first()).toBeVisible();
  await page.getByRole("link", { name: "Show my sizes" }).click();
  await expect(page).toHaveURL(/\/categories\/dresses\?size=UK\+10&size=One\+size&my_sizes=1$/);
  await expect(page.getByText("Showing your sizes")).toBeVisible();
  const shown = await cards(page).count();
  expect(shown).toBeGreaterThan(0);
  await expect(cards(page).filter({ hasText: "Size UK 10" })).toHaveCount(shown);
  await expect(page.getByRole("checkbox", { name: /^UK 10/ })).toBeChecked();

  // Kept for the visit: the next listings open in the shopper's sizes too, with what fits anyone:
  // the accessories, all one size, are still there (decision 0069).
  await page.goto("/categories/accessories");
  await expect(page).toHaveURL(/\/categories\/accessories\?size=UK\+10&size=One\+size&my_sizes=1$/);
  await expect(cards(page).first()).toContainText("Size One size");
  await page.goto("/women");
  await expect(page).toHaveURL(/\/women\?size=UK\+10&size=One\+size&my_sizes=1$/);
  await expect(cards(page).filter({ hasNotText: /Size (UK 10|One size)/ })).toHaveCount(0);

  // Until 'Show all sizes'.
  await page.getByRole("link", { name: "Show all sizes" }).click();
  await expect(page).toHaveURL(/\/women$/);
  await expect(cards(page).filter({ hasNotText: "Size UK 10" }).first()).toBeVisible();
  await page.goto("/categories/dresses");
  await expect(page).toHaveURL(/\/categories\/dresses$/);

  // The sizes as seeded (the demo shopper's).
  await saveSizes(page, { "Women's (UK)": "UK 10", "Men's and unisex (XXS–XXXL)": "M", "Shoes (UK)": "Shoe UK 6" });
});

test("'Show my sizes' asks a shopper without saved sizes to save them first, then comes back", async ({ page }) => {
  await page.goto("/categories/dresses");
  await page.getByRole("link", { name: "Show my sizes" }).click();
  // Signed out: sign in first.
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
});
