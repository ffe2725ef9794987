import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  DEMO,
  DEMO_PASSWORD,
  choosePhotos,
  login,
  outboxLink,
  ownAddress,
  projectOf,
  uploadControlReady,
} from "./fixtures";

// The concierge journey (issue 12), with JavaScript on and off: a shop asks to join, an admin
// approves it, the owner sets a password from the e-mail and opens /store; a vendor hands the new
// store an item, the store approves it and asks for a lower price, the vendor accepts. Every run
// makes its own store and item, so runs repeat on the same seeded database.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** A second person at another computer: their own browser context, cookies and JavaScript setting. */
async function person(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await ownAddress(page);
  return { page, close: () => context.close() };
}

async function listConciergeItem(page: Page, name: string, storeName: string) {
  await page.goto("/vendor?tab=upload");
  const form = page.getByRole("form", { name: "Upload Product" });
  await form.getByLabel("Title").fill(name);
  await form.getByLabel("Description").fill("A wool coat the partner store looks after.");
  await form.getByLabel("Brand").fill("Toast");
  await form.getByLabel("Product type").selectOption("Women");
  await form.getByLabel("Category").selectOption("Coats");
  // Sizes are required (issue 25): a women's coat in UK 12.
  await form.locator('select[name="size"]').selectOption("UK 12");
  await form.getByLabel("Condition").selectOption("Almost New");
  await form.getByLabel("Original price (£)").fill("300");
  await form.getByLabel("Rental price for 7 days (£)").fill("18.50");
  await form.getByLabel("Buying price (£)").fill("135");
  await choosePhotos(form, ["front.png"]);
  await form.getByLabel("A partner store looks after this item for me").check();
  await form.getByLabel("Store", { exact: true }).selectOption({ label: storeName });
  await form.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText("Product created successfully")).toBeVisible();
  await expect(page.getByTestId("seller-product").filter({ hasText: name })).toContainText("Concierge: pending");
}

test("a store request becomes a store that approves a concierge item and asks its owner for a new price", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // Three people, the queue twice and an upload: longer than one page visit.
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const storeName = `Rails ${stamp}`;
  const contact = `store-${stamp}@example.test`;
  const item = `Concierge Coat ${stamp}`;

  // A shop asks to join from the public form.
  const shop = await person(browser, javaScriptEnabled);
  await shop.page.goto("/auth?tab=signup");
  await shop.page.getByRole("radio", { name: "Store" }).check();
  const request = shop.page.getByRole("form", { name: "Request a store account" });
  await request.getByLabel("Contact name").fill("Priya Shopkeeper");
  await request.getByLabel("Store name").fill(storeName);
  await request.getByLabel("Store address").fill("1 Brick Lane, London");
  await request.getByLabel("Contact email").fill(contact);
  await request.getByRole("button", { name: "Submit Request" }).click();
  await expect(shop.page.getByText("Store request submitted!")).toBeVisible();

  // An admin approves it on the Stores tab.
  await login(page, DEMO.admin, DEMO_PASSWORD, "/admin/stores");
  await page.getByRole("button", { name: `Approve ${storeName}` }).click();
  await expect(page.getByText("Store request approved and store account created successfully")).toBeVisible();

  // The owner sets a password from the e-mail, signs in and opens the store dashboard.
  const link = await outboxLink(browser, contact, `Welcome to Closetloop: ${storeName} is approved`);
  expect(link).toMatch(/^\/auth\/reset\?token=/);
  await shop.page.goto(link!);
  await shop.page.getByLabel("New password").fill("store-pass-1");
  await shop.page.getByLabel("Confirm password").fill("store-pass-1");
  await shop.page.getByRole("button", { name: "Update password" }).click();
  await expect(shop.page.getByText("Password set")).toBeVisible();
  await login(shop.page, contact, "store-pass-1", "/store");
  await expect(shop.page.getByRole("heading", { level: 1, name: "Store Dashboard" })).toBeVisible();
  await expect(shop.page.getByText(storeName).first()).toBeVisible();
  await expect(shop.page.getByText("Revenue")).toBeVisible();
  await expect(shop.page.getByText("£0.00")).toBeVisible();

  // A vendor hands the new store an item (concierge).
  const vendor = await person(browser, javaScriptEnabled);
  await login(vendor.page, DEMO.vendor, DEMO_PASSWORD, "/vendor");
  await listConciergeItem(vendor.page, item, storeName);

  // The store approves it from Concierge Requests (the badge counts it).
  await shop.page.goto("/store");
  const tabs = shop.page.getByRole("navigation", { name: "Store dashboard sections" });
  await expect(tabs.getByRole("link", { name: /Concierge Requests/ })).toContainText("1");
  await tabs.getByRole("link", { name: /Concierge Requests/ }).click();
  await expect(shop.page).toHaveURL(/tab=requests/);
  await expect(shop.page.getByRole("heading", { name: item })).toBeVisible();
  await shop.page.getByRole("button", { name: `Approve ${item}` }).click();
  await expect(shop.page.getByText("Request Approved")).toBeVisible();
  await expect(shop.page.getByText("The concierge request has been approved.")).toBeVisible();
  await expect(shop.page.getByRole("heading", { name: item })).toHaveCount(0);

  // Then asks its owner for a lower rental price from the store-side edit page.
  await tabs.getByRole("link", { name: "Store Products" }).click();
  await shop.page.getByRole("link", { name: `View ${item}` }).click();
  await expect(shop.page.getByRole("heading", { level: 1, name: "Edit Product" })).toBeVisible();
  const priceForm = shop.page.getByRole("form", { name: "Request price change" });
  await priceForm.getByLabel("Suggested rental price (£)").fill("15");
  await priceForm.getByRole("button", { name: "Request Price Change" }).click();
  // A reason is required (a reason of only spaces is none).
  await expect(shop.page.getByText("Please provide a reason for the price change request.")).toBeVisible();
  await shop.page
    .getByRole("form", { name: "Request price change" })
    .getByLabel("Suggested rental price (£)")
    .fill("15");
  await shop.page
    .getByRole("form", { name: "Request price change" })
    .getByLabel(/^Reason/)
    .fill("Similar coats rent for less here.");
  await shop.page
    .getByRole("form", { name: "Request price change" })
    .getByRole("button", { name: "Request Price Change" })
    .click();
  await expect(shop.page.getByText("Price change requested")).toBeVisible();

  // The vendor is told by e-mail and accepts on their dashboard.
  expect(await outboxLink(browser, DEMO.vendor, `${storeName} suggests a new price for ${item}`)).toBe(
    "/vendor?tab=notifications",
  );
  await vendor.page.goto("/vendor?tab=notifications");
  const pending = vendor.page.getByTestId("price-request").filter({ hasText: item });
  await expect(pending).toContainText(`From ${storeName}`);
  await pending.getByRole("button", { name: `Accept the price change for ${item}` }).click();
  await expect(vendor.page.getByText("Price change request has been accepted")).toBeVisible();
  await expect(vendor.page.getByTestId("price-request").filter({ hasText: item })).toContainText("(now £15.00)");
  await expect(vendor.page.getByTestId("price-request").filter({ hasText: item })).toContainText("accepted");

  // The seller's badge and the store's product list agree: approved by the store, listing pending staff review.
  await vendor.page.goto("/vendor");
  await expect(vendor.page.getByTestId("seller-product").filter({ hasText: item })).toContainText("Concierge: yes");
  await shop.page.goto("/store?tab=products");
  await expect(shop.page.getByTestId("store-product").filter({ hasText: item })).toContainText("Listing: pending");
  await vendor.close();
  await shop.close();
});

