// Image variants: which widths exist, where they live in R2, how an /images/ URL names an object,
// and the src/srcset/sizes each page use asks for. Pure: no bindings, no Request.
// docs/decisions/0019-image-variants.md

/** WebP variants made after an upload; a page picks one through srcset, the original is never needed. */
export const VARIANT_WIDTHS = [400, 800, 1600] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** Where the WebP of `originalKey` at `width` px wide lives in the IMAGES bucket. */
export function variantKey(originalKey: string, width: VariantWidth) {
  return `variants/${width}/${originalKey}.webp`;
}

export function isVariantKey(key: string) {
  return key.startsWith("variants/");
}

/** No upscaling: only widths below the original's are made (a 1200 px photo gets 400 and 800). */
export function variantWidthsFor(originalWidth: number): VariantWidth[] {
  return VARIANT_WIDTHS.filter((w) => w < originalWidth);
}

/** The height that keeps the aspect ratio at `width` (at least 1 px). */
export function scaledHeight(original: { width: number; height: number }, width: number) {
  return Math.max(1, Math.round((original.height * width) / original.width));
}

export function parseVariantWidth(values: string[]): VariantWidth | null | "invalid" {
  if (values.length === 0) return null;
  if (values.length > 1) return "invalid";
  const width = VARIANT_WIDTHS.find((w) => String(w) === values[0]);
  return width ?? "invalid";
}

/** R2 keys are at most 1,024 bytes of UTF-8. */
export const MAX_KEY_BYTES = 1024;
const utf8 = new TextEncoder();
// C0 and C1 controls and DEL; a backslash is never part of our keys and only helps traversal tricks.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\]/;

/** Why `key` can never be an image key we serve (null when it can). */
export function keyProblem(key: string): string | null {
  if (key === "") return "Empty image key";
  if (utf8.encode(key).length > MAX_KEY_BYTES) return "Image key too long";
  if (FORBIDDEN.test(key)) return "Malformed image key";
  if (key.split("/").some((segment) => segment === "" || segment === "." || segment === ".."))
    return "Malformed image key";
  return null;
}

export type ImageKeyResult = { ok: true; key: string } | { ok: false; status: 400 | 404; reason: string };

/**
 * The R2 key named by the raw (still percent-encoded) path after `/images/`. Anything that
 * cannot be a key we wrote answers 400 (malformed encoding, invalid UTF-8, too long, control
 * characters, empty or dot segments); an empty key answers 404.
 */
export function imageKeyFromPath(rawPath: string): ImageKeyResult {
  if (rawPath === "") return { ok: false, status: 404, reason: "Image not found" };
  // Each encoded byte takes at most 3 characters: longer raw input cannot decode to a legal key.
  if (rawPath.length > MAX_KEY_BYTES * 3) return { ok: false, status: 400, reason: "Image key too long" };
  let key: string;
  try {
    key = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, status: 400, reason: "Malformed image key" };
  }
  const problem = keyProblem(key);
  if (problem) return { ok: false, status: 400, reason: problem };
  return { ok: true, key };
}

/** How an image is shown: what the browser should fetch for it. */
export type ImageUse = "card" | "gallery" | "thumbnail" | "line";

const USES: Record<ImageUse, { src: VariantWidth; widths: readonly VariantWidth[]; sizes: string }> = {
  // Listing grids, carousels, favourites and profiles: 2 columns on phones, 3–4 from md, at most
  // ~320 px inside the 80rem page.
  card: { src: 400, widths: VARIANT_WIDTHS, sizes: "(min-width: 1280px) 320px, (min-width: 768px) 33vw, 50vw" },
  // Product page: half the page from md (at most ~610 px), the full width below.
  gallery: { src: 800, widths: VARIANT_WIDTHS, sizes: "(min-width: 1280px) 610px, (min-width: 768px) 50vw, 100vw" },
  // 64 px gallery thumbnails.
  thumbnail: { src: 400, widths: [400], sizes: "64px" },
  // Basket and cart lines: 56–80 px.
  line: { src: 400, widths: [400], sizes: "80px" },
};

export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * `src`, `srcSet` and `sizes` for an image URL. Our own images (`/images/...`) point at their
 * variants (`?w=`), which the endpoint answers with the original until the variants exist; any
 * other URL passes through untouched.
 */
export function imageSources(url: string, use: ImageUse): ImageSources {
  if (!url.startsWith("/images/") || url.includes("?") || url.includes("#")) return { src: url };
  const preset = USES[use];
  return {
    src: `${url}?w=${preset.src}`,
    srcSet: preset.widths.map((w) => `${url}?w=${w} ${w}w`).join(", "),
    sizes: preset.sizes,
  };
}

export interface ImageSize {
  width: number;
  height: number;
  format: "jpeg" | "png" | "webp";
  /** A progressive JPEG (its decoder keeps every coefficient of the whole image in memory). */
  progressive?: true;
}

/**
 * Width, height and format from the first bytes of a JPEG, PNG or WebP file, without decoding
 * it (so a huge or hostile image can be refused before any memory is spent on its pixels).
 * JPEG sizes are as stored: an EXIF rotation may swap them on display.
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const at = (i: number) => bytes[i] ?? 0;
  const be16 = (i: number) => (at(i) << 8) | at(i + 1);
  const le16 = (i: number) => at(i) | (at(i + 1) << 8);
  const le24 = (i: number) => at(i) | (at(i + 1) << 8) | (at(i + 2) << 16);
  const ascii = (i: number, text: string) => [...text].every((c, k) => at(i + k) === c.charCodeAt(0));
  const found = (format: ImageSize["format"], width: number, height: number) =>
    width > 0 && height > 0 ? { format, width, height } : null;

  if (bytes.length >= 24 && at(0) === 0x89 && ascii(1, "PNG\r\n\u001a\n") && ascii(12, "IHDR")) {
    const width = ((at(16) << 24) | (at(17) << 16) | (at(18) << 8) | at(19)) >>> 0;
    const height = ((at(20) << 24) | (at(21) << 16) | (at(22) << 8) | at(23)) >>> 0;
    return found("png", width, height);
  }
  if (bytes.length >= 30 && ascii(0, "RIFF") && ascii(8, "WEBP")) {
    if (ascii(12, "VP8 ") && at(23) === 0x9d && at(24) === 0x01 && at(25) === 0x2a) {
      return found("webp", le16(26) & 0x3fff, le16(28) & 0x3fff);
    }
    if (ascii(12, "VP8L") && at(20) === 0x2f) {
      const b = at(21) | (at(22) << 8) | (at(23) << 16) | (at(24) << 24);
      return found("webp", (b & 0x3fff) + 1, ((b >>> 14) & 0x3fff) + 1);
    }
    if (ascii(12, "VP8X")) return found("webp", le24(24) + 1, le24(27) + 1);
    return null;
  }
  if (bytes.length >= 4 && at(0) === 0xff && at(1) === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (at(i) !== 0xff) return null;
      const marker = at(i + 1);
      if (marker === 0xff) {
        i += 1; // fill byte
        continue;
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        i += 2; // markers without a length
        continue;
      }
      // SOF0–SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        const size = found("jpeg", be16(i + 7), be16(i + 5));
        // SOF2, SOF6, SOF10 and SOF14 are the progressive frame types.
        return size && (marker & 0x03) === 0x02 ? { ...size, progressive: true } : size;
      }
      if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
      const length = be16(i + 2);
      if (length < 2) return null;
      i += 2 + length;
    }
    return null;
  }
  return null;
}
