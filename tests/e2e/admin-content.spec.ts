import { expect, test } from "@playwright/test";
import { DEMO, loginOnce } from "./fixtures";

// The admin Content, Brand Review and Blog journeys (issue 14 items 5, 6, 10), with JavaScript on
// and off. Each test makes what it works on (a post, a category it deletes again, a brand
// suggestion of its own), so runs can repeat on the same database.

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test("an admin previews and publishes a blog post that shows on home at once", async ({ page }) => {
  const title = unique("Five ways to wear a trench");
  await loginOnce(page, DEMO.admin, "/admin/blog/new");
  await expect(page.getByRole("heading", { name: "New Blog Post" })).toBeVisible();
  const form = page.getByRole("form", { name: "New blog post" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Excerpt").fill("Belted, open, over a hoodie.");
  await form.getByLabel("Content").fill("Start with the belt.\n\n<script>alert('no')</script>");
  await form.getByLabel("Category").fill("Style");
  await form.getByLabel("Tags").fill(" trench, , style ");

  await form.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText(title);
  await expect(preview).toContainText("<script>alert('no')</script>");
  await expect(preview.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["#trench", "#style"]);

  // The form keeps what was typed (without JavaScript the page came back from the server).
  await expect(form.getByLabel("Title")).toHaveValue(title);
  await form.getByRole("button", { name: "Save Post" }).click();
  await expect(page.getByText("Blog post saved successfully")).toBeVisible();
  await expect(page.getByText("published and visible on the home page")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.goto("/");
  const rail = page.getByRole("list", { name: "Blog posts" });
  await expect(rail.getByText(title)).toBeVisible();
});

test("an admin creates a category that shows on home's Shop by Category, then deletes it", async ({ page }) => {
  const name = unique("Knitwear");
  await loginOnce(page, DEMO.admin, "/admin/content");
  const form = page.getByRole("form", { name: "Add category" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Sort order").fill("x");
  await form.getByRole("button", { name: "Create category" }).click();
  await expect(
    page.getByRole("form", { name: "Add category" }).getByText("Sort order must be a whole number"),
  ).toBeVisible();

  await page.getByRole("form", { name: "Add category" }).getByLabel("Sort order").fill("99");
  await page.getByRole("form", { name: "Add category" }).getByRole("button", { name: "Create category" }).click();
  await expect(page.getByText("Category created successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row).toContainText(name.toLowerCase().replace(" ", "-"));

  await page.goto("/");
  const section = page.getByRole("region", { name: "Shop by Category" });
  await expect(section.getByRole("link", { name: new RegExp(name) })).toBeVisible();

  await page.goto("/admin/content#categories");
  await page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) })
    .getByText(`Delete ${name}`, { exact: true })
    .click();
  await page
    .getByRole("dialog", { name: `Delete ${name}` })
    .getByRole("button", { name: "Delete category" })
    .click();
  await expect(page.getByText("Category deleted successfully")).toBeVisible();
  await page.goto("/");
  await expect(
    page.getByRole("region", { name: "Shop by Category" }).getByRole("link", { name: new RegExp(name) }),
  ).toHaveCount(0);
});

test("an admin reviews a seller's brand suggestion and the seller sees the outcome", async ({
  page,
  browser,
}, info) => {
  const merge = info.project.name === "js";
  const suggested = unique(merge ? "Acne Studio" : "Loop Label");
  // The seller suggests the brand (the upload form's 'Suggest this brand' posts exactly this).
  const seller = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled });
  const sellerPage = await seller.newPage();
  await loginOnce(sellerPage, DEMO.vendor, "/vendor?tab=upload");
  const sent = await sellerPage.request.post("/vendor?tab=upload", {
    form: { intent: "suggest_brand", suggestedName: suggested },
  });
  expect(sent.ok()).toBe(true);

  await loginOnce(page, DEMO.admin, "/admin/brand-review");
  const item = page
    .getByRole("region", { name: /^Brand suggestions/ })
    .getByRole("listitem")
    .filter({ hasText: suggested });
  await expect(item).toContainText("0 product(s) use this name");
  if (merge) {
    // The brand list is folded until asked for (issue 46 item 5).
    await item.getByText(`Merge ${suggested} into a brand`).click();
    await item.getByRole("combobox", { name: `Merge ${suggested} into` }).selectOption({ label: "Acne Studios" });
    await item.getByRole("button", { name: `Merge ${suggested}` }).click();
    await expect(page.getByText("Brand suggestion merged")).toBeVisible();
  } else {
    // Rejecting asks for a reason first ('Reject…' opens it); the field is required.
    await item.getByText("Reject…").click();
    await expect(item.getByLabel("Reason (shown to the seller who suggested it)")).toHaveAttribute("required", "");
    await item.getByRole("button", { name: `Approve ${suggested}` }).click();
    await expect(page.getByText("Brand suggestion approved")).toBeVisible();
  }
  await expect(
    page.getByRole("region", { name: "Reviewed suggestions" }).getByRole("listitem").filter({ hasText: suggested }),
  ).toContainText(merge ? `${suggested} → Acne Studios` : suggested);

  await sellerPage.goto("/vendor?tab=upload");
  const mine = sellerPage.getByRole("region", { name: "Your brand suggestions" });
  await expect(mine.getByRole("listitem").filter({ hasText: suggested })).toContainText(merge ? "Merged" : "Approved");
  await seller.close();

  if (!merge) {
    // The approved brand is a brand now, with its own page.
    await page.goto(`/brand/${encodeURIComponent(suggested)}`);
    await expect(page.getByRole("heading", { name: suggested })).toBeVisible();
  }
});
