import { describe, expect, it } from "vitest";
import { CODE128_PATTERNS, code128Bars, code128Values } from "./code128";

describe("Code 128 (code set B)", () => {
  it("has 107 distinct symbols of 11 modules each, the stop 13", () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      const modules = [...pattern].reduce((sum, w) => sum + Number(w), 0);
      expect(modules, `symbol ${value}`).toBe(value === 106 ? 13 : 11);
    });
  });

  it("encodes with start B, the weighted checksum and the stop (PJJ123C: checksum 55, worked by hand)", () => {
    // 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879; 879 mod 103 = 55.
    expect(code128Values("PJJ123C")).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it("draws 11 modules per symbol plus the stop and two quiet zones", () => {
    const drawn = code128Bars("AB123456789GB")!;
    expect(drawn.width).toBe(10 + 11 * (1 + 13 + 1) + 13 + 10);
    expect(drawn.bars).toHaveLength(3 * (1 + 13 + 1) + 4);
  });

  it("refuses what code set B cannot carry", () => {
    expect(code128Values("")).toBeNull();
    expect(code128Values("café")).toBeNull();
    expect(code128Bars("tab\there")).toBeNull();
  });
});
