import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const SITE = "https://closetloop.example";
// A browser resolves a Location header against the page that answered; any of ours will do.
const PAGES = [`${SITE}/`, `${SITE}/auth?redirectTo=%2Fcart`, `${SITE}/a/b/c/d`, `${SITE}/product/x#y`];

/** What every accepted target must be: a path that no page of ours can resolve to another origin. */
function expectOnSite(target: string) {
  expect(target.startsWith("/")).toBe(true);
  expect(target.startsWith("//")).toBe(false);
  // eslint-disable-next-line no-control-regex -- checking for control characters
  expect(target).not.toMatch(/[\u0000-\u001F\u007F-\u009F\\]/);
  expect(target).not.toMatch(/%(?:[01][0-9A-Fa-f]|7[Ff]|5[Cc])/);
  for (const page of PAGES) expect(new URL(target, page).origin).toBe(SITE);
}

describe("safeRedirect", () => {
  it.each([
    ["/cart", "/cart"],
    ["/product/prod_1?option=rental#details", "/product/prod_1?option=rental#details"],
    ["/auth?redirectTo=%2Faccount", "/auth?redirectTo=%2Faccount"],
    ["/all-products?search=caf%C3%A9%20%E2%80%94", "/all-products?search=caf%C3%A9%20%E2%80%94"],
    ["/a/../cart", "/cart"],
    ["account", "/account"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    // What is returned is the resolved path, never the string as sent.
    ["https:/evil.example", "/evil.example"],
  ])("keeps %s on the site as %s", (target, expected) => {
    expect(safeRedirect(target, "/fallback")).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%255Cevil.example",
    "/%25255Cevil.example",
    "\t//evil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "/\r\n/evil.example",
    "/%0D%0ALocation:%20https://evil.example",
    "/%0a/evil.example",
    "/%00",
    "/%C2%85next-line",
    "/\u0085",
    "/.//evil.example",
    "/./%2E/..//evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http:evil.example",
    " //evil.example",
    "",
    `/${"a".repeat(3000)}`,
  ])("refuses %j", (target) => {
    expect(safeRedirect(target, "/fallback")).toBe("/fallback");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/cart")).toBe("/cart");
    expect(safeRedirect(new File(["/x"], "x.txt"))).toBe("/");
  });

  it("keeps every accepted target on our origin, whatever the string (property)", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      "%2F",
      "%5C",
      "%25",
      "%0A",
      "%09",
      "\t",
      "\r",
      "\n",
      ".",
      "..",
      "@",
      ":",
      "?",
      "#",
      "evil.example",
      "http:",
      "https://",
      "javascript:",
      "%",
      "%C2%85",
      "\u0000",
      " ",
      "\u3000",
      "ａ",
      "／",
    );
    const target = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme" }),
      fc.string({ unit: "binary" }),
      fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join("")),
      fc
        .tuple(fc.array(pieces, { maxLength: 4 }), fc.string({ maxLength: 10 }))
        .map(([parts, tail]) => `/${parts.join("")}${tail}`),
    );
    fc.assert(
      fc.property(target, (value) => {
        const result = safeRedirect(value, "/fallback");
        if (result !== "/fallback") expectOnSite(result);
      }),
      { numRuns: 5_000 },
    );
  }, 60_000);
});
