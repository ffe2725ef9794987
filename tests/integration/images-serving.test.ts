import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IMMUTABLE } from "../../workers/images";
import { get, keyFor } from "./images-helpers";

// How /images/* answers: hardened against odd paths and methods, with conditional requests and
// byte ranges as HTTP says. The variants the queue writes: images-variants.test.ts.

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
    const path = label.startsWith("/images/ + 1,025")
      ? `/images/${"a".repeat(1025)}`
      : label.startsWith("/images/ + 400")
        ? `/images/${"%E2%82%AC".repeat(400)}`
        : label;
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers any path with a 2xx or 4xx, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 80 }),
        fc.constantFrom("", "?w=400", "?w=abc"),
        async (tail, query) => {
          const path = `/images/${encodeURIComponent(tail).replace(/%2F/g, "/").replace(/%25/g, "%")}${query}`;
          let response: Response;
          try {
            response = await get(path);
          } catch {
            return; // a string the URL parser itself refuses never reaches the Worker
          }
          await response.arrayBuffer();
          expect(response.status, path).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("refuses other methods with 405 and an Allow header", async () => {
    const response = await get("/images/products/x.png", {
      method: "PUT",
      headers: { origin: "http://localhost" },
      body: "x",
    });
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
    return {
      path: `/images/${key}`,
      etag: head.httpEtag,
      lastModified: head.uploaded.toUTCString(),
      uploaded: head.uploaded.getTime(),
    };
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
    expect(
      (await get(path, { headers: { "if-none-match": '"other"', "if-modified-since": lastModified } })).status,
    ).toBe(200);
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
    expect((await get(path, { headers: { range: "bytes=0-1", "if-range": httpDate(uploaded - 60_000) } })).status).toBe(
      200,
    );
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
