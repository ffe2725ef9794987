import { expect, test, type Page } from "@playwright/test";
import { login, payOnLocalPage, readyToCheckOut } from "./fixtures";

// Every item is sold once (DECISIONS.md): two shoppers press Complete Order for the same item at
// the same moment. Exactly one reserves it and goes on to pay; the other is told at once, with
// JavaScript, the lost line flagged in the basket (decision 0067). Which one wins is the race's:
// the test finds the winner rather than choosing it (issue 42 item 8). The shoppers and the item
// are this spec's own (tests/e2e/seed: race-js and race-nojs, prod_e2e_race_js).

test.setTimeout(90_000);
const ITEM = "/product/prod_e2e_race_js";
const PAYMENT_PAGE = /\/dev\/payments\/checkout\/cs_local_[0-9a-f]{32}$/;

async function basketWithTheItem(page: Page, email: string) {
  await login(page, email);
  await readyToCheckOut(page, ITEM, { fullName: "Rae Race" });
}

test("two shoppers who complete the order for one item at once: one reserves it and pays, the other is told at once", async ({
  page,
  browser,
}) => {
  await basketWithTheItem(page, "race-js@closetloop.test");
  const other = await browser.newPage();
  await basketWithTheItem(other, "race-nojs@closetloop.test");
  const shoppers = [page, other];

  await Promise.all(shoppers.map((p) => p.getByRole("button", { name: "Complete Order" }).click()));
  // Both answers have come: one page is at the payment page, the other says it lost.
  const lost = async (p: Page) => (await p.getByText(/is no longer available/).count()) > 0;
  await expect
    .poll(
      async () =>
        (
          await Promise.all(
            shoppers.map(async (p) => (PAYMENT_PAGE.test(p.url()) ? "won" : (await lost(p)) ? "lost" : "waiting")),
          )
        )
          .sort()
          .join(","),
      { timeout: 20_000 },
    )
    .toBe("lost,won");
  const winner = shoppers.find((p) => PAYMENT_PAGE.test(p.url()))!;
  const loser = shoppers.find((p) => p !== winner)!;

  await expect(loser.getByText("Remove the item no longer available to continue.")).toBeVisible();
  await payOnLocalPage(winner);
  await expect(winner.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await other.close();
});
