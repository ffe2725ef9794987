import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { imageSize, variantKey } from "../../app/domain/images";
import { requestImageVariants } from "../../app/services/image-variants.server";
import worker from "../../workers/app";
import { FALLBACK, IMMUTABLE } from "../../workers/images";
import { jpeg, png } from "./image-fixtures";

const get = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`http://localhost${path}`, init));
let unique = 0;
const keyFor = (name: string) => `products/test-${Date.now()}-${++unique}-${name}`;

async function deliver(...bodies: unknown[]) {
  const batch = createMessageBatch("closetloop-notifications", bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })));
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

    for (const [width, height] of [[800, 600], [400, 300]] as const) {
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
    const revalidated = await get(`/images/${key}?w=400`, { headers: { "if-none-match": before.headers.get("etag")! } });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get("content-type")).toBe("image/webp");
  });

  it("is harmless when redelivered: the same variant keys are rewritten, nothing fails", async () => {
    const key = keyFor("blazer.jpg");
    await env.IMAGES.put(key, await jpeg(1000, 1000), { httpMetadata: { contentType: "image/jpeg" } });
    const first = await deliver(variantsMessage(key));
    const sizes = await Promise.all([400, 800].map(async (w) => (await env.IMAGES.head(variantKey(key, w as 400 | 800)))!.size));
    const again = await deliver(variantsMessage(key), variantsMessage(key));
    expect(first.explicitAcks).toEqual(["m0"]);
    expect(again.explicitAcks).toEqual(["m0", "m1"]);
    expect(again.retryMessages).toEqual([]);
    const listed = await env.IMAGES.list({ prefix: "variants/" });
    expect(listed.objects.filter((o) => o.key.endsWith(`/${key}.webp`)).map((o) => o.key).sort()).toEqual([variantKey(key, 400), variantKey(key, 800)]);
    expect(await Promise.all([400, 800].map(async (w) => (await env.IMAGES.head(variantKey(key, w as 400 | 800)))!.size))).toEqual(sizes);
  });

  it("keeps a phone's portrait photo upright (EXIF orientation) in its variants", async () => {
    const key = keyFor("portrait.jpg");
    // Stored 1000 × 800 and tagged "rotate 90° clockwise": shown 800 wide and 1000 tall.
    await env.IMAGES.put(key, await jpeg(1000, 800, { orientation: 6 }), { httpMetadata: { contentType: "image/jpeg" } });
    await deliver(variantsMessage(key));
    const variant = await env.IMAGES.get(variantKey(key, 400));
    expect(imageSize(new Uint8Array(await variant!.arrayBuffer()))).toEqual({ format: "webp", width: 400, height: 500 });
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
    const email = { key: `test:image-batch:${unique}`, type: "email", kind: "verify_email", to: "batch@example.test", subject: "Verify", text: "Hello" };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await deliver(variantsMessage(truncated), variantsMessage(fake), variantsMessage(keyFor("missing.jpg")), variantsMessage(huge), variantsMessage(good), email);
      expect(result.explicitAcks).toEqual(["m0", "m1", "m2", "m3", "m4", "m5"]);
      expect(result.retryMessages).toEqual([]);
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual(Array(4).fill("image variants: skipped"));
    } finally {
      errors.mockRestore();
    }
    for (const key of [truncated, fake, huge]) expect(await env.IMAGES.head(variantKey(key, 400)), key).toBeNull();
    expect(await env.IMAGES.head(variantKey(good, 800))).not.toBeNull();
    const row = await env.DB.prepare("SELECT status FROM notification_outbox WHERE message_key = ?").bind(email.key).first();
    expect(row).toEqual({ status: "sent" });
  });

  it("requestImageVariants enqueues one message per original, skipping variants and impossible keys", async () => {
    const sent: unknown[] = [];
    const queue = { sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((m) => m.body)) } as unknown as Queue;
    const long = `products/${"x".repeat(300)}.jpg`;
    const keys = Array.from({ length: 120 }, (_, i) => `user_1/prod_1_${i}.jpg`);
    const count = await requestImageVariants({ NOTIFICATIONS: queue }, [...keys, keys[0]!, variantKey("a.jpg", 400), "../etc/passwd", long]);
    expect(count).toBe(121);
    expect(sent[0]).toEqual({ type: "image_variants", key: "variants:user_1/prod_1_0.jpg", imageKey: "user_1/prod_1_0.jpg" });
    const last = sent[120] as { key: string; imageKey: string };
    expect(last.imageKey).toBe(long);
    expect(last.key).toMatch(/^variants:sha256:[0-9a-f]{64}$/);
  });
});

