import { expect, test, type Page } from "@playwright/test";
import { login, openBuyableProduct, ownAccount } from "./fixtures";

// Display currency (issue 45; decision 0084), with JavaScript on and off: a shopper picks euros in
// the footer, reads prices in euros ('≈ €…'), and the basket says what will be charged in pounds.

/** The seed's euros for one pound (db/demo/flows/99-currency.mjs), in ten-thousandths. */
const EUR_PER_POUND_10K = 11853;
/** Pounds as the page reads them in euros, worked out here on its own: £58.98 → "≈ €69.91". */
const inEuros = (pence: number) =>
  `≈ €${(Math.round((pence * EUR_PER_POUND_10K) / 10_000) / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function pickCurrency(page: Page, name: string) {
  const form = page.getByRole("contentinfo").getByRole("form", { name: "Display currency" });
  await form.getByLabel("Currency").selectOption({ label: name });
  await form.getByRole("button", { name: "Change currency" }).click();
}

test("pick euros: prices in euros, and the basket says what will be charged in pounds", async ({ page }, info) => {
  await login(page, ownAccount("currency", info));
  await page.goto("/cart");
  if (await page.getByRole("button", { name: "Clear cart" }).count())
    await page.getByRole("button", { name: "Clear cart" }).click();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  // Pounds first (a run before may have left euros on the account).
  await pickCurrency(page, "Pound sterling (£)");
  await expect(page.getByRole("contentinfo").getByText("You pay in pounds.", { exact: true })).toBeVisible();

  const href = await openBuyableProduct(page);
  const main = page.getByRole("main");
  await expect(main.getByText(/^Total: £\d/).first()).toBeAttached();
  await expect(main).not.toContainText("≈");

  await pickCurrency(page, "Euro (€)");
  // Back on the same product, now in euros, with the pounds beside each option.
  await expect(page).toHaveURL(href);
  await expect(main.getByText(/^Total: ≈ €\d/).first()).toBeAttached();
  await expect(page.getByRole("contentinfo").getByText("Prices are approximate: you pay in pounds.")).toBeVisible();

  await page.getByRole("button", { name: "ADD TO BASKET" }).click();
  await expect(page.getByText("Item added to cart").first()).toBeVisible();
  await page.goto("/cart");
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  const charged = summary.getByText(/You'll be charged £\d+\.\d{2}/);
  await expect(charged).toBeVisible();
  const pounds = Math.round(
    Number(/£([\d,]+\.\d{2})/.exec((await charged.textContent()) ?? "")![1]!.replace(/,/g, "")) * 100,
  );
  // The total reads in euros at the day's rate; the charge is the same total in pounds.
  await expect(summary.getByRole("definition").last()).toHaveText(inEuros(pounds));
  await expect(summary).toContainText("Prices marked ≈ are approximate: you pay in pounds.");

  // Pounds again: the account starts the next run as it started this one.
  await pickCurrency(page, "Pound sterling (£)");
  await expect(summary.getByRole("definition").last()).toHaveText(/^£\d/);
});
