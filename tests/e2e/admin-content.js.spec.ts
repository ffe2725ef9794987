import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, loginOnce, uploadControlReady } from "./fixtures";

// The admin Brands, Brand Review, Content and blog screens pass axe (WCAG 2.1 A/AA), as the other
// admin tabs do (a11y.js.spec.ts), including a form refused at its fields.
test("no accessibility violations on the Brands, Brand Review, Content tabs and the blog form", async ({ page }) => {
  test.setTimeout(120_000);
  await loginOnce(page, "superadmin@closetloop.test", "/admin/brands");
  const check = () => expectNoAxeViolations(page);
  for (const path of [
    "/admin/brands",
    "/admin/brands?edit=brand_ganni",
    "/admin/brand-review",
    "/admin/content",
    "/admin/content?page=faq&category=cat_coats",
    "/admin/blog/new",
  ]) {
    await page.goto(path);
    await check();
  }
  await page.goto("/admin/content");
  await page.getByRole("form", { name: "Banner by URL" }).getByLabel("Image URL").fill("javascript:alert(1)");
  await page.getByRole("form", { name: "Banner by URL" }).getByRole("button", { name: "Use this URL" }).click();
  await expect(
    page.getByRole("form", { name: "Banner by URL" }).getByText("Only http:// or https:// image addresses are allowed"),
  ).toBeVisible();
  await check();
});

test("a refused logo holds the form: nothing is created until another file is chosen or 'Save without an image'", async ({
  page,
}) => {
  await loginOnce(page, "superadmin@closetloop.test", "/admin/brands");
  const form = page.getByRole("form", { name: "Add brand" });
  await uploadControlReady(form);
  const name = `Zz Held Logo ${Date.now().toString(36)}`;
  await form.getByLabel("Name").fill(name);
  await form
    .locator('input[type="file"]')
    .setInputFiles([{ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") }]);
  await expect(form.getByText("Invalid file type - Please select a PNG, JPG or SVG logo.")).toBeVisible();
  await form.getByRole("button", { name: "Create brand" }).click();
  await expect(form.locator('input[type="file"]')).toBeFocused();
  await expect(page.getByText("Brand created successfully")).toHaveCount(0);
  await form.getByRole("button", { name: "Save without an image" }).click();
  await form.getByRole("button", { name: "Create brand" }).click();
  // The action, its redirect and the tab's loader: past the 7 s default once in a loaded CI run (the toast came after).
  await expect(page.getByText("Brand created successfully").first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("link", { name: `Edit ${name}` })).toBeVisible();
});

test("a logo chosen before the page's script has run is checked all the same (a slow connection)", async ({ page }) => {
  await loginOnce(page, "superadmin@closetloop.test", "/admin/brands");
  // The page's scripts arrive late: the plain file input is there, and a person chooses a file.
  await page.route("**/assets/**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/admin/brands", { waitUntil: "commit" });
  const form = page.getByRole("form", { name: "Add brand" });
  await form
    .locator('input[type="file"][name]')
    .setInputFiles([{ name: "early.png", mimeType: "image/png", buffer: Buffer.from("not an image either") }]);
  // Once the scripts have run, the enhanced control has taken the file over and checked its bytes.
  await expect(form.getByText("Invalid file type - Please select a PNG, JPG or SVG logo.")).toBeVisible({
    timeout: 15_000,
  });
  await expect(form.locator('input[type="file"][name]')).toHaveCount(0);
});
