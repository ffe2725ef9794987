import { describe, expect, it } from "vitest";
import { applyCover, PROTECTION_COVER, PROTECTION_FEE } from "./damage-protection";

describe("damage protection", () => {
  it("costs £2.50 and covers up to £50", () => {
    expect(PROTECTION_FEE).toBe(250);
    expect(PROTECTION_COVER).toBe(5000);
  });
  it.each([
    [3000, true, 3000, 0],
    [5000, true, 5000, 0],
    [8000, true, 5000, 3000],
    [0, true, 0, 0],
    [3000, false, 0, 3000],
  ])("a repair fee of %i pence, protected %s: %i waived, %i charged", (fee, isProtected, waived, charged) => {
    expect(applyCover(fee, isProtected)).toEqual({ waived, charged });
  });
});
