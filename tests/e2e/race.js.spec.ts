import { expect, test, type Page } from "@playwright/test";
import { login, payOnLocalPage, readyToCheckOut } from "./fixtures";

// Every item is sold once (DECISIONS.md): two shoppers check out the same item; the first to pay
// has it, and the other is told at once, with JavaScript, the lost line flagged in the basket and
// left out of its totals without a reload (decision 0067). The shoppers and the item are this
// spec's own (tests/e2e/seed: race-js and race-nojs, prod_e2e_race_js).

test.setTimeout(90_000);
const ITEM = "/product/prod_e2e_race_js";

async function basketWithTheItem(page: Page, email: string) {
  await login(page, email);
  await readyToCheckOut(page, ITEM, { fullName: "Rae Race" });
}

test("the second shopper to check out an item is told, and the basket shows it at once", async ({ page, browser }) => {
  await basketWithTheItem(page, "race-js@closetloop.test");
  const other = await browser.newPage();
  await basketWithTheItem(other, "race-nojs@closetloop.test");
  await other.getByRole("button", { name: "Complete Order" }).click();
  await payOnLocalPage(other);
  await expect(other.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await other.close();

  await page.getByRole("button", { name: "Complete Order" }).click();
  await expect(page.getByText(/is no longer available/).first()).toBeVisible();
  await expect(page.getByText("Remove the item no longer available to continue.")).toBeVisible();
});
