import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateRequest, parseEntityTags, parseHttpDate, parseRange, type Representation } from "./http-conditional";

const object: Representation = { etag: '"v1"', lastModified: Date.UTC(2026, 10, 23, 12, 0, 0, 456), size: 1000 };
const LAST_MODIFIED = "Mon, 23 Nov 2026 12:00:00 GMT";
const EARLIER = "Mon, 23 Nov 2026 11:59:59 GMT";
const LATER = "Mon, 23 Nov 2026 12:00:01 GMT";
const decide = (headers: Record<string, string>, method = "GET") =>
  evaluateRequest(method, new Headers(headers), object);

describe("evaluateRequest (RFC 9110 §13.2.2)", () => {
  it.each([
    ["no conditions", {}, 200],
    // If-None-Match: weak comparison; 304 for GET and HEAD.
    ["If-None-Match with our tag", { "if-none-match": '"v1"' }, 304],
    ["If-None-Match with our tag, weak", { "if-none-match": 'W/"v1"' }, 304],
    ["If-None-Match in a list", { "if-none-match": '"a", "v1"' }, 304],
    ["If-None-Match *", { "if-none-match": "*" }, 304],
    ["If-None-Match with another tag", { "if-none-match": '"v0"' }, 200],
    ["If-None-Match unparseable", { "if-none-match": "v1" }, 200],
    // If-Match: strong comparison, else 412.
    ["If-Match with our tag", { "if-match": '"v1"' }, 200],
    ["If-Match *", { "if-match": "*" }, 200],
    ["If-Match weak", { "if-match": 'W/"v1"' }, 412],
    ["If-Match another tag", { "if-match": '"v0"' }, 412],
    ["If-Match unparseable", { "if-match": "garbage" }, 412],
    // Dates at one-second resolution.
    ["If-Modified-Since the Last-Modified second", { "if-modified-since": LAST_MODIFIED }, 304],
    ["If-Modified-Since later", { "if-modified-since": LATER }, 304],
    ["If-Modified-Since earlier", { "if-modified-since": EARLIER }, 200],
    ["If-Modified-Since invalid", { "if-modified-since": "yesterday" }, 200],
    ["If-Modified-Since in RFC 850 form", { "if-modified-since": "Monday, 23-Nov-26 12:00:00 GMT" }, 304],
    ["If-Modified-Since in asctime form", { "if-modified-since": "Mon Nov 23 12:00:00 2026" }, 304],
    ["If-Unmodified-Since the same second", { "if-unmodified-since": LAST_MODIFIED }, 200],
    ["If-Unmodified-Since earlier", { "if-unmodified-since": EARLIER }, 412],
    ["If-Unmodified-Since invalid", { "if-unmodified-since": "2026-11-23" }, 200],
    // Precedence.
    ["If-Match wins over If-Unmodified-Since", { "if-match": '"v1"', "if-unmodified-since": EARLIER }, 200],
    ["If-None-Match wins over If-Modified-Since", { "if-none-match": '"v0"', "if-modified-since": LATER }, 200],
    ["a failed If-Match wins over If-None-Match", { "if-match": '"v0"', "if-none-match": '"v1"' }, 412],
  ])("%s → %i", (_label, headers, status) => {
    expect(decide(headers).status).toBe(status);
  });

  it("answers a matching If-None-Match on other methods with 412, and ignores If-Modified-Since there", () => {
    expect(decide({ "if-none-match": '"v1"' }, "DELETE").status).toBe(412);
    expect(decide({ "if-modified-since": LATER }, "DELETE").status).toBe(200);
    expect(decide({ "if-none-match": '"v1"' }, "HEAD").status).toBe(304);
  });

  it.each([
    ["bytes=0-99", { offset: 0, length: 100 }],
    ["bytes=900-", { offset: 900, length: 100 }],
    ["bytes=-10", { offset: 990, length: 10 }],
    ["bytes=-5000", { offset: 0, length: 1000 }],
    ["bytes=990-5000", { offset: 990, length: 10 }],
    ["BYTES = 5-5", { offset: 5, length: 1 }],
  ])("Range %s → 206 %j", (range, expected) => {
    expect(decide({ range })).toEqual({ status: 206, range: expected });
  });

  it.each(["bytes=1000-", "bytes=5000-6000", "bytes=-0"])("Range %s → 416", (range) => {
    expect(decide({ range }).status).toBe(416);
  });

  it.each(["bytes=0-1,4-5", "items=0-1", "bytes=5-2", "bytes=a-b", "bytes=", "bytes=-", "bytes=99999999999999999999-"])(
    "Range %s is ignored → 200",
    (range) => {
      expect(decide({ range }).status).toBe(200);
    },
  );

  it("applies Range to GET only, and only while If-Range still matches", () => {
    expect(decide({ range: "bytes=0-1" }, "HEAD").status).toBe(200);
    expect(decide({ range: "bytes=0-1", "if-range": '"v1"' }).status).toBe(206);
    expect(decide({ range: "bytes=0-1", "if-range": 'W/"v1"' }).status).toBe(200);
    expect(decide({ range: "bytes=0-1", "if-range": '"v0"' }).status).toBe(200);
    expect(decide({ range: "bytes=0-1", "if-range": LAST_MODIFIED }).status).toBe(206);
    expect(decide({ range: "bytes=0-1", "if-range": LATER }).status).toBe(200);
    expect(decide({ range: "bytes=0-1", "if-range": "not a date" }).status).toBe(200);
    // A failed precondition is answered before the range.
    expect(decide({ range: "bytes=0-1", "if-none-match": '"v1"' }).status).toBe(304);
    expect(decide({ range: "bytes=5000-", "if-match": '"v0"' }).status).toBe(412);
  });

  it("answers 416 for any range of an empty object", () => {
    expect(evaluateRequest("GET", new Headers({ range: "bytes=0-" }), { ...object, size: 0 }).status).toBe(416);
    expect(evaluateRequest("GET", new Headers({ range: "bytes=-1" }), { ...object, size: 0 }).status).toBe(416);
  });
});

