import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, databaseFingerprint, eventually } from "./factories";
import type { FormFields } from "./http";
import { jpeg, png } from "./images";
import { tag, BRAND, STORE, one, signedInBrowser, seedSellerStore, upload, followToast } from "./seller-helpers";

// The seller area (issue 11: items 1, 3, 4, 5, 7) against the real Worker, D1 and R2: the
// seller's product edit page, price-change answers and the dashboard's tabs.

beforeAll(seedSellerStore);

describe("the seller's product edit page", () => {
  async function ownProduct(extra: Parameters<typeof createProduct>[1] = {}) {
    const vendor = await signedInBrowser("vendor");
    const product = await createProduct(vendor.id, {
      name: `Edit Coat ${crypto.randomUUID().slice(0, 6)} ${tag}`,
      brand: BRAND,
      ...extra,
    });
    return { vendor, product };
  }
  const saveForm = (name: string, extra: FormFields = {}): FormFields => ({
    ...upload(name),
    intent: "save",
    ...extra,
  });

  it("opens prefilled, and saving goes back to /vendor with 'Product updated successfully'", async () => {
    const { vendor, product } = await ownProduct();
    const page = await (await vendor.browser.fetch(`/vendor/product/${product.id}/edit`)).text();
    expect(page).toContain(`value="${product.name}"`);
    expect(page).toContain('value="120.00"'); // buying price in pounds
    expect(page).toContain("Save Changes");
    const response = await vendor.browser.post(
      `/vendor/product/${product.id}/edit`,
      saveForm(`${product.name} v2`, { rentalPrice: "18", imagesKeep: product.images[0]! }),
    );
    const { location, html } = await followToast(vendor.browser, response);
    expect(location).toBe("/vendor");
    expect(html).toContain("Product updated successfully");
    expect(
      await one("SELECT name, rental_price, buying_price, price, images FROM products WHERE id = ?", product.id),
    ).toEqual({
      name: `${product.name} v2`,
      rental_price: 1800,
      buying_price: 18000,
      price: 18000,
      images: JSON.stringify(product.images),
    });
  });

  it("uses the edit form's words, and refuses without writing", async () => {
    const { vendor, product } = await ownProduct();
    const before = await databaseFingerprint();
    const response = await vendor.browser.post(
      `/vendor/product/${product.id}/edit`,
      saveForm("", { rentalPrice: "0", concierge: "on", storeId: "" }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Product name is required");
    expect(html).toContain("Valid rental price is required");
    expect(html).toContain("Please select a store for concierge service<");
    expect(await databaseFingerprint()).toBe(before);
  });

  it("concierge on with a store sends it back to pending; concierge off clears the store", async () => {
    const { vendor, product } = await ownProduct();
    const url = `/vendor/product/${product.id}/edit`;
    // The form says so before the save (decision 0068).
    expect(await (await vendor.browser.fetch(url)).text()).toContain(
      "Saving sends this listing to the store again, to accept or decline",
    );
    expect((await vendor.browser.post(url, saveForm(product.name, { concierge: "on", storeId: STORE }))).status).toBe(
      302,
    );
    expect(await one("SELECT status, store_id, concierge_status FROM products WHERE id = ?", product.id)).toEqual({
      status: "pending",
      store_id: STORE,
      concierge_status: "pending",
    });
    // The store is told the request is back for its answer (issue 23).
    await eventually(() =>
      one(
        "SELECT n.id FROM notifications n JOIN stores s ON s.owner_id = n.user_id WHERE s.id = ? AND n.kind = 'concierge_request' AND n.title LIKE ?",
        STORE,
        `%${product.name}`,
      ),
    );
    expect((await vendor.browser.post(url, saveForm(product.name, { storeId: STORE }))).status).toBe(302);
    expect(await one("SELECT store_id, concierge_status FROM products WHERE id = ?", product.id)).toEqual({
      store_id: null,
      concierge_status: "no",
    });
  });

  it("sends a rejected listing back into review when it is saved, whether our team rejected it or a store declined it; reviewers are told", async () => {
    const { vendor, product } = await ownProduct({ productStatus: "pending" });
    const reviewer = await signedInBrowser("productReviewer");
    expect(
      (
        await reviewer.browser.post("/admin/products", {
          intent: "reject",
          productId: product.id,
          reason: "The photos are too dark.",
        })
      ).status,
    ).toBe(302);
    const url = `/vendor/product/${product.id}/edit`;
    expect(await (await vendor.browser.fetch(url)).text()).toContain(
      "Saving your changes sends this listing for review again.",
    );
    const { html } = await followToast(
      vendor.browser,
      await vendor.browser.post(url, saveForm(`${product.name} brighter`, { imagesKeep: product.images[0]! })),
    );
    expect(html).toContain("Product updated successfully. It waits for review again.");
    expect(await one("SELECT status, product_status, rejection_reason FROM products WHERE id = ?", product.id)).toEqual(
      { status: "pending", product_status: "pending", rejection_reason: null },
    );
    expect(await (await reviewer.browser.fetch("/admin/products?status=pending")).text()).toContain(
      `${product.name} brighter`,
    );
    await eventually(() =>
      one(
        "SELECT id FROM notifications WHERE user_id = ? AND kind = 'listing_awaiting_review' AND instr(body, ?) > 0",
        reviewer.id,
        `changed and sent again ${product.name} brighter`,
      ),
    );

    // Declined by the store it asked (status rejected, the store cleared): listed by the seller instead.
    const declined = await ownProduct({ productStatus: "pending" });
    await env.DB.prepare(
      "UPDATE products SET status = 'rejected', store_id = NULL, concierge_status = 'no', rejection_reason = 'No room on our rails' WHERE id = ?",
    )
      .bind(declined.product.id)
      .run();
    expect(
      (
        await declined.vendor.browser.post(
          `/vendor/product/${declined.product.id}/edit`,
          saveForm(declined.product.name, { imagesKeep: declined.product.images[0]! }),
        )
      ).status,
    ).toBe(302);
    expect(
      await one("SELECT status, product_status, store_id FROM products WHERE id = ?", declined.product.id),
    ).toEqual({ status: "pending", product_status: "pending", store_id: null });
  });

  it("keeps, reorders, adds and removes images; removed ones leave R2 after the save", async () => {
    const vendor = await signedInBrowser("vendor");
    const created = await vendor.browser.post(
      "/vendor?tab=upload",
      upload(`Photos ${tag}`, { images: [png("a.png"), png("b.png"), jpeg("c.jpg")] }),
    );
    expect(created.status).toBe(302);
    const product = await one<{ id: string; images: string }>(
      "SELECT id, images FROM products WHERE name = ?",
      `Photos ${tag}`,
    );
    const [a, b, c] = JSON.parse(product!.images) as string[];
    // Drop b, make c the main image, add a new one.
    const saved = await vendor.browser.post(
      `/vendor/product/${product!.id}/edit`,
      saveForm(`Photos ${tag}`, { imagesKeep: [a!, c!], imagesMain: c!, images: [png("new.png")] }),
    );
    expect(saved.status).toBe(302);
    const images = JSON.parse(
      (await one<{ images: string }>("SELECT images FROM products WHERE id = ?", product!.id))!.images,
    ) as string[];
    expect(images.slice(0, 2)).toEqual([c, a]);
    expect(images[2]).toMatch(new RegExp(`^/images/products/${vendor.id}/${product!.id}_\\d+_2\\.png$`));
    expect(await env.IMAGES.head(b!.slice("/images/".length))).toBeNull();
    expect(await env.IMAGES.head(images[2]!.slice("/images/".length))).not.toBeNull();
    // A sixth image is refused through the whole form, and nothing changes.
    const before = await databaseFingerprint();
    const sixth = await vendor.browser.post(
      `/vendor/product/${product!.id}/edit`,
      saveForm(`Photos ${tag}`, { imagesKeep: images, images: [png("4.png"), png("5.png"), png("6.png")] }),
    );
    expect(sixth.status).toBe(400);
    expect(await sixth.text()).toContain("Maximum 5 images allowed per product");
    expect(await databaseFingerprint()).toBe(before);
  });

  it("recovers the images of a product whose list is empty from its R2 folder", async () => {
    const { vendor, product } = await ownProduct({ images: [] });
    const key = (ts: number, i: number) => `products/${vendor.id}/${product.id}_${ts}_${i}.png`;
    for (const k of [key(1000, 1), key(1000, 0), key(2000, 0)])
      await env.IMAGES.put(k, new Uint8Array([1]), { httpMetadata: { contentType: "image/png" } });
    const url = `/vendor/product/${product.id}/edit`;
    const html = await (await vendor.browser.fetch(url)).text();
    expect(html).toContain("Images recovered");
    expect(html).toContain("Found and restored missing product images from storage.");
    const images = JSON.parse(
      (await one<{ images: string }>("SELECT images FROM products WHERE id = ?", product.id))!.images,
    );
    expect(images).toEqual([`/images/${key(2000, 0)}`, `/images/${key(1000, 0)}`, `/images/${key(1000, 1)}`]);
    expect(html).toContain(`/images/${key(2000, 0)}`);
    // Recovered once: the next visit simply opens.
    expect(await (await vendor.browser.fetch(url)).text()).not.toContain("Images recovered");
    // Nothing to recover: the page simply opens.
    const bare = await createProduct(vendor.id, { name: `Bare ${tag}`, images: [] });
    const bareHtml = await (await vendor.browser.fetch(`/vendor/product/${bare.id}/edit`)).text();
    expect(bareHtml).toContain(`Bare ${tag}`);
    expect(bareHtml).not.toContain("Images recovered");
  });

  it("is 'Product not found' for another seller, for the page and the save alike; staff of decision 0012 may edit", async () => {
    const { product } = await ownProduct();
    const other = await signedInBrowser("otherVendor");
    const page = await other.browser.fetch(`/vendor/product/${product.id}/edit`);
    expect(page.status).toBe(404);
    const body = await page.text();
    expect(body).toContain("Product not found");
    expect(body).not.toContain(product.name);
    const before = await databaseFingerprint();
    const post = await other.browser.post(
      `/vendor/product/${product.id}/edit`,
      saveForm("Stolen", { images: [png()] }),
    );
    expect(post.status).toBe(404);
    expect(await post.text()).toContain("Product not found");
    expect(await databaseFingerprint()).toBe(before);

    const admin = await signedInBrowser("admin");
    const saved = await admin.browser.post(
      `/vendor/product/${product.id}/edit`,
      saveForm(`${product.name} by staff`, { imagesKeep: product.images[0]!, images: [png("staff.png")] }),
    );
    expect(saved.status).toBe(302);
    const row = await one<{ name: string; owner_id: string; images: string }>(
      "SELECT name, owner_id, images FROM products WHERE id = ?",
      product.id,
    );
    expect(row!.name).toBe(`${product.name} by staff`);
    // The product stays its owner's, and its new image goes to the owner's folder.
    expect(JSON.parse(row!.images)[1]).toMatch(new RegExp(`^/images/products/${row!.owner_id}/${product.id}_`));
  });
});
