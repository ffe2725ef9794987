import { describe, expect, it } from "vitest";
import { isVerifiedSeller, sellerBadges, shipsFast, topRated } from "./badges";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 12);
/** n orders placed a day apart, newest first, each posted `after` ms after it was placed. */
const orders = (n: number, after: number | null) =>
  Array.from({ length: n }, (_, k) => ({
    orderedAt: NOW - (k + 3) * DAY,
    shippedAt: after === null ? null : NOW - (k + 3) * DAY + after,
  }));

describe("badges (issue 46 item 2, decision 0091)", () => {
  it("Verified seller needs payouts active with the provider and a confirmed e-mail, not the e-mail alone", () => {
    expect(isVerifiedSeller({ emailVerified: true, payoutsActive: true })).toBe(true);
    expect(isVerifiedSeller({ emailVerified: true, payoutsActive: false })).toBe(false);
    expect(isVerifiedSeller({ emailVerified: false, payoutsActive: true })).toBe(false);
  });

  it.each([
    [4.8, 10, true],
    [4.79, 10, false],
    [5, 9, false],
    [4.95, 40, true],
    [null, 0, false],
  ])("Top rated: average %s over %s ratings → %s", (average, count, expected) => {
    expect(topRated(average, count)).toBe(expected);
  });

  it("Ships fast: each of the last 10 orders posted within 2 days", () => {
    expect(shipsFast(orders(10, 2 * DAY), NOW)).toBe(true);
    expect(shipsFast(orders(12, DAY), NOW)).toBe(true);
    // One of the last ten posted a minute too late.
    const late = orders(10, DAY);
    late[4] = { ...late[4]!, shippedAt: late[4]!.orderedAt + 2 * DAY + 60_000 };
    expect(shipsFast(late, NOW)).toBe(false);
    // Fewer than ten orders: not yet.
    expect(shipsFast(orders(9, DAY), NOW)).toBe(false);
  });

  it("Ships fast: an order older than 2 days and not posted counts against; a newer one is not decided yet", () => {
    const overdue = [{ orderedAt: NOW - 3 * DAY, shippedAt: null }, ...orders(9, DAY)];
    expect(shipsFast(overdue, NOW)).toBe(false);
    // Placed an hour ago, not posted yet: the ten decided ones before it still count.
    const fresh = [{ orderedAt: NOW - 3_600_000, shippedAt: null }, ...orders(10, DAY)];
    expect(shipsFast(fresh, NOW)).toBe(true);
    // An older late order outside the last ten does not count.
    const olderLate = [...orders(10, DAY), { orderedAt: NOW - 40 * DAY, shippedAt: NOW - 30 * DAY }];
    expect(shipsFast(olderLate, NOW)).toBe(true);
  });

  it("lists every earned badge in order", () => {
    expect(
      sellerBadges({
        emailVerified: true,
        payoutsActive: true,
        average: 4.9,
        ratings: 12,
        recentOrders: orders(10, DAY),
        now: NOW,
      }),
    ).toEqual(["verified", "top_rated", "ships_fast"]);
    expect(
      sellerBadges({
        emailVerified: true,
        payoutsActive: false,
        average: 4.2,
        ratings: 12,
        recentOrders: orders(3, DAY),
        now: NOW,
      }),
    ).toEqual([]);
  });
});
