// GET/HEAD /images/<key>[?w=400|800|1600]: R2 objects of the IMAGES bucket, or their WebP
// variants. Keys are validated before R2 is asked (a bad key is a 400 or 404, never a 500), and
// If-Match, If-None-Match, If-Modified-Since, If-Unmodified-Since and Range are answered from the
// object's metadata (app/domain/http-conditional.ts) before any body is read.
// docs/decisions/0020-image-endpoint.md
import { Hono } from "hono";
import { evaluateRequest, isConditionalOrRange, type Decision } from "../app/domain/http-conditional";
import { imageKeyFromPath, parseVariantWidth, variantKey } from "../app/domain/images";
import { IMAGE_CONTENT_SECURITY_POLICY } from "../app/services/security";

/** Originals and variants live under keys that are never reused: browsers may keep them a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The original answering for a variant that does not exist yet: the variant may appear any minute. */
export const FALLBACK = "public, max-age=60";

const text = (status: number, body: string, headers: HeadersInit = {}) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });

function representationHeaders(object: R2Object, cacheControl: string) {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("last-modified", object.uploaded.toUTCString());
  headers.set("cache-control", cacheControl);
  headers.set("accept-ranges", "bytes");
  // An SVG (brand logos) can carry script: never run it, and offer it as a download when opened
  // on its own. <img> ignores both (decision 0033).
  headers.set("content-security-policy", IMAGE_CONTENT_SECURITY_POLICY);
  if (headers.get("content-type")?.startsWith("image/svg+xml")) headers.set("content-disposition", "attachment");
  return headers;
}

/** The variant when it exists, else the original (marked as a fallback); null when neither does. */
async function locate(bucket: R2Bucket, key: string, width: number | null) {
  if (width !== null) {
    const variant = await bucket.head(variantKey(key, width as 400 | 800 | 1600));
    if (variant) return { key: variant.key, head: variant, fallback: false };
  }
  const original = await bucket.head(key);
  return original ? { key, head: original, fallback: width !== null } : null;
}

async function serve(request: Request, bucket: R2Bucket): Promise<Response> {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return text(405, "Method not allowed", { allow: "GET, HEAD" });
  const url = new URL(request.url);
  const parsed = imageKeyFromPath(url.pathname.slice("/images/".length));
  if (!parsed.ok) return text(parsed.status, parsed.reason);
  const width = parseVariantWidth(url.searchParams.getAll("w"));
  if (width === "invalid") return text(400, "Image width must be 400, 800 or 1600");

  // The common case, a plain GET: one R2 read.
  if (method === "GET" && !isConditionalOrRange(request.headers)) {
    const variant = width === null ? null : await bucket.get(variantKey(parsed.key, width));
    const object = variant ?? (await bucket.get(parsed.key));
    if (!object) return text(404, "Image not found");
    const headers = representationHeaders(object, width !== null && !variant ? FALLBACK : IMMUTABLE);
    headers.set("content-length", String(object.size));
    return new Response(object.body, { headers });
  }

  // Conditional, ranged or HEAD: decide from the metadata, then read only what is sent.
  // The object could be replaced between the two reads; the body read is pinned to the ETag the
  // decision was made on, and a changed object starts over once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const found = await locate(bucket, parsed.key, width);
    if (!found) return text(404, "Image not found");
    const { head } = found;
    const headers = representationHeaders(head, found.fallback ? FALLBACK : IMMUTABLE);
    const decision: Decision = evaluateRequest(method, request.headers, {
      etag: head.httpEtag,
      lastModified: head.uploaded.getTime(),
      size: head.size,
    });
    switch (decision.status) {
      case 304:
        headers.delete("content-type");
        headers.delete("accept-ranges");
        return new Response(null, { status: 304, headers });
      case 412:
        return text(412, "Precondition failed", { etag: head.httpEtag });
      case 416:
        return text(416, "Range not satisfiable", {
          "content-range": `bytes */${head.size}`,
          "accept-ranges": "bytes",
        });
    }
    if (method === "HEAD") {
      headers.set("content-length", String(head.size));
      return new Response(null, { headers });
    }
    const range = decision.status === 206 ? decision.range : undefined;
    const object = await bucket.get(found.key, { onlyIf: { etagMatches: head.etag }, ...(range ? { range } : {}) });
    if (!object || !("body" in object)) continue;
    if (!range) {
      headers.set("content-length", String(head.size));
      return new Response(object.body, { headers });
    }
    headers.set("content-range", `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
    headers.set("content-length", String(range.length));
    return new Response(object.body, { status: 206, headers });
  }
  return text(503, "Image changed while it was read; try again", { "retry-after": "1" });
}

/** Mounted at /images by workers/app.ts. */
export const images = new Hono<{ Bindings: Env }>();
images.all("/*", (c) => serve(c.req.raw, c.env.IMAGES));
