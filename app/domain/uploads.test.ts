import { describe, expect, it } from "vitest";
import {
  areaImageKey,
  avatarKey,
  displayName,
  imageKeyOf,
  imageUrl,
  judgeImages,
  productImageKey,
  productImagePrefix,
  sniffImage,
  storeLogoKey,
} from "./uploads";

const bytes = (...parts: (number[] | string)[]) => {
  const out: number[] = [];
  for (const part of parts) out.push(...(typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part));
  return new Uint8Array(out);
};
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], "JFIF", [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const PNG = bytes(
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0, 0, 0, 13],
  "IHDR",
  new Array(17).fill(0),
  [0, 0, 0, 0],
  "IEND",
  [0xae, 0x42, 0x60, 0x82],
);
const webp = (declaredExtra: number, actual: number) =>
  bytes("RIFF", [(4 + declaredExtra) & 0xff, 0, 0, 0], "WEBP", new Array(actual).fill(0));
const GIF = bytes("GIF89a", [1, 0, 1, 0, 0, 0, 0], [0x3b]);
const ICO = bytes([0, 0, 1, 0, 1, 0, 16, 16], new Array(14).fill(0));

describe("sniffImage: the bytes decide", () => {
  it.each([
    ["a JPEG", JPEG, "jpeg", "image/jpeg", "jpg"],
    ["a JPEG with bytes after its end marker", bytes([...JPEG], [0, 0, 0]), "jpeg", "image/jpeg", "jpg"],
    ["a PNG", PNG, "png", "image/png", "png"],
    ["a WebP", webp(8, 8), "webp", "image/webp", "webp"],
    ["a GIF", GIF, "gif", "image/gif", "gif"],
    ["an ICO", ICO, "ico", "image/x-icon", "ico"],
    [
      "an SVG",
      bytes('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      "svg",
      "image/svg+xml",
      "svg",
    ],
  ])("%s", (_label, input, kind, mime, ext) => {
    expect(sniffImage(input)).toEqual({ kind, mime, ext });
  });

  it.each([
    ["a JPEG cut before its end", JPEG.subarray(0, JPEG.length - 2)],
    ["a PNG without IEND", PNG.subarray(0, PNG.length - 12)],
    ["a WebP shorter than it says", webp(100, 8)],
    ["a GIF without its trailer", GIF.subarray(0, GIF.length - 1)],
  ])("%s is truncated", (_label, input) => {
    expect(sniffImage(input)).toEqual({ kind: null, reason: "truncated" });
  });

  it.each([
    ["text", bytes("hello, I am not a photo")],
    ["HTML", bytes("<html><body>hi</body></html>")],
    ["a PDF", bytes("%PDF-1.7\n")],
    ["nothing", new Uint8Array()],
  ])("%s is unknown", (_label, input) => {
    expect(sniffImage(input)).toEqual({ kind: null, reason: "unknown" });
  });
});

describe("judgeImages", () => {
  const f = (name: string, data: Uint8Array) => ({ name, bytes: data });
  const big = (n: number) => {
    const data = new Uint8Array(n);
    data.set(PNG);
    return data;
  };

  it("accepts product photos of the allowed kinds", () => {
    const judged = judgeImages("product", [f("a.jpg", JPEG), f("b.png", PNG), f("c.webp", webp(8, 8))]);
    expect(judged.ok && judged.files.map((x) => x.ext)).toEqual(["jpg", "png", "webp"]);
  });

  it("refuses the whole selection, naming every bad file, joined with '; '", () => {
    expect(
      judgeImages("product", [
        f("ok.jpg", JPEG),
        f("notes.jpg", bytes("text")),
        f("logo.svg", bytes("<svg></svg>")),
        f("huge.png", big(10 * 1024 * 1024 + 1)),
      ]),
    ).toEqual({
      ok: false,
      error:
        "notes.jpg: Only JPEG, PNG, and WebP images are allowed; logo.svg: Only JPEG, PNG, and WebP images are allowed; huge.png: Image size must be less than 10MB",
    });
  });

  it("counts the images already kept", () => {
    expect(judgeImages("product", [f("6.jpg", JPEG)], 5)).toEqual({
      ok: false,
      error: "Maximum 5 images allowed per product",
    });
    expect(
      judgeImages(
        "product",
        Array.from({ length: 6 }, (_, i) => f(`${i}.jpg`, JPEG)),
      ),
    ).toEqual({ ok: false, error: "Maximum 5 images allowed per product" });
    expect(judgeImages("product", [f("5.jpg", JPEG)], 4).ok).toBe(true);
  });

  it("uses each use's own words", () => {
    expect(judgeImages("avatar", [f("me.svg", bytes("<svg></svg>"))])).toEqual({
      ok: false,
      error: "Invalid file type: Please select an image file.",
    });
    expect(judgeImages("avatar", [f("me.png", big(5 * 1024 * 1024 + 1))])).toEqual({
      ok: false,
      error: "File too large: Please select a file smaller than 5MB.",
    });
    expect(judgeImages("blogImage", [f("b.png", big(2 * 1024 * 1024 + 1))])).toEqual({
      ok: false,
      error: "File too large - Please select an image smaller than 2MB",
    });
    expect(judgeImages("brandLogo", [f("logo.svg", bytes("<svg></svg>"))]).ok).toBe(true);
    expect(judgeImages("favicon", [f("favicon.ico", ICO)]).ok).toBe(true);
    expect(judgeImages("product", [f("cut.jpg", JPEG.subarray(0, 8))])).toEqual({
      ok: false,
      error: "cut.jpg: The file is incomplete or damaged. Please choose it again.",
    });
  });

  it("shows file names without paths or control characters, and not too long", () => {
    expect(displayName("C:\\Users\\me\\photo.jpg")).toBe("photo.jpg");
    expect(displayName("a\u0000b\nc.png")).toBe("abc.png");
    expect(displayName(`${"x".repeat(200)}.png`)).toHaveLength(80);
    expect(displayName("")).toBe("file");
  });
});

describe("R2 keys", () => {
  it("follow the spec's paths, each under its storage area", () => {
    expect(productImageKey("user_1", "prod_9", 1700000000000, 0, "jpg")).toBe(
      "products/user_1/prod_9_1700000000000_0.jpg",
    );
    expect(productImageKey("user_1", "prod_9", 1, 2, "png").startsWith(productImagePrefix("user_1", "prod_9"))).toBe(
      true,
    );
    expect(avatarKey("user_1", 5, "png")).toBe("avatars/user_1/5.png");
    expect(storeLogoKey("store_1", "webp")).toBe("store-logos/store_1/store_1-logo.webp");
    expect(areaImageKey("categoryImage", "cat_1", 5, "png")).toBe("categories/cat_1_5.png");
    expect(imageKeyOf(imageUrl("avatars/u/1.png"))).toBe("avatars/u/1.png");
    expect(imageKeyOf("https://elsewhere.example/x.png")).toBeNull();
  });
});
