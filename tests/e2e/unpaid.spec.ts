import { expect, test } from "@playwright/test";
import { errorsOf, login, ownAccount, ownItem, readyToCheckOut } from "./fixtures";

// A shopper who leaves the payment page without paying (decision 0067): the item's page says it is
// held for them (decision 0068), the order says until when, and 'Cancel this order' puts the item
// back on sale at once, nothing charged — with JavaScript and without. The shopper and the item
// are this spec's own. The shopper's browser is in Paris: with JavaScript it tells the server its
// zone, and the times read in Paris time, named (decision 0098); without, in UK time.
test.use({ timezoneId: "Europe/Paris" });

test("an order left unpaid says until when it holds the item, and can be called off", async ({ page }, info) => {
  test.setTimeout(60_000);
  await login(page, ownAccount("unpaid", info));
  const item = ownItem("unpaid", info);
  await readyToCheckOut(page, item);
  await page.getByRole("button", { name: "Complete Order" }).click();
  await expect(page).toHaveURL(/\/dev\/payments\/checkout\/cs_local_[0-9a-f]{32}$/);

  // Not paid: the item's page is theirs, not 'another shopper' paying (decision 0068), and
  // leads to the order — hydrated as the server stitched it, with JavaScript.
  const errors = errorsOf(page);
  const zone = info.project.name === "js" ? " \\(Paris time\\)" : "";
  await page.goto(item);
  await expect(
    page.getByText(
      new RegExp(
        `^Reserved for you: your checkout holds this item until \\d{2}:\\d{2}${zone}, waiting for your payment\\.$`,
      ),
    ),
  ).toBeVisible();
  await expect(page.getByText("another shopper is paying", { exact: false })).toHaveCount(0);
  await page.getByRole("link", { name: "Pay for it or cancel it on your order" }).click();
  expect(errors).toEqual([]);
  const waiting = page.getByTestId("awaiting-payment");
  await expect(waiting).toContainText(new RegExp(`Your items are reserved until \\d{2}:\\d{2}${zone}`));
  await waiting.getByText("Cancel this order").click();
  await waiting.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText("Nothing was charged, and its items are back on sale.").first()).toBeVisible();
  await expect(page.getByTestId("awaiting-payment")).toHaveCount(0);

  await page.goto(item);
  await expect(page.getByRole("button", { name: "ADD TO BASKET" })).toBeVisible();
});
