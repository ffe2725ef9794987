import { expect, test } from "@playwright/test";
import { login, ownAccount, ownItem, payOnLocalPage, readyToCheckOut } from "./fixtures";
import { DAY, isoDay, spoken, weekdayAhead } from "./need-by-dates";

// Issue 44, items 1, 5 and 6 (decision 0080), with JavaScript and without: a shopper rents for a
// date (a date that has passed is refused at its field), protects it, pays, and the order says
// when it arrives; the item's page then says when it is back around, 'Notify me' beside it. The
// shopper and the item are this spec's own.

// A weekday two weeks or so ahead: later than the earliest day (at most 8 days off), and met on the day itself.
const ahead = () => weekdayAhead(14);

test("a shopper rents for a date with damage protection, and the rented item says when it is back around", async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  await login(page, ownAccount("renting", info));
  const item = ownItem("renting", info);
  const name = info.project.name === "js" ? "Occasion Sequin Gown" : "Occasion Velvet Gown";
  await readyToCheckOut(page, item);

  // A date that has passed: refused at its field, nothing placed.
  const needBy = page.getByLabel(`Need it by (${name})`);
  await needBy.fill(isoDay(Date.now() - 2 * DAY));
  await page.getByRole("button", { name: "Complete Order" }).click();
  await expect(page.getByText("That date has passed: choose a date from today on.")).toBeVisible();

  // A date the carrier can meet, and damage protection.
  const day = ahead();
  await page.getByLabel(`Need it by (${name})`).fill(isoDay(day));
  await page.getByLabel(`Add damage protection for £2.50 (${name})`).check();
  // The refused form kept the address; without JavaScript the page came back whole, so fill it again where it is empty.
  if ((await page.getByLabel("Address Line 1").first().inputValue()) === "") {
    await page.getByLabel("Address Line 1").first().fill("1 Test Street");
    await page.getByLabel("City").first().fill("London");
    await page.getByLabel("Postal Code").first().fill("N1 1AA");
  }
  await page.getByRole("button", { name: "Complete Order" }).click();
  await payOnLocalPage(page);

  await expect(page.getByText(`Arrives by ${spoken(day)} (needed by ${spoken(day)})`)).toBeVisible();
  await expect(page.getByText(`Damage protection: ${name}`)).toBeVisible();

  // Rented now: its page says when it is back around, with 'Notify me'.
  await page.goto(item);
  await expect(page.getByText("Currently rented", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^Back around \d{1,2} \w+$/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Notify me" })).toBeVisible();
});
