// Image uploads are judged by their bytes, never their names or declared types (DECISIONS.md,
// Security). One set of rules per use (seller-store-admin.md §5, §9); one sniffer for all.

import { MB, uploadLimit, type BodyLimit } from "./body-limit";
import { UPLOAD_SIZES, type UploadUse } from "./upload-sizes";

export type { UploadUse } from "./upload-sizes";

export type ImageKind = "jpeg" | "png" | "webp" | "gif" | "svg" | "ico";

export interface Sniffed {
  kind: ImageKind;
  mime: string;
  ext: string;
}

const MIME: Record<ImageKind, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  svg: "image/svg+xml",
  ico: "image/x-icon",
};
const EXT: Record<ImageKind, string> = { jpeg: "jpg", png: "png", webp: "webp", gif: "gif", svg: "svg", ico: "ico" };

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * What image the bytes are, or why they are not one: `unknown` (not an image type we know),
 * `truncated` (the start of an image whose end is missing: an interrupted upload or a cut file).
 */
export function sniffImage(bytes: Uint8Array): Sniffed | { kind: null; reason: "unknown" | "truncated" } {
  const found = (kind: ImageKind): Sniffed => ({ kind, mime: MIME[kind], ext: EXT[kind] });
  const truncated = { kind: null, reason: "truncated" } as const;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    // A JPEG ends with its End Of Image marker (FF D9); some cameras add a few bytes after it.
    const tail = bytes.subarray(Math.max(0, bytes.length - 64));
    for (let i = tail.length - 2; i >= 0; i--) if (tail[i] === 0xff && tail[i + 1] === 0xd9) return found("jpeg");
    return truncated;
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    // A PNG's last chunk is IEND, then its CRC: the file ends with "IEND" + 4 bytes.
    return bytes.length >= 20 && ascii(bytes, bytes.length - 8, bytes.length - 4) === "IEND" ? found("png") : truncated;
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    // RIFF states its own length: the 4 bytes after "RIFF" + 8.
    const declared = (bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16) | (bytes[7]! << 24)) >>> 0;
    return bytes.length >= declared + 8 ? found("webp") : truncated;
  }
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") {
    return bytes[bytes.length - 1] === 0x3b ? found("gif") : truncated;
  }
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 22 && bytes[4]! + bytes[5]! > 0)
    return found("ico");
  if (looksLikeSvg(bytes)) return found("svg");
  return { kind: null, reason: "unknown" };
}

function looksLikeSvg(bytes: Uint8Array) {
  // Text that opens (after a BOM, an XML declaration, comments or a doctype) with an <svg> root.
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 2048)).replace(/^\uFEFF/, "");
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, "");
  return /^<svg[\s>]/i.test(rest);
}

export interface UploadRule {
  /** Which kinds are accepted. */
  kinds: readonly ImageKind[];
  maxBytes: number;
  maxFiles: number;
  /** The `accept` attribute of the file input (a hint for the picker; the bytes decide). */
  accept: string;
  messages: {
    /** A file of the wrong kind (or not an image at all). */
    type: string;
    /** A file over maxBytes. */
    size: string;
    /** More than maxFiles in all. */
    count: string;
    /** A file that is the start of an image with its end missing. */
    truncated: string;
  };
  /** Per-file errors start with the file name ('photo.jpg: ...'), joined with '; '. */
  prefixFileName: boolean;
  /** The R2 folder this use writes under (one bucket holds every storage area of the spec). */
  area: string;
}

const RASTER = ["jpeg", "png", "webp", "gif"] as const;
const truncatedMessage = "The file is incomplete or damaged. Please choose it again.";
/** One raster image up to 5 MB on a staff page (a banner, a category's image): the spec's words for both. */
const staffImage = (area: string, size: (typeof UPLOAD_SIZES)["banner" | "categoryImage"]) => ({
  kinds: RASTER,
  ...size,
  accept: "image/*",
  messages: {
    type: "Please select an image file",
    size: "File size must be less than 5MB",
    count: "Please select one image.",
    truncated: truncatedMessage,
  },
  prefixFileName: false,
  area,
});

