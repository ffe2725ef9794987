import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyBundles,
  bundlePercent,
  bundleWords,
  discountOf,
  parseBundleForm,
  priceBasket,
  spreadDiscount,
  type BundleTier,
} from "./bundles";
import { splitSale } from "./commission";
import { refundCap } from "./refund-cap";
import type { MoneyInput } from "./order-money";

// Bundle discounts (issue 43 item 5; decision 0089): which tier applies, and the discount spread
// over the items in whole pence so that refunds and commissions stay right.

const tiers: BundleTier[] = [
  { minItems: 2, percent: 10 },
  { minItems: 3, percent: 15 },
];

describe("which tier applies", () => {
  it.each([
    [1, 0],
    [2, 10],
    [3, 15],
    [7, 15],
  ])("%i items → %i%%", (count, percent) => {
    expect(bundlePercent(tiers, count)).toBe(percent);
  });

  it("says the tiers as the basket does", () => {
    expect(bundleWords(tiers)).toBe("2 items −10%, 3 or more items −15%");
    expect(bundleWords([{ minItems: 2, percent: 10 }])).toBe("2 or more items −10%");
  });
});

describe("the dashboard's form", () => {
  it.each([
    [
      { two: "10", three: "15" },
      { ok: true, tiers },
    ],
    [
      { two: "10%", three: "" },
      { ok: true, tiers: [{ minItems: 2, percent: 10 }] },
    ],
    [
      { two: "", three: "" },
      { ok: true, tiers: [] },
    ],
    [
      { two: "ten", three: "15" },
      { ok: false, errors: { two: "Enter a whole percentage from 0 to 50" } },
    ],
    [
      { two: "-5", three: "15" },
      { ok: false, errors: { two: "Enter a whole percentage from 0 to 50" } },
    ],
    [
      { two: "10", three: "60" },
      { ok: false, errors: { three: "Enter a whole percentage from 0 to 50" } },
    ],
    [
      { two: "15", three: "10" },
      { ok: false, errors: { three: "The discount for 3 or more items must be at least the one for 2 items" } },
    ],
  ])("%j → %j", (form, result) => {
    expect(parseBundleForm(form)).toEqual(result);
  });
});

describe("spreading a discount (largest remainder)", () => {
  it("two items of £30 and £20 at 10%: £3 and £2", () => {
    expect(spreadDiscount([3000, 2000], discountOf(5000, 10))).toEqual([300, 200]);
  });

  it("three items of £9.99 at 15%: 450p shared 150 each; £10, £10, £10.01 at 15%: the odd penny to the largest remainder", () => {
    expect(spreadDiscount([999, 999, 999], discountOf(2997, 15))).toEqual([150, 150, 150]);
    expect(spreadDiscount([1000, 1000, 1001], discountOf(3001, 15))).toEqual([150, 150, 150]);
    expect(spreadDiscount([1, 1, 1], 2)).toEqual([1, 1, 0]);
  });

  it("whole pence, adding up to the discount, each share within a penny of its part and never above its price", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 50 }),
        (prices, percent) => {
          const total = prices.reduce((a, b) => a + b, 0);
          const discount = discountOf(total, percent);
          const shares = spreadDiscount(prices, discount);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
          shares.forEach((s, i) => {
            expect(Number.isInteger(s)).toBe(true);
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(prices[i]!);
            expect(Math.abs(s - (prices[i]! * discount) / total)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

const line = (
  sellerId: string,
  price: number,
  type: "rental" | "purchase" = "purchase",
  handler: "vendor" | "store" = "vendor",
) => ({ productId: `p_${sellerId}_${price}_${type}`, handler, sellerId, type, price });

describe("a basket's bundles", () => {
  it("applies per handler group, to its Buy Now items only", () => {
    const { lines, groups } = applyBundles(
      [line("vera", 3000), line("vera", 2000), line("vera", 1500, "rental"), line("rob", 4000)],
      (key) => (key === "vendor:vera" || key === "vendor:rob" ? tiers : []),
    );
    expect(lines.map((l) => l.price)).toEqual([2700, 1800, 1500, 4000]);
    expect(lines.map((l) => l.listPrice)).toEqual([3000, 2000, 1500, 4000]);
    expect(groups).toEqual([{ key: "vendor:vera", items: 2, percent: 10, discount: 500 }]);
  });

  it("an agreed price (accepted offer) is charged as agreed, neither discounted again nor counted in the bundle", () => {
    const basket = [line("vera", 3000), line("vera", 2000), line("vera", 1000)];
    const { lines, groups } = priceBasket(basket, new Map([[basket[0]!.productId, { price: 2000 }]]), () => tiers);
    expect(lines.map((l) => [l.price, l.listPrice, l.offer])).toEqual([
      [2000, 3000, true],
      [1800, 2000, false],
      [900, 1000, false],
    ]);
    expect(groups[0]).toMatchObject({ items: 2, percent: 10, discount: 300 });
  });

  it("an agreed price above today's price is ignored: the shopper pays the lower", () => {
    const basket = [line("vera", 3000)];
    expect(priceBasket(basket, new Map([[basket[0]!.productId, { price: 3500 }]]), () => []).lines[0]!.price).toBe(
      3000,
    );
  });

  it("property: what is charged is the listed total less the discount; each item's refund is its own price paid, and commissions add up", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            seller: fc.constantFrom("vera", "rob", "kensington"),
            price: fc.integer({ min: 100, max: 200_000 }),
            type: fc.constantFrom("purchase" as const, "rental" as const),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        (items, two, threeExtra) => {
          const sellerTiers: BundleTier[] = [
            { minItems: 2, percent: two },
            { minItems: 3, percent: Math.min(50, two + threeExtra) },
          ];
          const basket = items.map((i, n) => ({
            ...line(i.seller, i.price, i.type, i.seller === "kensington" ? "store" : "vendor"),
            productId: `p${n}`,
          }));
          const { lines, groups } = applyBundles(basket, () => sellerTiers);
          const listed = basket.reduce((a, l) => a + l.price, 0);
          const charged = lines.reduce((a, l) => a + l.price, 0);
          expect(charged).toBe(listed - groups.reduce((a, g) => a + g.discount, 0));
          // The money engine: each order line holds its price paid; a full refund of every item gives back exactly what was charged.
          const input: MoneyInput = {
            order: { id: "o1", deliveryFee: 399, status: "completed" },
            items: lines.map((l, n) => ({
              id: `i${n}`,
              name: l.productId,
              type: l.type,
              price: l.price,
              status: "returned",
            })),
            transactions: [],
            payments: [
              { operation: "authorize", amount: charged + 399, status: "succeeded", idempotencyKey: "authorize:o1" },
            ],
          };
          const refunds = lines.map((_, n) => refundCap(input, `refund:return:i${n}`));
          expect(refunds).toEqual(lines.map((l) => l.price));
          expect(refunds.reduce((a, b) => a + b, 0)).toBe(charged);
          for (const l of lines) {
            const split = splitSale(l.price, l.handler === "store");
            expect(split.platform + split.store + split.owner).toBe(l.price);
            expect(l.price).toBeGreaterThanOrEqual(0);
            expect(l.price).toBeLessThanOrEqual(l.listPrice);
          }
        },
      ),
    );
  });
});
