import { describe, expect, it } from "vitest";
import {
  canMove,
  daysLeft,
  ITEM_STATUSES,
  itemStep,
  orderStatusOf,
  rentalWindowEndsAt,
  rentalEndsWhen,
  returnOrBuyBy,
  type ActorRole,
  type ItemEvent,
  type ItemStatus,
} from "./order-lifecycle";

const DAY = 86_400_000;
const SHIP = { type: "ship", carrier: "dpd", trackingNumber: "15501234567890" } as const;
const NOW = Date.UTC(2026, 10, 25, 12);

// The whole table, written out: every pair not listed here must be refused.
const ALLOWED = new Set([
  "pending→processing",
  "pending→shipped",
  "pending→delivered",
  "pending→cancelled",
  "processing→pending",
  "processing→shipped",
  "processing→delivered",
  "processing→cancelled",
  "shipped→pending",
  "shipped→processing",
  "shipped→delivered",
  "shipped→cancelled",
  "delivered→active",
  "delivered→completed",
  "active→completed",
  "active→return_requested",
  "return_requested→returned",
  "return_requested→completed",
  "completed→return_requested",
]);

describe("the item transition table", () => {
  const pairs = ITEM_STATUSES.flatMap((from) => ITEM_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)("%s → %s", (from, to) => {
    expect(canMove(from, to)).toBe(ALLOWED.has(`${from}→${to}`));
  });
});

