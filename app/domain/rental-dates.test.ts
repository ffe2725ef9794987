import { describe, expect, it } from "vitest";
import {
  addWorkingDays,
  backAroundAt,
  backAroundText,
  earliestNeedBy,
  earliestNeedByTo,
  needByPlan,
  needByRangeTo,
  postByReminderDue,
  readNeedBy,
  NEED_BY_MESSAGES,
} from "./rental-dates";

const at = (iso: string) => Date.parse(iso);

describe("working days", () => {
  it.each([
    ["2026-12-04", 1, "2026-12-07"], // Friday + 1 → Monday
    ["2026-12-05", 1, "2026-12-07"], // Saturday + 1 → Monday
    ["2026-11-30", -1, "2026-11-27"], // Monday − 1 → Friday
    ["2026-12-31", 2, "2027-01-04"], // Thursday 31 December + 2 → Monday in the new year
    ["2027-02-26", 2, "2027-03-02"], // Friday, end of February → Tuesday 2 March
  ])("%s %+d working days is %s", (day, count, expected) => {
    expect(addWorkingDays(day, count)).toBe(expected);
  });
});

describe("the earliest need-by day: 2 working days to post, 2 in the post, no weekend deliveries", () => {
  it.each([
    ["2026-11-30T10:00Z", "2026-12-04"], // Monday → posted by Wednesday → Friday
    ["2026-12-03T10:00Z", "2026-12-09"], // Thursday → posted by Monday → Wednesday
    ["2026-12-05T10:00Z", "2026-12-10"], // Saturday → posted by Tuesday 8 → Thursday 10
    ["2026-12-29T10:00Z", "2027-01-04"], // Tuesday → posted by Thursday 31 December → Monday 4 January
    ["2026-11-30T23:30Z", "2026-12-04"], // 23:30 UTC on Monday in winter is still Monday in the UK
    ["2026-07-05T23:30Z", "2026-07-10"], // 23:30 UTC on a Sunday in summer is 00:30 on Monday in the UK
  ])("checking out at %s: %s", (now, expected) => {
    expect(earliestNeedBy(at(now))).toBe(expected);
  });
});

describe("the post-by day is the arrival less 2 working days", () => {
  it.each([
    ["2026-12-18", "2026-12-18", "2026-12-16"], // Friday
    ["2026-12-20", "2026-12-18", "2026-12-16"], // Sunday: arrives the Friday before
    ["2026-12-14", "2026-12-14", "2026-12-10"], // Monday: posted the Thursday before
    ["2027-03-01", "2027-03-01", "2027-02-25"], // across a month end
  ])("need it by %s: arrives by %s, post by %s", (needBy, arrivesBy, postBy) => {
    expect(needByPlan(needBy)).toEqual({ needBy, arrivesBy, postBy });
  });
});

describe("abroad: the destination zone's transit days (decision 0099)", () => {
  // Monday 30 November: posted by Wednesday 2 December, then the zone's working days in the post.
  it.each([
    ["GB", "2026-12-04"], // 2 days: Friday 4
    ["FR", "2026-12-09"], // Europe, 5 days: Wednesday 9
    ["DE", "2026-12-09"],
    ["US", "2026-12-16"], // the rest of the world, 10 days: Wednesday 16
    ["ZZ", "2026-12-04"], // a code we do not know: the UK's (checkout refuses the address itself)
    [null, "2026-12-04"],
  ])("to %s the earliest day is %s", (country, expected) => {
    expect(earliestNeedByTo(at("2026-11-30T10:00Z"), country)).toBe(expected);
  });
  it.each([
    ["2026-11-26T10:00Z", "FR", "2026-12-07"], // Thursday → posted by Monday 30 November → 5 days: Monday 7 December
    ["2027-02-24T10:00Z", "FR", "2027-03-05"], // across February's end: posted by Friday 26 → Friday 5 March
    ["2026-12-29T10:00Z", "AU", "2027-01-14"], // across the year's end: posted by Thursday 31 → Thursday 14 January
  ])("checking out at %s to %s: %s", (now, country, expected) => {
    expect(earliestNeedByTo(at(now), country)).toBe(expected);
  });
  it.each([
    ["2026-12-09", 5, "2026-12-09", "2026-12-02"], // Wednesday, Europe: posted the Wednesday before
    ["2027-03-06", 5, "2027-03-05", "2027-02-26"], // a Saturday across a month end: arrives Friday, posted the Friday before
    ["2027-01-04", 10, "2027-01-04", "2026-12-21"], // the rest of the world, across the year's end
  ])("need it by %s, %i days in the post: arrives by %s, post by %s", (needBy, days, arrivesBy, postBy) => {
    expect(needByPlan(needBy, days)).toEqual({ needBy, arrivesBy, postBy });
  });
  it("refuses a day the UK could meet for France, naming the country and its earliest day", () => {
    const now = at("2026-11-30T10:00Z");
    expect(readNeedBy("2026-12-04", now, "GB")).toMatchObject({ ok: true });
    expect(readNeedBy("2026-12-08", now, "FR")).toEqual({
      ok: false,
      error: "That is too early for delivery to France: the earliest date is Wednesday 9 December.",
    });
    expect(readNeedBy("2026-12-09", now, "fr")).toEqual({
      ok: true,
      plan: { needBy: "2026-12-09", arrivesBy: "2026-12-09", postBy: "2026-12-02" },
    });
    expect(readNeedBy("2026-12-15", now, "US")).toMatchObject({
      ok: false,
      error: expect.stringContaining("United States"),
    });
  });
  it("gives the date field the earliest day of the country the form starts from, named abroad", () => {
    const now = at("2026-11-30T10:00Z");
    expect(needByRangeTo(now, "FR")).toEqual({ min: "2026-12-09", max: "2027-01-29", to: "France" });
    expect(needByRangeTo(now, "GB")).toEqual({ min: "2026-12-04", max: "2027-01-29", to: null });
    expect(needByRangeTo(now, undefined)).toEqual({ min: "2026-12-04", max: "2027-01-29", to: null });
  });
});

