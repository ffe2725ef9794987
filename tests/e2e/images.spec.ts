import { expect, test, type Page } from "@playwright/test";

/** Every /images/ response the page loads, with the URL it asked for and what came back. */
function imageResponses(page: Page) {
  const seen: { url: URL; status: number; type: string | null }[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/images/"))
      seen.push({ url, status: response.status(), type: response.headers()["content-type"] ?? null });
  });
  return seen;
}

test("a listing page loads the seeded catalog's WebP variants, never an original", async ({ page }) => {
  const seen = imageResponses(page);
  await page.goto("/all-products");
  const cards = page.getByRole("region", { name: "Products" }).getByRole("article");
  await expect(cards.first()).toBeVisible();
  await page.waitForLoadState("load");
  const card = cards.first().getByRole("img");
  await expect(card).toHaveAttribute("sizes", /320px/);
  await expect(card).toHaveAttribute("width", "400");
  await expect(card).toHaveAttribute("height", "500");

  // The seeded catalog's photos (prod_ and six digits); items other browser tests list carry tiny
  // test images, narrower than any variant, which are served as they are. Those items are the
  // newest, so they may fill the first row while other tests run: the page is scrolled to its end,
  // so every lazy card's photo is asked for.
  const seeded = () => seen.filter((r) => /^\/images\/products\/(?:[^/]+\/)?prod_\d{6}_/.test(r.url.pathname));
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect.poll(() => seeded().length).toBeGreaterThanOrEqual(3);
  const products = seeded();
  for (const response of products) {
    // A 1280 px desktop at 1x: a card slot is 320 px, so the 400 px variant.
    expect(response.url.searchParams.get("w"), response.url.href).toBe("400");
    expect(response.status, response.url.href).toBe(200);
    expect(response.type, response.url.href).toBe("image/webp");
  }
});

test("the product gallery loads a variant sized for its slot", async ({ page }) => {
  const seen = imageResponses(page);
  await page.goto("/all-products");
  // A seeded item (prod_ and six digits): its photos have their variants.
  const hrefs = await page
    .getByRole("region", { name: "Products" })
    .locator('a[href^="/product/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const seeded = hrefs.find((href) => /^\/product\/prod_\d{6}$/.test(href));
  expect(seeded).toBeTruthy();
  await page.locator(`a[href="${seeded}"]`).first().click();
  await expect(page).toHaveURL(/\/product\//);
  const main = page.locator("#image-1");
  await expect(main).toBeVisible();
  await expect(main).toHaveAttribute("srcset", /\?w=800 800w/);
  // With JavaScript the product page arrives by client-side navigation: the document's load event
  // has long passed, so wait for the gallery's image itself.
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const at800 = () =>
    seen.filter((r) => r.url.pathname.startsWith("/images/products/") && r.url.searchParams.get("w") === "800");
  await expect.poll(() => at800().length).toBeGreaterThanOrEqual(1);
  const gallery = at800();
  for (const response of gallery) expect(response.type, response.url.href).toBe("image/webp");
  expect(seen.filter((r) => r.url.pathname.startsWith("/images/products/") && !r.url.searchParams.has("w"))).toEqual(
    [],
  );
});
