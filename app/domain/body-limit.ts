// What an action accepts as a request body (docs/decisions/0016-request-gate.md). A route module
// declares `export const bodyLimit: BodyLimit` next to its action; the request gate
// (app/services/request-gate.server.ts) enforces it before the action runs. This module is kept
// tiny and free of side effects: route modules import it, so it ships in their client chunks.

export const KB = 1024;
export const MB = 1024 * KB;

export interface BodyLimit {
  /** Bytes of everything that is not a file: field names and values, and each part's headers. */
  formBytes: number;
  /**
   * The files the form may carry: at most `count` files of at most `bytes` each. `stated` is the
   * size the form itself tells people (a little under `bytes`, so a file just over it reaches the
   * action and its message at the field); a refusal names it rather than the margin.
   */
  files?: { count: number; bytes: number; stated?: number };
}

/** Every action that declares no `bodyLimit`: a form of text fields. */
export const DEFAULT_BODY_LIMIT: BodyLimit = { formBytes: 16 * KB };

/** A form with file inputs: up to `count` files of `bytes` each, and its text fields. */
export function uploadLimit(count: number, bytes: number, formBytes = 64 * KB, stated?: number): BodyLimit {
  return { formBytes, files: { count, bytes, ...(stated ? { stated } : {}) } };
}

/** The headers of one multipart part (Content-Disposition, Content-Type) are at most this long. */
export const MAX_PART_HEADER_BYTES = 4 * KB;

/** The largest body a route accepts on the wire: its fields plus each file with its part headers. */
export function maxBodyBytes(limit: BodyLimit) {
  return limit.formBytes + (limit.files ? limit.files.count * (limit.files.bytes + MAX_PART_HEADER_BYTES + 256) : 0);
}

/** A route module's `bodyLimit` export when it is well formed, else null. */
export function readBodyLimit(value: unknown): BodyLimit | null {
  if (!value || typeof value !== "object") return null;
  const { formBytes, files } = value as BodyLimit;
  const positive = (n: unknown) => typeof n === "number" && Number.isSafeInteger(n) && n > 0;
  if (!positive(formBytes)) return null;
  if (files !== undefined && !(files && positive(files.count) && positive(files.bytes))) return null;
  return value as BodyLimit;
}

export function formatBytes(bytes: number) {
  return bytes >= MB && bytes % MB === 0
    ? `${bytes / MB} MB`
    : bytes >= KB
      ? `${Math.floor(bytes / KB)} KB`
      : `${bytes} bytes`;
}
