import { describe, expect, it } from "vitest";
import { orderMoney, totalLabel, type MoneyInput } from "./order-money";

/** A payment call as the payments table records it: its key is the operation and what it is for. */
const payment = (operation: string, of: string, amount: number, status = "succeeded") => ({
  operation,
  amount,
  status,
  idempotencyKey: `${operation}:${of}`,
});

const base = (over: Partial<MoneyInput> = {}): MoneyInput => ({
  order: { id: "ord_1", deliveryFee: 499, status: "pending" },
  items: [
    { id: "it_a", name: "Silk dress", type: "rental", price: 2149, status: "pending" },
    { id: "it_b", name: "Wool coat", type: "purchase", price: 12000, status: "pending" },
  ],
  transactions: [],
  payments: [payment("authorize", "ord_1", 14648)],
  ...over,
});

/** Each line as the order page shows it: what, how much, its status. */
const shown = (money: ReturnType<typeof orderMoney>) => money.lines.map((l) => [l.label, l.amount, l.status]);

describe("orderMoney", () => {
  it("lists what checkout authorised: each item and the delivery, summing to the order's total", () => {
    const money = orderMoney(base());
    expect(shown(money)).toEqual([
      ["Rental fee: Silk dress", 2149, "Authorised"],
      ["Purchase: Wool coat", 12000, "Authorised"],
      ["Delivery", 499, "Authorised"],
    ]);
    expect(money.total).toBe(14648);
  });

  it("shows a later Buy it now as its own line and adds it to the total paid", () => {
    const money = orderMoney(
      base({
        items: [{ id: "it_a", name: "Silk dress", type: "rental", price: 799, status: "completed" }],
        transactions: [
          { id: "txn_it_a_fee", type: "rental_fee", orderItemId: "it_a", gross: 799, status: "completed" },
          { id: "txn_it_a_purchase", type: "rental_purchase", orderItemId: "it_a", gross: 6999, status: "completed" },
        ],
        payments: [
          payment("capture", "txn_it_a_fee", 799),
          payment("capture", "txn_it_a_purchase", 6999),
          payment("capture", "delivery:ord_1", 499),
        ],
      }),
    );
    expect(shown(money)).toEqual([
      ["Rental fee: Silk dress", 799, "Paid"],
      ["Delivery", 499, "Paid"],
      ["Buy it now: Silk dress", 6999, "Paid"],
    ]);
    expect(money.total).toBe(799 + 499 + 6999);
  });

  it("keeps a failed capture as pending, and counts a refund negative once per key", () => {
    const money = orderMoney(
      base({
        items: [
          { id: "it_a", name: "Silk dress", type: "rental", price: 2149, status: "active" },
          { id: "it_b", name: "Wool coat", type: "purchase", price: 12000, status: "cancelled" },
        ],
        transactions: [{ id: "txn_it_a_fee", type: "rental_fee", orderItemId: "it_a", gross: 2149, status: "pending" }],
        payments: [payment("refund", "cancel:it_b", 12000, "failed"), payment("refund", "cancel:it_b", 12000)],
      }),
    );
    expect(shown(money)).toEqual([
      ["Rental fee: Silk dress", 2149, "Payment pending"],
      ["Purchase: Wool coat", 12000, "Cancelled"],
      ["Delivery", 499, "Authorised"],
      ["Refund: Wool coat cancelled", -12000, "Refunded"],
    ]);
    expect(money.total).toBe(2149 + 499);
  });

  it("sums a whole cancelled order to nothing once its refund is given, and not before", () => {
    const cancelled = (refund: string) =>
      orderMoney(
        base({
          order: { id: "ord_1", deliveryFee: 499, status: "cancelled" },
          items: base().items.map((i) => ({ ...i, status: "cancelled" })),
          payments: [payment("authorize", "ord_1", 14648), payment("refund", "ord_1", 14648, refund)],
        }),
      );
    const failed = cancelled("failed");
    expect(failed.lines.at(-1)).toEqual({
      key: "refund:refund:ord_1",
      label: "Refund: order cancelled",
      amount: -14648,
      status: "Refund pending",
      itemId: null,
    });
    // A refund that failed is not given back: what was paid is still paid, and the refund is shown apart.
    expect(failed.total).toBe(14648);
    expect(failed.pending).toEqual({ charges: 0, refunds: 14648 });
    const given = cancelled("succeeded");
    expect(given.total).toBe(0);
    expect(given.pending).toEqual({ charges: 0, refunds: 0 });
  });

  it("counts a declined later charge apart from what was paid (issue 42 item 5: £23.99 paid, £120 pending)", () => {
    const money = orderMoney(
      base({
        order: { id: "ord_1", deliveryFee: 399, status: "active" },
        items: [{ id: "it_a", name: "Silk dress", type: "rental", price: 2000, status: "active" }],
        transactions: [
          { id: "txn_fee", type: "rental_fee", orderItemId: "it_a", gross: 2000, status: "completed" },
          { id: "txn_buy", type: "rental_purchase", orderItemId: "it_a", gross: 12000, status: "pending" },
        ],
        payments: [
          payment("authorize", "ord_1", 2399),
          payment("capture", "txn_fee", 2000),
          payment("capture", "delivery:ord_1", 399),
          payment("capture", "txn_buy", 12000, "failed"),
        ],
      }),
    );
    expect(shown(money)).toEqual([
      ["Rental fee: Silk dress", 2000, "Paid"],
      ["Delivery", 399, "Paid"],
      ["Buy it now: Silk dress", 12000, "Payment pending"],
    ]);
    expect(money.total).toBe(2399);
    expect(money.pending).toEqual({ charges: 12000, refunds: 0 });
    expect(totalLabel(money.lines)).toBe("Total paid");
  });

  it("shows an overturned charge never collected as cancelled, counted nowhere", () => {
    const money = orderMoney(
      base({
        order: { id: "ord_1", deliveryFee: 399, status: "completed" },
        items: [{ id: "it_a", name: "Silk dress", type: "rental", price: 2000, status: "returned" }],
        transactions: [
          { id: "txn_fee", type: "rental_fee", orderItemId: "it_a", gross: 2000, status: "completed" },
          { id: "txn_dmg", type: "damage_charge", orderItemId: "it_a", gross: 1000, status: "cancelled" },
        ],
        payments: [
          payment("authorize", "ord_1", 2399),
          payment("capture", "txn_fee", 2000),
          payment("capture", "delivery:ord_1", 399),
          payment("capture", "txn_dmg", 1000, "failed"),
        ],
      }),
    );
    expect(shown(money).at(-1)).toEqual(["Repair fee: Silk dress", 1000, "Cancelled"]);
    expect(money.total).toBe(2399);
    expect(money.pending).toEqual({ charges: 0, refunds: 0 });
  });

  it("lists a cancelled group's delivery refund by the group's items", () => {
    const money = orderMoney(
      base({
        order: { id: "ord_1", deliveryFee: 798, status: "pending" },
        items: [
          {
            id: "it_a",
            name: "Silk dress",
            type: "rental",
            price: 2649,
            status: "cancelled",
            handler: "vendor",
            sellerId: "u_a",
          },
          {
            id: "it_b",
            name: "Wool coat",
            type: "purchase",
            price: 12000,
            status: "pending",
            handler: "vendor",
            sellerId: "u_b",
          },
        ],
        payments: [
          payment("authorize", "ord_1", 15447),
          payment("refund", "cancel:it_a", 2649),
          payment("refund", "delivery:it_a", 399),
        ],
      }),
    );
    expect(shown(money).slice(-2)).toEqual([
      ["Refund: Silk dress cancelled", -2649, "Refunded"],
      ["Refund: delivery of Silk dress cancelled", -399, "Refunded"],
    ]);
    expect(money.total).toBe(12000 + 399);
  });

  it("counts nothing of a checkout not paid yet, or never paid, and says so on each line", () => {
    const waiting = orderMoney(
      base({ order: { id: "ord_1", deliveryFee: 499, status: "awaiting_payment" }, payments: [] }),
    );
    expect(shown(waiting)).toEqual([
      ["Rental fee: Silk dress", 2149, "Awaiting payment"],
      ["Purchase: Wool coat", 12000, "Awaiting payment"],
      ["Delivery", 499, "Awaiting payment"],
    ]);
    expect(waiting.total).toBe(0);
    // The payment failed or the reservation lapsed: the order ended with nothing authorised.
    const lapsed = orderMoney(
      base({
        order: { id: "ord_1", deliveryFee: 499, status: "cancelled" },
        items: base().items.map((i) => ({ ...i, status: "cancelled" })),
        payments: [],
      }),
    );
    expect(shown(lapsed).map(([, , status]) => status)).toEqual(["Not paid", "Not paid", "Not paid"]);
    expect(lapsed.total).toBe(0);
  });

  it("shows a handler only the lines of their items", () => {
    const money = orderMoney(base(), new Set(["it_b"]));
    expect(money.lines.map((l) => l.label)).toEqual(["Purchase: Wool coat"]);
    expect(money.total).toBe(12000);
  });
});

describe("totalLabel", () => {
  it("calls held money held: all held, some taken, all taken", () => {
    expect(totalLabel(orderMoney(base()).lines)).toBe("Total held on your card");
    const oneDelivered = base({
      transactions: [{ id: "txn_it_b_sale", type: "sale", orderItemId: "it_b", gross: 12000, status: "completed" }],
      payments: [...base().payments, payment("capture", "txn_it_b_sale", 12000)],
    });
    expect(totalLabel(orderMoney(oneDelivered).lines)).toBe("Total paid and held");
    expect(totalLabel(orderMoney(oneDelivered, new Set(["it_b"])).lines)).toBe("Total paid");
  });
});
