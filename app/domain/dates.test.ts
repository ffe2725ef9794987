import { describe, expect, it } from "vitest";
import { startOfWeekUTC, timeAgo } from "./dates";

describe("startOfWeekUTC", () => {
  it.each([
    [Date.UTC(2026, 10, 23, 0, 0), Date.UTC(2026, 10, 23)], // Monday 00:00
    [Date.UTC(2026, 10, 29, 23, 59), Date.UTC(2026, 10, 23)], // Sunday night
    [Date.UTC(2026, 10, 30, 6, 0), Date.UTC(2026, 10, 30)], // the next Monday
    [Date.UTC(1970, 0, 1), Date.UTC(1969, 11, 29)],
  ])("%i → %i", (ms, monday) => {
    expect(startOfWeekUTC(ms)).toBe(monday);
  });
});

describe("timeAgo", () => {
  const now = Date.UTC(2026, 10, 23, 12);
  it.each([
    [now - 10_000, "just now"],
    [now - 5 * 60_000, "5 minutes ago"],
    [now - 3 * 3_600_000, "3 hours ago"],
    [now - 86_400_000, "1 day ago"],
    [now - 3 * 86_400_000, "3 days ago"],
    [now - 15 * 86_400_000, "2 weeks ago"],
    [now - 400 * 86_400_000, "1 year ago"],
    [now + 60_000, "just now"],
  ])("%i → %s", (ms, text) => {
    expect(timeAgo(ms, now)).toBe(text);
  });
});
