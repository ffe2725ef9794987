import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  imageKeyFromPath,
  imageSize,
  imageSources,
  keyProblem,
  parseVariantWidth,
  scaledHeight,
  variantKey,
  variantWidthsFor,
} from "./images";

describe("variantKey", () => {
  it.each([
    ["user_1/prod_1_1732000000000_0.jpg", 400, "variants/400/user_1/prod_1_1732000000000_0.jpg.webp"],
    ["products/prod_000001_1.png", 800, "variants/800/products/prod_000001_1.png.webp"],
    ["a.webp", 1600, "variants/1600/a.webp.webp"],
  ] as const)("%s at %i px → %s", (key, width, expected) => {
    expect(variantKey(key, width)).toBe(expected);
  });

  it("gives every original and width its own key", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        fc.constantFrom(400, 800, 1600),
        fc.constantFrom(400, 800, 1600),
        (a, b, w1, w2) => {
          fc.pre(a !== b || w1 !== w2);
          expect(variantKey(a, w1)).not.toBe(variantKey(b, w2));
        },
      ),
    );
  });
});

describe("variantWidthsFor (no upscaling)", () => {
  it.each([
    [300, []],
    [400, []],
    [401, [400]],
    [800, [400]],
    [1000, [400, 800]],
    [1600, [400, 800]],
    [1601, [400, 800, 1600]],
    [4032, [400, 800, 1600]],
  ])("a %i px wide original gets %j", (width, widths) => {
    expect(variantWidthsFor(width)).toEqual(widths);
  });

  it("keeps the aspect ratio", () => {
    expect(scaledHeight({ width: 900, height: 1200 }, 400)).toBe(533);
    expect(scaledHeight({ width: 4000, height: 3000 }, 1600)).toBe(1200);
    expect(scaledHeight({ width: 5000, height: 1 }, 400)).toBe(1);
  });
});

describe("parseVariantWidth", () => {
  it.each([
    [[], null],
    [["400"], 400],
    [["800"], 800],
    [["1600"], 1600],
    [["500"], "invalid"],
    [["0400"], "invalid"],
    [[""], "invalid"],
    [["400", "800"], "invalid"],
  ] as const)("%j → %s", (values, expected) => {
    expect(parseVariantWidth([...values])).toBe(expected);
  });
});

