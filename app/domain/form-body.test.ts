import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT, KB, maxBodyBytes, MB, readBodyLimit, uploadLimit } from "./body-limit";
import { checkUrlEncoded, readContentType } from "./form-body";
import { MultipartCheck } from "./multipart-check";

describe("readContentType", () => {
  it.each([
    ["application/x-www-form-urlencoded", { kind: "urlencoded" }],
    ["Application/X-WWW-Form-URLEncoded;charset=UTF-8", { kind: "urlencoded" }],
    ["application/x-www-form-urlencoded; charset=utf8", { kind: "urlencoded" }],
    ["multipart/form-data; boundary=----WebKitFormBoundaryx8Yz", { kind: "multipart", boundary: "----WebKitFormBoundaryx8Yz" }],
    ['multipart/form-data; boundary="a b:c"', { kind: "multipart", boundary: "a b:c" }],
    ["multipart/form-data; charset=utf-8; boundary=x", { kind: "multipart", boundary: "x" }],
  ])("accepts %s", (header, expected) => {
    expect(readContentType(header)).toEqual(expected);
  });

  it.each([
    [null, 415],
    ["", 415],
    ["application/json", 415],
    ["text/plain;charset=utf-8", 415],
    ["application/xml", 415],
    ["application/x-www-form-urlencoded; charset=iso-8859-1", 415],
    ["application/x-www-form-urlencoded; charset=utf-16", 415],
    ["application/x-www-form-urlencoded; charset", 415],
    ["multipart/form-data; boundary=x; charset=latin1", 415],
    ["multipart/form-data", 400],
    ["multipart/form-data; boundary=", 400],
    ['multipart/form-data; boundary=""', 400],
    ['multipart/form-data; boundary="ends in space "', 400],
    [`multipart/form-data; boundary=${"b".repeat(71)}`, 400],
    ["multipart/form-data; boundary=a; boundary=b", 400],
    ['multipart/form-data; boundary="unterminated', 400],
    ["multipart/mixed; boundary=x", 415],
  ])("refuses %s with %i", (header, status) => {
    expect(readContentType(header)).toMatchObject({ status });
  });
});

describe("checkUrlEncoded", () => {
  const check = (text: string) => checkUrlEncoded(new TextEncoder().encode(text));
  it("accepts what browsers send, line breaks included", () => {
    expect(check("")).toBeNull();
    expect(check("email=ada%40example.test&note=two%0D%0Alines%09tabbed&name=Caf%C3%A9+%E2%80%94&empty=&flag")).toBeNull();
    expect(check("odd=%zz%&x=1=2")).toBeNull();
  });
  it.each(["a=%00", "a=%07", "%1B=1", "a=%7F", "a=%C2%85", "a=b%0Bc"])("refuses control characters: %s", (text) => {
    expect(check(text)).toMatchObject({ status: 400, message: "The form contains control characters." });
  });
  it.each(["a=%FF", "a=caf%E9", "a=%C0%AF", "a=%ED%A0%80"])("refuses text that is not UTF-8: %s", (text) => {
    expect(check(text)).toMatchObject({ status: 400 });
  });
  it("refuses raw bytes that are not UTF-8", () => {
    expect(checkUrlEncoded(new Uint8Array([0x61, 0x3d, 0xff]))).toMatchObject({ status: 400 });
  });
});

describe("limits", () => {
  it("reads a route's bodyLimit only when it is well formed", () => {
    expect(readBodyLimit(uploadLimit(5, 10 * MB))).toEqual({ formBytes: 64 * KB, files: { count: 5, bytes: 10 * MB } });
    for (const bad of [undefined, null, 5, {}, { formBytes: 0 }, { formBytes: 1.5 }, { formBytes: 10, files: { count: 0, bytes: 1 } }, { formBytes: 10, files: null }]) {
      expect(readBodyLimit(bad)).toBeNull();
    }
  });
  it("lets five 10 MB images and their form through, and little more", () => {
    const max = maxBodyBytes(uploadLimit(5, 10 * MB));
    expect(max).toBeGreaterThan(5 * 10 * MB + 64 * KB);
    expect(max).toBeLessThan(5 * 10 * MB + 100 * KB);
    expect(maxBodyBytes(DEFAULT_BODY_LIMIT)).toBe(16 * KB);
  });
});

