import { expect, test } from "@playwright/test";
import { DEMO, choosePhotos, fillProduct, loginOnce, projectOf } from "./fixtures";

// The seller's journeys (issue 11), with JavaScript on and off: list an item with two photos,
// find it pending on the dashboard, change its price, answer a store's price-change request.

test("a vendor lists an item with two photos, sees it pending, and changes its price", async ({ page }) => {
  const name = `Browser Coat ${Date.now().toString(36)}`;
  await loginOnce(page, DEMO.vendor, "/vendor?tab=upload");
  await expect(page.getByRole("heading", { level: 1, name: "Seller Dashboard" })).toBeVisible();
  const form = await fillProduct(page, name);
  // With JavaScript each photo is staged at once and shown as a preview.
  await choosePhotos(form, ["front.png", "back.png"]);
  await form.getByRole("button", { name: "Create Product" }).click();

  await expect(page).toHaveURL(/\/vendor$/);
  await expect(page.getByText("Product created successfully")).toBeVisible();
  const row = page.getByTestId("seller-product").filter({ hasText: name });
  await expect(row).toContainText("pending");
  await expect(row).toContainText("£18.50");
  await expect(row).toContainText("13.7% · Fair");
  await expect(row.locator("img")).toHaveAttribute(
    "src",
    /^\/images\/products\/user_vendor\/prod_[0-9a-f]{32}_\d+_0\.png$/,
  );

  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Product" })).toBeVisible();
  const edit = page.getByRole("form", { name: "Edit Product" });
  await expect(edit.getByLabel("Product name")).toHaveValue(name);
  await expect(edit.getByRole("img")).toHaveCount(2);
  await edit.getByLabel("Rental price for 7 days (£)").fill("17");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/vendor$/);
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await expect(page.getByTestId("seller-product").filter({ hasText: name })).toContainText("£17.00");
});

test("a reviewer rejects a listing with a reason after confirming, and the vendor reads it", async ({
  browser,
  page,
}, info) => {
  const name = `Rejected Coat ${Date.now().toString(36)}`;
  await loginOnce(page, DEMO.vendor, "/vendor?tab=upload");
  const form = await fillProduct(page, name);
  await choosePhotos(form, ["front.png"]);
  await form.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText("Product created successfully")).toBeVisible();

  const staff = await (await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled })).newPage();
  await loginOnce(staff, DEMO.reviewer, `/admin/products?q=${encodeURIComponent(name)}`);
  const row = staff.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Review: pending");
  // 'Reject…' opens the form: a reason, who is shown it, and the confirmation.
  await row.getByText("Reject…").click();
  const reject = row.getByRole("form", { name: `Reject ${name}` });
  await expect(reject).toContainText(`Rejecting ${name} cannot be undone.`);
  await reject.getByLabel("Reason (shown to the seller)").fill("The photos are too dark to judge the condition.");
  await reject.getByRole("button", { name: `Confirm rejection of ${name}` }).click();
  await expect(staff.getByText("Product rejected successfully")).toBeVisible();
  await staff.context().close();

  await page.goto("/vendor?tab=products");
  const mine = page.getByTestId("seller-product").filter({ hasText: name });
  await expect(mine).toContainText("Review: rejected");
  await expect(mine).toContainText("Listing: archived");
  await expect(mine).toContainText("Reason: The photos are too dark to judge the condition.");

  // The vendor is told (issue 23): the header's bell counts it, and the notification opens the listing.
  const notice = page.getByTestId("notification").filter({ hasText: `${name} was not approved` });
  await expect(async () => {
    await page.goto("/account/notifications");
    await expect(notice).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("notification-bell")).toHaveAttribute(
    "aria-label",
    /^Notifications, (\d{1,2}|99\+) unread$/,
  );
  await expect(notice).toContainText("Their reason: The photos are too dark to judge the condition.");
  await notice.getByRole("button", { name: new RegExp(`^${name} was not approved`) }).click();
  await expect(page).toHaveURL(/\/vendor\/product\/prod_[0-9a-f]+\/edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Product" })).toBeVisible();
});

test("a refused upload comes back with everything typed and the message at the field", async ({
  page,
  javaScriptEnabled,
}) => {
  const name = `Refused Coat ${Date.now().toString(36)}`;
  await loginOnce(page, DEMO.vendor, "/vendor?tab=upload");
  const form = await fillProduct(page, name);
  await form.getByLabel("Buying price (£)").fill("135.555");
  await form.getByRole("button", { name: "Create Product" }).click();
  const refused = page.getByRole("form", { name: "Upload Product" });
  await expect(refused.getByText("Please enter a price with at most two decimal places")).toBeVisible();
  await expect(refused.getByLabel("Title")).toHaveValue(name);
  await expect(refused.getByLabel("Buying price (£)")).toHaveAttribute("aria-invalid", "true");
  // With JavaScript the keyboard is taken to it.
  if (javaScriptEnabled) await expect(refused.getByLabel("Buying price (£)")).toBeFocused();
});

test("the vendor answers a store's price-change request", async ({ page }, info) => {
  await loginOnce(page, DEMO.vendor, "/vendor?tab=notifications");
  // The request on this project's own item (tests/e2e/seed/85-own-items.mjs, pending again after
  // every seed): store.spec.ts and the other project answer requests of the same vendor meanwhile.
  const own = projectOf(info) === "js" ? "Repriced Cashmere Wrap" : "Repriced Merino Wrap";
  const pending = page
    .getByTestId("price-request")
    .filter({ hasText: own })
    .filter({ has: page.getByRole("button", { name: /^Accept the price change/ }) })
    .first();
  await expect(pending).toContainText("From Kensington Closet");
  // The item by its link (two items may share a name; the link says which).
  const product = (await pending.getByRole("link").first().textContent())!;
  const suggested = (await pending.locator("dd").first().textContent())!.split(" ")[0]!;
  await pending.getByRole("button", { name: `Accept the price change for ${product}` }).click();
  await expect(page.getByText("Request Accepted")).toBeVisible();
  await expect(page.getByText("Price change request has been accepted")).toBeVisible();
  const answered = page.getByTestId("price-request").filter({ hasText: product }).first();
  await expect(answered).toContainText("accepted");
  await expect(answered).toContainText(`(now ${suggested})`);
});

// Decision 0108: the Orders tab shows 15 orders a page; 'Older orders' and 'Newest orders' are
// plain links. The demo vendor has more than a page of orders (the seed's 19 and the tests' own).
test("the seller's Orders tab shows a page of 15 orders, then the older ones, then the newest again", async ({
  page,
}) => {
  await loginOnce(page, DEMO.vendor, "/vendor?tab=orders");
  const orders = page.getByTestId("seller-order");
  await expect(orders).toHaveCount(15);
  // 'Order #REF · 2 days ago': the newest order's reference.
  const newest = (await orders.first().locator("p").first().textContent())!.split(" ·")[0]!.trim();
  expect(newest).toMatch(/^Order #\w+$/);
  const pages = page.getByRole("navigation", { name: "Pages of orders" });
  await expect(pages.getByRole("link", { name: "Newest orders" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Older orders" }).click();
  await expect(page).toHaveURL(/\/vendor\?tab=orders&before=order_\w+$/);
  await expect(pages.getByRole("link", { name: "Newest orders" })).toBeVisible();
  await expect(orders.first()).toBeVisible();
  await expect(orders.filter({ hasText: newest })).toHaveCount(0);

  await pages.getByRole("link", { name: "Newest orders" }).click();
  await expect(page).toHaveURL(/\/vendor\?tab=orders$/);
  await expect(orders.filter({ hasText: newest })).toHaveCount(1);
});
