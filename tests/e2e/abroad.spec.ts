import { expect, test } from "@playwright/test";
import { login, ownAccount, ownItem, payOnLocalPage } from "./fixtures";
import { DAY, isoDay, spoken, weekdayAhead } from "./need-by-dates";

// Issue 45 items 4 and 5 (decisions 0086, 0087, 0099): a shopper in France buys from a seller who
// ships to Europe (VintageVera, £12.99 a parcel), with a French address, with JavaScript on and
// off; the rental's 'need it by' date counts France's days in the post.

// A weekday three weeks or so ahead: later than France's earliest day (at most 11 days off).
const ahead = () => weekdayAhead(21);

// Two checkouts (one refused) and a payment: more than the default 30 s on a loaded 2-core machine.
test.setTimeout(60_000);

test("buys from a seller who ships to France, with a French address, charged Europe's fee in pounds", async ({
  page,
}, info) => {
  await login(page, ownAccount("abroad", info));
  await page.goto("/cart");
  if (await page.getByRole("button", { name: "Clear cart" }).count())
    await page.getByRole("button", { name: "Clear cart" }).click();

  await page.goto(ownItem("abroad", info));
  const name = await page.getByRole("heading", { level: 1 }).textContent();
  await expect(page.getByTestId("ships-to")).toContainText("Ships to the United Kingdom and Europe");
  await expect(page.getByTestId("ships-to")).toContainText("Europe: £12.99 delivery");
  await page.getByRole("button", { name: "ADD TO BASKET" }).click();
  await expect(page.getByText("Item added to cart").first()).toBeVisible();

  await page.goto("/cart");
  const billing = page.getByRole("group", { name: "Billing Details" });
  await billing.getByLabel("Full Name").fill("Camille Martin");
  await billing.getByLabel("Country").selectOption("FR");
  await billing.getByLabel("Address Line 1").fill("12 rue de la Paix");
  await billing.getByLabel("City").fill("Paris");
  // A UK postcode in a French address is refused at its field first (a 4xx, nothing charged), and
  // so is a 'need it by' date four days off: the post takes five working days to France.
  await billing.getByLabel("Postal code").fill("SW1A 1AA");
  await page.getByLabel(`Need it by (${name})`).fill(isoDay(Date.now() + 4 * DAY));
  await page.getByRole("button", { name: "Complete Order" }).click();
  await expect(page.getByText("Enter a postal code for France, such as 75002")).toBeVisible();
  await expect(
    page.getByText(/^That is too early for delivery to France: the earliest date is \w+day \d+ \w+\.$/),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);

  await page.getByRole("group", { name: "Billing Details" }).getByLabel("Postal code").fill("75002");
  const day = ahead();
  await page.getByLabel(`Need it by (${name})`).fill(isoDay(day));
  await page.getByRole("button", { name: "Complete Order" }).click();
  await payOnLocalPage(page);
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  expect(name).toBeTruthy();
  await expect(page.getByText(name!).first()).toBeVisible();
  // Shipped to the address as France writes it, with Europe's fee in pounds: the item is a rental,
  // so its return parcel from France is paid with it, Europe's fee again (decision 0094).
  await expect(page.getByText("75002 Paris").first()).toBeVisible();
  await expect(page.getByText("FRANCE").first()).toBeVisible();
  await expect(page.getByRole("row", { name: /^Delivery/ }).getByRole("cell", { name: "£25.98" })).toBeVisible();
  await expect(page.getByText(`Arrives by ${spoken(day)} (needed by ${spoken(day)})`)).toBeVisible();
});
