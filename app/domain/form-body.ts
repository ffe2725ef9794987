// The checks a request body passes before any action reads it (docs/decisions/0016-request-gate.md).
// Pure: headers and bytes in, a refusal or nothing out. workers/app.ts runs them for every POST,
// with the limit the target route declares (./body-limit.ts). Multipart bodies: ./multipart-check.ts
// (kept apart: route modules import echoField from here, so this module ships in client chunks).

import { formatBytes } from "./body-limit";

export interface Refusal {
  status: 400 | 405 | 413 | 415;
  message: string;
}

export const MESSAGES = {
  contentType: "Unsupported Media Type: send this form as application/x-www-form-urlencoded or multipart/form-data.",
  charset: "Unsupported charset: send this form as UTF-8.",
  boundary: "Malformed multipart body: the Content-Type header has no valid boundary.",
  multipart: "Malformed multipart body: it does not follow its boundary.",
  encoding: "Malformed form: the text is not valid UTF-8.",
  control: "The form contains control characters.",
  noFiles: "This form does not take files.",
} as const;

export const refuse = (status: Refusal["status"], message: string): Refusal => ({ status, message });
export const tooLarge = (limit: number, what = "This form"): Refusal =>
  refuse(413, `Payload Too Large: ${what} accepts at most ${formatBytes(limit)}.`);

/**
 * A field's value to show back in the form after an error: at most `max` characters (the longest
 * the field accepts), so no answer repeats more than the form allows however much was sent.
 */
export function echoField(form: FormData, name: string, max: number) {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

// ---------------------------------------------------------------------------------------------
// Content-Type

export type FormEncoding = { kind: "urlencoded" } | { kind: "multipart"; boundary: string };

export const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 2046 §5.1.1: 1 to 70 characters, the last one not a space.
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** `type/subtype; name=value; name="quoted"` into its lower-cased type and parameters; null when malformed. */
export function parseHeaderParams(
  header: string,
  first = TOKEN,
): { value: string; params: Map<string, string>; quoted: Set<string> } | null {
  const semi = header.indexOf(";");
  const value = (semi < 0 ? header : header.slice(0, semi)).trim().toLowerCase();
  const params = new Map<string, string>();
  const quoted = new Set<string>();
  if (!value) return null;
  if (!value.split("/").every((part) => first.test(part))) return null;
  let i = semi < 0 ? header.length : semi;
  while (i < header.length) {
    // at a ';'
    i++;
    while (header[i] === " " || header[i] === "\t") i++;
    if (i >= header.length) break;
    const eq = header.indexOf("=", i);
    if (eq < 0) return null;
    const name = header.slice(i, eq).trim().toLowerCase();
    if (!TOKEN.test(name) || params.has(name)) return null;
    i = eq + 1;
    let v = "";
    if (header[i] === '"') {
      quoted.add(name);
      i++;
      for (;;) {
        if (i >= header.length) return null;
        const ch = header[i]!;
        if (ch === "\\") {
          if (i + 1 >= header.length) return null;
          v += header[i + 1];
          i += 2;
        } else if (ch === '"') {
          i++;
          break;
        } else {
          v += ch;
          i++;
        }
      }
      while (header[i] === " " || header[i] === "\t") i++;
      if (i < header.length && header[i] !== ";") return null;
    } else {
      const end = header.indexOf(";", i);
      v = (end < 0 ? header.slice(i) : header.slice(i, end)).trim();
      if (!TOKEN.test(v)) return null;
      i = end < 0 ? header.length : end;
    }
    params.set(name, v);
  }
  return { value, params, quoted };
}

export const isUtf8 = (charset: string | undefined) => charset === undefined || /^utf-?8$/i.test(charset);

/** The form encoding of a Content-Type header, or why it is refused. */
export function readContentType(header: string | null): FormEncoding | Refusal {
  if (!header) return refuse(415, MESSAGES.contentType);
  const parsed = parseHeaderParams(header);
  if (!parsed) {
    return /^\s*multipart\/form-data\s*(;|$)/i.test(header)
      ? refuse(400, MESSAGES.boundary)
      : refuse(415, MESSAGES.contentType);
  }
  if (parsed.value !== "application/x-www-form-urlencoded" && parsed.value !== "multipart/form-data")
    return refuse(415, MESSAGES.contentType);
  if (!isUtf8(parsed.params.get("charset"))) return refuse(415, MESSAGES.charset);
  if (parsed.value === "application/x-www-form-urlencoded") return { kind: "urlencoded" };
  const boundary = parsed.params.get("boundary");
  if (!boundary || !BOUNDARY.test(boundary)) return refuse(400, MESSAGES.boundary);
  return { kind: "multipart", boundary };
}

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && "status" in value;

// ---------------------------------------------------------------------------------------------
// Text

// C0 controls other than tab, line feed and carriage return (a textarea's line breaks), DEL and C1.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// In a part's header line only tab may appear.
// eslint-disable-next-line no-control-regex -- as above
export const HEADER_CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/;
export const hasControlCharacters = (text: string) => CONTROL.test(text);

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

const utf8 = new TextEncoder();
const HEX = /^[0-9A-Fa-f]{2}$/;

/** application/x-www-form-urlencoded percent-decoding (WHATWG), to bytes. */
function percentDecode(text: string): Uint8Array {
  const bytes = utf8.encode(text.replace(/\+/g, " "));
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x25 && i + 2 < bytes.length && HEX.test(String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!))) {
      out[n++] = parseInt(String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!), 16);
      i += 2;
    } else out[n++] = b;
  }
  return out.subarray(0, n);
}

/** An urlencoded body: every name and value must be UTF-8 text without control characters. */
export function checkUrlEncoded(body: Uint8Array): Refusal | null {
  const text = decodeUtf8(body);
  if (text === null) return refuse(400, MESSAGES.encoding);
  for (const pair of text.split("&")) {
    if (!pair) continue;
    for (const piece of pair.split("=")) {
      const decoded = decodeUtf8(percentDecode(piece));
      if (decoded === null) return refuse(400, MESSAGES.encoding);
      if (hasControlCharacters(decoded)) return refuse(400, MESSAGES.control);
    }
  }
  return null;
}
