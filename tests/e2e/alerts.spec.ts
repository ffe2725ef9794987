import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, login, ownAddress } from "./fixtures";

// Issue 25, items 6 and 7 (decisions 0051, 0052), with JavaScript and without: a rented item says
// when it is expected back, and a shopper signed out asks to be told when it is back (sign in,
// then back to ask); a shopper saves a listing as a search and finds it in their account.

test("a shopper asks to be notified of a rented item and sees when it is expected back", async ({
  page,
  javaScriptEnabled,
}) => {
  const id = javaScriptEnabled ? "prod_e2e_alert_js" : "prod_e2e_alert_nojs";
  await ownAddress(page);
  await page.goto(`/product/${id}`);
  await expect(page.getByText("Currently rented", { exact: true }).first()).toBeVisible();
  // Delivered 4 days ago: the window ends in 3 days, then the return's post and the turnaround (decision 0080).
  await expect(page.getByText(/^Back around \d{1,2} \w+$/)).toBeVisible();
  await page.getByRole("button", { name: "Notify me" }).click();

  // Signed out: sign in, and back to ask.
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=${encodeURIComponent(`/product/${id}/notify`)}`));
  const form = page.getByRole("region", { name: "Sign In" });
  await form.getByLabel("Email").fill(DEMO.shopper);
  await form.getByLabel("Password").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${id}/notify$`));
  await expect(page.getByText(/Back around \d{1,2} \w+/)).toBeVisible();
  await page.getByRole("button", { name: "Notify me" }).click();

  await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
  await expect(page.getByText("We'll tell you when it's back").first()).toBeVisible();
  // The item's shared page again (no toast now): stitched for this shopper by the server, it says
  // so instead of offering the button, with JavaScript (hydrated as sent) and without (decision 0051).
  await page.goto(`/product/${id}`);
  await expect(page.getByText("We'll tell you when it's back", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Notify me" })).toHaveCount(0);

  // The account lists it; 'Stop' takes it off again.
  await page.goto("/account/saved-searches");
  const waiting = page.getByRole("region", { name: "Notify me" });
  await expect(
    waiting.getByRole("link", { name: javaScriptEnabled ? "Plum Velvet Blazer" : "Teal Satin Midi Dress" }),
  ).toBeVisible();
  await waiting
    .getByRole("button", {
      name: `Stop waiting for ${javaScriptEnabled ? "Plum Velvet Blazer" : "Teal Satin Midi Dress"}`,
    })
    .click();
  await expect(page.getByText("We won't tell you about it").first()).toBeVisible();
  await expect(
    waiting.getByRole("link", { name: javaScriptEnabled ? "Plum Velvet Blazer" : "Teal Satin Midi Dress" }),
  ).toHaveCount(0);
});

test("a shopper saves a search from a listing and sees it in the account", async ({ page, javaScriptEnabled }) => {
  const name = `E2E coats ${javaScriptEnabled ? "js" : "no-js"} ${Date.now().toString(36)}`;
  await login(page, DEMO.shopper, DEMO_PASSWORD, "/categories/coats?color=Black");
  await expect(page).toHaveURL(/\/categories\/coats\?color=Black$/);
  await page.getByText("Save this search", { exact: true }).click();
  const save = page.getByRole("form", { name: "Save this search" });
  await save.getByLabel("Name this search").fill(name);
  await save.getByRole("button", { name: "Save search" }).click();

  await expect(page).toHaveURL(/\/account\/saved-searches$/);
  await expect(page.getByText("Search saved").first()).toBeVisible();
  const saved = page.getByRole("link", { name });
  await expect(saved).toHaveAttribute("href", "/categories/coats?color=Black");

  // Delete it again, so the demo shopper keeps the searches the demo seeded.
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByText("Saved search deleted").first()).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
});
