import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { databaseFingerprint } from "./factories";

// My sizes with several sizes per system (issue 46 item 4, decision 0076): a shopper between
// UK 10 and UK 12 saves both, and 'Show my sizes' shows both.

const saved = async (userId: string) =>
  (
    await env.DB.prepare("SELECT size_system, size FROM user_sizes WHERE user_id = ? ORDER BY size_system, size")
      .bind(userId)
      .all()
  ).results;

describe("My sizes", () => {
  it("keeps two sizes of one system, and 'Show my sizes' filters by both", async () => {
    const shopper = await signedInBrowser("shopper");
    const response = await shopper.browser.post("/account/sizes", {
      intent: "save_sizes",
      size_women: ["UK 10", "UK 12"],
      size_shoes: "Shoe UK 5.5",
    });
    expect(response.status).toBe(302);
    expect(await saved(shopper.id)).toEqual([
      { size_system: "shoes", size: "Shoe UK 5.5" },
      { size_system: "women", size: "UK 10" },
      { size_system: "women", size: "UK 12" },
    ]);
    const page = await (await shopper.browser.fetch("/account/sizes")).text();
    const box = (size: string) =>
      page.match(new RegExp(`<input[^>]*name="size_women"[^>]*value="${size}"[^>]*>`))?.[0] ?? "";
    expect(box("UK 10")).toContain('checked=""');
    expect(box("UK 12")).toContain('checked=""');
    expect(box("UK 14")).toMatch(/^<input/);
    expect(box("UK 14")).not.toContain("checked");
    const show = await shopper.browser.fetch(`/account/sizes/show?return=${encodeURIComponent("/categories/dresses")}`);
    expect(show.status).toBe(302);
    const location = show.headers.get("location")!;
    expect(location).toContain("size=UK+10");
    expect(location).toContain("size=UK+12");

    // Unticking one keeps the other; a size of another system is refused at its field and changes nothing.
    expect((await shopper.browser.post("/account/sizes", { intent: "save_sizes", size_women: "UK 12" })).status).toBe(
      302,
    );
    expect(await saved(shopper.id)).toEqual([{ size_system: "women", size: "UK 12" }]);
    const before = await databaseFingerprint();
    const refused = await shopper.browser.post("/account/sizes", { intent: "save_sizes", size_women: ["UK 12", "XL"] });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please choose a size from the Women&#x27;s (UK) list");
    expect(await databaseFingerprint()).toBe(before);
  });
});
