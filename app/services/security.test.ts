import { describe, expect, it } from "vitest";
import headersFile from "../../public/_headers?raw";
import { applySecurityHeaders } from "./security";

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
