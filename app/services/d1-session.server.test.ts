import { describe, expect, it } from "vitest";
import { consistencyFor, readBookmark } from "./d1-session.server";

const request = (method: string, cookie?: string) =>
  new Request("http://localhost/", { method, headers: cookie ? { cookie } : {} });

describe("which consistency a request reads with", () => {
  it("reads from its bookmark when it has one, else the primary for writes and signed-in pages, else the nearest copy", () => {
    expect(consistencyFor(request("GET"), null)).toBe("nearest");
    expect(consistencyFor(request("HEAD", "cl_consent=all"), null)).toBe("nearest");
    expect(consistencyFor(request("GET", "cl_session=abc"), null)).toBe("primary");
    expect(consistencyFor(request("GET", "__Host-cl_session=abc"), null)).toBe("primary");
    expect(consistencyFor(request("POST"), null)).toBe("primary");
    expect(consistencyFor(request("GET"), "0000000a-00000003")).toBe("bookmark");
  });

  it("takes only a well-formed bookmark from the cookie", () => {
    expect(readBookmark(request("GET", "cl_d1=0000000a-00000003-00004f4a-e9a9c5d1; cl_session=x"))).toBe(
      "0000000a-00000003-00004f4a-e9a9c5d1",
    );
    for (const bad of ["zzz", "0", "-", "1-", "1--2", `${"a".repeat(400)}-1`, "%30-1"])
      expect(readBookmark(request("GET", `cl_d1=${bad}`)), bad).toBeNull();
    expect(readBookmark(request("GET", "xcl_d1=1-2"))).toBeNull();
    expect(readBookmark(request("GET"))).toBeNull();
  });
});
