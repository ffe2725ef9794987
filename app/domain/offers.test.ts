import { describe, expect, it } from "vitest";
import {
  afterMove,
  agreedPrice,
  BUY_WINDOW_MS,
  checkOfferAmount,
  OFFER_LAPSES_AFTER_MS,
  OFFER_MESSAGES,
  offerFloor,
  offerMoveAllowed,
  offerState,
  type OfferTimes,
} from "./offers";

// Make an offer's rules (issue 43 item 4; decision 0088): the floor, the amount's checks, who
// answers when, and lapsing.

const now = Date.UTC(2026, 10, 28, 18);

describe("an offer's amount", () => {
  it.each([
    // price, typed, result
    [6000, "45", { ok: true, amount: 4500 }],
    [6000, "£36.00", { ok: true, amount: 3600 }], // exactly 60%: the floor
    [6000, "35.99", { ok: false, error: "The lowest offer for this item is £36.00 (60% of its price)" }],
    [6000, "60", { ok: false, error: "An offer must be less than the price, £60.00: at that price, buy it now" }],
    [6000, "75", { ok: false, error: "An offer must be less than the price, £60.00: at that price, buy it now" }],
    [6000, "fifty", { ok: false, error: OFFER_MESSAGES.amount }],
    [6000, "45.555", { ok: false, error: OFFER_MESSAGES.amount }],
    [6000, "", { ok: false, error: OFFER_MESSAGES.amount }],
    [6000, "-40", { ok: false, error: OFFER_MESSAGES.positive }],
    [6000, "£-40", { ok: false, error: OFFER_MESSAGES.positive }],
    [6000, "0", { ok: false, error: OFFER_MESSAGES.positive }],
    [999, "6", { ok: true, amount: 600 }], // floor of £9.99 is 599.4 → £6.00
    [999, "5.99", { ok: false, error: "The lowest offer for this item is £6.00 (60% of its price)" }],
  ])("price %i, typed %j → %j", (price, typed, result) => {
    expect(checkOfferAmount(typed, price)).toEqual(result);
  });

  it("the floor is 60% of the price, rounded up to the penny", () => {
    expect(offerFloor(6000)).toBe(3600);
    expect(offerFloor(999)).toBe(600);
    expect(offerFloor(1)).toBe(1);
  });

  it("a counter must beat the shopper's offer and stay below the price", () => {
    expect(checkOfferAmount("45", 6000, 4500)).toEqual({
      ok: false,
      error: "A counter must be more than the offer, £45.00",
    });
    expect(checkOfferAmount("50", 6000, 4500)).toEqual({ ok: true, amount: 5000 });
    expect(checkOfferAmount("60", 6000, 4500).ok).toBe(false);
  });

  it("refuses what is not text", () => {
    expect(checkOfferAmount(null, 6000)).toEqual({ ok: false, error: OFFER_MESSAGES.amount });
    expect(checkOfferAmount(4500, 6000)).toEqual({ ok: false, error: OFFER_MESSAGES.amount });
  });
});

describe("an offer's life", () => {
  const pending: OfferTimes = { status: "pending", expiresAt: now + OFFER_LAPSES_AFTER_MS, buyBy: null };

  it.each([
    ["pending, a minute before 48 hours", pending, now + OFFER_LAPSES_AFTER_MS - 60_000, "pending"],
    ["pending, at 48 hours", pending, now + OFFER_LAPSES_AFTER_MS, "lapsed"],
    [
      "countered, after its 48 hours",
      { ...pending, status: "countered" as const },
      now + OFFER_LAPSES_AFTER_MS + 1,
      "lapsed",
    ],
    [
      "accepted, inside its 24 hours",
      { ...pending, status: "accepted" as const, buyBy: now + BUY_WINDOW_MS },
      now + BUY_WINDOW_MS - 1,
      "accepted",
    ],
    [
      "accepted, after its 24 hours",
      { ...pending, status: "accepted" as const, buyBy: now + BUY_WINDOW_MS },
      now + BUY_WINDOW_MS,
      "expired",
    ],
    ["declined, long after", { ...pending, status: "declined" as const }, now + 10 * OFFER_LAPSES_AFTER_MS, "declined"],
  ])("%s: %s", (_label, offer, at, state) => {
    expect(offerState(offer, at)).toBe(state);
  });

  it("accepting gives 24 hours to buy; countering gives the shopper 48 hours to answer", () => {
    expect(afterMove("accept", now)).toEqual({ status: "accepted", buyBy: now + 24 * 3_600_000 });
    expect(afterMove("counter", now)).toEqual({ status: "countered", expiresAt: now + 48 * 3_600_000 });
    expect(afterMove("decline", now)).toEqual({ status: "declined" });
  });

  it("the agreed price is the counter when there was one", () => {
    expect(agreedPrice({ amount: 4500, counterAmount: null })).toBe(4500);
    expect(agreedPrice({ amount: 4500, counterAmount: 5200 })).toBe(5200);
  });
});

describe("who answers an offer", () => {
  it.each([
    ["pending", "handler", "accept", true],
    ["pending", "handler", "counter", true],
    ["pending", "handler", "decline", true],
    ["pending", "shopper", "accept", false],
    ["countered", "shopper", "accept", true],
    ["countered", "shopper", "decline", true],
    ["countered", "shopper", "counter", false],
    ["countered", "handler", "accept", false],
    ["accepted", "handler", "accept", false],
    ["declined", "handler", "accept", false],
    ["lapsed", "handler", "accept", false],
    ["expired", "shopper", "accept", false],
  ] as const)("%s offer, %s may %s: %s", (state, party, move, ok) => {
    expect(offerMoveAllowed(state, party, move).ok).toBe(ok);
  });

  it("says why: lapsed, answered, or not their turn", () => {
    expect(offerMoveAllowed("lapsed", "handler", "accept")).toEqual({
      ok: false,
      error: OFFER_MESSAGES.lapsed,
      status: 409,
    });
    expect(offerMoveAllowed("accepted", "handler", "accept")).toEqual({
      ok: false,
      error: OFFER_MESSAGES.answered,
      status: 409,
    });
    expect(offerMoveAllowed("pending", "shopper", "accept")).toEqual({
      ok: false,
      error: OFFER_MESSAGES.notYours,
      status: 403,
    });
  });
});
