import { expect, test } from "@playwright/test";
import { DEMO, errorsOf, headerHydrated, hydrationReports, login } from "./fixtures";

// The header and the footer are rendered once per what they show on the server (decision 0142):
// the browser hydrates them on that markup without a mismatch, for a signed-in visitor, and each
// page's footer forms come back to that page.

test("the header and footer hydrate on the markup the server kept, and each page's forms come back to it", async ({
  page,
}) => {
  await login(page, DEMO.shopper);
  const errors = errorsOf(page);
  const reported = await hydrationReports(page);
  // The product page too: its schema.org script is written by the server only (decision 0146).
  for (const address of ["/all-products?search=coat", "/women", "/product/prod_000002", "/all-products?search=coat"]) {
    await page.goto(address);
    await headerHydrated(page);
    expect(await reported()).toEqual([]);
    await expect(page.getByRole("searchbox", { name: "Search for items..." })).toHaveValue(
      address.includes("coat") ? "coat" : "",
    );
    await expect(page.getByTestId("avatar-menu")).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.locator('input[name="returnTo"]')).toHaveCount(2);
    for (const returnTo of await footer.locator('input[name="returnTo"]').all())
      await expect(returnTo).toHaveValue(address);
    await expect(footer.getByRole("link", { name: "Cookie settings" })).toHaveAttribute(
      "href",
      `${address}${address.includes("?") ? "&" : "?"}cookies=customize`,
    );
  }
  expect(errors).toEqual([]);
});
