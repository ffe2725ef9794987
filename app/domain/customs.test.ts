import { describe, expect, it } from "vitest";
import { declaredContents, DESCRIPTION_MAX } from "./customs";

describe("a parcel's customs declaration (decision 0099)", () => {
  it("declares a purchase at its price and a rental at what buying it costs, in pence of GBP", () => {
    expect(
      declaredContents([
        { name: "Silk Blouse", type: "purchase", price: 4500, buyingPrice: 6000 },
        { name: "Wool Coat", type: "rental", price: 2500, buyingPrice: 18000 },
        { name: "Old Rental", type: "rental", price: 1500, buyingPrice: null },
      ]),
    ).toEqual([
      { description: "Silk Blouse", value: 4500 },
      { description: "Wool Coat", value: 18000 },
      { description: "Old Rental", value: 1500 },
    ]);
  });
  it("cuts a long name to the carriers' field", () => {
    const [line] = declaredContents([{ name: "x".repeat(300), type: "purchase", price: 100 }]);
    expect(line!.description).toHaveLength(DESCRIPTION_MAX);
  });
});