/** The uses of the upload pipeline, with the spec's limits and messages verbatim. */
export const UPLOAD_RULES = {
  product: {
    kinds: ["jpeg", "png", "webp"],
    ...UPLOAD_SIZES.product,
    accept: "image/jpeg,image/png,image/webp",
    messages: {
      type: "Only JPEG, PNG, and WebP images are allowed",
      size: "Image size must be less than 10MB",
      count: "Maximum 5 images allowed per product",
      truncated: truncatedMessage,
    },
    prefixFileName: true,
    area: "products",
  },
  avatar: {
    kinds: RASTER,
    ...UPLOAD_SIZES.avatar,
    accept: "image/*",
    messages: {
      type: "Invalid file type: Please select an image file.",
      size: "File too large: Please select a file smaller than 5MB.",
      count: "Please select one image.",
      truncated: truncatedMessage,
    },
    prefixFileName: false,
    area: "avatars",
  },
  storeLogo: {
    kinds: RASTER,
    ...UPLOAD_SIZES.storeLogo,
    accept: "image/*",
    messages: {
      type: "Invalid file type - Please select an image file (JPG, PNG, etc.).",
      size: "File too large - Please select an image smaller than 5MB.",
      count: "Please select one image.",
      truncated: truncatedMessage,
    },
    prefixFileName: false,
    area: "store-logos",
  },
  brandLogo: {
    // §9: png/jpg/jpeg/svg. SVG logos are served with a script-blocking policy (the images endpoint).
    kinds: ["png", "jpeg", "svg"],
    ...UPLOAD_SIZES.brandLogo,
    accept: "image/png,image/jpeg,image/svg+xml",
    messages: {
      type: "Invalid file type - Please select a PNG, JPG or SVG logo.",
      size: "File too large - Please select a logo smaller than 5MB.",
      count: "Please select one logo.",
      truncated: truncatedMessage,
    },
    prefixFileName: false,
    area: "brand-logos",
  },
  banner: staffImage("banners", UPLOAD_SIZES.banner),
  categoryImage: staffImage("categories", UPLOAD_SIZES.categoryImage),
  blogImage: {
    kinds: RASTER,
    ...UPLOAD_SIZES.blogImage,
    accept: "image/*",
    messages: {
      type: "Invalid file type",
      size: "File too large - Please select an image smaller than 2MB",
      count: "Please select one image.",
      truncated: truncatedMessage,
    },
    prefixFileName: false,
    area: "blog",
  },
  claim: {
    kinds: ["jpeg", "png", "webp"],
    ...UPLOAD_SIZES.claim,
    accept: "image/jpeg,image/png,image/webp",
    messages: {
      type: "Only JPEG, PNG, and WebP photos are allowed",
      size: "Each photo must be less than 5MB",
      count: "Add up to 4 photos",
      truncated: truncatedMessage,
    },
    prefixFileName: false,
    area: "claims",
  },
  favicon: {
    // §9: png/jpg/jpeg/ico.
    kinds: ["png", "jpeg", "ico"],
    ...UPLOAD_SIZES.favicon,
    accept: "image/png,image/jpeg,image/x-icon,.ico",
    messages: {
      type: "Invalid file type - Please select a PNG, JPG or ICO file.",
      size: "File too large - Please select a file smaller than 1MB.",
      count: "Please select one file.",
      truncated: truncatedMessage,
    },
    prefixFileName: false,
    area: "favicons",
  },
} as const satisfies Record<UploadUse, UploadRule>;

export const UPLOAD_USES = Object.keys(UPLOAD_RULES) as UploadUse[];

/** The staging endpoint takes one file of any use. */
export const STAGING_BODY_LIMIT: BodyLimit = uploadLimit(
  1,
  Math.max(...UPLOAD_USES.map((use) => UPLOAD_RULES[use].maxBytes)) + MB,
);

/** The largest file any use accepts: the Worker refuses bodies well beyond it before reading them. */
export const LARGEST_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes * r.maxFiles));

export interface CandidateFile {
  name: string;
  bytes: Uint8Array;
}

export type Judged = { ok: true; files: (CandidateFile & Sniffed)[] } | { ok: false; error: string };

/**
 * Judges a selection against a use's rule: the count (with `already` images kept), then each
 * file's size and bytes. Any invalid file blocks the whole selection; every file's problem is
 * named (prefixed with its file name where the spec does so) and joined with '; '.
 */
export function judgeImages(use: UploadUse, files: CandidateFile[], already = 0): Judged {
  const rule: UploadRule = UPLOAD_RULES[use];
  if (files.length + already > rule.maxFiles) return { ok: false, error: rule.messages.count };
  const problems: string[] = [];
  const accepted: (CandidateFile & Sniffed)[] = [];
  for (const file of files) {
    const problem = judgeOne(rule, file);
    if (typeof problem === "string")
      problems.push(rule.prefixFileName ? `${displayName(file.name)}: ${problem}` : problem);
    else accepted.push({ ...file, ...problem });
  }
  if (problems.length) return { ok: false, error: [...new Set(problems)].join("; ") };
  return { ok: true, files: accepted };
}

function judgeOne(rule: UploadRule, file: CandidateFile): Sniffed | string {
  if (file.bytes.length > rule.maxBytes) return rule.messages.size;
  if (file.bytes.length === 0) return rule.messages.type;
  const sniffed = sniffImage(file.bytes);
  if (sniffed.kind === null) return sniffed.reason === "truncated" ? rule.messages.truncated : rule.messages.type;
  if (!rule.kinds.includes(sniffed.kind)) return rule.messages.type;
  return sniffed;
}

/** A file name as shown back in a message: no path, no control characters, at most 80 characters. */
export function displayName(name: string) {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  const shown = base || "file";
  return shown.length > 80 ? `${shown.slice(0, 77)}...` : shown;
}

/** R2 key of a product image (seller-store-admin.md §3): products/{owner}/{productId}_{timestamp}_{index}.{ext}. */
export const productImageKey = (ownerId: string, productId: string, timestamp: number, index: number, ext: string) =>
  `products/${ownerId}/${productId}_${timestamp}_${index}.${ext}`;
/** The owner's folder prefix of one product's images (the recovery lists it). */
export const productImagePrefix = (ownerId: string, productId: string) => `products/${ownerId}/${productId}_`;
/** avatars/{userId}/{timestamp}.{ext} */
export const avatarKey = (userId: string, timestamp: number, ext: string) => `avatars/${userId}/${timestamp}.${ext}`;
/** store-logos/{storeId}/{storeId}-logo.{ext} */
export const storeLogoKey = (storeId: string, ext: string) => `store-logos/${storeId}/${storeId}-logo.${ext}`;
/** Other single images: {area}/{id}_{timestamp}.{ext} (brand logos, banners, categories/, blog, favicons). */
export const areaImageKey = (use: UploadUse, id: string, timestamp: number, ext: string) =>
  `${UPLOAD_RULES[use].area}/${id}_${timestamp}.${ext}`;

/** The public URL of an R2 key, and back. */
export const imageUrl = (key: string) => `/images/${key}`;
export const imageKeyOf = (url: string) => (url.startsWith("/images/") ? url.slice("/images/".length) : null);
