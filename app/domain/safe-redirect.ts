// The one check for every `returnTo` / `redirectTo` a request carries (issue 16, item 2): the
// target is resolved with the WHATWG URL parser, the same one a browser applies to a Location
// header, and kept only when it stays on our origin. Tab, CR, LF and every other control
// character, and backslashes (which browsers read as slashes: `/\evil.example`), are refused in
// the target as sent and in every percent-decoding of it. A refused target falls back.

// Any fixed origin will do: a relative target keeps it, anything that names a host changes it.
const OURS = "https://closetloop.invalid";
const MAX_LENGTH = 2048;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\\]/;
const PERCENT = /%[0-9A-Fa-f]{2}/;

const utf8 = new TextEncoder();
const lenient = new TextDecoder("utf-8");

/** One round of percent-decoding, as UTF-8 (an invalid sequence becomes U+FFFD, never an error). */
function percentDecodeOnce(text: string) {
  const bytes = utf8.encode(text);
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === 0x25 && i + 2 < bytes.length ? String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      out[n++] = parseInt(hex, 16);
      i += 2;
    } else out[n++] = bytes[i]!;
  }
  return lenient.decode(out.subarray(0, n));
}

function hasForbidden(target: string) {
  let text = target;
  // Each decoding round shortens the text, so this ends; a handful of rounds covers %25-nesting.
  for (let round = 0; round < 6; round++) {
    if (FORBIDDEN.test(text)) return true;
    if (!PERCENT.test(text)) return false;
    text = percentDecodeOnce(text);
  }
  return true;
}

/** A same-origin path (with its query and fragment) to redirect to, or `fallback`. */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof target !== "string" || target === "" || target.length > MAX_LENGTH) return fallback;
  if (hasForbidden(target)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(target, `${OURS}/`);
  } catch {
    return fallback;
  }
  if (resolved.origin !== OURS) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as a host.
  if (!path.startsWith("/") || path.startsWith("//") || path.length > MAX_LENGTH || hasForbidden(path)) return fallback;
  return path;
}
