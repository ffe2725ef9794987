import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, login, ownAccount, ownAddress, payOnLocalPage, readyToCheckOut } from "./fixtures";

// The Rent-Now-Buy-Later loop (issue 15) end to end, with JavaScript on and off: a shopper rents
// through the basket and checkout, staff mark the order delivered, and the shopper either buys
// the rental or returns it, which staff inspect back onto the shelf. Each browser project rents
// items of its own, which every seed puts back on the shelf (tests/e2e/seed/50-lifecycle.mjs), as
// a shopper of its own (tests/e2e/seed/80-own-accounts.mjs), whose basket no other spec touches.

const item = (testInfo: TestInfo, kind: "buy" | "return") =>
  `prod_e2e_life_${testInfo.project.name === "js" ? "js" : "nojs"}_${kind}`;

/** A second person at another computer: their own browser context, cookies and JavaScript setting. */
async function person(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await ownAddress(page);
  return { page, close: () => context.close() };
}

/** The shopper rents one item (the product page's default option) and checks out; answers the order's address and reference. */
async function rent(page: Page, productId: string) {
  await readyToCheckOut(page, `/product/${productId}`, {
    onProduct: () =>
      expect(page.getByText("You have 7 days from delivery before paying the Buy Now price")).toBeVisible(),
  });
  await page.getByRole("button", { name: "Complete Order" }).click();
  await payOnLocalPage(page);
  // The toast names the order by its short reference (decision 0076), never its internal id.
  const placed = page.getByText(/Order #[0-9A-HJKMNP-TV-Z]{8} has been placed/);
  await expect(placed).toBeVisible();
  return {
    orderId: new URL(page.url()).pathname.split("/").pop()!,
    reference: /#[0-9A-Z]{8}/.exec((await placed.textContent())!)![0],
  };
}

/** Staff find the order on the admin Orders tab and mark it delivered. */
async function markDelivered(page: Page, reference: string) {
  await page.goto("/admin/orders");
  const search = page.getByRole("search", { name: /Search orders/ });
  await search.getByRole("searchbox").fill(reference.toLowerCase());
  await search.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Order ${reference}` }) });
  await row.getByRole("combobox", { name: `Status of order ${reference}` }).selectOption("delivered");
  await row.getByRole("button", { name: `Save status of order ${reference}` }).click();
  await expect(page.getByText("Order status changed to delivered")).toBeVisible();
}

test("a shopper rents, staff mark it delivered, the shopper sees the days left and buys it", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  // Two people, a checkout and the queue: longer than one page visit.
  test.setTimeout(90_000);
  await login(page, ownAccount("lifecycle", testInfo));
  const { orderId, reference } = await rent(page, item(testInfo, "buy"));

  const staff = await person(browser, javaScriptEnabled);
  await login(staff.page, DEMO.admin, DEMO_PASSWORD, "/admin");
  await markDelivered(staff.page, reference);
  await staff.close();

  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByText("7 days left")).toBeVisible();
  await expect(
    page.getByText(/^Return or buy by (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{1,2} [A-Z][a-z]+$/),
  ).toBeVisible();
  await page.getByText("Buy it now for £34.99", { exact: true }).click();
  await page
    .getByRole("dialog", { name: "Buy it now for £34.99" })
    .getByRole("button", { name: "Confirm purchase" })
    .click();
  await expect(page.getByText("Purchase confirmed")).toBeVisible();
  await expect(page.getByText("7 days left")).toHaveCount(0);
  await expect(page.getByText("Buy it now for £34.99", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Return it" })).toHaveCount(0);
  await expect(page.getByText("completed", { exact: true }).first()).toBeVisible();
});

test("another rental is returned, staff inspect it, and its seller puts it back on the shelf after its turnaround", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(90_000);
  const productId = item(testInfo, "return");
  await login(page, ownAccount("lifecycle", testInfo));
  const { orderId, reference } = await rent(page, productId);

  const staff = await person(browser, javaScriptEnabled);
  await login(staff.page, DEMO.admin, DEMO_PASSWORD, "/admin");
  await markDelivered(staff.page, reference);

  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByText("7 days left")).toBeVisible();
  await page.getByRole("button", { name: "Return it" }).click();
  await expect(page.getByText("Return requested", { exact: true }).first()).toBeVisible();
  const instructions = page.getByRole("region", { name: "Return instructions" });
  await expect(instructions).toContainText(
    `Write your order reference, ${reference}, on a note inside and on the parcel.`,
  );
  // Posted, with its tracking: only a return that was posted can be received and inspected (issue 46 item 4).
  const tracking = instructions.getByRole("form", { name: /^Tracking for the return of / });
  await tracking.getByLabel("Carrier").selectOption({ label: "Royal Mail" });
  await tracking.getByLabel("Tracking number").fill("AB123456789GB");
  await tracking.getByRole("button", { name: "Save tracking" }).click();
  await expect(page.getByText("Tracking saved").first()).toBeVisible();
  await page.goto(`/product/${productId}`);
  // The item's own status (cards of other items, inside their links, may say it too).
  await expect(page.locator("p:not(a p)", { hasText: /^Currently rented$/ })).toBeVisible();

  // The item arrives back at the platform; staff check it and record its condition.
  await staff.page.goto("/admin/orders");
  const returned = staff.page
    .getByRole("region", { name: "Returns to inspect" })
    .getByRole("listitem")
    .filter({ hasText: reference });
  await returned.getByLabel("Good: back on sale").check();
  await returned.getByRole("button", { name: "Record inspection" }).click();
  await expect(staff.page.getByText("Return received in good condition")).toBeVisible();
  await staff.close();

  // Being prepared for its seller's turnaround (decision 0080): the page says when it is back.
  await page.goto(`/product/${productId}`);
  await expect(page.locator("p:not(a p)", { hasText: /^Being prepared$/ })).toBeVisible();
  await expect(page.locator("p:not(a p)", { hasText: /^Back around \d{1,2} \w+$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "ADD TO BASKET" })).toHaveCount(0);

  // Its seller marks it ready: back on the shelf, anyone can rent it again.
  const seller = await person(browser, javaScriptEnabled);
  await login(seller.page, DEMO.vendor, DEMO_PASSWORD, "/vendor?tab=orders");
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await seller.page
    .getByRole("form", { name: `Mark ${name} ready` })
    .getByRole("button", { name: "Mark ready" })
    .click();
  await expect(seller.page.getByRole("form", { name: `Mark ${name} ready` })).toHaveCount(0);
  await seller.close();
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole("button", { name: "ADD TO BASKET" })).toBeVisible();
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByText("returned", { exact: true }).first()).toBeVisible();
});
