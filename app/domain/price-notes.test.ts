import { describe, expect, it } from "vitest";
import { applyBundles, priceBasket } from "./bundles";
import { agreedFrom, bundleNotes, priceNote } from "./price-notes";

// What the order page says of a price (decision 0093): checkout records what a line was listed at
// when an agreed price or a bundle discount priced it; the page reads it back.

const line = (productId: string, price: number, over: { handler?: "vendor" | "store"; sellerId?: string } = {}) => ({
  productId,
  name: productId,
  price,
  type: "purchase" as const,
  handler: over.handler ?? ("vendor" as const),
  sellerId: over.sellerId ?? "rob",
});

describe("price notes", () => {
  it("records nothing for a line at its listed price, the listed price for an agreed one, and the percentage for a bundle", () => {
    const priced = priceBasket(
      [
        line("coat", 6000, { sellerId: "vera" }),
        line("tote", 1000),
        line("belt", 1001),
        line("rental", 1500, { sellerId: "anna" }),
      ],
      new Map([["coat", { price: 4500 }]]),
      (key) => (key === "vendor:rob" ? [{ minItems: 2, percent: 10 }] : []),
    );
    expect(priced.lines.map(priceNote)).toEqual([
      { listedPrice: 6000, bundlePercent: null },
      { listedPrice: 1000, bundlePercent: 10 },
      { listedPrice: 1001, bundlePercent: 10 },
      { listedPrice: null, bundlePercent: null },
    ]);
    expect(priceNote(applyBundles([line("x", 900)], () => []).lines[0]!)).toEqual({
      listedPrice: null,
      bundlePercent: null,
    });
  });

  it("says a line's price was agreed only when an offer priced it", () => {
    expect(agreedFrom({ price: 4500, listedPrice: 6000, bundlePercent: null })).toBe(6000);
    expect(agreedFrom({ price: 900, listedPrice: 1000, bundlePercent: 10 })).toBeNull();
    expect(agreedFrom({ price: 6000, listedPrice: null, bundlePercent: null })).toBeNull();
  });

  it("sums each handler group's bundle discount over its items, and leaves other lines out", () => {
    const order = [
      {
        name: "Tote",
        price: 900,
        listedPrice: 1000,
        bundlePercent: 10,
        handler: "vendor" as const,
        sellerId: "rob",
        ownerId: "rob",
      },
      {
        name: "Belt",
        price: 901,
        listedPrice: 1001,
        bundlePercent: 10,
        handler: "vendor" as const,
        sellerId: "rob",
        ownerId: "rob",
      },
      {
        name: "Coat",
        price: 4500,
        listedPrice: 6000,
        bundlePercent: null,
        handler: "vendor" as const,
        sellerId: "vera",
        ownerId: "vera",
      },
      {
        name: "Scarf",
        price: 850,
        listedPrice: 1000,
        bundlePercent: 15,
        handler: "store" as const,
        sellerId: "store_k",
        ownerId: "owner",
      },
      {
        name: "Hat",
        price: 2000,
        listedPrice: null,
        bundlePercent: null,
        handler: "store" as const,
        sellerId: "store_k",
        ownerId: "owner",
      },
    ];
    expect(bundleNotes(order)).toEqual([
      { percent: 10, names: ["Tote", "Belt"], discount: 200 },
      { percent: 15, names: ["Scarf"], discount: 150 },
    ]);
  });
});