describe("/images/* hardening", () => {
  it.each([
    ["/images/%", 400],
    ["/images/%zz", 400],
    ["/images/products/%C3%28.png", 400], // invalid UTF-8
    ["/images/products/%ED%A0%80.png", 400], // an encoded surrogate
    ["/images/products/a%00b.png", 400],
    ["/images/products/a%0Ab.png", 400],
    ["/images/products/%7F.png", 400],
    ["/images/..%2F..%2Fsecret", 400],
    ["/images/products%2F..%2F..%2Fsecret", 400],
    ["/images/products/%5C..%5Csecret", 400],
    ["/images/products//double.png", 400],
    ["/images/ + 1,025 characters", 400],
    ["/images/ + 400 × %E2%82%AC (1,200 bytes once decoded)", 400],
    ["/images/", 404],
    ["/images/products/missing.png", 404],
    ["/images/products/missing.png?w=400", 404],
    ["/images/products/x.png?w=500", 400],
    ["/images/products/x.png?w=400&w=800", 400],
  ])("%s answers %i", async (label, status) => {
    const path = label.startsWith("/images/ + 1,025") ? `/images/${"a".repeat(1025)}` : label.startsWith("/images/ + 400") ? `/images/${"%E2%82%AC".repeat(400)}` : label;
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers any path with a 2xx or 4xx, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 80 }), fc.constantFrom("", "?w=400", "?w=abc"), async (tail, query) => {
        const path = `/images/${encodeURIComponent(tail).replace(/%2F/g, "/").replace(/%25/g, "%")}${query}`;
        let response: Response;
        try {
          response = await get(path);
        } catch {
          return; // a string the URL parser itself refuses never reaches the Worker
        }
        await response.arrayBuffer();
        expect(response.status, path).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it("refuses other methods with 405 and an Allow header", async () => {
    const response = await get("/images/products/x.png", { method: "PUT", headers: { origin: "http://localhost" }, body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("/images/* conditional requests and ranges", () => {
  const bytes = new Uint8Array(Array.from({ length: 100 }, (_, i) => i));
  async function stored() {
    const key = keyFor("ranges.png");
    await env.IMAGES.put(key, bytes, { httpMetadata: { contentType: "image/png" } });
    const head = (await env.IMAGES.head(key))!;
    return { path: `/images/${key}`, etag: head.httpEtag, lastModified: head.uploaded.toUTCString(), uploaded: head.uploaded.getTime() };
  }
  const httpDate = (ms: number) => new Date(ms).toUTCString();

  it("answers If-None-Match with 304 (weak comparison), and a different tag with the object", async () => {
    const { path, etag, lastModified } = await stored();
    const fresh = await get(path, { headers: { "if-none-match": `"other", W/${etag}` } });
    expect(fresh.status).toBe(304);
    expect(fresh.headers.get("etag")).toBe(etag);
    expect(fresh.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(fresh.headers.get("last-modified")).toBe(lastModified);
    expect(await fresh.text()).toBe("");
    expect((await get(path, { headers: { "if-none-match": "*" } })).status).toBe(304);
    const stale = await get(path, { headers: { "if-none-match": '"other"' } });
    expect(stale.status).toBe(200);
    expect(new Uint8Array(await stale.arrayBuffer())).toEqual(bytes);
  });

  it("answers If-Match with 412 unless a tag matches strongly", async () => {
    const { path, etag } = await stored();
    expect((await get(path, { headers: { "if-match": '"other"' } })).status).toBe(412);
    expect((await get(path, { headers: { "if-match": `W/${etag}` } })).status).toBe(412);
    expect((await get(path, { headers: { "if-match": "not a tag" } })).status).toBe(412);
    const matched = await get(path, { headers: { "if-match": `"other", ${etag}` } });
    expect(matched.status).toBe(200);
    expect(new Uint8Array(await matched.arrayBuffer())).toEqual(bytes);
  });

  it("compares If-Modified-Since and If-Unmodified-Since at one-second resolution, ignoring invalid dates", async () => {
    const { path, uploaded, lastModified } = await stored();
    expect((await get(path, { headers: { "if-modified-since": lastModified } })).status).toBe(304);
    expect((await get(path, { headers: { "if-modified-since": httpDate(uploaded - 60_000) } })).status).toBe(200);
    expect((await get(path, { headers: { "if-modified-since": "yesterday" } })).status).toBe(200);
    // If-None-Match wins over If-Modified-Since.
    expect((await get(path, { headers: { "if-none-match": '"other"', "if-modified-since": lastModified } })).status).toBe(200);
    expect((await get(path, { headers: { "if-unmodified-since": httpDate(uploaded - 60_000) } })).status).toBe(412);
    expect((await get(path, { headers: { "if-unmodified-since": lastModified } })).status).toBe(200);
  });

  it("serves byte ranges with 206 and Content-Range, and 416 when none is satisfiable", async () => {
    const { path, etag, uploaded } = await stored();
    const first = await get(path, { headers: { range: "bytes=0-9" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe("bytes 0-9/100");
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(bytes.slice(0, 10));

    const suffix = await get(path, { headers: { range: "bytes=-5" } });
    expect(suffix.headers.get("content-range")).toBe("bytes 95-99/100");
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(95));

    const open = await get(path, { headers: { range: "bytes=90-" } });
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(bytes.slice(90));
    const clamped = await get(path, { headers: { range: "bytes=98-500" } });
    expect(clamped.headers.get("content-range")).toBe("bytes 98-99/100");
    await clamped.arrayBuffer();

    const beyond = await get(path, { headers: { range: "bytes=100-" } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe("bytes */100");

    // Several ranges, another unit or bad syntax: the whole object.
    for (const range of ["bytes=0-1,5-6", "items=0-1", "bytes=5-2", "bytes=abc"]) {
      const whole = await get(path, { headers: { range } });
      expect(whole.status, range).toBe(200);
      expect((await whole.arrayBuffer()).byteLength, range).toBe(100);
    }
    // If-Range: the range only while the validator still names this object.
    expect((await get(path, { headers: { range: "bytes=0-1", "if-range": etag } })).status).toBe(206);
    expect((await get(path, { headers: { range: "bytes=0-1", "if-range": '"old"' } })).status).toBe(200);
    expect((await get(path, { headers: { range: "bytes=0-1", "if-range": httpDate(uploaded) } })).status).toBe(206);
    expect((await get(path, { headers: { range: "bytes=0-1", "if-range": httpDate(uploaded - 60_000) } })).status).toBe(200);
    // A precondition fails before the range is looked at.
    expect((await get(path, { headers: { range: "bytes=0-1", "if-none-match": etag } })).status).toBe(304);
  });

  it("answers HEAD with the headers and no body", async () => {
    const { path, etag } = await stored();
    const response = await get(path, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe(etag);
    expect(response.headers.get("content-length")).toBe("100");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(await response.text()).toBe("");
  });
});
