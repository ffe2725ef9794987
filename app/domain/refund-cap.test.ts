import { describe, expect, it } from "vitest";
import { orderMoney, type MoneyInput } from "./order-money";
import { deliveryRefundable, itemLedgers, refundCap, refundTarget } from "./refund-cap";

const payment = (operation: string, of: string, amount: number, status = "succeeded") => ({
  operation,
  amount,
  status,
  idempotencyKey: `${operation}:${of}`,
});

/** A £50 purchase and a £15 rental (with a £10 repair fee) from two sellers, paid at checkout. */
const order = (over: Partial<MoneyInput> = {}): MoneyInput => ({
  order: { id: "ord_1", deliveryFee: 798, status: "completed" },
  items: [
    { id: "it_p", name: "Coat", type: "purchase", price: 5000, status: "completed", handler: "vendor", sellerId: "a" },
    { id: "it_r", name: "Gown", type: "rental", price: 1500, status: "returned", handler: "vendor", sellerId: "b" },
  ],
  transactions: [
    { id: "txn_p", type: "sale", orderItemId: "it_p", gross: 5000, status: "completed" },
    { id: "txn_r", type: "rental_fee", orderItemId: "it_r", gross: 1500, status: "completed" },
    { id: "txn_dmg", type: "damage_charge", orderItemId: "it_r", gross: 1000, status: "pending" },
  ],
  payments: [payment("authorize", "ord_1", 7298)],
  ...over,
});

describe("refundTarget", () => {
  it("reads what a refund key gives back", () => {
    expect(refundTarget("refund:return:it_p")).toEqual({ why: "return", itemId: "it_p", target: "it_p" });
    expect(refundTarget("refund:delivery:it_p")).toEqual({ why: "delivery", itemId: "it_p", target: "delivery" });
    expect(refundTarget("refund:ord_1")).toBeNull();
  });
});

describe("the refund cap", () => {
  it("gives an item back at most what was captured for it, whichever path asks (issue 42 item 3: £50 refunded once)", () => {
    const overturned = order({ payments: [...order().payments, payment("refund", "overturn:it_p", 5000)] });
    expect(itemLedgers(overturned).get("it_p")).toMatchObject({ captured: 5000, refunded: 5000, owed: 0 });
    expect(refundCap(overturned, "refund:return:it_p")).toBe(0);
    // The same key again (the daily job's retry) is not capped by itself.
    expect(refundCap(overturned, "refund:overturn:it_p")).toBe(5000);
    // A refund that failed is owed: it still counts against the cap.
    const owed = order({ payments: [...order().payments, payment("refund", "return:it_p", 3000, "failed")] });
    expect(itemLedgers(owed).get("it_p")).toMatchObject({ refunded: 0, owed: 3000 });
    expect(refundCap(owed, "refund:cancel:it_p")).toBe(2000);
  });

  it("overturns a later charge for at most what it collected: nothing when its capture was declined (issue 42 item 2)", () => {
    const declined = order({ payments: [...order().payments, payment("capture", "txn_dmg", 1000, "failed")] });
    expect(refundCap(declined, "refund:overturn:it_r")).toBe(0);
    const collected = order({ payments: [...order().payments, payment("capture", "txn_dmg", 1000)] });
    expect(itemLedgers(collected).get("it_r")!.captured).toBe(2500);
    expect(refundCap(collected, "refund:overturn:it_r")).toBe(1000);
  });

  it("counts nothing captured before the checkout was paid", () => {
    const unpaid = order({ payments: [] });
    expect(refundCap(unpaid, "refund:cancel:it_p")).toBe(0);
    expect(deliveryRefundable(unpaid)).toBe(0);
  });

  it("gives a delivery back once per group, and a whole order's refund is shared to its cancelled items then the delivery", () => {
    const groupBack = order({ payments: [...order().payments, payment("refund", "delivery:it_p", 399)] });
    expect(deliveryRefundable(groupBack)).toBe(399);
    expect(refundCap(groupBack, "refund:delivery:it_r")).toBe(399);
    const cancelled = order({
      order: { id: "ord_1", deliveryFee: 798, status: "cancelled" },
      items: order().items.map((i) => ({ ...i, status: "cancelled" })),
      transactions: [],
      payments: [...order().payments, payment("refund", "cancel:it_p", 5000), payment("refund", "ord_1", 2298)],
    });
    const ledgers = itemLedgers(cancelled);
    expect(ledgers.get("it_p")).toMatchObject({ captured: 5000, refunded: 5000 });
    expect(ledgers.get("it_r")).toMatchObject({ captured: 1500, refunded: 1500 });
    expect(ledgers.get("delivery")).toMatchObject({ captured: 798, refunded: 798 });
    for (const ledger of ledgers.values()) expect(ledger.refunded + ledger.owed).toBeLessThanOrEqual(ledger.captured);
  });
});

describe("the ledgers and the money view agree", () => {
  it("'Total paid' is captured less refunded, summed over the items and the delivery", () => {
    const cases: MoneyInput[] = [
      order(),
      order({ payments: [...order().payments, payment("capture", "txn_dmg", 1000)] }),
      order({
        payments: [
          ...order().payments,
          payment("refund", "overturn:it_p", 5000),
          payment("refund", "return:it_p", 2000, "failed"),
        ],
      }),
      order({
        order: { id: "ord_1", deliveryFee: 798, status: "pending" },
        items: order().items.map((i) => ({ ...i, status: i.id === "it_r" ? "cancelled" : "pending" })),
        transactions: [],
        payments: [
          ...order().payments,
          payment("refund", "cancel:it_r", 1500),
          payment("refund", "delivery:it_r", 399),
        ],
      }),
    ];
    for (const input of cases) {
      const paid = [...itemLedgers(input).values()].reduce((sum, l) => sum + l.captured - l.refunded, 0);
      expect(orderMoney(input).total).toBe(paid);
    }
  });
});
