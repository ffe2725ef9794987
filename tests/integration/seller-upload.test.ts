import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, databaseFingerprint, eventually } from "./factories";
import { jpeg as realJpeg } from "./image-fixtures";
import type { FormFields } from "./http";
import { bigPng, jpeg, png, renamedText, svg, truncatedJpeg } from "./images";
import type { AppContext } from "../../app/context";
import { database } from "../../app/data/db.server";
import { roleFlags } from "../../app/domain/roles";
import { appConfig } from "../../app/env.server";
import { createListing } from "../../app/services/seller-products.server";
import {
  tag,
  BRAND,
  STORE,
  rows,
  one,
  signedInBrowser,
  objectsUnder,
  seedSellerStore,
  upload,
  followToast,
} from "./seller-helpers";

// The seller area (issue 11: items 1, 3, 4, 5, 7) against the real Worker, D1 and R2: Upload
// Product (its refusals, images that fail to store). Brand suggestions: seller-brand-suggestions.test.ts.

beforeAll(seedSellerStore);

describe("Upload Product", () => {
  it("creates a pending listing with five photos under the spec's R2 path, prices in pence", async () => {
    const vendor = await signedInBrowser("vendor");
    const name = `Camel Coat ${tag}`;
    const photos = [jpeg("front.jpg"), png("back.png"), png("label.png"), jpeg("detail.jpg"), png("worn.png")];
    const response = await vendor.browser.post("/vendor?tab=upload", upload(name, { images: photos }));
    const { location, html } = await followToast(vendor.browser, response);
    expect(location).toBe("/vendor");
    expect(html).toContain("Product created successfully");
    expect(html).toContain("Your product has been submitted for approval.");

    const product = await one<{
      id: string;
      images: string;
      tags: string;
      price: number;
      original_price: number;
      rental_price: number;
      buying_price: number;
      brand: string;
      status: string;
      product_status: string;
      concierge_status: string;
      store_id: string | null;
    }>("SELECT * FROM products WHERE owner_id = ? AND name = ?", vendor.id, name);
    expect(product).toMatchObject({
      brand: BRAND,
      status: "pending",
      product_status: "pending",
      concierge_status: "no",
      store_id: null,
      original_price: 40000,
      rental_price: 2450,
      buying_price: 18000,
      price: 18000,
    });
    expect(JSON.parse(product!.tags)).toEqual(["wool", "camel"]);
    const images = JSON.parse(product!.images) as string[];
    expect(images).toHaveLength(5);
    images.forEach((url, i) =>
      expect(url).toMatch(new RegExp(`^/images/products/${vendor.id}/${product!.id}_\\d+_${i}\\.(jpg|png)$`)),
    );
    expect(images.map((u) => u.split(".").pop())).toEqual(["jpg", "png", "png", "jpg", "png"]);
    const stored = await env.IMAGES.head(images[0]!.slice("/images/".length));
    expect(stored!.httpMetadata).toMatchObject({ contentType: "image/jpeg", cacheControl: "public, max-age=3600" });
    expect(await objectsUnder(`products/${vendor.id}/${product!.id}_`)).toHaveLength(5);

    // The dashboard lists it as pending, with its fairness.
    const dashboard = await (await vendor.browser.fetch("/vendor")).text();
    expect(dashboard).toContain(name);
    expect(dashboard).toMatch(/>Review: pending</);
    expect(dashboard).toContain("13.6% · Fair"); // 24.50 of 180
    expect(dashboard).toContain("45% · Fair"); // 180 of 400, Almost New 40–55
    expect(dashboard).toContain(`/vendor/product/${product!.id}/edit`);
  });

  it("asks the queue for the photos' variants, which the consumer writes (the listing then serves them)", async () => {
    const vendor = await signedInBrowser("vendor");
    const name = `Variant Coat ${tag}`;
    const photo = new File([await realJpeg(900, 1125)], "phone-photo.jpg", { type: "image/jpeg" });
    await followToast(
      vendor.browser,
      await vendor.browser.post("/vendor?tab=upload", upload(name, { images: [photo] })),
    );
    const product = await one<{ images: string }>(
      "SELECT images FROM products WHERE owner_id = ? AND name = ?",
      vendor.id,
      name,
    );
    const key = (JSON.parse(product!.images) as string[])[0]!.slice("/images/".length);
    const variant = await eventually(() => env.IMAGES.head(`variants/400/${key}.webp`), 30_000);
    expect(variant.httpMetadata?.contentType).toBe("image/webp");
    expect(await env.IMAGES.head(`variants/800/${key}.webp`)).not.toBeNull();
    expect(await env.IMAGES.head(`variants/1600/${key}.webp`)).toBeNull(); // never wider than the original
  });

  it("takes photos staged by the enhanced form, in the chosen order", async () => {
    const vendor = await signedInBrowser("vendor");
    const tokens: string[] = [];
    for (const file of [png("a.png"), jpeg("b.jpg")]) {
      const staged = await vendor.browser.post("/uploads", { intent: "product", file });
      tokens.push(((await staged.json()) as { token: string }).token);
    }
    const name = `Staged Coat ${tag}`;
    const response = await vendor.browser.post(
      "/vendor?tab=upload",
      upload(name, { imagesOrder: [`staged:${tokens[1]}`, `staged:${tokens[0]}`] }),
    );
    expect(response.status).toBe(302);
    const product = await one<{ id: string; images: string }>("SELECT id, images FROM products WHERE name = ?", name);
    expect((JSON.parse(product!.images) as string[]).map((u) => u.split(".").pop())).toEqual(["jpg", "png"]);
    expect(await objectsUnder(`staging/${vendor.id}/`)).toEqual([]);
  });

  it("makes one product when the same form is sent twice", async () => {
    const vendor = await signedInBrowser("vendor");
    const name = `Twice Coat ${tag}`;
    const form = upload(name, {
      formKey: "0123456789abcdef0123456789abcdef".replace(/^0/, tag.length % 2 ? "a" : "b"),
    });
    expect((await vendor.browser.post("/vendor?tab=upload", form)).status).toBe(302);
    expect((await vendor.browser.post("/vendor?tab=upload", form)).status).toBe(302);
    expect(await rows("SELECT id FROM products WHERE name = ?", name)).toHaveLength(1);
    // Another seller sending that key gets a product of their own.
    const other = await signedInBrowser("vendor");
    expect((await other.browser.post("/vendor?tab=upload", { ...form, name: `${name} too` })).status).toBe(302);
    expect(await rows("SELECT id FROM products WHERE name = ?", `${name} too`)).toHaveLength(1);
  });

  it("asks a store for concierge service: the store is set and its answer is pending", async () => {
    const vendor = await signedInBrowser("vendor");
    const name = `Concierge Coat ${tag}`;
    expect(
      (await vendor.browser.post("/vendor?tab=upload", upload(name, { concierge: "on", storeId: STORE }))).status,
    ).toBe(302);
    expect(await one("SELECT store_id, concierge_status, status FROM products WHERE name = ?", name)).toEqual({
      store_id: STORE,
      concierge_status: "pending",
      status: "pending",
    });
    const dashboard = await (await vendor.browser.fetch("/vendor")).text();
    expect(dashboard).toContain(`Managed by Shop ${tag}`);
    expect(dashboard).toContain("Concierge: pending");
  });

  const refusals: [string, FormFields, string, string][] = [
    ["a missing title", { name: "" }, "name", "Product title is required"],
    ["a zero price", { rentalPrice: "0" }, "rentalPrice", "Price must be greater than 0"],
    ["a negative price", { originalPrice: "-20" }, "originalPrice", "Price must be greater than 0"],
    [
      "a price that is not a number",
      { buyingPrice: "cheap" },
      "buyingPrice",
      "Please enter a price in pounds, like 25 or 25.50",
    ],
    [
      "more than two decimals",
      { rentalPrice: "24.505" },
      "rentalPrice",
      "Please enter a price with at most two decimal places",
    ],
    ["an absurd price", { originalPrice: "1000000.01" }, "originalPrice", "Price must be £1,000,000 or less"],
    ["an unknown brand", { brand: `Nobrand ${tag}` }, "brand", "No brand found in our database."],
    ["an unknown category", { category: "Shoes" }, "category", "Please choose a category from the list."],
    ["an unknown type", { productType: "Pets" }, "productType", "Please choose a product type from the list."],
    ["an unknown condition", { condition: "Mint" }, "condition", "Please choose a condition from the list."],
    [
      "concierge without a store",
      { concierge: "on", storeId: "" },
      "storeId",
      "Please select a store for concierge service.",
    ],
    [
      "concierge with a store that does not exist",
      { concierge: "on", storeId: "store_nowhere" },
      "storeId",
      "Please select a store for concierge service.",
    ],
    [
      "a sixth image",
      { images: [png("1.png"), png("2.png"), png("3.png"), png("4.png"), png("5.png"), png("6.png")] },
      "images",
      "Maximum 5 images allowed per product",
    ],
    [
      "an 11 MB file",
      { images: [png("ok.png"), bigPng(11 * 1024 * 1024, "huge.png")] },
      "images",
      "huge.png: Image size must be less than 10MB",
    ],
    [
      "a text file renamed .jpg",
      { images: [renamedText("notes.jpg")] },
      "images",
      "notes.jpg: Only JPEG, PNG, and WebP images are allowed",
    ],
    [
      "a truncated JPEG",
      { images: [truncatedJpeg("cut.jpg")] },
      "images",
      "cut.jpg: The file is incomplete or damaged. Please choose it again.",
    ],
    ["an SVG", { images: [svg("logo.svg")] }, "images", "logo.svg: Only JPEG, PNG, and WebP images are allowed"],
    // Good photos sent with a form refused for another field: asked for again, not silently gone (decision 0067).
    [
      "good photos with a refused price",
      { rentalPrice: "0", images: [png("good.png")] },
      "images",
      "Your photos were not kept while the form was refused: please choose them again.",
    ],
  ];

  it.each(refusals)(
    "refuses %s with its message at the field, a 400, and writes nothing",
    async (_label, change, field, message) => {
      const vendor = await signedInBrowser("vendor");
      const name = `Refused ${tag} ${field}`;
      const before = await databaseFingerprint();
      const response = await vendor.browser.post("/vendor?tab=upload", upload(name, change));
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message.replace(/&/g, "&amp;"));
      expect(html).toContain(`aria-invalid="true"`);
      // The page comes back with what was typed (nothing lost) and the Upload Product tab open.
      if (field !== "name") expect(html).toContain(`value="${name}"`);
      expect(html).toMatch(/aria-current="page"[^>]*>Upload Product</);
      expect(await databaseFingerprint()).toBe(before);
    },
  );

  it("says which required fields are missing, and shows the fairness verdict of the prices sent", async () => {
    const vendor = await signedInBrowser("vendor");
    const response = await vendor.browser.post(
      "/vendor?tab=upload",
      upload("", { brand: "", rentalPrice: "40", buyingPrice: "100", originalPrice: "400" }),
    );
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(html).toContain("Please fill in all required fields.");
    expect(html).toContain("Brand is required");
    expect(html).toContain("40% · Too High"); // rental 40 of buying 100
    expect(html).toContain("25% · Too Low"); // buying 100 of 400, Almost New
    expect(html).toContain("Review Price");
  });
});

