// The checks a request body passes before any action reads it (docs/decisions/0016-request-gate.md).
// Pure: headers and bytes in, a refusal or nothing out. workers/app.ts runs them for every POST,
// with the limit the target route declares (./body-limit.ts).

import { formatBytes, MAX_PART_HEADER_BYTES, type BodyLimit } from "./body-limit";

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

const refuse = (status: Refusal["status"], message: string): Refusal => ({ status, message });
export const tooLarge = (limit: number, what = "This form"): Refusal => refuse(413, `Payload Too Large: ${what} accepts at most ${formatBytes(limit)}.`);

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

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 2046 §5.1.1: 1 to 70 characters, the last one not a space.
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** `type/subtype; name=value; name="quoted"` into its lower-cased type and parameters; null when malformed. */
export function parseHeaderParams(header: string, first = TOKEN): { value: string; params: Map<string, string>; quoted: Set<string> } | null {
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

const isUtf8 = (charset: string | undefined) => charset === undefined || /^utf-?8$/i.test(charset);

/** The form encoding of a Content-Type header, or why it is refused. */
export function readContentType(header: string | null): FormEncoding | Refusal {
  if (!header) return refuse(415, MESSAGES.contentType);
  const parsed = parseHeaderParams(header);
  if (!parsed) {
    return /^\s*multipart\/form-data\s*(;|$)/i.test(header) ? refuse(400, MESSAGES.boundary) : refuse(415, MESSAGES.contentType);
  }
  if (parsed.value !== "application/x-www-form-urlencoded" && parsed.value !== "multipart/form-data") return refuse(415, MESSAGES.contentType);
  if (!isUtf8(parsed.params.get("charset"))) return refuse(415, MESSAGES.charset);
  if (parsed.value === "application/x-www-form-urlencoded") return { kind: "urlencoded" };
  const boundary = parsed.params.get("boundary");
  if (!boundary || !BOUNDARY.test(boundary)) return refuse(400, MESSAGES.boundary);
  return { kind: "multipart", boundary };
}

export const isRefusal = (value: unknown): value is Refusal => typeof value === "object" && value !== null && "status" in value;

// ---------------------------------------------------------------------------------------------
// Text

// C0 controls other than tab, line feed and carriage return (a textarea's line breaks), DEL and C1.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// In a part's header line only tab may appear.
// eslint-disable-next-line no-control-regex -- as above
const HEADER_CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/;
export const hasControlCharacters = (text: string) => CONTROL.test(text);

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function decodeUtf8(bytes: Uint8Array): string | null {
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

// ---------------------------------------------------------------------------------------------
// multipart/form-data, checked as it streams past (RFC 7578, RFC 2046 §5.1), as browsers send it:
// the first boundary at the very start, each part with a Content-Disposition naming its field,
// every boundary after CRLF (the runtime also splits at a bare LF, so one is refused, not read as
// content), the closing boundary last, then at most a line break. Text fields count against `formBytes`
// and must be UTF-8 without control characters; files count one by one against `files`. It is
// at least as strict as the runtime's own parser (fuzzed against it in tests/integration/request-gate.test.ts),
// so a body it lets through never makes `request.formData()` throw.

const CRLF = utf8.encode("\r\n");
const HEADERS_END = utf8.encode("\r\n\r\n");

function concat(a: Uint8Array, b: Uint8Array) {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number) {
  let i = from;
  while ((i = haystack.indexOf(needle[0]!, i)) !== -1) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
    i++;
  }
  return -1;
}

interface Part {
  file: boolean;
  bytes: number;
  text: Uint8Array[];
}

export class MultipartScanner {
  /** LF "--" boundary, which must follow a CR: the delimiter is CRLF "--" boundary. */
  private readonly delimiter: Uint8Array;
  // A virtual CRLF in front lets the first delimiter match too.
  private carry: Uint8Array = CRLF;
  private state: "body" | "after" | "headers" | "closed" = "body";
  /** null before the first boundary (a preamble, which must be empty). */
  private part: Part | null = null;
  private head: Uint8Array = new Uint8Array(0);
  private epilogue = 0;
  private formBytes = 0;
  private files = 0;
  private failure: Refusal | null = null;

  constructor(
    boundary: string,
    private readonly limit: BodyLimit,
  ) {
    this.delimiter = utf8.encode(`\n--${boundary}`);
  }

  /** Feeds the next bytes; a refusal as soon as the body cannot be accepted. */
  push(chunk: Uint8Array): Refusal | null {
    if (this.failure) return this.failure;
    this.failure = this.scan(concat(this.carry, chunk));
    return this.failure;
  }

  /** The body has ended: a refusal unless it closed properly. */
  end(): Refusal | null {
    if (this.failure) return this.failure;
    if (this.state !== "closed" || this.carry.length > 0) this.failure = refuse(400, MESSAGES.multipart);
    return this.failure;
  }

  private scan(buf: Uint8Array): Refusal | null {
    this.carry = new Uint8Array(0);
    let pos = 0;
    while (pos < buf.length) {
      if (this.state === "body") {
        // The runtime's parser splits at LF "--" boundary, CR or not; browsers always send the CR.
        // So a boundary after a bare LF is refused rather than read as content.
        let i = pos;
        let found = -1;
        let partial = -1;
        while ((i = buf.indexOf(this.delimiter[0]!, i)) !== -1) {
          let j = 1;
          while (j < this.delimiter.length && i + j < buf.length && buf[i + j] === this.delimiter[j]) j++;
          if (j === this.delimiter.length) {
            found = i;
            break;
          }
          if (i + j === buf.length) {
            partial = i;
            break;
          }
          i++;
        }
        if (found >= 0) {
          if (found === pos || buf[found - 1] !== 0x0d) return refuse(400, MESSAGES.multipart);
          const failed = this.content(buf.subarray(pos, found - 1)) ?? this.closePart();
          if (failed) return failed;
          pos = found + this.delimiter.length;
          this.state = "after";
          continue;
        }
        let stop = partial >= 0 ? partial : buf.length;
        // Keep a CR at the end: it may be the start of the next delimiter.
        if (stop > pos && buf[stop - 1] === 0x0d) stop--;
        const failed = this.content(buf.subarray(pos, stop));
        if (failed) return failed;
        this.carry = buf.slice(stop);
        return null;
      }
      if (this.state === "after") {
        if (buf.length - pos < 2) {
          this.carry = buf.slice(pos);
          return null;
        }
        const [a, b] = [buf[pos], buf[pos + 1]];
        pos += 2;
        if (a === 0x2d && b === 0x2d) this.state = "closed";
        else if (a === 0x0d && b === 0x0a) this.state = "headers";
        else return refuse(400, MESSAGES.multipart);
        continue;
      }
      if (this.state === "headers") {
        const before = this.head.length;
        const take = Math.min(buf.length - pos, MAX_PART_HEADER_BYTES + HEADERS_END.length - before);
        this.head = concat(this.head, buf.slice(pos, pos + take));
        if (this.head[0] === 0x0d) return refuse(400, MESSAGES.multipart); // a part without headers
        const end = indexOf(this.head, HEADERS_END, Math.max(0, before - 3));
        if (end < 0) {
          if (this.head.length >= MAX_PART_HEADER_BYTES + HEADERS_END.length) return refuse(400, MESSAGES.multipart);
          pos += take;
          continue;
        }
        pos += end + HEADERS_END.length - before;
        const failed = this.openPart(this.head.subarray(0, end));
        if (failed) return failed;
        this.head = new Uint8Array(0);
        this.state = "body";
        continue;
      }
      // closed: nothing may follow but one line break.
      const rest = buf.length - pos;
      for (let k = 0; k < rest; k++) {
        if (this.epilogue >= 2 || buf[pos + k] !== CRLF[this.epilogue]) return refuse(400, MESSAGES.multipart);
        this.epilogue++;
      }
      return null;
    }
    return null;
  }

  private openPart(headBytes: Uint8Array): Refusal | null {
    const head = decodeUtf8(headBytes);
    if (head === null) return refuse(400, MESSAGES.encoding);
    let disposition: ReturnType<typeof parseHeaderParams> = null;
    let contentType: ReturnType<typeof parseHeaderParams> = null;
    for (const line of head.split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon <= 0 || !TOKEN.test(line.slice(0, colon))) return refuse(400, MESSAGES.multipart);
      if (HEADER_CONTROL.test(line)) return refuse(400, MESSAGES.control);
      const value = line.slice(colon + 1).trim();
      const name = line.slice(0, colon).toLowerCase();
      if (name === "content-disposition") {
        if (disposition) return refuse(400, MESSAGES.multipart);
        disposition = parseHeaderParams(value);
        if (!disposition) return refuse(400, MESSAGES.multipart);
      } else if (name === "content-type") {
        if (contentType) return refuse(400, MESSAGES.multipart);
        contentType = parseHeaderParams(value);
        if (!contentType) return refuse(400, MESSAGES.multipart);
      }
    }
    // As browsers send it (and as the runtime's parser wants it): a quoted, non-empty name, a
    // quoted file name, no RFC 5987 filename*.
    if (!disposition || disposition.value !== "form-data" || !disposition.params.get("name") || !disposition.quoted.has("name")) return refuse(400, MESSAGES.multipart);
    if (disposition.params.has("filename*") || (disposition.params.has("filename") && !disposition.quoted.has("filename"))) return refuse(400, MESSAGES.multipart);
    const field = disposition.params.get("name")!;
    if (hasControlCharacters(field)) return refuse(400, MESSAGES.control);
    const file = disposition.params.has("filename");
    this.formBytes += headBytes.length + this.delimiter.length + 5;
    if (this.formBytes > this.limit.formBytes) return tooLarge(this.limit.formBytes);
    if (file) {
      // An empty file input sends a part with an empty file name: no file was chosen.
      if (disposition.params.get("filename") !== "") {
        if (!this.limit.files) return refuse(400, MESSAGES.noFiles);
        if (++this.files > this.limit.files.count) return refuse(413, `Payload Too Large: this form takes at most ${this.limit.files.count} file${this.limit.files.count === 1 ? "" : "s"}.`);
      }
    } else if (!isUtf8(contentType?.params.get("charset"))) {
      return refuse(415, MESSAGES.charset);
    }
    this.part = { file, bytes: 0, text: [] };
    return null;
  }

  private content(bytes: Uint8Array): Refusal | null {
    if (bytes.length === 0) return null;
    if (!this.part) return refuse(400, MESSAGES.multipart); // bytes before the first boundary
    this.part.bytes += bytes.length;
    if (this.part.file) {
      const allowed = this.limit.files?.bytes ?? 0;
      if (this.part.bytes > allowed) return tooLarge(allowed, "Each file");
      return null;
    }
    this.formBytes += bytes.length;
    if (this.formBytes > this.limit.formBytes) return tooLarge(this.limit.formBytes);
    this.part.text.push(bytes.slice());
    return null;
  }

  private closePart(): Refusal | null {
    const part = this.part;
    this.part = null;
    if (!part || part.file) return null;
    let all: Uint8Array = new Uint8Array(0);
    for (const piece of part.text) all = concat(all, piece);
    const text = decodeUtf8(all);
    if (text === null) return refuse(400, MESSAGES.encoding);
    if (hasControlCharacters(text)) return refuse(400, MESSAGES.control);
    return null;
  }
}
