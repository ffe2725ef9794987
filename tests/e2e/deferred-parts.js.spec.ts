import { expect, test } from "@playwright/test";
import { errorsOf } from "./fixtures";

// Decision 0128: the cookie bar, the footer's newsletter form and its currency picker hydrate
// after the page. Their code is not among the page's first scripts (the JavaScript budget counts
// without it); once it came they work in place, without a page load and without an error. Before
// that they are the server's forms, which shell.spec.ts drives with and without JavaScript.

test("the cookie bar, the newsletter form and the currency picker hydrate after the page, then work in place", async ({
  page,
}) => {
  const errors = errorsOf(page);
  let documents = 0;
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents++;
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto("/");
  const html = await response!.text();
  // The page names its first scripts (modulepreload links, the entry's imports): none of these.
  const firstScripts = [...html.matchAll(/\/assets\/([\w.-]+)\.js/g)].map((m) => m[1]);
  expect(firstScripts.length).toBeGreaterThan(0);
  expect(firstScripts.filter((name) => /^(cookie-consent|newsletter|currency-picker)-/.test(name))).toEqual([]);

  // Hydrated: the bar's forms are enhanced, and Customize opens its dialog in place.
  const bar = page.getByRole("region", { name: "Cookie consent" });
  await expect(bar.locator('input[name="enhanced"]').first()).toBeAttached();
  await bar.getByRole("button", { name: "Customize" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // The newsletter form answers at its field, in place.
  const newsletter = page
    .locator("form")
    .filter({ has: page.getByRole("textbox", { name: "Sign up for our newsletter" }) });
  await expect(newsletter.locator('input[name="enhanced"]')).toBeAttached();
  // Every part hydrated without an error (the refused address below is answered with a 400).
  expect(errors).toEqual([]);
  await newsletter.getByRole("button", { name: "Subscribe" }).click();
  await expect(newsletter.getByRole("alert")).toHaveText("Please enter your email address");

  // The currency picker is there, and no page was loaded again.
  await expect(page.getByRole("form", { name: "Display currency" }).getByLabel("Currency")).toBeVisible();
  expect(documents).toBe(1);
  // Each part's code came in a chunk of its own, asked for by hydration (not by the page).
  for (const part of ["cookie-consent", "newsletter", "currency-picker"])
    expect(
      scripts.some((path) => new RegExp(`/assets/${part}-[\\w-]+\\.js$`).test(path)),
      part,
    ).toBe(true);
});

test("a part whose code does not come stays the server's form, and the page works", async ({ page }) => {
  await page.route(/\/assets\/cookie-consent-[\w-]+\.js$/, (route) => route.abort());
  await page.goto("/");
  // The rest of the page hydrated, the newsletter's part too; the bar is the server's form.
  const newsletter = page
    .locator("form")
    .filter({ has: page.getByRole("textbox", { name: "Sign up for our newsletter" }) });
  await expect(newsletter.locator('input[name="enhanced"]')).toBeAttached();
  const bar = page.getByRole("region", { name: "Cookie consent" });
  await expect(bar.locator('input[name="enhanced"]')).toHaveCount(0);
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await Promise.all([
    page.waitForURL((url) => url.pathname === "/"),
    page.waitForResponse((r) => r.url().includes("/consent") && r.request().method() === "POST"),
    bar.getByRole("button", { name: "Accept All" }).click(),
  ]);
  await expect(bar).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
