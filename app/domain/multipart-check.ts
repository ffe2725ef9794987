// multipart/form-data as browsers send it (RFC 7578, RFC 2046 §5.1), checked as it streams past
// (docs/decisions/0016-request-gate.md, 0060-multipart-library.md). The Remix team's streaming
// parser (@remix-run/multipart-parser) splits the body into parts at CRLF "--" boundary, finds
// each part's headers, and holds parts to the header and size limits. What it leaves unchecked is
// checked here, small and pure:
// - the framing (`Delimiters`): the runtime's own parser also splits at a boundary after a bare
//   LF, so one is refused; after each delimiter comes CRLF or "--" (the parser skips any two
//   bytes); after the closing one at most a line break;
// - each part's header lines: the parser drops a line without a colon and trims values, so the
//   bytes between two delimiters must be exactly the part's headers as "Name: value" lines, the
//   blank line and its content — a headerless part, a stray line or one the parser read across
//   a delimiter does not add up;
// - each part's meaning: a quoted, non-empty name, a quoted file name and no filename*, UTF-8
//   text without control characters, files counted against the route's `files`, everything else
//   against `formBytes`.
// It is at least as strict as workerd's own parser (fuzzed against it in
// tests/integration/request-gate-multipart.test.ts), so a body it lets through never makes `request.formData()` throw.

import {
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParser,
  type MultipartPart,
} from "@remix-run/multipart-parser";
import { MAX_PART_HEADER_BYTES, maxBodyBytes, type BodyLimit } from "./body-limit";
import {
  decodeUtf8,
  hasControlCharacters,
  HEADER_CONTROL,
  isUtf8,
  MESSAGES,
  parseHeaderParams,
  refuse,
  TOKEN,
  tooLarge,
  type Refusal,
} from "./form-body";

const utf8 = new TextEncoder();
const [CR, LF, DASH] = [0x0d, 0x0a, 0x2d];
const malformed = () => refuse(400, MESSAGES.multipart);

function concat(a: Uint8Array, b: Uint8Array) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Where each delimiter (CRLF "--" boundary) begins, and the bytes around it the parser does not check. */
class Delimiters {
  /** LF "--" boundary: the runtime splits there, so it must follow a CR. */
  readonly needle: Uint8Array;
  /** The stream offset of each delimiter's LF, the closing one last. The body is read as if it began with CRLF. */
  readonly at: number[] = [];
  /** The last bytes seen: a delimiter starting there is judged when the two bytes after it arrive. */
  private tail: Uint8Array = Uint8Array.of(CR, LF);
  private seen = 2;
  private closedAt = -1;

  constructor(boundary: string) {
    this.needle = utf8.encode(`\n--${boundary}`);
  }

  get closed() {
    return this.closedAt >= 0;
  }

  push(chunk: Uint8Array): Refusal | null {
    const keep = this.needle.length + 2;
    const start = this.seen - this.tail.length;
    // Delimiters starting in the tail (its first byte is only the one before them), then in the chunk.
    const refusal =
      this.find(concat(this.tail, chunk.subarray(0, keep)), start, 1, this.tail.length, 0) ??
      this.find(chunk, this.seen, 0, chunk.length, this.tail[this.tail.length - 1]!);
    this.tail = chunk.length >= keep ? chunk.slice(-keep) : concat(this.tail, chunk).slice(-keep);
    this.seen += chunk.length;
    if (refusal) return refusal;
    return this.closed && this.seen - this.closedAt > 2 ? malformed() : null;
  }

  /** The body has ended: it closed, then at most a line break. */
  end(): Refusal | null {
    const after = this.seen - this.closedAt;
    if (
      !this.closed ||
      after === 1 ||
      (after === 2 && (this.tail[this.tail.length - 2] !== CR || this.tail[this.tail.length - 1] !== LF))
    )
      return malformed();
    return null;
  }

  private find(buf: Uint8Array, base: number, from: number, to: number, before: number): Refusal | null {
    const n = this.needle;
    // A delimiter at i is judged once the two bytes after it are in `buf`.
    const last = Math.min(to - 1, buf.length - n.length - 2);
    for (let i = buf.indexOf(LF, from); i !== -1 && i <= last && !this.closed; i = buf.indexOf(LF, i + 1)) {
      let j = 1;
      while (j < n.length && buf[i + j] === n[j]) j++;
      if (j < n.length) continue;
      if ((i === 0 ? before : buf[i - 1]) !== CR) return malformed();
      const [a, b] = [buf[i + n.length], buf[i + n.length + 1]];
      if (a === DASH && b === DASH) this.closedAt = base + i + n.length + 2;
      else if (a !== CR || b !== LF) return malformed();
      this.at.push(base + i);
    }
    return null;
  }
}

export class MultipartCheck {
  private readonly delimiters: Delimiters;
  private readonly parser: MultipartParser;
  /** Parts the parser has found, judged (and let go) once the delimiter after each is placed. */
  private readonly parts: MultipartPart[] = [];
  private judged = 0;
  private formBytes = 0;
  private files = 0;
  private failure: Refusal | null = null;

