import { describe, expect, it } from "vitest";
import {
  canMove,
  daysLeft,
  ITEM_STATUSES,
  itemStep,
  orderStatusOf,
  rentalWindowEndsAt,
  returnOrBuyBy,
  type ActorRole,
  type ItemEvent,
  type ItemStatus,
} from "./order-lifecycle";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 12);

// The whole table, written out: every pair not listed here must be refused.
const ALLOWED = new Set([
  "pending→processing", "pending→shipped", "pending→delivered", "pending→cancelled",
  "processing→pending", "processing→shipped", "processing→delivered", "processing→cancelled",
  "shipped→pending", "shipped→processing", "shipped→delivered", "shipped→cancelled",
  "delivered→active", "delivered→completed",
  "active→completed", "active→return_requested",
  "return_requested→returned",
]);

describe("the item transition table", () => {
  const pairs = ITEM_STATUSES.flatMap((from) => ITEM_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)("%s → %s", (from, to) => {
    expect(canMove(from, to)).toBe(ALLOWED.has(`${from}→${to}`));
  });
});

describe("itemStep", () => {
  const rental = (status: ItemStatus, rentalEndsAt: number | null = null) => ({ status, kind: "rental" as const, rentalEndsAt });
  const purchase = (status: ItemStatus) => ({ status, kind: "purchase" as const });
  const step = (item: Parameters<typeof itemStep>[0], event: ItemEvent, actor: ActorRole = "staff", now = NOW) => itemStep(item, event, actor, now);

  it("delivers a purchase straight to completed and a rental into its window", () => {
    expect(step(purchase("shipped"), { type: "staff_set", to: "delivered" })).toEqual({ ok: true, path: ["delivered", "completed"] });
    expect(step(rental("shipped"), { type: "staff_set", to: "delivered" })).toEqual({ ok: true, path: ["delivered", "active"] });
  });

  it("lets staff correct the status before delivery, either way", () => {
    expect(step(purchase("shipped"), { type: "staff_set", to: "processing" })).toEqual({ ok: true, path: ["processing"] });
    expect(step(purchase("pending"), { type: "staff_set", to: "pending" })).toEqual({ ok: true, path: [] });
  });

  it("takes a repeated 'delivered' as already done", () => {
    expect(step(rental("active", NOW + DAY), { type: "staff_set", to: "delivered" })).toEqual({ ok: true, path: [] });
    expect(step(purchase("completed"), { type: "staff_set", to: "delivered" })).toEqual({ ok: true, path: [] });
  });

  it("refuses going back after delivery, cancelling a delivered order, and reopening a cancelled one", () => {
    expect(step(rental("active", NOW + DAY), { type: "staff_set", to: "shipped" })).toEqual({ ok: false, reason: "This order was delivered: it can no longer be set to shipped." });
    expect(step(purchase("completed"), { type: "staff_set", to: "cancelled" })).toMatchObject({ ok: false });
    expect(step(purchase("cancelled"), { type: "staff_set", to: "processing" })).toEqual({ ok: false, reason: "A cancelled order cannot be reopened." });
  });

  it("lets the shopper buy or return a rental only inside its window", () => {
    const open = rental("active", NOW + DAY);
    expect(step(open, { type: "buy_now" }, "shopper")).toEqual({ ok: true, path: ["completed"] });
    expect(step(open, { type: "request_return" }, "shopper")).toEqual({ ok: true, path: ["return_requested"] });
    expect(step(rental("active", NOW), { type: "buy_now" }, "shopper")).toEqual({ ok: false, reason: "This rental's window has ended." });
    expect(step(rental("completed", NOW + DAY), { type: "buy_now" }, "shopper")).toMatchObject({ ok: false });
    expect(step(purchase("completed"), { type: "request_return" }, "shopper")).toEqual({ ok: false, reason: "Only a rental can be bought or returned." });
  });

  it("converts only a window that has ended", () => {
    expect(step(rental("active", NOW - 1), { type: "convert" }, "system")).toEqual({ ok: true, path: ["completed"] });
    expect(step(rental("active", NOW + 1), { type: "convert" }, "system")).toMatchObject({ ok: false });
    expect(step(rental("return_requested", NOW - 1), { type: "convert" }, "system")).toMatchObject({ ok: false });
  });

  it("inspects only an item that was sent back", () => {
    expect(step(rental("return_requested"), { type: "inspect", condition: "good" }, "store")).toEqual({ ok: true, path: ["returned"] });
    expect(step(rental("active", NOW + DAY), { type: "inspect", condition: "good" }, "store")).toMatchObject({ ok: false });
  });

  it("refuses an event from an actor who may not cause it", () => {
    expect(step(rental("active", NOW + DAY), { type: "buy_now" }, "staff")).toEqual({ ok: false, reason: "You cannot change this item." });
    expect(step(rental("shipped"), { type: "staff_set", to: "delivered" }, "shopper")).toMatchObject({ ok: false });
    expect(step(rental("active", NOW - 1), { type: "convert" }, "shopper")).toMatchObject({ ok: false });
    expect(step(rental("return_requested"), { type: "inspect", condition: "good" }, "shopper")).toMatchObject({ ok: false });
  });
});

describe("orderStatusOf", () => {
  it.each([
    [["pending", "pending"], "pending"],
    [["shipped", "cancelled"], "shipped"],
    [["cancelled", "cancelled"], "cancelled"],
    [["active", "completed"], "active"],
    [["return_requested", "completed"], "active"],
    [["completed", "returned"], "completed"],
    [["delivered"], "delivered"],
    [["completed", "cancelled"], "completed"],
  ] as [ItemStatus[], string][])("%j → %s", (items, expected) => {
    expect(orderStatusOf(items)).toBe(expected);
  });
});

describe("the rental window", () => {
  it("ends 7 days after delivery", () => {
    expect(rentalWindowEndsAt(NOW)).toBe(NOW + 7 * DAY);
  });

  it.each([
    [7 * DAY, 7],
    [6 * DAY + 1, 7],
    [6 * DAY, 6],
    [1, 1],
    [0, 0],
    [-DAY, 0],
  ])("%i ms before the end → %i days left", (remaining, days) => {
    expect(daysLeft(NOW + remaining, NOW)).toBe(days);
  });

  it("names its last day the same way in every timezone", () => {
    expect(returnOrBuyBy(Date.UTC(2026, 11, 1, 23, 30))).toBe("Return or buy by Tue 1 Dec");
  });
});