describe("imageKeyFromPath", () => {
  it.each([
    ["products/prod_000001_1.png", "products/prod_000001_1.png"],
    ["user_1/prod_1_1_0.jpg", "user_1/prod_1_1_0.jpg"],
    ["caf%C3%A9/photo%20one.jpg", "café/photo one.jpg"],
    ["variants/400/a.png.webp", "variants/400/a.png.webp"],
  ])("%s names %s", (raw, key) => {
    expect(imageKeyFromPath(raw)).toEqual({ ok: true, key });
  });

  it.each([
    ["", 404],
    ["%", 400],
    ["%E0%A4%A", 400],
    ["%C3%28", 400],
    ["%FF", 400],
    ["a%00", 400],
    ["a%1F", 400],
    ["a%7F", 400],
    ["a%C2%85", 400], // NEL, a C1 control
    ["..", 400],
    ["a/../b", 400],
    ["a/./b", 400],
    ["%2E%2E/secret", 400],
    ["a%5Cb", 400],
    ["/a", 400],
    ["a//b", 400],
    ["a/", 400],
    ["x".repeat(1025), 400],
    ["%E2%82%AC".repeat(342), 400], // 1,026 bytes
    ["x".repeat(3073), 400],
  ])("%s answers %i", (raw, status) => {
    const result = imageKeyFromPath(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.status).toBe(status);
  });

  it("accepts a 1,024-byte key and nothing longer", () => {
    expect(imageKeyFromPath("x".repeat(1024)).ok).toBe(true);
    expect(keyProblem("€".repeat(341) + "x")).toBeNull(); // 1,024 bytes
    expect(keyProblem("€".repeat(342))).toBe("Image key too long");
  });

  it("never throws, and what it accepts is a key without controls or dot segments", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (raw) => {
        const result = imageKeyFromPath(raw);
        if (result.ok) {
          expect(result.key.split("/")).not.toContain("..");
          expect(
            [...result.key].some(
              (c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f) || c === "\\",
            ),
          ).toBe(false);
        } else {
          expect([400, 404]).toContain(result.status);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("imageSources", () => {
  it("points a card at its variants with the card's sizes", () => {
    expect(imageSources("/images/products/a.png", "card")).toEqual({
      src: "/images/products/a.png?w=400",
      srcSet:
        "/images/products/a.png?w=400 400w, /images/products/a.png?w=800 800w, /images/products/a.png?w=1600 1600w",
      sizes: "(min-width: 1280px) 320px, (min-width: 768px) 33vw, 50vw",
    });
  });

  it.each([
    ["gallery", "/images/x.jpg?w=800", "(min-width: 1280px) 610px, (min-width: 768px) 50vw, 100vw"],
    ["thumbnail", "/images/x.jpg?w=400", "64px"],
    ["line", "/images/x.jpg?w=400", "80px"],
  ] as const)("%s: src %s, sizes %s", (use, src, sizes) => {
    const sources = imageSources("/images/x.jpg", use);
    expect(sources.src).toBe(src);
    expect(sources.sizes).toBe(sizes);
  });

  it("never lists the original itself, so a browser cannot pick it", () => {
    for (const use of ["card", "gallery", "thumbnail", "line"] as const) {
      const { src, srcSet } = imageSources("/images/p/a.png", use);
      for (const candidate of [src, ...(srcSet ?? "").split(", ").map((c) => c.split(" ")[0]!)])
        expect(candidate).toMatch(/\?w=(400|800|1600)$/);
    }
  });

  it.each(["https://cdn.example/a.jpg", "/static/a.png", "data:image/png;base64,AAAA", "/images/a.png?v=2", ""])(
    "passes %s through",
    (url) => {
      expect(imageSources(url, "card")).toEqual({ src: url });
    },
  );
});

describe("imageSize", () => {
  const bytes = (...parts: (number[] | string)[]) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
  const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

  it("reads a PNG's IHDR", () => {
    expect(imageSize(bytes([0x89], "PNG\r\n\x1a\n", u32(13), "IHDR", u32(1000), u32(1250), [8, 6, 0, 0, 0]))).toEqual({
      format: "png",
      width: 1000,
      height: 1250,
    });
  });

  it("reads a JPEG's frame header after other segments", () => {
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...Array(14).fill(0)];
    const sof2 = [0xff, 0xc2, 0x00, 0x11, 0x08, 0x0b, 0xb8, 0x0f, 0xa0, 0x03, ...Array(9).fill(0)]; // 4000 × 3000
    expect(imageSize(bytes([0xff, 0xd8], app0, sof2))).toEqual({
      format: "jpeg",
      width: 4000,
      height: 3000,
      progressive: true,
    });
    // DHT (C4) shares the SOF range but carries no size.
    const dht = [0xff, 0xc4, 0x00, 0x04, 0, 0];
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xf4, 0x01, 0x90, 0x03, ...Array(9).fill(0)]; // 400 × 500
    expect(imageSize(bytes([0xff, 0xd8], dht, sof0))).toEqual({ format: "jpeg", width: 400, height: 500 });
  });

  it("reads the three WebP flavours", () => {
    const riff = (chunk: number[]) => bytes("RIFF", [0, 0, 0, 0], "WEBP", chunk);
    expect(
      imageSize(
        riff(
          [..."VP8 "]
            .map((c) => c.charCodeAt(0))
            .concat([0, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, 0x90, 0x01, 0xf4, 0x01]),
        ),
      ),
    ).toEqual({ format: "webp", width: 400, height: 500 });
    // VP8L: 14 bits width-1, 14 bits height-1.
    const b = 399 | (499 << 14);
    expect(
      imageSize(
        riff(
          [..."VP8L"]
            .map((c) => c.charCodeAt(0))
            .concat([0, 0, 0, 0, 0x2f, b & 255, (b >> 8) & 255, (b >> 16) & 255, (b >>> 24) & 255, 0, 0, 0, 0, 0]),
        ),
      ),
    ).toEqual({ format: "webp", width: 400, height: 500 });
    expect(
      imageSize(
        riff([..."VP8X"].map((c) => c.charCodeAt(0)).concat([0, 0, 0, 0, 0, 0, 0, 0, 0x8f, 0x01, 0, 0xf3, 0x01, 0])),
      ),
    ).toEqual({ format: "webp", width: 400, height: 500 });
  });

  it.each([
    ["text", bytes("this is not an image at all")],
    ["empty", new Uint8Array()],
    ["a JPEG that ends before its frame header", bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10])],
    ["a JPEG with a zero-length segment", bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00, ...Array(20).fill(0)])],
    ["a PNG of zero width", bytes([0x89], "PNG\r\n\x1a\n", u32(13), "IHDR", u32(0), u32(10), [8, 6, 0, 0, 0])],
    ["an SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
  ])("refuses %s", (_label, input) => {
    expect(imageSize(input)).toBeNull();
  });

  it("never throws on arbitrary bytes", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (input) => void imageSize(input)));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (tail) => void imageSize(new Uint8Array([0xff, 0xd8, ...tail]))),
    );
  });
});
