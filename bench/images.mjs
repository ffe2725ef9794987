// `npm run bench -- --images-only` (and every full run): the image bytes a listing and a product
// page make a browser download, before and after the srcset variants.

/** Body bytes of one GET, and its content type. */
async function download(base, url) {
  const response = await fetch(base + url);
  const bytes = (await response.arrayBuffer()).byteLength;
  return { bytes, type: response.headers.get("content-type"), status: response.status };
}

/** The `srcset` candidate a browser picks for a slot `slotPx` CSS px wide at 1x: the narrowest at least that wide. */
function pick(srcSet, slotPx) {
  const candidates = srcSet
    .split(",")
    .map((c) => c.trim().split(/\s+/))
    .map(([url, w]) => ({ url, w: Number.parseInt(w, 10) }))
    .sort((a, b) => a.w - b.w);
  return (candidates.find((c) => c.w >= slotPx) ?? candidates.at(-1)).url;
}

/**
 * Image bytes before and after variants: "before" is what the old markup made a browser fetch (the
 * original in every `src`), "after" what it fetches now at 1x: a 400 px wide listing card, an 800
 * px wide product gallery slot (`sizes` resolves to ~610 px on a desktop, so the 800w candidate).
 */
export async function imageBytes(base, productId) {
  const decode = (s) => s.replaceAll("&amp;", "&");
  const measure = async (page, slotPx, imgPattern) => {
    const html = await (await fetch(base + page)).text();
    const tags = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => imgPattern.test(tag));
    const row = { page, slotPx, images: tags.length, beforeBytes: 0, afterBytes: 0, afterWebp: 0 };
    for (const tag of tags) {
      const src = decode(/\ssrc="([^"]+)"/.exec(tag)?.[1] ?? "");
      const srcSet = decode(/\ssrcSet="([^"]+)"/i.exec(tag)?.[1] ?? "");
      const original = src.replace(/\?.*$/, "");
      row.beforeBytes += (await download(base, original)).bytes;
      const after = await download(base, srcSet ? pick(srcSet, slotPx) : src);
      row.afterBytes += after.bytes;
      if (after.type === "image/webp") row.afterWebp++;
    }
    row.ratio = Number((row.afterBytes / (row.beforeBytes || 1)).toFixed(3));
    return row;
  };
  return [
    await measure("/all-products", 400, /sizes="\(min-width: 1280px\) 320px/),
    await measure(`/product/${productId}`, 800, /id="image-1"/),
  ];
}
