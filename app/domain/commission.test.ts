import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { share, splitSale } from "./commission";

describe("splitSale", () => {
  it.each([
    // gross, concierge, platform, store, owner
    [10000, false, 1000, 0, 9000],
    [10000, true, 1000, 1000, 8000],
    [1999, false, 200, 0, 1799], // 199.9 → 200
    [1995, true, 200, 200, 1595], // 199.5 rounds half up
    [1994, true, 199, 199, 1596], // 199.4 rounds down
    [5, false, 1, 0, 4], // 0.5 → 1
    [4, true, 0, 0, 4],
    [0, true, 0, 0, 0],
  ])("%i pence (concierge %s) → platform %i, store %i, owner %i", (gross, concierge, platform, store, owner) => {
    expect(splitSale(gross, concierge)).toEqual({ gross, platform, store, owner });
  });

  it("refuses amounts that are not whole pence", () => {
    expect(() => splitSale(10.5, false)).toThrow(RangeError);
    expect(() => splitSale(-1, false)).toThrow(RangeError);
  });

  it("always adds up to the gross, with no negative part and each commission within half a penny of 10%", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.boolean(), (gross, concierge) => {
        const split = splitSale(gross, concierge);
        expect(split.platform + split.store + split.owner).toBe(gross);
        expect(Math.min(split.platform, split.store, split.owner)).toBeGreaterThanOrEqual(0);
        expect(Math.abs(split.platform - gross / 10)).toBeLessThanOrEqual(0.5);
        if (concierge) expect(split.store).toBe(split.platform);
        else expect(split.store).toBe(0);
      }),
    );
  });

  it("rounds half up", () => {
    expect(share(15, 1000)).toBe(2);
    expect(share(14, 1000)).toBe(1);
  });
});
