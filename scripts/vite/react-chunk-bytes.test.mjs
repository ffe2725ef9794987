import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { reactChunkBytes } from "./react-chunk-bytes.mjs";

const transform = (code, id) =>
  reactChunkBytes().transform.call(
    {
      error: (message) => {
        throw new Error(message);
      },
    },
    code,
    id,
  );
// The installed React's file, found beside its package.json (its exports do not name cjs/ files).
const FILE = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-dom/package.json")),
  "cjs/react-dom-server.node.production.js",
);

describe("reactChunkBytes", () => {
  it("counts React's string chunks by their length, in the React this project installs, and leaves every other file alone", () => {
    const out = transform(readFileSync(FILE, "utf8"), FILE);
    expect(out.code).not.toContain("Buffer.byteLength");
    expect(out.code).toMatch(/"string" === typeof chunk\s*\?\s*chunk\.length\s*:\s*chunk\.byteLength/);
    expect(transform('Buffer.byteLength(chunk, "utf8")', "/x/app/other.js")).toBeNull();
  });

  it("fails the build when React no longer has the call", () => {
    expect(() => transform("function b(chunk){return chunk.length}", FILE)).toThrow(/React changed/);
  });
});
