import { expect, test } from "@playwright/test";
import { addWorkingDays, earliestNeedBy, formatDay, needByPlan, ukDay } from "../../app/domain/rental-dates";
import { login, ownAccount, ownItem, payOnLocalPage, readyToCheckOut } from "./fixtures";

// Issue 44, items 1, 5 and 6 (decision 0080), with JavaScript and without: a shopper rents for a
// date (a date that has passed is refused at its field), protects it, pays, and the order says
// when it arrives; the item's page then says when it is back around, 'Notify me' beside it. The
// shopper and the item are this spec's own.

test("a shopper rents for a date with damage protection, and the rented item says when it is back around", async ({ page }, info) => {
  test.setTimeout(60_000);
  await login(page, ownAccount("renting", info));
  const item = ownItem("renting", info);
  const name = info.project.name === "js" ? "Occasion Sequin Gown" : "Occasion Velvet Gown";
  await readyToCheckOut(page, item);

  // A date that has passed: refused at its field, nothing placed.
  const needBy = page.getByLabel(`Need it by (${name})`);
  await needBy.fill(ukDay(Date.now() - 2 * 86_400_000));
  await page.getByRole("button", { name: "Complete Order" }).click();
  await expect(page.getByText("That date has passed: choose a date from today on.")).toBeVisible();

  // A date the carrier can meet, and damage protection.
  const day = addWorkingDays(earliestNeedBy(Date.now()), 3);
  await page.getByLabel(`Need it by (${name})`).fill(day);
  await page.getByLabel(`Add damage protection for £2.50 (${name})`).check();
  // The refused form kept the address; without JavaScript the page came back whole, so fill it again where it is empty.
  if ((await page.getByLabel("Address Line 1").first().inputValue()) === "") {
    await page.getByLabel("Address Line 1").first().fill("1 Test Street");
    await page.getByLabel("City").first().fill("London");
    await page.getByLabel("Postal Code").first().fill("N1 1AA");
  }
  await page.getByRole("button", { name: "Complete Order" }).click();
  await payOnLocalPage(page);

  const plan = needByPlan(day);
  await expect(page.getByText(`Arrives by ${formatDay(plan.arrivesBy)} (needed by ${formatDay(plan.needBy)})`)).toBeVisible();
  await expect(page.getByText(`Damage protection: ${name}`)).toBeVisible();

  // Rented now: its page says when it is back around, with 'Notify me'.
  await page.goto(item);
  await expect(page.getByText("Currently rented", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^Back around \d{1,2} \w+$/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Notify me" })).toBeVisible();
});
