// Conditional and range requests for a stored object (RFC 9110 §13 and §14), as one pure
// decision: the /images endpoint evaluates it against the object's ETag, upload time and size
// before it reads any body. Pure: headers in, decision out.

export interface Representation {
  /** The quoted entity tag, e.g. `"abc"` (R2's httpEtag; always strong). */
  etag: string;
  /** Last modification, in ms since the epoch. */
  lastModified: number;
  size: number;
}

export type ByteRange = { offset: number; length: number };

export type Decision =
  { status: 200 } | { status: 206; range: ByteRange } | { status: 304 } | { status: 412 } | { status: 416 };

interface EntityTag {
  weak: boolean;
  opaque: string;
}

/** An entity-tag list (`"a", W/"b"`) or `*`; null when the field is not valid syntax. */
export function parseEntityTags(value: string): EntityTag[] | "*" | null {
  const trimmed = value.trim();
  if (trimmed === "*") return "*";
  const tags: EntityTag[] = [];
  const pattern = /\s*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(,|$)/y;
  let index = 0;
  while (index < trimmed.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(trimmed);
    if (!match) return null;
    tags.push({ weak: Boolean(match[1]), opaque: match[2]! });
    index = pattern.lastIndex;
    // A trailing comma: `"a",` is allowed by the list rule's empty elements.
    if (match[3] === "," && trimmed.slice(index).trim() === "") break;
  }
  return tags.length > 0 ? tags : null;
}

function parseOwnTag(etag: string): EntityTag {
  const weak = etag.startsWith("W/");
  const quoted = weak ? etag.slice(2) : etag;
  return { weak, opaque: quoted.replace(/^"|"$/g, "") };
}

const strongMatch = (a: EntityTag, b: EntityTag) => !a.weak && !b.weak && a.opaque === b.opaque;
const weakMatch = (a: EntityTag, b: EntityTag) => a.opaque === b.opaque;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC850 =
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d{2})-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

/** An HTTP-date (IMF-fixdate, or the obsolete RFC 850 and asctime forms) in ms; null when invalid. */
export function parseHttpDate(value: string): number | null {
  const v = value.trim();
  let year: number, month: number, day: number, h: number, m: number, s: number;
  let match = IMF_FIXDATE.exec(v);
  if (match) {
    [day, month, year, h, m, s] = [
      Number(match[2]),
      MONTHS.indexOf(match[3]!),
      Number(match[4]),
      Number(match[5]),
      Number(match[6]),
      Number(match[7]),
    ];
  } else if ((match = RFC850.exec(v))) {
    const yy = Number(match[4]);
    // Two-digit years: RFC 9110 reads them as the nearest past century-relative year; 70 is the epoch's pivot.
    [day, month, year, h, m, s] = [
      Number(match[2]),
      MONTHS.indexOf(match[3]!),
      yy < 70 ? 2000 + yy : 1900 + yy,
      Number(match[5]),
      Number(match[6]),
      Number(match[7]),
    ];
  } else if ((match = ASCTIME.exec(v))) {
    [month, day, h, m, s, year] = [
      MONTHS.indexOf(match[2]!),
      Number(match[3]!.trim()),
      Number(match[4]),
      Number(match[5]),
      Number(match[6]),
      Number(match[7]),
    ];
  } else {
    return null;
  }
  if (h > 23 || m > 59 || s > 60) return null;
  const time = Date.UTC(year, month, day, h, m, Math.min(s, 59));
  // Date.UTC rolls 31 Feb into March: a date that does not round-trip is not a date.
  if (new Date(time).getUTCDate() !== day) return null;
  return time;
}

/** HTTP dates have whole seconds: compare the object's time at that resolution. */
const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * One `bytes=` range against an object of `size` bytes: the byte range, "unsatisfiable" (416),
 * or null when the field should be ignored (another unit, invalid syntax, several ranges).
 */
export function parseRange(value: string, size: number): ByteRange | "unsatisfiable" | null {
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(value);
  if (!match) return null;
  const specs = match[1]!
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  // Several ranges would need multipart/byteranges; a server may answer the whole object instead.
  if (specs.length !== 1) return null;
  const spec = /^(\d*)-(\d*)$/.exec(specs[0]!);
  if (!spec || (spec[1] === "" && spec[2] === "")) return null;
  if (spec[1] === "") {
    const suffix = Number(spec[2]);
    if (!Number.isSafeInteger(suffix)) return null;
    if (suffix === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const first = Number(spec[1]);
  const last = spec[2] === "" ? Infinity : Number(spec[2]);
  if (!Number.isSafeInteger(first) || (last !== Infinity && !Number.isSafeInteger(last))) return null;
  if (last < first) return null;
  if (first >= size) return "unsatisfiable";
  const end = Math.min(last, size - 1);
  return { offset: first, length: end - first + 1 };
}

/**
 * What to answer for a GET or HEAD of `object` given the request's headers, in RFC 9110 §13.2.2
 * order: If-Match, If-Unmodified-Since, If-None-Match, If-Modified-Since, then Range (GET only,
 * honoured only when If-Range, if present, still names this representation).
 */
export function evaluateRequest(method: string, headers: Headers, object: Representation): Decision {
  const own = parseOwnTag(object.etag);
  const modified = seconds(object.lastModified);

  const ifMatch = headers.get("if-match");
  if (ifMatch !== null) {
    const tags = parseEntityTags(ifMatch);
    const passes = tags === "*" || (tags !== null && tags.some((tag) => strongMatch(tag, own)));
    if (!passes) return { status: 412 };
  } else {
    const ifUnmodifiedSince = headers.get("if-unmodified-since");
    const date = ifUnmodifiedSince === null ? null : parseHttpDate(ifUnmodifiedSince);
    if (date !== null && modified > seconds(date)) return { status: 412 };
  }

  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const tags = parseEntityTags(ifNoneMatch);
    const matches = tags === "*" || (tags !== null && tags.some((tag) => weakMatch(tag, own)));
    if (matches) return method === "GET" || method === "HEAD" ? { status: 304 } : { status: 412 };
  } else if (method === "GET" || method === "HEAD") {
    const ifModifiedSince = headers.get("if-modified-since");
    const date = ifModifiedSince === null ? null : parseHttpDate(ifModifiedSince);
    if (date !== null && modified <= seconds(date)) return { status: 304 };
  }

  const range = headers.get("range");
  if (method !== "GET" || range === null) return { status: 200 };
  const ifRange = headers.get("if-range");
  if (ifRange !== null) {
    const value = ifRange.trim();
    if (value.startsWith('"') || value.startsWith("W/")) {
      const tags = parseEntityTags(value);
      if (tags === "*" || tags === null || tags.length !== 1 || !strongMatch(tags[0]!, own)) return { status: 200 };
    } else {
      // A date validator matches only exactly (and our upload time is a strong enough validator).
      const date = parseHttpDate(value);
      if (date === null || seconds(date) !== modified) return { status: 200 };
    }
  }
  const parsed = parseRange(range, object.size);
  if (parsed === null) return { status: 200 };
  if (parsed === "unsatisfiable") return { status: 416 };
  return { status: 206, range: parsed };
}

/** Whether a request carries anything `evaluateRequest` would act on. */
export function isConditionalOrRange(headers: Headers) {
  return ["if-match", "if-none-match", "if-modified-since", "if-unmodified-since", "range"].some((name) =>
    headers.has(name),
  );
}