  constructor(
    boundary: string,
    private readonly limit: BodyLimit,
  ) {
    this.delimiters = new Delimiters(boundary);
    const files = limit.files ? limit.files.count * limit.files.bytes : 0;
    this.parser = new MultipartParser(boundary, {
      maxHeaderSize: MAX_PART_HEADER_BYTES,
      maxFileSize: Math.max(limit.formBytes, limit.files?.bytes ?? 0),
      maxTotalSize: limit.formBytes + files,
      // Every part costs `formBytes` its headers and delimiter, which bounds their number.
      maxParts: limit.formBytes,
    });
  }

  /** Feeds the next bytes; a refusal as soon as the body cannot be accepted. */
  push(chunk: Uint8Array): Refusal | null {
    if (this.failure || chunk.length === 0) return this.failure;
    // Past the closing delimiter the parser takes no more; the delimiters judge what follows.
    const closed = this.delimiters.closed;
    const framing = this.delimiters.push(chunk);
    const parsing = closed ? null : this.parse(chunk);
    // The parts that ended before a fault in the framing come first in the body: their verdict
    // first, so that it does not depend on how the body was cut into chunks.
    this.failure = this.judge() ?? framing ?? parsing;
    return this.failure;
  }

  /** The body has ended: a refusal unless it closed properly and every part passed. */
  end(): Refusal | null {
    if (this.failure) return this.failure;
    this.failure = this.judge() ?? this.delimiters.end() ?? this.finish();
    return this.failure;
  }

  private finish(): Refusal | null {
    try {
      this.parser.finish();
    } catch {
      return malformed();
    }
    return this.judged === this.delimiters.at.length - 1 && this.parts.length === 0 ? null : malformed();
  }

  private parse(chunk: Uint8Array): Refusal | null {
    try {
      for (const part of this.parser.write(chunk)) this.parts.push(part);
      return null;
    } catch (error) {
      const { formBytes, files } = this.limit;
      if (error instanceof MaxFileSizeExceededError)
        return files && files.bytes >= formBytes
          ? tooLarge(files.stated ?? files.bytes, "Each file")
          : tooLarge(formBytes);
      if (error instanceof MaxTotalSizeExceededError) return tooLarge(maxBodyBytes(this.limit));
      return malformed();
    }
  }

  private judge(): Refusal | null {
    const at = this.delimiters.at;
    while (this.parts.length > 0 && this.judged + 1 < at.length) {
      const part = this.parts.shift()!;
      // LF "--" boundary CRLF, the headers, CRLF CRLF, the content, the next delimiter's CR.
      const span = at[this.judged + 1]! - at[this.judged]!;
      const refusal = this.part(part, span - (this.delimiters.needle.length + 7) - part.size);
      this.judged++;
      if (refusal) return refusal;
    }
    return null;
  }

  private part(part: MultipartPart, headerBytes: number): Refusal | null {
    let headers: [string, string | undefined][];
    try {
      headers = Object.entries(part.headers);
    } catch {
      return refuse(400, MESSAGES.encoding);
    }
    // The part's header lines exactly as the parser read them: "Name: value", one per line.
    let lines = 2 * (headers.length - 1);
    for (const [name, value = ""] of headers) {
      if (!TOKEN.test(name)) return malformed();
      if (HEADER_CONTROL.test(value)) return refuse(400, MESSAGES.control);
      lines += name.length + 2 + utf8.encode(value).length;
    }
    if (headers.length === 0 || lines !== headerBytes) return malformed();
    // As browsers send it (and as the runtime's parser wants it): a quoted, non-empty name, a
    // quoted file name, no RFC 5987 filename*.
    const disposition = parseHeaderParams(part.headers["content-disposition"] ?? "");
    const type = part.headers["content-type"];
    const contentType = type === undefined ? null : parseHeaderParams(type);
    if (type !== undefined && !contentType) return malformed();
    if (
      !disposition ||
      disposition.value !== "form-data" ||
      !disposition.params.get("name") ||
      !disposition.quoted.has("name")
    )
      return malformed();
    if (
      disposition.params.has("filename*") ||
      (disposition.params.has("filename") && !disposition.quoted.has("filename"))
    )
      return malformed();
    if (hasControlCharacters(disposition.params.get("name")!)) return refuse(400, MESSAGES.control);
    this.formBytes += headerBytes + this.delimiters.needle.length + 5;
    if (this.formBytes > this.limit.formBytes) return tooLarge(this.limit.formBytes);
    if (disposition.params.has("filename")) {
      // An empty file input sends a part with an empty file name: no file was chosen.
      if (disposition.params.get("filename") !== "") {
        const files = this.limit.files;
        if (!files) return refuse(400, MESSAGES.noFiles);
        if (++this.files > files.count)
          return refuse(
            413,
            `Payload Too Large: this form takes at most ${files.count} file${files.count === 1 ? "" : "s"}.`,
          );
      }
      const allowed = this.limit.files?.bytes ?? 0;
      return part.size > allowed ? tooLarge(allowed, "Each file") : null;
    }
    if (!isUtf8(contentType?.params.get("charset"))) return refuse(415, MESSAGES.charset);
    this.formBytes += part.size;
    if (this.formBytes > this.limit.formBytes) return tooLarge(this.limit.formBytes);
    const text = decodeUtf8(part.bytes);
    if (text === null) return refuse(400, MESSAGES.encoding);
    return hasControlCharacters(text) ? refuse(400, MESSAGES.control) : null;
  }
}
