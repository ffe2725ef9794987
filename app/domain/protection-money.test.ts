import { describe, expect, it } from "vitest";
import { orderMoney, type MoneyInput } from "./order-money";
import { refundCap } from "./refund-cap";

// Damage protection in the order's money (decision 0080): its own line, taken with the checkout,
// given back with its item within the one refund cap.
const input = (payments: MoneyInput["payments"] = []): MoneyInput => ({
  order: { id: "o1", deliveryFee: 399, status: "pending" },
  items: [{ id: "i1", name: "Silk Dress", type: "rental", price: 1500, status: "pending", protectionFee: 250 }],
  transactions: [],
  payments: [
    { operation: "authorize", amount: 2149, status: "succeeded", idempotencyKey: "authorize:o1" },
    ...payments,
  ],
});

describe("damage protection in the order's money", () => {
  it("is a line of its own, counted in what was paid", () => {
    const money = orderMoney(input());
    expect(money.lines.find((l) => l.key === "protection:i1")).toMatchObject({
      label: "Damage protection: Silk Dress",
      amount: 250,
      status: "Authorised",
    });
    expect(money.total).toBe(1500 + 399 + 250);
  });

  it("comes back with its item, never more than was taken", () => {
    expect(refundCap(input(), "refund:protection:i1")).toBe(1750);
    const afterPrice = input([
      { operation: "refund", amount: 1500, status: "succeeded", idempotencyKey: "refund:cancel:i1" },
    ]);
    expect(refundCap(afterPrice, "refund:protection:i1")).toBe(250);
    const money = orderMoney(
      input([{ operation: "refund", amount: 250, status: "succeeded", idempotencyKey: "refund:protection:i1" }]),
    );
    expect(money.lines.find((l) => l.key === "refund:refund:protection:i1")).toMatchObject({
      label: "Refund: Silk Dress damage protection refunded",
      amount: -250,
      status: "Refunded",
    });
  });
});
