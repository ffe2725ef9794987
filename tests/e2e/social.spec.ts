import { expect, test } from "@playwright/test";
import { login, ownAccount, projectOf } from "./fixtures";

// Following and rating (issue 46 items 1-2; decisions 0090, 0091), at 390 px and at 1280 px, with
// JavaScript on and off (the two projects). The spec's own account (tests/e2e/seed/97-social.mjs)
// follows AtelierAnna (the demo's seller with every badge, db/demo/flows/95-social.mjs) from her
// page, finds her new listings on home and unfollows from the account's list; as a seller, it
// rates the demo shopper of a completed sale, once.

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test("a shopper follows a seller from her page, sees her new listings on home, and unfollows from the Following list", async ({
      page,
    }, info) => {
      await login(page, ownAccount("social", info));
      await page.goto("/AtelierAnna");
      const badges = page.getByRole("list", { name: "Badges" });
      for (const badge of ["Verified seller", "Top rated", "Ships fast"])
        await expect(badges.getByRole("link", { name: badge })).toBeVisible();
      await expect(page.getByText(/4\.9 ★ \(12 ratings\)/)).toBeVisible();
      // The follow's own answer, before anything else: with JavaScript the button reads 'Following'
      // while the form is still on its way, and a reload then would cancel it.
      const followed = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/account/following"),
      );
      await page.getByRole("button", { name: "Follow", exact: true }).click();
      expect((await followed).status()).toBeLessThan(400);
      const following = page.getByRole("button", { name: "Following", exact: true });
      await expect(following).toBeVisible();
      await expect(following).toHaveAttribute("aria-pressed", "true");
      // After a reload too: the shared page, stitched for this visitor.
      await page.reload();
      await expect(page.getByRole("button", { name: "Following", exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

      await page.goto("/");
      const rail = page.getByRole("region", { name: "From sellers you follow" });
      await expect(rail.getByRole("link", { name: /Black Double-Breasted Pea Coat/ })).toBeVisible();

      await page.goto("/account/following");
      await expect(page.getByRole("link", { name: "AtelierAnna" })).toBeVisible();
      await page.getByRole("button", { name: "Unfollow AtelierAnna" }).click();
      await expect(page.getByText("You don't follow anyone yet")).toBeVisible();
      await page.goto("/");
      await expect(page.getByRole("region", { name: "From sellers you follow" })).toHaveCount(0);
    });

    test("a seller rates the shopper of a completed sale: stars are required, and it is rated once", async ({
      page,
    }, info) => {
      await login(page, ownAccount("social", info));
      const itemId = `item_e2e_social_${projectOf(info)}_${width}`;
      await page.goto("/vendor?tab=orders");
      await page.locator(`a[href="/account/ratings/${itemId}"]`).click();
      await expect(page.getByRole("heading", { name: "Rate the shopper" })).toBeVisible();
      const form = page.getByRole("form", { name: "Rate SamShops" });
      await form.getByRole("button", { name: "Submit rating" }).click();
      await expect(page.getByText("Please choose a rating from 1 to 5").first()).toBeVisible();
      await page.getByRole("form", { name: "Rate SamShops" }).getByLabel("4 stars").check();
      await page
        .getByRole("form", { name: "Rate SamShops" })
        .getByLabel("Comment (optional)")
        .fill("Paid at once, lovely to deal with.");
      await page.getByRole("form", { name: "Rate SamShops" }).getByRole("button", { name: "Submit rating" }).click();
      await expect(page.getByText("Your rating of SamShops")).toBeVisible();
      await expect(page.getByLabel("4 out of 5 stars")).toBeVisible();
      await expect(page.getByText("Paid at once, lovely to deal with.")).toBeVisible();
      await expect(page.getByRole("form", { name: "Rate SamShops" })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });
  });
}
