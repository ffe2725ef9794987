import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventually } from "./factories";
import { Browser } from "./http";
import { DAY, noticesOf, runDaily, settle, shopper } from "./alerts-helpers";
import { catalogAbroad } from "./abroad-helpers";

// 'Ships to <country>' (decision 0094) counted, cleared and saved like every other listing filter
// (decision 0098): in 'Filters (n)', gone after Reset, in the listing's address that 'Save this
// search' posts, and applied by the daily job's matching of new listings.

const summary = (html: string) => /<summary[^>]*>(Filters(?: \(\d+\))?)<\/summary>/.exec(html)?.[1];
const resetLink = (html: string) => /<a[^>]*href="([^"]*)"[^>]*>Reset<\/a>/.exec(html)?.[1];
const savedUrl = (html: string) =>
  /<input type="hidden" name="url" value="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");

describe("'Ships to' among the listing's filters", () => {
  it("counts in Filters (n) when a country is chosen, and Reset and the saved address treat it like the others", async () => {
    const { brand } = await catalogAbroad();
    const open = async (qs: string) => (await new Browser().fetch(`/all-products?brand=${brand}${qs}`)).text();

    const plain = await open("");
    expect(summary(plain)).toBe("Filters (1)");
    expect(savedUrl(plain)).toBe(`/all-products?brand=${brand}`);

    const france = await open("&ships_to=fr&color=Black");
    expect(summary(france)).toBe("Filters (3)");
    // Saved with its country, as the listing reads it; canonical likewise.
    expect(savedUrl(france)).toBe(`/all-products?brand=${brand}&color=Black&ships_to=FR`);
    expect(france).toContain(
      `rel="canonical" href="http://localhost/all-products?brand=${brand}&amp;color=Black&amp;ships_to=FR"`,
    );
    // Reset goes back to the listing with nothing chosen: no country either.
    expect(resetLink(france)).toBe("/all-products");
    const reset = await new Browser().fetch(resetLink(france)!);
    expect(summary(await reset.text())).toBe("Filters");

    // The UK narrows nothing, but it is chosen and ticked: counted.
    expect(summary(await open("&ships_to=GB"))).toBe("Filters (2)");
    // A code we do not know is left out (decision 0094), so it is not counted or saved.
    const unknown = await open("&ships_to=ZZ");
    expect(summary(unknown)).toBe("Filters (1)");
    expect(savedUrl(unknown)).toBe(`/all-products?brand=${brand}`);
  });
});

describe("a saved search with 'Ships to'", () => {
  it("is saved with its country and tells only of new items whose handler ships there", async () => {
    const savedAt = Date.UTC(2027, 3, 1, 12);
    const { brand, scarf, boots, coat } = await catalogAbroad(savedAt + DAY);
    const user = await shopper();
    const page = await (await user.browser.fetch(`/all-products?brand=${brand}&ships_to=FR`)).text();
    const searches: [string, string][] = [
      ["To France", savedUrl(page)!],
      ["To the US", `/all-products?brand=${brand}&ships_to=us`],
      ["Anywhere", `/all-products?brand=${brand}`],
    ];
    for (const [name, url] of searches)
      expect((await user.browser.post("/account/saved-searches", { intent: "save", name, url })).status).toBe(302);
    const saved = (
      await env.DB.prepare("SELECT name, url FROM saved_searches WHERE user_id = ? ORDER BY name")
        .bind(user.id)
        .all<{ name: string; url: string }>()
    ).results;
    expect(saved).toEqual([
      { name: "Anywhere", url: `/all-products?brand=${brand}` },
      { name: "To France", url: `/all-products?brand=${brand}&ships_to=FR` },
      { name: "To the US", url: `/all-products?brand=${brand}&ships_to=US` },
    ]);
    await env.DB.prepare("UPDATE saved_searches SET created_at = ? WHERE user_id = ?").bind(savedAt, user.id).run();

    await runDaily(savedAt + 2 * DAY);
    expect(
      await eventually(async () => ((await noticesOf(user.id, "saved_search_matches")).length === 3 ? 3 : null)),
    ).toBe(3);
    await settle();
    const emails = (
      await env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ? AND kind = 'saved_search_matches'")
        .bind(user.email)
        .all<{ body: string }>()
    ).results;
    const told = (title: string) => {
      const email = emails.find((e) => e.body.includes(`your saved search “${title}”`));
      return [scarf, boots, coat]
        .filter((item) => email?.body.includes(`/product/${item.id}`))
        .map((item) => item.name);
    };
    // A seller who ships to Europe and a store that ships worldwide reach France; the UK-only seller does not.
    expect(told("To France")).toEqual(["Europe Scarf", "Worldly Coat"]);
    expect(told("To the US")).toEqual(["Worldly Coat"]);
    expect(told("Anywhere")).toEqual(["Europe Scarf", "Homebound Boots", "Worldly Coat"]);
  });
});
