import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseFingerprint } from "./factories";
import { tag, BRAND, one, signedInBrowser, seedSellerStore, upload } from "./seller-helpers";

// The seller area (issue 11) against the real Worker and D1: brand suggestions from Upload Product —
// sent only for a name no brand has, with their status, and offered after an unknown brand is refused.

beforeAll(seedSellerStore);

describe("brand suggestions", () => {
  it("sends a suggestion only for a name no brand has, and shows its status", async () => {
    const vendor = await signedInBrowser("vendor");
    const name = `Tiny Label ${tag}`;
    const sent = await vendor.browser.post("/vendor?tab=upload", { intent: "suggest_brand", suggestedName: name });
    expect(sent.status).toBe(200);
    const html = await sent.text();
    expect(html).toContain("Brand Suggestion Sent");
    expect(await one("SELECT suggested_name, status FROM brand_suggestions WHERE suggested_by = ?", vendor.id)).toEqual(
      { suggested_name: name, status: "pending" },
    );

    // The same again, or a brand we have (any case): refused, nothing written.
    const before = await databaseFingerprint();
    expect(
      (await vendor.browser.post("/vendor?tab=upload", { intent: "suggest_brand", suggestedName: name.toLowerCase() }))
        .status,
    ).toBe(409);
    expect(
      (await vendor.browser.post("/vendor?tab=upload", { intent: "suggest_brand", suggestedName: BRAND.toLowerCase() }))
        .status,
    ).toBe(409);
    expect(
      (await vendor.browser.post("/vendor?tab=upload", { intent: "suggest_brand", suggestedName: "  " })).status,
    ).toBe(400);
    expect(await databaseFingerprint()).toBe(before);

    // Without JavaScript, the Upload form's own 'Suggest this brand' button sends the typed brand.
    const fromForm = await vendor.browser.post(
      "/vendor?tab=upload",
      upload(`Form ${tag}`, { intent: "suggest_brand", brand: `Other Label ${tag}` }),
    );
    expect(fromForm.status).toBe(200);
    expect(await fromForm.text()).toContain(`value="Form ${tag}"`);

    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO brand_suggestions (id, suggested_name, suggested_by, status, created_at) VALUES (?, ?, ?, 'rejected', ?)",
      ).bind(`sg_r_${tag}`, `Rejected ${tag}`, vendor.id, now - 1000),
      env.DB.prepare(
        "INSERT INTO brand_suggestions (id, suggested_name, suggested_by, status, created_at) VALUES (?, ?, ?, 'merged', ?)",
      ).bind(`sg_m_${tag}`, `Merged ${tag}`, vendor.id, now - 2000),
    ]);
    const tab = await (await vendor.browser.fetch("/vendor?tab=upload")).text();
    for (const label of ["Pending Review", "Rejected", "Merged"]) expect(tab).toContain(`>${label}</span>`);
  });

  it("offers 'Suggest this brand' after an unknown brand is refused", async () => {
    const vendor = await signedInBrowser("vendor");
    const html = await (
      await vendor.browser.post("/vendor?tab=upload", upload(`Unknown ${tag}`, { brand: `Nowhere ${tag}` }))
    ).text();
    expect(html).toContain("No brand found in our database.");
    expect(html).toContain("Suggest this brand");
    const known = await (await vendor.browser.post("/vendor?tab=upload", upload(`Known ${tag}`, { name: "" }))).text();
    expect(known).not.toContain("Suggest this brand");
  });
});