describe("MultipartCheck", () => {
  const B = "----b7MA4YWxk";
  const body = (...parts: string[]) => `${parts.join("")}--${B}--\r\n`;
  const field = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name: string, filename: string, content: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`;
  const scan = (text: string, limit = uploadLimit(2, 100, 1 * KB), chunks?: number[]) => {
    const check = new MultipartCheck(B, limit);
    const bytes = new TextEncoder().encode(text);
    if (!chunks) return check.push(bytes) ?? check.end();
    let at = 0;
    let i = 0;
    while (at < bytes.length) {
      const size = chunks[i++ % chunks.length]!;
      const verdict = check.push(bytes.subarray(at, at + size));
      if (verdict) return verdict;
      at += size;
    }
    return check.end();
  };

  it("accepts a browser's form with fields and files", () => {
    expect(scan(body(field("name", "Coat"), field("note", "two\r\nlines"), file("images", "a.png", "x".repeat(100)), file("images", "", "")))).toBeNull();
    expect(scan(`${body(field("a", "b"))}`.slice(0, -2))).toBeNull(); // no line break after the closing boundary
    expect(scan(body())).toBeNull();
  });

  it.each([
    ["no closing boundary", body(field("a", "b")).slice(0, -(B.length + 6)), 400],
    ["a preamble", `x\r\n${body(field("a", "b"))}`, 400],
    ["an epilogue", `${body(field("a", "b"))}more`, 400],
    ["a part without a name", body(`--${B}\r\nContent-Disposition: form-data\r\n\r\nv\r\n`), 400],
    ["an unquoted name", body(`--${B}\r\nContent-Disposition: form-data; name=a\r\n\r\nv\r\n`), 400],
    ["a part that is not form-data", body(`--${B}\r\nContent-Disposition: attachment; name="a"\r\n\r\nv\r\n`), 400],
    ["a part without headers", body(`--${B}\r\n\r\nv\r\n`), 400],
    ["garbage after a boundary", body(`--${B}xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n`), 400],
    ["control characters in a value", body(field("a", "b\u0000")), 400],
    ["control characters in a name", body(field("a\u001b", "b")), 400],
    ["a line feed inside a header", body(`--${B}\r\nContent-Disposition: form-data;\n name="a"\r\n\r\nv\r\n`), 400],
    ["headers over 4 KB", body(`--${B}\r\nContent-Disposition: form-data; name="a"\r\nX-Pad: ${"p".repeat(4 * KB)}\r\n\r\nv\r\n`), 400],
    ["a part in latin-1", body(`--${B}\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\nv\r\n`), 415],
    ["a third file", body(file("i", "a.png", "1"), file("i", "b.png", "2"), file("i", "c.png", "3")), 413],
    ["a file of 101 bytes", body(file("i", "a.png", "x".repeat(101))), 413],
    // The runtime splits at a boundary after a bare LF, so a file holding one would become two parts.
    ["a boundary after a bare line feed inside a file", body(file("i", "a.png", `x\n--${B}\r\nContent-Disposition: form-data; name=""\r\n\r\n`)), 400],
    ["a boundary after a bare line feed inside a field", body(field("a", `x\n--${B}--`)), 400],
    ["fields over 1 KB", body(field("a", "x".repeat(1000)), field("b", "y".repeat(100))), 413],
  ])("refuses %s", (_name, text, status) => {
    expect(scan(text)).toMatchObject({ status });
  });

  it("refuses a file on a form that takes none", () => {
    expect(scan(body(file("i", "a.png", "1")), DEFAULT_BODY_LIMIT)).toMatchObject({ status: 400, message: "This form does not take files." });
    expect(scan(body(file("i", "", "")), DEFAULT_BODY_LIMIT)).toBeNull();
  });

  it("gives the same verdict however the body is cut into chunks", () => {
    const samples = [
      body(field("name", "Tweed — £40"), file("images", "a.png", "\r\n--not-the-boundary\r\n"), field("note", `--${B.slice(0, 5)}`)),
      body(field("a", "b")).slice(0, -(B.length + 6)),
      body(file("i", "a.png", "x".repeat(101))),
      body(field("a", "b\u0000")),
      body(file("i", "a.png", `\r\r\n\n--${B}\r\n`)),
      body(field("a", "\r"), field("b", "\r\r")),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...samples), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }), (text, chunks) => {
        expect(scan(text, undefined, chunks)).toEqual(scan(text));
      }),
      { numRuns: 400 },
    );
  });
});
