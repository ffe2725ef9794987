import { describe, expect, it } from "vitest";
import headersFile from "../../public/_headers?raw";
import { applySecurityHeaders, withHeaders } from "./security";

// public/_headers gives the files Workers static assets serves (before the Worker runs) what the
// Worker gives its own answers; tests/e2e/static-files.js.spec.ts checks the served build.
function rules(text: string) {
  const out = new Map<string, Record<string, string>>();
  let current: Record<string, string> | null = null;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = {};
      out.set(line.trim(), current);
    } else {
      const colon = line.indexOf(":");
      current![line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  return out;
}

describe("public/_headers", () => {
  const headers = rules(headersFile);

  it("gives every static file the Worker's security headers (as in production)", () => {
    const worker = new Headers();
    applySecurityHeaders(worker, false);
    expect(headers.get("/*")).toEqual(Object.fromEntries(worker));
  });

  it("lets browsers keep the hashed build files for a year", () => {
    expect(headers.get("/assets/*")).toEqual({ "cache-control": "public, max-age=31536000, immutable" });
  });
});

describe("headers added to an answer (decision 0137)", () => {
  const add = (headers: Headers) => {
    headers.set("x-request-id", "req-1");
    headers.append("server-timing", 'd1;dur=1;desc="1 round trips"');
  };

  it("go on the answer itself when its headers may be changed: no copy", async () => {
    const answer = new Response("<p>page</p>", { status: 201, headers: { "content-type": "text/html" } });
    expect(withHeaders(answer, add)).toBeNull();
    expect(answer.headers.get("x-request-id")).toBe("req-1");
    expect(answer.headers.get("server-timing")).toBe('d1;dur=1;desc="1 round trips"');
    expect(await answer.text()).toBe("<p>page</p>");
  });

  it("go on a copy, with the same status, headers and body, when its headers are fixed", async () => {
    const fixed = Response.redirect("https://closetloop.test/cart", 303);
    expect(() => fixed.headers.set("x-test", "1")).toThrow(TypeError);
    const copy = withHeaders(fixed, add)!;
    expect(copy.status).toBe(303);
    expect(copy.headers.get("location")).toBe("https://closetloop.test/cart");
    expect(copy.headers.get("x-request-id")).toBe("req-1");
    expect(fixed.headers.get("x-request-id")).toBeNull();
  });

  it("let any other failure through", () => {
    expect(() =>
      withHeaders(new Response(""), () => {
        throw new RangeError("not a header problem");
      }),
    ).toThrow(RangeError);
  });
});
