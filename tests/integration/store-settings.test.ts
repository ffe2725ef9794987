import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { databaseFingerprint } from "./factories";
import { Browser } from "./http";
import { bigPng, file, jpeg, png } from "./images";
import { first, page, toastAfter, storeOwner } from "./store-helpers";

// Store Settings and the public store page (issue 12 items 2–5; decisions 0029, 0030).

vi.setConfig({ testTimeout: 30_000 });

// The store's address in the fields of every address (issue 45 item 5; decision 0094).
const LEEDS = {
  "address.fullName": "Leeds Rails",
  "address.addressLine1": "2 New Street",
  "address.city": "Leeds",
  "address.postalCode": "LS1 4AP",
  "address.country": "GB",
};

describe("Store Settings", () => {
  it("saves the description and the address after 'Store located at: ', and a logo under the store's key; the public page shows them", async () => {
    const store = await storeOwner();
    const response = await store.browser.post("/store?tab=settings", {
      intent: "save_settings",
      description: "Vintage rails since 1999.",
      ...LEEDS,
      logo: png("logo.png"),
    });
    expect(await toastAfter(store.browser, response)).toBe("Settings updated");
    const row = await first<{ description: string; logo_url: string }>(
      "SELECT description, logo_url FROM stores WHERE id = ?",
      store.storeId,
    );
    expect(row!.description).toBe("Vintage rails since 1999.\n\nStore located at: 2 New Street, Leeds, LS1 4AP");
    // The key the spec gives, with a version: images are served as immutable, the key is reused.
    expect(row!.logo_url).toMatch(
      new RegExp(`^/images/store-logos/${store.storeId}/${store.storeId}-logo\\.png\\?v=[0-9a-z]+$`),
    );
    const key = (url: string) => url.slice("/images/".length).split("?")[0]!;
    expect(await env.IMAGES.head(key(row!.logo_url))).not.toBeNull();

    const publicPage = await page(new Browser(), `/store/${store.storeId}`);
    expect(publicPage.html).toContain(`src="${row!.logo_url}"`);
    expect(publicPage.html).toContain("Vintage rails since 1999.");
    expect(publicPage.html).toContain("2 New Street, Leeds");
    expect(publicPage.html).toContain("Available Items");
    const logo = await new Browser().fetch(row!.logo_url);
    expect(logo.status).toBe(200);

    // A JPEG replaces it: the old PNG object is removed.
    await store.browser.post("/store?tab=settings", {
      intent: "save_settings",
      description: "Vintage rails since 1999.",
      ...LEEDS,
      logo: jpeg("logo.jpg"),
    });
    const after = await first<{ logo_url: string }>("SELECT logo_url FROM stores WHERE id = ?", store.storeId);
    expect(after!.logo_url).toMatch(
      new RegExp(`^/images/store-logos/${store.storeId}/${store.storeId}-logo\\.jpg\\?v=[0-9a-z]+$`),
    );
    expect(await env.IMAGES.head(key(row!.logo_url))).toBeNull();
    expect(await env.IMAGES.head(key(after!.logo_url))).not.toBeNull();

    // Another JPEG under the same key: a new URL (version), the object kept.
    await new Promise((r) => setTimeout(r, 5));
    await store.browser.post("/store?tab=settings", {
      intent: "save_settings",
      description: "Vintage rails since 1999.",
      ...LEEDS,
      logo: jpeg("logo2.jpg"),
    });
    const third = await first<{ logo_url: string }>("SELECT logo_url FROM stores WHERE id = ?", store.storeId);
    expect(third!.logo_url).not.toBe(after!.logo_url);
    expect(key(third!.logo_url)).toBe(key(after!.logo_url));
    expect(await env.IMAGES.head(key(third!.logo_url))).not.toBeNull();

    // Saving without a new file keeps the logo.
    await store.browser.post("/store?tab=settings", {
      intent: "save_settings",
      description: "Changed words.",
      address: "",
      logoKeep: third!.logo_url,
    });
    expect(await first("SELECT description, logo_url FROM stores WHERE id = ?", store.storeId)).toEqual({
      description: "Changed words.",
      logo_url: third!.logo_url,
    });
  });

  it("refreshes the public pages' version when the settings change", async () => {
    const store = await storeOwner();
    const before = await env.CACHE.get("pages:version");
    await store.browser.post("/store?tab=settings", {
      intent: "save_settings",
      description: "Fresh words.",
      address: "",
    });
    expect(await env.CACHE.get("pages:version")).not.toBe(before);
  });

  it.each([
    [
      "a PDF",
      () => file("logo.pdf", "%PDF-1.4 not an image", "application/pdf"),
      400,
      ["Invalid file type", "Please select an image file (JPG, PNG, etc.)."],
    ],
    [
      "a 6 MB image",
      () => bigPng(6_000_000, "big.png"),
      400,
      ["File too large", "Please select an image smaller than 5MB."],
    ],
  ])("refuses %s as the logo with the spec's message, nothing written", async (_label, make, status, messages) => {
    const store = await storeOwner();
    const before = await databaseFingerprint();
    const response = await store.browser.post("/store?tab=settings", {
      intent: "save_settings",
      description: "Should not save",
      address: "",
      logo: make(),
    });
    expect(response.status).toBe(status);
    const html = (await response.text()).replace(/&#x27;/g, "'");
    for (const message of messages) expect(html).toContain(message);
    expect(await databaseFingerprint()).toBe(before);
  });
});
