import { describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT, KB, maxBodyBytes, MB, readBodyLimit, uploadLimit } from "./body-limit";
import { checkUrlEncoded, readContentType } from "./form-body";

describe("readContentType", () => {
  it.each([
    ["application/x-www-form-urlencoded", { kind: "urlencoded" }],
    ["Application/X-WWW-Form-URLEncoded;charset=UTF-8", { kind: "urlencoded" }],
    ["application/x-www-form-urlencoded; charset=utf8", { kind: "urlencoded" }],
    [
      "multipart/form-data; boundary=----WebKitFormBoundaryx8Yz",
      { kind: "multipart", boundary: "----WebKitFormBoundaryx8Yz" },
    ],
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
    expect(
      check("email=ada%40example.test&note=two%0D%0Alines%09tabbed&name=Caf%C3%A9+%E2%80%94&empty=&flag"),
    ).toBeNull();
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
    for (const bad of [
      undefined,
      null,
      5,
      {},
      { formBytes: 0 },
      { formBytes: 1.5 },
      { formBytes: 10, files: { count: 0, bytes: 1 } },
      { formBytes: 10, files: null },
    ]) {
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
