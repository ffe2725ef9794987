import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { imageSize, variantKey } from "../../app/domain/images";
import { requestImageVariants } from "../../app/services/image-variants.server";
import worker from "../../workers/app";
import { FALLBACK, IMMUTABLE } from "../../workers/images";
import { jpeg, png } from "./image-fixtures";
import { get, keyFor, unique } from "./images-helpers";

// Image variants (decision 0019): the queue's image_variants message writes the WebP variants of an
// original, and /images?w= serves them. How /images/* answers requests: images-serving.test.ts.

async function deliver(...bodies: unknown[]) {
  const batch = createMessageBatch(
    "closetloop-notifications",
    bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

const variantsMessage = (imageKey: string) => ({ type: "image_variants", key: `variants:${imageKey}`, imageKey });

async function sizeOf(response: Response) {
  return imageSize(new Uint8Array(await response.arrayBuffer()));
}

describe("the image_variants message", () => {
  it("writes WebP variants below the original's width, and /images?w= serves them", async () => {
    const key = keyFor("coat.jpg");
    const original = await jpeg(1200, 900);
    await env.IMAGES.put(key, original, { httpMetadata: { contentType: "image/jpeg" } });

    const result = await deliver(variantsMessage(key));
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(result.retryMessages).toEqual([]);

    for (const [width, height] of [
      [800, 600],
      [400, 300],
    ] as const) {
      const object = await env.IMAGES.get(variantKey(key, width));
      expect(object, `variant ${width}`).not.toBeNull();
      expect(object!.httpMetadata).toEqual({ contentType: "image/webp", cacheControl: "public, max-age=3600" });
      expect(imageSize(new Uint8Array(await object!.arrayBuffer()))).toEqual({ format: "webp", width, height });
    }
    // No upscaling: the 1200 px original has no 1600 px variant.
    expect(await env.IMAGES.head(variantKey(key, 1600))).toBeNull();

    const small = await get(`/images/${key}?w=400`);
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/webp");
    expect(small.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(small.headers.get("etag")).toBe((await env.IMAGES.head(variantKey(key, 400)))!.httpEtag);
    expect(await sizeOf(small)).toEqual({ format: "webp", width: 400, height: 300 });
    expect((await get(`/images/${key}?w=800`)).headers.get("content-type")).toBe("image/webp");

    // The widest width falls back to the original, which must not be cached as if it were final.
    const wide = await get(`/images/${key}?w=1600`);
    expect(wide.status).toBe(200);
    expect(wide.headers.get("content-type")).toBe("image/jpeg");
    expect(wide.headers.get("cache-control")).toBe(FALLBACK);
    expect(new Uint8Array(await wide.arrayBuffer())).toEqual(original);
    // Every variant is far smaller than the original.
    expect((await env.IMAGES.head(variantKey(key, 400)))!.size).toBeLessThan(original.length / 4);
  });

  it("serves the original (not immutable) until the variants exist, then the variant", async () => {
    const key = keyFor("dress.png");
    await env.IMAGES.put(key, png(900, 1200), { httpMetadata: { contentType: "image/png" } });
    const before = await get(`/images/${key}?w=400`);
    expect(before.headers.get("content-type")).toBe("image/png");
    expect(before.headers.get("cache-control")).toBe(FALLBACK);
    await before.arrayBuffer();

    await deliver(variantsMessage(key));
    const after = await get(`/images/${key}?w=400`);
    expect(after.headers.get("content-type")).toBe("image/webp");
    expect(after.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(await sizeOf(after)).toEqual({ format: "webp", width: 400, height: 533 });
    // A browser revalidating the fallback's ETag now gets the variant, not a 304.
    const revalidated = await get(`/images/${key}?w=400`, {
      headers: { "if-none-match": before.headers.get("etag")! },
    });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get("content-type")).toBe("image/webp");
  });

  it("is harmless when redelivered: the same variant keys are rewritten, nothing fails", async () => {
    const key = keyFor("blazer.jpg");
    await env.IMAGES.put(key, await jpeg(1000, 1000), { httpMetadata: { contentType: "image/jpeg" } });
    const first = await deliver(variantsMessage(key));
    const sizes = await Promise.all(
      [400, 800].map(async (w) => (await env.IMAGES.head(variantKey(key, w as 400 | 800)))!.size),
    );
    const again = await deliver(variantsMessage(key), variantsMessage(key));
    expect(first.explicitAcks).toEqual(["m0"]);
    expect(again.explicitAcks).toEqual(["m0", "m1"]);
    expect(again.retryMessages).toEqual([]);
    const listed = await env.IMAGES.list({ prefix: "variants/" });
    expect(
      listed.objects
        .filter((o) => o.key.endsWith(`/${key}.webp`))
        .map((o) => o.key)
        .sort(),
    ).toEqual([variantKey(key, 400), variantKey(key, 800)]);
    expect(
      await Promise.all([400, 800].map(async (w) => (await env.IMAGES.head(variantKey(key, w as 400 | 800)))!.size)),
    ).toEqual(sizes);
  });

  it("keeps a phone's portrait photo upright (EXIF orientation) in its variants", async () => {
    const key = keyFor("portrait.jpg");
    // Stored 1000 × 800 and tagged "rotate 90° clockwise": shown 800 wide and 1000 tall.
    await env.IMAGES.put(key, await jpeg(1000, 800, { orientation: 6 }), {
      httpMetadata: { contentType: "image/jpeg" },
    });
    await deliver(variantsMessage(key));
    const variant = await env.IMAGES.get(variantKey(key, 400));
    expect(imageSize(new Uint8Array(await variant!.arrayBuffer()))).toEqual({
      format: "webp",
      width: 400,
      height: 500,
    });
    // 800 px is not narrower than the upright original: no 800 variant.
    expect(await env.IMAGES.head(variantKey(key, 800))).toBeNull();
  });

  it("logs and acknowledges a corrupt, missing, fake or oversized image without stopping the batch", async () => {
    const good = keyFor("good.png");
    const truncated = keyFor("truncated.png");
    const fake = keyFor("fake.jpg");
    const huge = keyFor("huge.png");
    await env.IMAGES.put(good, png(1000, 500));
    const whole = png(1000, 500);
    await env.IMAGES.put(truncated, whole.subarray(0, 4000));
    await env.IMAGES.put(fake, new TextEncoder().encode("this is a text file renamed .jpg"));
    // A valid header claiming 20,000 × 20,000 pixels (1.6 GB of RGBA): refused before decoding.
    await env.IMAGES.put(huge, png(2, 2, undefined, { width: 20000, height: 20000 }));
    const email = {
      key: `test:image-batch:${unique}`,
      type: "email",
      kind: "verify_email",
      to: "batch@example.test",
      subject: "Verify",
      text: "Hello",
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await deliver(
        variantsMessage(truncated),
        variantsMessage(fake),
        variantsMessage(keyFor("missing.jpg")),
        variantsMessage(huge),
        variantsMessage(good),
        email,
      );
      expect(result.explicitAcks).toEqual(["m0", "m1", "m2", "m3", "m4", "m5"]);
      expect(result.retryMessages).toEqual([]);
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual(Array(4).fill("image variants: skipped"));
    } finally {
      errors.mockRestore();
    }
    for (const key of [truncated, fake, huge]) expect(await env.IMAGES.head(variantKey(key, 400)), key).toBeNull();
    expect(await env.IMAGES.head(variantKey(good, 800))).not.toBeNull();
    const row = await env.DB.prepare("SELECT status FROM notification_outbox WHERE message_key = ?")
      .bind(email.key)
      .first();
    expect(row).toEqual({ status: "sent" });
  });

  it("requestImageVariants enqueues one message per original, skipping variants and impossible keys", async () => {
    const sent: unknown[] = [];
    const queue = {
      sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((m) => m.body)),
    } as unknown as Queue;
    const long = `products/${"x".repeat(300)}.jpg`;
    const keys = Array.from({ length: 120 }, (_, i) => `user_1/prod_1_${i}.jpg`);
    const count = await requestImageVariants({ NOTIFICATIONS: queue }, [
      ...keys,
      keys[0]!,
      variantKey("a.jpg", 400),
      "../etc/passwd",
      long,
    ]);
    expect(count).toBe(121);
    expect(sent[0]).toEqual({
      type: "image_variants",
      key: "variants:user_1/prod_1_0.jpg",
      imageKey: "user_1/prod_1_0.jpg",
    });
    const last = sent[120] as { key: string; imageKey: string };
    expect(last.imageKey).toBe(long);
    expect(last.key).toMatch(/^variants:sha256:[0-9a-f]{64}$/);
  });
});
