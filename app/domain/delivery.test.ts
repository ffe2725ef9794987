import { describe, expect, it } from "vitest";
import { basketTotals, handlerGroups, type BasketLine } from "./delivery";

const line = (handler: "vendor" | "store", sellerId: string, price: number, quantity = 1): BasketLine => ({ handler, sellerId, price, quantity });

describe("basketTotals", () => {
  it.each([
    ["an empty basket", [], { subtotal: 0, groups: 0, delivery: 0, total: 0 }],
    ["one vendor item", [line("vendor", "v1", 1500)], { subtotal: 1500, groups: 1, delivery: 399, total: 1899 }],
    ["two items of one vendor", [line("vendor", "v1", 1500), line("vendor", "v1", 2000)], { subtotal: 3500, groups: 1, delivery: 399, total: 3899 }],
    ["two vendors", [line("vendor", "v1", 1500), line("vendor", "v2", 2000)], { subtotal: 3500, groups: 2, delivery: 798, total: 4298 }],
    ["a store and a vendor that share an id", [line("vendor", "x", 1000), line("store", "x", 1000)], { subtotal: 2000, groups: 2, delivery: 798, total: 2798 }],
    ["many handlers", [line("vendor", "a", 100), line("store", "s1", 200), line("vendor", "b", 300), line("store", "s1", 400), line("store", "s2", 500)], { subtotal: 1500, groups: 4, delivery: 1596, total: 3096 }],
    ["quantities", [line("vendor", "v1", 1250, 3)], { subtotal: 3750, groups: 1, delivery: 399, total: 4149 }],
  ])("%s", (_name, lines, expected) => {
    expect(basketTotals(lines)).toEqual(expected);
  });
});

describe("handlerGroups", () => {
  it("keeps first-seen order and groups by handler plus seller", () => {
    const lines = [line("store", "s", 1), line("vendor", "v", 2), line("store", "s", 3)];
    expect(handlerGroups(lines).map((g) => g.map((l) => l.price))).toEqual([[1, 3], [2]]);
  });
});