describe("properties", () => {
  const headerValue = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(
      '"v1"',
      'W/"v1"',
      "*",
      '"v0", "v1"',
      LAST_MODIFIED,
      EARLIER,
      LATER,
      "bytes=0-1",
      "bytes=-3",
      "bytes=10-",
      "bytes=2000-",
    ),
  );
  const headers = fc.record(
    {
      "if-match": headerValue,
      "if-none-match": headerValue,
      "if-modified-since": headerValue,
      "if-unmodified-since": headerValue,
      range: headerValue,
      "if-range": headerValue,
    },
    { requiredKeys: [] },
  );
  const representation = fc.record({
    etag: fc.constantFrom('"v1"', '"abc"', 'W/"v1"'),
    lastModified: fc.integer({ min: 0, max: 4102444800000 }),
    size: fc.integer({ min: 0, max: 10_000_000 }),
  });

  it("never throws, and only answers 200, 206, 304, 412 or 416", () => {
    fc.assert(
      fc.property(fc.constantFrom("GET", "HEAD", "POST"), headers, representation, (method, h, rep) => {
        const decision = evaluateRequest(method, new Headers(h), rep);
        expect([200, 206, 304, 412, 416]).toContain(decision.status);
      }),
      { numRuns: 3000 },
    );
  });

  it("a 206 always lies inside the object and is never empty", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }).map((s) => `bytes=${s}`),
        fc.integer({ min: 0, max: 100_000 }),
        (range, size) => {
          const result = parseRange(range, size);
          if (result && result !== "unsatisfiable") {
            expect(result.length).toBeGreaterThan(0);
            expect(result.offset).toBeGreaterThanOrEqual(0);
            expect(result.offset + result.length).toBeLessThanOrEqual(size);
          }
        },
      ),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), fc.integer({ min: 1, max: 100_000 }), (a, b, size) => {
        const [first, last] = a <= b ? [a, b] : [b, a];
        const result = parseRange(`bytes=${first}-${last}`, size);
        if (first >= size) expect(result).toBe("unsatisfiable");
        else expect(result).toEqual({ offset: first, length: Math.min(last, size - 1) - first + 1 });
      }),
    );
  });

  it("If-None-Match listing the object's own tag is always a 304 for GET, whatever else is sent (bar If-Match)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { maxLength: 4 }),
        fc.nat(4),
        headers,
        (others, at, h) => {
          const list = [...others.map((o) => `"${o}"`)];
          list.splice(Math.min(at, list.length), 0, '"v1"');
          const { "if-match": _m, "if-unmodified-since": _u, ...rest } = h;
          expect(
            evaluateRequest("GET", new Headers({ ...rest, "if-none-match": list.join(", ") }), object).status,
          ).toBe(304);
        },
      ),
    );
  });
});

describe("parsers", () => {
  it("reads entity-tag lists", () => {
    expect(parseEntityTags('"a", W/"b" ,"c"')).toEqual([
      { weak: false, opaque: "a" },
      { weak: true, opaque: "b" },
      { weak: false, opaque: "c" },
    ]);
    expect(parseEntityTags(" * ")).toBe("*");
    expect(parseEntityTags('"a",')).toEqual([{ weak: false, opaque: "a" }]);
    expect(parseEntityTags("a")).toBeNull();
    expect(parseEntityTags('"a" "b"')).toBeNull();
    expect(parseEntityTags("")).toBeNull();
  });

  it("reads HTTP dates in their three forms and refuses anything else", () => {
    const noon = Date.UTC(2026, 10, 23, 12, 0, 0);
    expect(parseHttpDate(LAST_MODIFIED)).toBe(noon);
    expect(parseHttpDate("Monday, 23-Nov-26 12:00:00 GMT")).toBe(noon);
    expect(parseHttpDate("Mon Nov 23 12:00:00 2026")).toBe(noon);
    expect(parseHttpDate("Mon Nov  2 12:00:00 2026")).toBe(Date.UTC(2026, 10, 2, 12, 0, 0));
    for (const bad of [
      "1",
      "2026-11-23T12:00:00Z",
      "Mon, 31 Feb 2026 12:00:00 GMT",
      "Mon, 23 Nov 2026 25:00:00 GMT",
      "Mon, 23 Nov 2026 12:00:00 PST",
      "",
    ]) {
      expect(parseHttpDate(bad), bad).toBeNull();
    }
  });
});