describe("images that fail to store", () => {
  it("still make the product, with the images that were stored: 'Product created with issues'", async () => {
    const owner = await createUser();
    const user = {
      ...roleFlags({ role: "individual", adminSubrole: null, sellerRole: "vendor" }),
      id: owner.id,
      email: owner.email,
      fullName: owner.fullName,
      displayName: owner.displayName,
      avatarUrl: null,
    };
    // An R2 that refuses the second image.
    const flaky = new Proxy(env.IMAGES, {
      get(target, prop) {
        if (prop === "put")
          return (key: string, ...rest: unknown[]) =>
            key.endsWith("_1.png")
              ? Promise.reject(new Error("R2 unavailable"))
              : (target.put as (...a: unknown[]) => unknown)(key, ...rest);
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const app = {
      env: { ...env, IMAGES: flaky },
      config: appConfig(env),
      db: database(env.DB),
      ctx: {},
    } as unknown as AppContext;
    const form = new FormData();
    for (const [k, v] of Object.entries(upload(`Flaky ${tag}`))) form.append(k, v as string);
    for (const name of ["a.png", "b.png", "c.png"]) form.append("images", png(name));
    const result = await createListing(app, user, form, Date.now());
    expect(result).toMatchObject({ ok: true, failedImages: 1, duplicate: false });
    const row = await one<{ images: string }>("SELECT images FROM products WHERE name = ?", `Flaky ${tag}`);
    expect((JSON.parse(row!.images) as string[]).map((u) => u.replace(/^.*_\d+_/, ""))).toEqual(["0.png", "2.png"]);
  });
});