test("a store saves its settings with a new logo, shown on its public page", async ({
  page,
  javaScriptEnabled,
}, info) => {
  // A store of this project's own (tests/e2e/seed/80-own-accounts.mjs; the demo store's owner has
  // the same dashboard): the js and no-js runs change their store's settings at the same time.
  const store =
    projectOf(info) === "js"
      ? { id: "store_e2e_js", name: "Marylebone Rails" }
      : { id: "store_e2e_nojs", name: "Islington Rails" };
  await login(page, `store-${projectOf(info)}@closetloop.test`, DEMO_PASSWORD, "/store?tab=settings");
  const form = page.getByRole("form", { name: "Store settings" });
  // Read-only details read as text, not as fields that look editable (issue 24).
  await expect(form.getByRole("definition").filter({ hasText: store.name })).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Store name" })).toHaveCount(0);
  await expect(form.getByRole("textbox", { name: "Contact email" })).toHaveCount(0);
  await expect(form.getByText("Contact support to change your store name")).toBeVisible();
  const description = await form.getByLabel("Description").inputValue();
  await uploadControlReady(form);
  await form.locator('input[type="file"]').setInputFiles([{ name: "logo.png", mimeType: "image/png", buffer: PNG }]);
  // With JavaScript the logo is staged at once: 'Logo uploaded', then Save Changes applies it.
  if (javaScriptEnabled) await expect(page.getByText("Logo uploaded")).toBeVisible();
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Settings updated")).toBeVisible();

  await page.goto(`/store/${store.id}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(store.name) })).toBeVisible();
  await expect(page.locator(`img[src^="/images/store-logos/${store.id}/${store.id}-logo.png?v="]`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Available Items" })).toBeVisible();
});

test("a store owner opening another store's product sees 'Product not found'", async ({ page }) => {
  await login(page, DEMO.store, DEMO_PASSWORD, "/store");
  const response = await page.goto("/store/product/prod_000001/edit");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
});

test("Update is disabled while the status is unchanged; without JavaScript the server answers 'No change'", async ({
  page,
  javaScriptEnabled,
}) => {
  await login(page, DEMO.store, DEMO_PASSWORD, "/store?tab=products");
  await page
    .getByRole("link", { name: /^View / })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Product" })).toBeVisible();
  const form = page.getByRole("form", { name: "Product status" });
  const update = form.getByRole("button", { name: "Update" });
  if (javaScriptEnabled) {
    await expect(update).toBeDisabled();
    const current = await form.getByLabel("Status").inputValue();
    await form.getByLabel("Status").selectOption(current === "approved" ? "pending" : "approved");
    await expect(update).toBeEnabled();
    await form.getByLabel("Status").selectOption(current);
    await expect(update).toBeDisabled();
  } else {
    await update.click();
    await expect(page.getByText("No change").first()).toBeVisible();
  }
});