describe("itemStep", () => {
  const rental = (status: ItemStatus, rentalEndsAt: number | null = null) => ({
    status,
    kind: "rental" as const,
    rentalEndsAt,
  });
  const purchase = (status: ItemStatus) => ({ status, kind: "purchase" as const });
  const step = (item: Parameters<typeof itemStep>[0], event: ItemEvent, actor: ActorRole = "staff", now = NOW) =>
    itemStep(item, event, actor, now);

  it("delivers a purchase straight to completed and a rental into its window", () => {
    expect(step(purchase("shipped"), { type: "staff_set", to: "delivered" })).toEqual({
      ok: true,
      path: ["delivered", "completed"],
    });
    expect(step(rental("shipped"), { type: "staff_set", to: "delivered" })).toEqual({
      ok: true,
      path: ["delivered", "active"],
    });
  });

  it("lets staff correct the status before delivery, either way", () => {
    expect(step(purchase("shipped"), { type: "staff_set", to: "processing" })).toEqual({
      ok: true,
      path: ["processing"],
    });
    expect(step(purchase("pending"), { type: "staff_set", to: "pending" })).toEqual({ ok: true, path: [] });
  });

  it("takes a repeated 'delivered' as already done", () => {
    expect(step(rental("active", NOW + DAY), { type: "staff_set", to: "delivered" })).toEqual({ ok: true, path: [] });
    expect(step(purchase("completed"), { type: "staff_set", to: "delivered" })).toEqual({ ok: true, path: [] });
  });

  it("refuses going back after delivery, cancelling a delivered order, and reopening a cancelled one", () => {
    expect(step(rental("active", NOW + DAY), { type: "staff_set", to: "shipped" })).toEqual({
      ok: false,
      reason: "This order was delivered: it can no longer be set to shipped.",
    });
    expect(step(purchase("completed"), { type: "staff_set", to: "cancelled" })).toMatchObject({ ok: false });
    expect(step(purchase("cancelled"), { type: "staff_set", to: "processing" })).toEqual({
      ok: false,
      reason: "A cancelled order cannot be reopened.",
    });
  });

  it("lets the shopper buy or return a rental only inside its window", () => {
    const open = rental("active", NOW + DAY);
    expect(step(open, { type: "buy_now" }, "shopper")).toEqual({ ok: true, path: ["completed"] });
    expect(step(open, { type: "request_return" }, "shopper")).toEqual({ ok: true, path: ["return_requested"] });
    expect(step(rental("active", NOW), { type: "buy_now" }, "shopper")).toEqual({
      ok: false,
      reason: "This rental's window has ended.",
    });
    expect(step(rental("completed", NOW + DAY), { type: "buy_now" }, "shopper")).toMatchObject({ ok: false });
    expect(step(purchase("completed"), { type: "buy_now" }, "shopper")).toEqual({
      ok: false,
      reason: "Only a rental can be bought or returned.",
    });
  });

  it("lets the shopper return a purchase within 14 days of its delivery, not after", () => {
    const delivered = (deliveredAt: number | null) => ({
      status: "completed" as const,
      kind: "purchase" as const,
      deliveredAt,
    });
    expect(step(delivered(NOW - 13 * DAY), { type: "request_return" }, "shopper")).toEqual({
      ok: true,
      path: ["return_requested"],
    });
    expect(step(delivered(NOW - 14 * DAY), { type: "request_return" }, "shopper")).toEqual({
      ok: false,
      reason: "The 14-day return period for this item has ended.",
    });
    expect(
      step({ status: "shipped", kind: "purchase", deliveredAt: null }, { type: "request_return" }, "shopper"),
    ).toEqual({ ok: false, reason: "Only a delivered item can be returned." });
    expect(
      step({ status: "return_requested", kind: "purchase", deliveredAt: NOW }, { type: "request_return" }, "shopper"),
    ).toEqual({ ok: true, path: [] });
  });

  it("takes a purchase back once: one that came back and was inspected cannot be returned again (issue 42 item 3)", () => {
    const inspected = {
      status: "completed" as const,
      kind: "purchase" as const,
      deliveredAt: NOW - DAY,
      returnedAt: NOW - 1000,
    };
    expect(step(inspected, { type: "request_return" }, "shopper")).toEqual({
      ok: false,
      reason: "This item was sent back once already: it cannot be returned again.",
    });
  });

  it("lets the shopper cancel until it ships, and staff until it is delivered; a second cancel is already done", () => {
    expect(step(purchase("processing"), { type: "cancel" }, "shopper")).toEqual({ ok: true, path: ["cancelled"] });
    expect(step(purchase("shipped"), { type: "cancel" }, "shopper")).toEqual({
      ok: false,
      reason: "This item has been posted, so it can no longer be cancelled. You can return it once it arrives.",
    });
    expect(step(purchase("shipped"), { type: "cancel" }, "staff")).toEqual({ ok: true, path: ["cancelled"] });
    expect(step(rental("active", NOW + DAY), { type: "cancel" }, "staff")).toEqual({
      ok: false,
      reason: "This item was delivered, so it can no longer be cancelled.",
    });
    expect(step(purchase("cancelled"), { type: "cancel" }, "shopper")).toEqual({ ok: true, path: [] });
    expect(step(purchase("pending"), { type: "cancel" }, "store")).toEqual({
      ok: false,
      reason: "You cannot change this item.",
    });
  });

  it("is posted by its handler or staff before delivery; posting again is already done", () => {
    expect(step(purchase("pending"), SHIP, "seller")).toEqual({ ok: true, path: ["shipped"] });
    expect(step(purchase("processing"), SHIP, "store")).toEqual({ ok: true, path: ["shipped"] });
    expect(step(purchase("shipped"), SHIP, "staff")).toEqual({ ok: true, path: [] });
    expect(step(purchase("cancelled"), SHIP, "seller")).toEqual({
      ok: false,
      reason: "This item was cancelled: there is nothing to send.",
    });
    expect(step(purchase("completed"), SHIP, "seller")).toMatchObject({ ok: false });
    expect(step(purchase("pending"), SHIP, "shopper")).toEqual({ ok: false, reason: "You cannot change this item." });
  });

  it("is delivered when the shopper confirms it arrived, like staff marking it", () => {
    expect(step(rental("shipped"), { type: "confirm_delivery" }, "shopper")).toEqual({
      ok: true,
      path: ["delivered", "active"],
    });
    expect(step(purchase("shipped"), { type: "confirm_delivery" }, "shopper")).toEqual({
      ok: true,
      path: ["delivered", "completed"],
    });
    expect(step(rental("active", NOW + DAY), { type: "confirm_delivery" }, "shopper")).toEqual({ ok: true, path: [] });
    expect(step(purchase("processing"), { type: "confirm_delivery" }, "shopper")).toEqual({
      ok: false,
      reason: "This item has not been posted yet.",
    });
  });

  it("converts only a window that has ended", () => {
    expect(step(rental("active", NOW - 1), { type: "convert" }, "system")).toEqual({ ok: true, path: ["completed"] });
    expect(step(rental("active", NOW + 1), { type: "convert" }, "system")).toMatchObject({ ok: false });
    expect(step(rental("return_requested", NOW - 1), { type: "convert" }, "system")).toMatchObject({ ok: false });
  });

  it("inspects only an item that was sent back: good or damaged come back, not returnable is kept as a sale", () => {
    expect(step(rental("return_requested"), { type: "inspect", outcome: "good" }, "store")).toEqual({
      ok: true,
      path: ["returned"],
    });
    expect(step(rental("return_requested"), { type: "inspect", outcome: "damaged" }, "seller")).toEqual({
      ok: true,
      path: ["returned"],
    });
    expect(step(rental("return_requested"), { type: "inspect", outcome: "not_returnable" }, "staff")).toEqual({
      ok: true,
      path: ["completed"],
    });
    expect(step(rental("active", NOW + DAY), { type: "inspect", outcome: "good" }, "store")).toEqual({
      ok: false,
      reason: "Only an item that is being sent back can be inspected.",
    });
  });

  it("refuses an event from an actor who may not cause it", () => {
    expect(step(rental("active", NOW + DAY), { type: "buy_now" }, "staff")).toEqual({
      ok: false,
      reason: "You cannot change this item.",
    });
    expect(step(rental("shipped"), { type: "staff_set", to: "delivered" }, "shopper")).toMatchObject({ ok: false });
    expect(step(rental("active", NOW - 1), { type: "convert" }, "shopper")).toMatchObject({ ok: false });
    expect(step(rental("return_requested"), { type: "inspect", outcome: "good" }, "shopper")).toMatchObject({
      ok: false,
    });
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

  it("says 'tomorrow' only when the window ends on the next UK calendar day, else 'today at HH:MM'", () => {
    // Ends 00:30 on Wed 2 Dec (UK = UTC in winter): from 23:00 on the 1st it is tomorrow, from 00:10 today.
    const ends = Date.UTC(2026, 11, 2, 0, 30);
    expect(rentalEndsWhen(ends, Date.UTC(2026, 11, 1, 23, 0))).toBe("tomorrow");
    expect(rentalEndsWhen(ends, Date.UTC(2026, 11, 2, 0, 10))).toBe("today at 00:30");
    // Ends 15:00 on the same day the reminder goes at 03:00.
    expect(rentalEndsWhen(Date.UTC(2026, 11, 2, 15, 0), Date.UTC(2026, 11, 2, 3, 0))).toBe("today at 15:00");
    expect(rentalEndsWhen(Date.UTC(2026, 11, 4, 15, 0), Date.UTC(2026, 11, 2, 3, 0))).toBe("in 2 days");
  });

  it("reads days and times in UK time across the clock changes", () => {
    // Summer: 23:30 UTC on 1 July is 00:30 BST on 2 July, the same UK day as 10:00 BST on the 2nd.
    expect(rentalEndsWhen(Date.UTC(2026, 6, 1, 23, 30), Date.UTC(2026, 6, 1, 23, 10))).toBe("today at 00:30");
    expect(rentalEndsWhen(Date.UTC(2026, 6, 1, 23, 30), Date.UTC(2026, 6, 1, 22, 0))).toBe("tomorrow");
    expect(rentalEndsWhen(Date.UTC(2026, 6, 2, 9, 0), Date.UTC(2026, 6, 1, 12, 0))).toBe("tomorrow");
    // Clocks go forward on Sun 29 March 2026 (01:00 UTC): the times are BST after it.
    expect(rentalEndsWhen(Date.UTC(2026, 2, 29, 13, 0), Date.UTC(2026, 2, 29, 0, 30))).toBe("today at 14:00");
    expect(rentalEndsWhen(Date.UTC(2026, 2, 30, 0, 30), Date.UTC(2026, 2, 29, 12, 0))).toBe("tomorrow");
    // Clocks go back on Sun 25 October 2026 (01:00 UTC): 23:30 UTC on the 25th is 23:30 GMT, still that day.
    expect(rentalEndsWhen(Date.UTC(2026, 9, 25, 23, 30), Date.UTC(2026, 9, 25, 0, 30))).toBe("today at 23:30");
    expect(rentalEndsWhen(Date.UTC(2026, 9, 25, 23, 30), Date.UTC(2026, 9, 24, 22, 30))).toBe("tomorrow");
  });

  it("names its last day as a UK reader reads it, like every other deadline", () => {
    expect(returnOrBuyBy(Date.UTC(2026, 11, 1, 23, 30))).toBe("Return or buy by Tuesday 1 December");
    // 23:30 UTC on 1 July is 00:30 BST on the 2nd.
    expect(returnOrBuyBy(Date.UTC(2026, 6, 1, 23, 30))).toBe("Return or buy by Thursday 2 July");
  });
});
