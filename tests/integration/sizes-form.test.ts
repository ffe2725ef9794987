import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, databaseFingerprint } from "./factories";
import { type FormFields } from "./http";
import { addSizeBrands, BRAND, one, page, signedInBrowser, tag } from "./sizes-helpers";

// Sizes (issue 25, item 1) against the real Worker and D1: the upload and edit forms with a size,
// fit note and measurements, their refusals, the product page's DETAILS and the data export.
// The Size filter of the listings: sizes-filter.test.ts.

const upload = (name: string, extra: FormFields = {}): FormFields => ({
  intent: "create_product",
  name,
  brand: BRAND,
  productType: "Women",
  category: "Dresses",
  condition: "Almost New",
  color: "Red",
  originalPrice: "200",
  rentalPrice: "20",
  buyingPrice: "90",
  size: "UK 10",
  ...extra,
});

beforeAll(addSizeBrands);

describe("a listing's size in the seller form", () => {
  it("is saved with its fit note and measurements, and shown in DETAILS with its EU and US sizes", async () => {
    const vendor = await signedInBrowser("vendor");
    const name = `Wrap Dress ${tag}`;
    const response = await vendor.browser.post(
      "/vendor?tab=upload",
      upload(name, {
        size: "uk 12",
        fitNote: "Runs small",
        measure_chest: "88",
        measure_length: "104.5",
        measure_waist: "",
      }),
    );
    expect(response.status).toBe(302);
    const product = await one<{ id: string; size: string; fit_note: string; measurements: string }>(
      "SELECT id, size, fit_note, measurements FROM products WHERE name = ?",
      name,
    );
    expect(product).toMatchObject({ size: "UK 12", fit_note: "Runs small" });
    expect(JSON.parse(product!.measurements)).toEqual({ chest: 88, length: 104.5 });

    // The edit form shows them, and saves a change.
    const form = await (await vendor.browser.fetch(`/vendor/product/${product!.id}/edit`)).text();
    expect(form).toMatch(/<option value="UK 12" selected="">UK 12<\/option>/);
    expect(form).toContain('value="104.5"');
    const saved = await vendor.browser.post(`/vendor/product/${product!.id}/edit`, {
      ...upload(name, { size: "UK 14", fitNote: "Oversized", measure_chest: "90" }),
      intent: "save",
    });
    expect(saved.status).toBe(302);
    expect(await one("SELECT size, fit_note, measurements FROM products WHERE id = ?", product!.id)).toEqual({
      size: "UK 14",
      fit_note: "Oversized",
      measurements: JSON.stringify({ chest: 90 }),
    });

    // Live, the product page's DETAILS show the size with its equivalents, the fit and the measurements.
    await env.DB.prepare("UPDATE products SET status = 'approved', product_status = 'live' WHERE id = ?")
      .bind(product!.id)
      .run();
    const shown = await page(`/product/${product!.id}`);
    expect(shown.text).toContain("UK 14 (EU 42, US 10)");
    expect(shown.text).toContain("Oversized");
    expect(shown.text).toContain("Chest / bust 90 cm");

    // And the seller's data export carries them.
    const exported = (await (await vendor.browser.post("/account/export", {})).json()) as {
      products: { id: string; size: string; fit_note: string; measurements: string }[];
    };
    expect(exported.products.find((p) => p.id === product!.id)).toMatchObject({ size: "UK 14", fit_note: "Oversized" });
  });

  const refusals: [string, FormFields, string, string][] = [
    ["no size", { size: "" }, "size", "Please choose a size"],
    ["an unknown size", { size: "UK 99" }, "size", "Please choose a size from the list"],
    [
      "a size of another system",
      { size: "XL" },
      "size",
      "That size is not one of the sizes for Women dresses. Please choose a size from the list.",
    ],
    [
      "a negative measurement",
      { measure_chest: "-4" },
      "measure_chest",
      "Chest / bust must be a number of centimetres greater than 0 and at most 300",
    ],
    [
      "a measurement that is not a number",
      { measure_hips: "wide" },
      "measure_hips",
      "Hips must be a number of centimetres greater than 0 and at most 300",
    ],
    [
      "an absurd measurement",
      { measure_insideLeg: "301" },
      "measure_insideLeg",
      "Inside leg must be a number of centimetres greater than 0 and at most 300",
    ],
    ["an unknown fit", { fitNote: "Snug" }, "fitNote", "Please choose a fit from the list"],
  ];
  it.each(refusals)(
    "refuses %s with a message at the field, a 400 and nothing written",
    async (_, change, field, message) => {
      const vendor = await signedInBrowser("vendor");
      const before = await databaseFingerprint();
      const response = await vendor.browser.post("/vendor?tab=upload", upload(`Refused ${tag}`, change));
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message.replace(/'/g, "&#x27;"));
      expect(html).toContain(`id="field-${field}-error"`);
      expect(await databaseFingerprint()).toEqual(before);
    },
  );

  it("refuses a wrong size on the edit form too, keeping the saved one", async () => {
    const vendor = await signedInBrowser("vendor");
    const product = await createProduct(vendor.id, {
      brand: BRAND,
      productType: "Men",
      category: "Bottoms",
      size: "M",
    });
    const response = await vendor.browser.post(`/vendor/product/${product.id}/edit`, {
      ...upload(product.name, { productType: "Men", category: "Bottoms", size: "UK 10" }),
      intent: "save",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("That size is not one of the sizes for Men bottoms.");
    expect(await one("SELECT size FROM products WHERE id = ?", product.id)).toEqual({ size: "M" });
  });
});
