import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { commitImages, readImageField, sweepStaging } from "../../app/services/uploads.server";
import { signedInBrowser } from "./actors";
import { Browser } from "./http";
import { bigPng, jpeg, png, renamedText, svg, truncatedJpeg } from "./images";

// The one upload pipeline (docs/decisions/0023-upload-pipeline.md) against real local R2.

const stagedOf = async (userId: string) => (await env.IMAGES.list({ prefix: `staging/${userId}/` })).objects;

async function stage(browser: Browser, use: string, file: File) {
  const response = await browser.post("/uploads", { intent: use, file });
  return { status: response.status, body: (await response.json()) as { token?: string; error?: string } };
}

describe("POST /uploads stages one image by its bytes", () => {
  it("stages a photo under the user's staging folder with its real type", async () => {
    const vendor = await signedInBrowser("vendor");
    const { status, body } = await stage(vendor.browser, "product", jpeg("IMG_0001.JPG"));
    expect(status).toBe(200);
    expect(body.token).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    const [object] = await stagedOf(vendor.id);
    expect(object!.key).toBe(`staging/${vendor.id}/${body.token}`);
    const stored = await env.IMAGES.head(object!.key);
    expect(stored!.httpMetadata).toMatchObject({ contentType: "image/jpeg", cacheControl: "public, max-age=3600" });
  });

  it.each([
    [
      "a text file renamed .jpg",
      renamedText("notes.jpg"),
      400,
      "notes.jpg: Only JPEG, PNG, and WebP images are allowed",
    ],
    [
      "a truncated JPEG",
      truncatedJpeg("cut.jpg"),
      400,
      "cut.jpg: The file is incomplete or damaged. Please choose it again.",
    ],
    ["an SVG", svg("logo.svg"), 400, "logo.svg: Only JPEG, PNG, and WebP images are allowed"],
    ["an 11 MB file", bigPng(11 * 1024 * 1024, "huge.png"), 413, "Image size must be less than 10MB"],
  ])("refuses %s with its message and stores nothing", async (_label, file, status, error) => {
    const vendor = await signedInBrowser("vendor");
    expect(await stage(vendor.browser, "product", file)).toEqual({ status, body: { error } });
    expect(await stagedOf(vendor.id)).toEqual([]);
  });

  it("uses each kind of image's own rule", async () => {
    const shopper = await signedInBrowser("shopper");
    expect(await stage(shopper.browser, "avatar", svg())).toEqual({
      status: 400,
      body: { error: "Invalid file type: Please select an image file." },
    });
    expect((await stage(shopper.browser, "avatar", png())).status).toBe(200);
    expect(await stage(shopper.browser, "product", png())).toEqual({
      status: 403,
      body: { error: "You cannot upload this image." },
    });
  });

  it("asks an anonymous visitor to sign in", async () => {
    const response = await new Browser().post("/uploads", { intent: "avatar", file: png() });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("readImageField and commitImages", () => {
  const form = (entries: [string, string | File][]) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };
  const owner = "user_pipeline";

  it("plain form: kept images in the chosen order (main first), then new files; commit writes them with their types", async () => {
    const existing = ["/images/products/a.png", "/images/products/b.png", "/images/products/c.png"];
    const field = await readImageField(
      form([
        ["imagesKeep", existing[0]!],
        ["imagesKeep", existing[2]!],
        ["imagesMain", existing[2]!],
        ["images", png("new.png")],
        ["imagesKeep", "/images/someone-elses.png"],
      ]),
      env.IMAGES,
      { use: "product", name: "images", userId: owner, existing },
    );
    expect(field.ok).toBe(true);
    if (!field.ok) return;
    expect(field.changed).toBe(true);
    expect(field.images.map((i) => (i.kind === "existing" ? i.url : i.kind))).toEqual([
      existing[2],
      existing[0],
      "new",
    ]);
    const committed = await commitImages(
      env.IMAGES,
      field.images,
      (i, ext) => `products/${owner}/prod_x_1_${i}.${ext}`,
    );
    expect(committed).toMatchObject({
      urls: [existing[2], existing[0], `/images/products/${owner}/prod_x_1_2.png`],
      failed: 0,
    });
    expect((await env.IMAGES.head(`products/${owner}/prod_x_1_2.png`))!.httpMetadata).toMatchObject({
      contentType: "image/png",
      cacheControl: "public, max-age=3600",
    });
  });

  it("enhanced form: staged tokens are moved to their final keys, and only the stager's own tokens count", async () => {
    const vendor = await signedInBrowser("vendor");
    const { body } = await stage(vendor.browser, "product", png("staged.png"));
    const entries: [string, string][] = [
      ["imagesOrder", `staged:${body.token}`],
      ["imagesOrder", "existing:/images/products/kept.png"],
    ];
    const elsewhere = await readImageField(form(entries), env.IMAGES, {
      use: "product",
      name: "images",
      userId: "someone-else",
      existing: ["/images/products/kept.png"],
    });
    expect(elsewhere).toEqual({ ok: false, error: "An uploaded image has expired. Please choose it again." });
    const asAvatar = await readImageField(form(entries), env.IMAGES, {
      use: "avatar",
      name: "images",
      userId: vendor.id,
      existing: ["/images/products/kept.png"],
    });
    expect(asAvatar.ok).toBe(false);

    const field = await readImageField(form(entries), env.IMAGES, {
      use: "product",
      name: "images",
      userId: vendor.id,
      existing: ["/images/products/kept.png"],
    });
    expect(field.ok).toBe(true);
    if (!field.ok) return;
    const committed = await commitImages(
      env.IMAGES,
      field.images,
      (i, ext) => `products/${vendor.id}/prod_y_2_${i}.${ext}`,
    );
    expect(committed.urls).toEqual([`/images/products/${vendor.id}/prod_y_2_0.png`, "/images/products/kept.png"]);
    expect(await stagedOf(vendor.id)).toEqual([]);
    expect(await env.IMAGES.head(`products/${vendor.id}/prod_y_2_0.png`)).not.toBeNull();
  });

  it("refuses a sixth image and any invalid file, writing nothing", async () => {
    const existing = Array.from({ length: 5 }, (_, i) => `/images/products/${i}.png`);
    const sixth = await readImageField(
      form([...existing.map((u) => ["imagesKeep", u] as [string, string]), ["images", png()]]),
      env.IMAGES,
      { use: "product", name: "images", userId: owner, existing },
    );
    expect(sixth).toEqual({ ok: false, error: "Maximum 5 images allowed per product" });
    const mixed = await readImageField(
      form([
        ["images", png("fine.png")],
        ["images", renamedText("bad.jpg")],
      ]),
      env.IMAGES,
      { use: "product", name: "images", userId: owner, existing: [] },
    );
    expect(mixed).toEqual({ ok: false, error: "bad.jpg: Only JPEG, PNG, and WebP images are allowed" });
  });

  it("a single-image use: a new file replaces the kept one", async () => {
    const field = await readImageField(
      form([
        ["avatarKeep", "/images/avatars/u/1.png"],
        ["avatar", png()],
      ]),
      env.IMAGES,
      { use: "avatar", name: "avatar", userId: owner, existing: ["/images/avatars/u/1.png"] },
    );
    expect(field.ok && field.images.map((i) => i.kind)).toEqual(["new"]);
  });

  it("sweeps staged files nobody submitted after a day", async () => {
    const vendor = await signedInBrowser("vendor");
    await stage(vendor.browser, "product", png());
    expect(await sweepStaging(env.IMAGES, Date.now())).toBe(0);
    expect(await sweepStaging(env.IMAGES, Date.now() + 25 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    expect(await stagedOf(vendor.id)).toEqual([]);
  });
});
