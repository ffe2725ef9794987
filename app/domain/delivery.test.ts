import { describe, expect, it } from "vitest";
import { basketTotals, deliveryRefundKey, groupsCancelledWhole, handlerGroups, type BasketLine } from "./delivery";
import { givenBackWords } from "./cancellation";

const line = (handler: "vendor" | "store", sellerId: string, price: number, quantity = 1): BasketLine => ({
  handler,
  sellerId,
  price,
  quantity,
});

describe("basketTotals", () => {
  it.each([
    ["an empty basket", [], { subtotal: 0, groups: 0, delivery: 0, total: 0 }],
    ["one vendor item", [line("vendor", "v1", 1500)], { subtotal: 1500, groups: 1, delivery: 399, total: 1899 }],
    [
      "two items of one vendor",
      [line("vendor", "v1", 1500), line("vendor", "v1", 2000)],
      { subtotal: 3500, groups: 1, delivery: 399, total: 3899 },
    ],
    [
      "two vendors",
      [line("vendor", "v1", 1500), line("vendor", "v2", 2000)],
      { subtotal: 3500, groups: 2, delivery: 798, total: 4298 },
    ],
    [
      "a store and a vendor that share an id",
      [line("vendor", "x", 1000), line("store", "x", 1000)],
      { subtotal: 2000, groups: 2, delivery: 798, total: 2798 },
    ],
    [
      "many handlers",
      [
        line("vendor", "a", 100),
        line("store", "s1", 200),
        line("vendor", "b", 300),
        line("store", "s1", 400),
        line("store", "s2", 500),
      ],
      { subtotal: 1500, groups: 4, delivery: 1596, total: 3096 },
    ],
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

describe("groupsCancelledWhole", () => {
  const line = (id: string, sellerId: string, status: string) => ({ id, handler: "vendor" as const, sellerId, status });
  it("gives a group's delivery back when every item of it is cancelled and the order goes on", () => {
    const items = [line("a1", "a", "cancelled"), line("a2", "a", "cancelled"), line("b1", "b", "pending")];
    expect(groupsCancelledWhole(items, new Set(["a2"])).map((g) => g.map((i) => i.id))).toEqual([["a1", "a2"]]);
    expect(deliveryRefundKey("a1")).toBe("refund:delivery:a1");
    // Part of a group cancelled: its delivery is still needed.
    expect(
      groupsCancelledWhole(
        [line("a1", "a", "cancelled"), line("a2", "a", "pending"), line("b1", "b", "pending")],
        new Set(["a1"]),
      ),
    ).toEqual([]);
    // A group cancelled earlier is not given back again by a later change.
    expect(groupsCancelledWhole(items, new Set(["b0"]))).toEqual([]);
    // The whole order: its delivery comes back with everything else.
    expect(groupsCancelledWhole([line("a1", "a", "cancelled"), line("b1", "b", "cancelled")], new Set(["b1"]))).toEqual(
      [],
    );
  });

  it("says what comes back in the words the toast and the e-mail share", () => {
    expect(givenBackWords({ items: 2649, delivery: 399, count: 1 })).toBe(
      "Nothing was taken for it: £26.49 held on your card for it and £3.99 for its delivery (£30.48 in all) is given back.",
    );
    expect(givenBackWords({ items: 5000, delivery: 0, count: 2 })).toBe(
      "Nothing was taken for them: £50.00 held on your card for them is given back.",
    );
  });
});
