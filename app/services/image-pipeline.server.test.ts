import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { areaShrink } from "../domain/area-shrink";
import { DECODE_BUDGET_BYTES, decodeCost } from "./image-pipeline.server";

const image = (width: number, height: number, pixel: (x: number, y: number) => number[]) => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 4);
  return { data, width, height };
};
const at = (img: { data: Uint8ClampedArray | Uint8Array; width: number }, x: number, y: number) => [
  ...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4),
];

describe("decodeCost: which images may be decoded in a Worker", () => {
  it.each([
    ["a 12 MP baseline phone photo", { format: "jpeg", width: 4032, height: 3024 }, 4_000_000, true],
    ["a 14 MP baseline photo", { format: "jpeg", width: 4320, height: 3240 }, 6_000_000, true],
    ["a 16 MP baseline photo", { format: "jpeg", width: 4608, height: 3456 }, 6_000_000, false],
    ["a 24 MP baseline photo", { format: "jpeg", width: 6000, height: 4000 }, 9_000_000, false],
    ["a 9 MP progressive JPEG", { format: "jpeg", width: 3464, height: 2598, progressive: true }, 3_000_000, true],
    ["a 12 MP progressive JPEG", { format: "jpeg", width: 4000, height: 3000, progressive: true }, 2_400_000, false],
    ["a 7 MP PNG", { format: "png", width: 3072, height: 2304 }, 5_000_000, true],
    ["a 12 MP PNG", { format: "png", width: 4000, height: 3000 }, 9_000_000, false],
    ["a 14 MP WebP", { format: "webp", width: 4320, height: 3240 }, 3_000_000, true],
    ["a decompression bomb", { format: "png", width: 20000, height: 20000 }, 100, false],
  ] as const)("%s: %s", (_label, size, fileBytes, fits) => {
    expect(decodeCost(size, fileBytes) <= DECODE_BUDGET_BYTES).toBe(fits);
  });
});

describe("areaShrink", () => {
  it("averages each covered block (2× exactly)", () => {
    const src = image(4, 2, (x) => (x < 2 ? [0, 0, 0, 255] : [200, 100, 50, 255]));
    const out = areaShrink(src, 2, 1);
    expect([out.width, out.height]).toEqual([2, 1]);
    expect(at(out, 0, 0)).toEqual([0, 0, 0, 255]);
    expect(at(out, 1, 0)).toEqual([200, 100, 50, 255]);
  });

  it("weights partly covered pixels by how much of them is covered (1.5×)", () => {
    // 3 px → 2 px: the middle pixel is split half and half.
    const src = image(
      3,
      1,
      (x) =>
        [
          [0, 0, 0, 255],
          [90, 90, 90, 255],
          [180, 180, 180, 255],
        ][x]!,
    );
    const out = areaShrink(src, 2, 1);
    expect(at(out, 0, 0)).toEqual([30, 30, 30, 255]); // (0 × 1 + 90 × 0.5) / 1.5
    expect(at(out, 1, 0)).toEqual([150, 150, 150, 255]); // (90 × 0.5 + 180 × 1) / 1.5
  });

  it("does not let transparent pixels darken colour (alpha-weighted)", () => {
    const src = image(2, 1, (x) => (x === 0 ? [255, 0, 0, 255] : [0, 0, 0, 0]));
    expect(at(areaShrink(src, 1, 1), 0, 0)).toEqual([255, 0, 0, 128]);
  });

  it("keeps a flat colour flat at any size, and writes every output pixel", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        (sw, sh, w, h) => {
          fc.pre(w <= sw && h <= sh);
          const out = areaShrink(
            image(sw, sh, () => [12, 200, 99, 255]),
            w,
            h,
          );
          expect(out.data.length).toBe(w * h * 4);
          for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) expect(at(out, x, y)).toEqual([12, 200, 99, 255]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("reads a view of a larger buffer (a decoder's heap) without touching the rest", () => {
    const heap = new Uint8Array(64).fill(7);
    const view = heap.subarray(16, 32); // a 2 × 2 image
    view.set([10, 20, 30, 255, 10, 20, 30, 255, 50, 60, 70, 255, 50, 60, 70, 255]);
    const out = areaShrink({ data: view, width: 2, height: 2 }, 1, 1);
    expect(at(out, 0, 0)).toEqual([30, 40, 50, 255]);
    expect([...heap.subarray(0, 16), ...heap.subarray(32)].every((b) => b === 7)).toBe(true);
  });
});
