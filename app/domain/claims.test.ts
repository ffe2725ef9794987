import { describe, expect, it } from "vitest";
import {
  checkPartial,
  claimReturnWords,
  comesBack,
  CLAIM_WINDOW_MS,
  claimWindowEndsAt,
  expectedDeliveryBy,
  payoutHold,
  readPence,
  reasonsOffered,
  windowOpen,
  type ClaimableItem,
} from "./claims";

// Buyer protection's rules (issue 43; decision 0078): the claim window, what may be reported when,
// and what holds an item's money from the weekly payout.

const DAY = 86_400_000;
const placedAt = Date.UTC(2026, 10, 2, 10); // Monday 2 Nov 2026
const deliveredAt = Date.UTC(2026, 10, 5, 12);
const item = (over: Partial<ClaimableItem> = {}): ClaimableItem => ({
  status: "completed",
  deliveredAt,
  claimWindowClosedAt: null,
  placedAt,
  claimed: false,
  ...over,
});

describe("the claim window", () => {
  it.each([
    ["just delivered", deliveredAt, true],
    ["a minute before 2 days", deliveredAt + CLAIM_WINDOW_MS - 60_000, true],
    ["at 2 days", deliveredAt + CLAIM_WINDOW_MS, false],
    ["a week later", deliveredAt + 7 * DAY, false],
  ])("%s: open is %s", (_label, now, open) => {
    expect(windowOpen(item(), now)).toBe(open);
    expect(reasonsOffered(item(), now)).toEqual(open ? ["not_as_described", "damaged", "wrong_item", "missing"] : []);
  });

  it("ends at delivery + 2 days, or when the shopper says Everything is OK", () => {
    expect(claimWindowEndsAt(deliveredAt)).toBe(deliveredAt + 2 * DAY);
    expect(windowOpen(item({ claimWindowClosedAt: deliveredAt + 1000 }), deliveredAt + 2000)).toBe(false);
  });

  it("offers nothing once a problem was reported, or for a cancelled item", () => {
    expect(reasonsOffered(item({ claimed: true }), deliveredAt + 1000)).toEqual([]);
    expect(reasonsOffered(item({ status: "cancelled", deliveredAt: null }), placedAt + 30 * DAY)).toEqual([]);
  });

  it("offers 'not received' only once the expected delivery date passed and the item was not delivered", () => {
    const expected = expectedDeliveryBy(placedAt);
    // Posted by the end of Wednesday 4 Nov (2 working days), plus 5 days.
    expect(new Date(expected).toISOString().slice(0, 10)).toBe("2026-11-09");
    const shipped = item({ status: "shipped", deliveredAt: null });
    expect(reasonsOffered(shipped, expected - 1)).toEqual([]);
    expect(reasonsOffered(shipped, expected)).toEqual(["not_received"]);
    expect(reasonsOffered(item({ status: "pending", deliveredAt: null }), expected + DAY)).toEqual(["not_received"]);
  });
});

describe("the payout hold", () => {
  it.each([
    [
      "window open",
      { deliveredAt, claimWindowClosedAt: null, openClaim: false },
      deliveredAt + DAY,
      "Its claim window is open until 2026-11-07 12:00 UTC.",
    ],
    ["window closed", { deliveredAt, claimWindowClosedAt: null, openClaim: false }, deliveredAt + 3 * DAY, null],
    [
      "Everything is OK",
      { deliveredAt, claimWindowClosedAt: deliveredAt + 60_000, openClaim: false },
      deliveredAt + DAY,
      null,
    ],
    [
      "a claim pending after the window",
      { deliveredAt, claimWindowClosedAt: null, openClaim: true },
      deliveredAt + 9 * DAY,
      "A claim about this item is not resolved yet.",
    ],
    [
      "not delivered (a refund of a cancelled item)",
      { deliveredAt: null, claimWindowClosedAt: null, openClaim: false },
      deliveredAt,
      null,
    ],
  ])("%s", (_label, facts, now, reason) => {
    expect(payoutHold(facts, now)).toBe(reason);
  });
});

describe("a partial refund", () => {
  it.each([
    ["12.50", 5000, { ok: true, amount: 1250 }],
    ["£12", 5000, { ok: true, amount: 1200 }],
    ["49.99", 5000, { ok: true, amount: 4999 }],
    ["50", 5000, { ok: false, error: "A partial refund must be less than what was paid: £50.00." }],
    ["60.00", 5000, { ok: false, error: "A partial refund must be less than what was paid: £50.00." }],
    ["0", 5000, { ok: false, error: "Enter an amount in pounds, such as 12.50." }],
    ["-3", 5000, { ok: false, error: "Enter an amount in pounds, such as 12.50." }],
    ["ten", 5000, { ok: false, error: "Enter an amount in pounds, such as 12.50." }],
  ])("%s of %i pence paid", (typed, paid, expected) => {
    expect(checkPartial(typed, paid)).toEqual(expected);
  });

  it("reads pounds to pence", () => {
    expect(readPence("1.5")).toBe(150);
    expect(readPence("1.505")).toBeNull();
  });
});

describe("a claim's return (decision 0093)", () => {
  const claim = (over: Partial<Parameters<typeof comesBack>[0]> = {}) => ({
    kind: "problem",
    reason: "damaged",
    outcome: "full_refund",
    itemKind: "purchase",
    ...over,
  });
  it.each([
    ["a damaged purchase refunded in full", claim(), true],
    ["not as described", claim({ reason: "not_as_described" }), true],
    ["the wrong item", claim({ reason: "wrong_item" }), true],
    ["missing from the parcel: nothing to send", claim({ reason: "missing" }), false],
    ["never received: nothing to send", claim({ reason: "not_received" }), false],
    ["a partial refund: the shopper keeps it", claim({ outcome: "partial_refund" }), false],
    ["no refund", claim({ outcome: "no_refund" }), false],
    ["not decided yet", claim({ outcome: null }), false],
    ["a rental: it goes back as every rental does", claim({ itemKind: "rental" }), false],
    ["a repair fee's dispute", claim({ kind: "repair_fee", reason: "repair_fee" }), false],
  ])("%s: comes back is %s", (_label, c, back) => {
    expect(comesBack(c)).toBe(back);
  });

  it.each([
    [null, null, "Waiting to be sent back"],
    [null, "in_transit", "On its way back"],
    [null, "out_for_delivery", "On its way back"],
    [null, "returned_to_sender", "Returned to the shopper by the carrier"],
    [1000, "delivered", "Received back by the seller"],
  ])("received %s, tracking %s: %s", (returnedAt, status, words) => {
    expect(claimReturnWords(returnedAt, status)).toBe(words);
  });
});