describe("reading a need-by date", () => {
  const now = at("2026-11-30T10:00Z");
  it("takes no date as no date", () => expect(readNeedBy("", now)).toEqual({ ok: true, plan: null }));
  it.each([
    ["18/12/2026", NEED_BY_MESSAGES.unparseable],
    ["2026-02-31", NEED_BY_MESSAGES.unparseable],
    ["tomorrow", NEED_BY_MESSAGES.unparseable],
    ["2026-11-29", NEED_BY_MESSAGES.past],
    ["2026-12-03", NEED_BY_MESSAGES.tooSoon("2026-12-04")],
    ["2026-11-30", NEED_BY_MESSAGES.tooSoon("2026-12-04")],
    ["2027-03-01", NEED_BY_MESSAGES.tooLate("2027-01-29")],
  ])("refuses %s", (value, error) => expect(readNeedBy(value, now)).toEqual({ ok: false, error }));
  it("says the earliest day in words", () =>
    expect(NEED_BY_MESSAGES.tooSoon("2026-12-04")).toBe(
      "That is sooner than we can deliver: the earliest date is Friday 4 December.",
    ));
  it("takes the earliest day and a weekend after it", () => {
    expect(readNeedBy("2026-12-04", now)).toEqual({
      ok: true,
      plan: { needBy: "2026-12-04", arrivesBy: "2026-12-04", postBy: "2026-12-02" },
    });
    expect(readNeedBy("2026-12-06", now)).toEqual({
      ok: true,
      plan: { needBy: "2026-12-06", arrivesBy: "2026-12-04", postBy: "2026-12-02" },
    });
  });
});

describe("the post-by reminder", () => {
  it("is due from the day before the post-by day", () => {
    expect(postByReminderDue("2026-12-02", at("2026-11-30T03:00Z"))).toBe(false);
    expect(postByReminderDue("2026-12-02", at("2026-12-01T03:00Z"))).toBe(true);
    expect(postByReminderDue("2026-12-01", at("2026-12-01T03:00Z"))).toBe(true);
  });
});

describe("back around: the window's end, the return's 2 working days in the post and the turnaround", () => {
  const rental = {
    placedAt: at("2026-11-30T10:00Z"),
    shippedAt: null,
    arrivesBy: null,
    rentalEndsAt: null,
    returnRequestedAt: null,
  };
  it("out on rental: a window ending on Thursday 10 December is back in the post by Monday 14, prepared 2 days: 16 December", () => {
    const back = backAroundAt({ ...rental, status: "active", rentalEndsAt: at("2026-12-10T12:00Z") }, 2);
    expect(backAroundText(back, at("2026-12-01T00:00Z"))).toBe("Back around 16 December");
  });
  it.each([
    [undefined, "Back around 16 December"],
    [2, "Back around 16 December"],
    // From Europe: five working days in the post (Thursday 17), prepared by Saturday 19.
    [5, "Back around 19 December"],
    // From the rest of the world: ten (Thursday 24), prepared by Saturday 26.
    [10, "Back around 26 December"],
  ])("a rental sent abroad comes back in its zone's days (decision 0094): %s working days", (transitDays, text) => {
    const back = backAroundAt({ ...rental, status: "active", rentalEndsAt: at("2026-12-10T12:00Z"), transitDays }, 2);
    expect(backAroundText(back, at("2026-12-01T00:00Z"))).toBe(text);
  });
  it("a turnaround of 0 days: live as soon as it is back", () => {
    const back = backAroundAt({ ...rental, status: "active", rentalEndsAt: at("2026-12-10T12:00Z") }, 0);
    expect(backAroundText(back, at("2026-12-01T00:00Z"))).toBe("Back around 14 December");
  });
  it("reserved for a need-by date: counted from the day it arrives", () => {
    const back = backAroundAt({ ...rental, status: "pending", arrivesBy: "2026-12-18" }, 2);
    // Arrives Friday 18, window to Friday 25, back in the post by Tuesday 29, prepared: 31 December.
    expect(backAroundText(back, rental.placedAt)).toBe("Back around 31 December");
  });
  it("to be posted without a date: from the dispatch deadline and the transit", () => {
    const back = backAroundAt({ ...rental, status: "processing" }, 2);
    // Posted by Wednesday 2, delivered Friday 4, window to Friday 11, back by Tuesday 15, prepared: 17 December.
    expect(backAroundText(back, rental.placedAt)).toBe("Back around 17 December");
  });
  it("is 'Back soon' once the date has passed, and null for a finished rental", () => {
    expect(backAroundText(at("2026-12-01T00:00Z"), at("2026-12-02T00:00Z"))).toBe("Back soon");
    expect(backAroundAt({ ...rental, status: "completed" }, 2)).toBeNull();
  });
});
