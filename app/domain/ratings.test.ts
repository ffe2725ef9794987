import { describe, expect, it } from "vitest";
import { averageText, ratingSummary, ratingWindow, RATING_WINDOW_DAYS, tradeEndedAt } from "./ratings";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 12);

describe("ratings both ways (issue 46 item 2, decision 0091)", () => {
  it("a trade ends when its item is completed, else returned, else delivered; in flight it has no end", () => {
    expect(tradeEndedAt({ status: "completed", completedAt: 3, returnedAt: 2, deliveredAt: 1 })).toBe(3);
    expect(tradeEndedAt({ status: "returned", completedAt: null, returnedAt: 2, deliveredAt: 1 })).toBe(2);
    expect(tradeEndedAt({ status: "shipped", completedAt: null, returnedAt: null, deliveredAt: 1 })).toBeNull();
  });

  it.each([
    ["completed", NOW - DAY, "open"],
    ["completed", NOW - RATING_WINDOW_DAYS * DAY, "open"],
    ["completed", NOW - RATING_WINDOW_DAYS * DAY - 1, "closed"],
    ["returned", NOW - 10 * DAY, "open"],
    ["completed", null, "open"],
    ["shipped", null, "not_yet"],
    ["delivered", NOW - DAY, "not_yet"],
    ["cancelled", NOW - DAY, "not_yet"],
  ] as const)("a %s trade that ended at %s can be rated: %s", (status, endedAt, expected) => {
    expect(ratingWindow(status, endedAt, NOW)).toBe(expected);
  });

  it("says an average with one decimal and counts in English", () => {
    expect(averageText(4.9166)).toBe("4.9");
    expect(averageText(5)).toBe("5.0");
    expect(ratingSummary(4.9166, 12)).toBe("4.9 ★ (12 ratings)");
    expect(ratingSummary(4, 1)).toBe("4.0 ★ (1 rating)");
    expect(ratingSummary(null, 0)).toBe("No ratings yet");
  });
});
