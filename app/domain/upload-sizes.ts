import { MB, uploadLimit, type BodyLimit } from "./body-limit";

// How many images each use of the upload pipeline takes, and how large (seller-store-admin.md §5,
// §9): the numbers of uploads.ts's rules, apart from their kinds and messages, so that a route's
// `bodyLimit` export, which its module carries to the browser too, brings only these (decision 0127).

export const UPLOAD_SIZES = {
  product: { maxBytes: 10 * MB, maxFiles: 5 },
  avatar: { maxBytes: 5 * MB, maxFiles: 1 },
  storeLogo: { maxBytes: 5 * MB, maxFiles: 1 },
  brandLogo: { maxBytes: 5 * MB, maxFiles: 1 },
  banner: { maxBytes: 5 * MB, maxFiles: 1 },
  categoryImage: { maxBytes: 5 * MB, maxFiles: 1 },
  blogImage: { maxBytes: 2 * MB, maxFiles: 1 },
  // A claim's photos (issue 43): the shopper's and the handler's, up to 4 of 5 MB each.
  claim: { maxBytes: 5 * MB, maxFiles: 4 },
  favicon: { maxBytes: 1 * MB, maxFiles: 1 },
} as const;

export type UploadUse = keyof typeof UPLOAD_SIZES;

/**
 * The body a form that uploads for `use` may send (the request gate enforces it before the action
 * runs). One file more than allowed and 1 MB over the size limit still reach the action, so the
 * form answers with the spec's message at the field; anything beyond is refused with a 413.
 */
export function uploadBodyLimit(use: UploadUse, formBytes?: number): BodyLimit {
  const size = UPLOAD_SIZES[use];
  return uploadLimit(size.maxFiles + 1, size.maxBytes + MB, formBytes, size.maxBytes);
}
