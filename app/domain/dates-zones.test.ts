import { describe, expect, it } from "vitest";
import {
  dateTimeFor,
  dayAndTimeFor,
  deadlineFor,
  timeFor,
  endsWhen,
  formatLongDate,
  formatShortDate,
  formatWhen,
  localDayNumber,
  momentFor,
  reminderDue,
  validTimeZone,
  zoneLabel,
} from "./dates";

describe("dates and times where the reader is", () => {
  it("names the zone where a moment matters", () => {
    const at = Date.parse("2026-11-27T13:49:00Z");
    expect(formatWhen(at, "Europe/Paris", "time")).toBe("14:49 (Paris time)");
    expect(formatWhen(at, "Europe/London", "time")).toBe("13:49 (UK time)");
    expect(formatWhen(at, "America/New_York", "deadlineTime")).toBe("Friday 27 November, 08:49 (New York time)");
    expect(formatWhen(at, "Australia/Sydney", "deadline")).toBe("Saturday 28 November");
    expect(formatWhen(at, "Europe/Paris", "clock")).toBe("14:49");
  });

  it.each([
    // Paris: CET (UTC+1) in winter, CEST (UTC+2) from the last Sunday of March to the last of October.
    ["2026-03-29T00:30:00Z", "Europe/Paris", "01:30 (Paris time)"],
    ["2026-03-29T01:30:00Z", "Europe/Paris", "03:30 (Paris time)"],
    ["2026-10-25T00:30:00Z", "Europe/Paris", "02:30 (Paris time)"],
    ["2026-10-25T01:30:00Z", "Europe/Paris", "02:30 (Paris time)"],
    // New York changes on other Sundays (8 March, 1 November 2026).
    ["2026-03-08T06:30:00Z", "America/New_York", "01:30 (New York time)"],
    ["2026-03-08T07:30:00Z", "America/New_York", "03:30 (New York time)"],
    // Sydney goes the other way round (DST ends 5 April, starts 4 October 2026).
    ["2026-04-04T15:30:00Z", "Australia/Sydney", "02:30 (Sydney time)"],
    ["2026-04-04T16:30:00Z", "Australia/Sydney", "02:30 (Sydney time)"],
    ["2026-03-29T00:30:00Z", "Europe/London", "00:30 (UK time)"],
    ["2026-03-29T01:30:00Z", "Europe/London", "02:30 (UK time)"],
  ])("reads %s in %s as %s across the clock change", (iso, zone, shown) =>
    expect(formatWhen(Date.parse(iso), zone, "time")).toBe(shown),
  );

  it("refuses an unknown zone and reads it as the UK's", () => {
    expect(validTimeZone("Europe/Paris")).toBe("Europe/Paris");
    expect(validTimeZone("Mars/Olympus")).toBeNull();
    expect(validTimeZone("'; drop")).toBeNull();
    expect(formatWhen(Date.parse("2026-07-01T12:00:00Z"), "Mars/Olympus", "time")).toBe("13:00 (UK time)");
    expect(zoneLabel("America/Los_Angeles")).toBe("Los Angeles time");
  });

  it("sends the reminder on the day before, in the shopper's zone", () => {
    // The window ends at 23:30 UTC on 2 December: 3 December in Paris, still 2 December in London.
    const endsAt = Date.parse("2026-12-02T23:30:00Z");
    const dailyRun = (day: string) => Date.parse(`${day}T03:00:00Z`);
    expect(reminderDue(endsAt, dailyRun("2026-12-01"), "Europe/London")).toBe(true);
    expect(reminderDue(endsAt, dailyRun("2026-12-01"), "Europe/Paris")).toBe(false);
    expect(reminderDue(endsAt, dailyRun("2026-12-02"), "Europe/Paris")).toBe(true);
    // 03:00 UTC is still the evening before in New York: the run of 3 December falls on its 2 December.
    const nyEnds = Date.parse("2026-12-04T02:00:00Z"); // 21:00 on 3 December in New York
    expect(reminderDue(nyEnds, dailyRun("2026-12-02"), "America/New_York")).toBe(false);
    expect(reminderDue(nyEnds, dailyRun("2026-12-03"), "America/New_York")).toBe(true);
    expect(endsWhen(endsAt, dailyRun("2026-12-02"), "Europe/Paris")).toBe("tomorrow");
    expect(endsWhen(endsAt, dailyRun("2026-12-02"), "Europe/London")).toBe("today at 23:30 (UK time)");
    expect(localDayNumber(endsAt, "Europe/Paris") - localDayNumber(endsAt, "Europe/London")).toBe(1);
  });

  // Decision 0095: deadlines on dashboards, staff pages and e-mails. The end of a UK day (23:59:59)
  // read in the reader's zone, on both sides of the clock changes that move the gap between them.
  it.each([
    // London and New York are 5 hours apart, but 4 between 8 and 29 March 2026 (New York changed first).
    ["2026-03-06T23:59:59Z", "America/New_York", "Friday 6 March at 18:59 (New York time)"],
    ["2026-03-20T23:59:59Z", "America/New_York", "Friday 20 March at 19:59 (New York time)"],
    ["2026-04-03T22:59:59Z", "America/New_York", "Friday 3 April at 18:59 (New York time)"],
    // Paris stays an hour ahead: the UK's Friday night is Saturday there, in GMT and in BST alike.
    ["2026-03-27T23:59:59Z", "Europe/Paris", "Saturday 28 March at 00:59 (Paris time)"],
    ["2026-04-03T22:59:59Z", "Europe/Paris", "Saturday 4 April at 00:59 (Paris time)"],
    ["2026-10-30T23:59:59Z", "Australia/Sydney", "Saturday 31 October at 10:59 (Sydney time)"],
    // In the UK, or when nothing says, the day alone (as before).
    ["2026-04-03T22:59:59Z", "Europe/London", "Friday 3 April"],
    ["2026-04-03T22:59:59Z", null, "Friday 3 April"],
    ["2026-04-03T22:59:59Z", "Mars/Olympus", "Friday 3 April"],
  ])("gives the deadline %s to a reader in %s as %s", (iso, zone, shown) =>
    expect(deadlineFor(Date.parse(iso), zone)).toBe(shown),
  );

  it("names a moment's time outside the UK only, and dates a moment on the reader's day", () => {
    const summer = Date.parse("2026-07-01T13:30:00Z");
    expect(momentFor(summer, "Europe/London")).toBe("Wednesday 1 July at 14:30");
    expect(momentFor(summer, null)).toBe("Wednesday 1 July at 14:30");
    expect(momentFor(summer, "America/New_York")).toBe("Wednesday 1 July at 09:30 (New York time)");
    expect(momentFor(Date.parse("2026-12-01T13:30:00Z"), "America/New_York")).toBe(
      "Tuesday 1 December at 08:30 (New York time)",
    );
    const lateNight = Date.parse("2026-11-27T23:30:00Z");
    expect(formatShortDate(lateNight)).toBe("27 Nov");
    expect(formatShortDate(lateNight, "Australia/Sydney")).toBe("28 Nov");
    expect(formatLongDate(lateNight, "America/New_York")).toBe("27 November 2026");
    expect(formatLongDate(lateNight, "Europe/Paris")).toBe("28 November 2026");
    expect(dateTimeFor(lateNight, null)).toBe("27 Nov 2026, 23:30");
    expect(dateTimeFor(lateNight, "Europe/Paris")).toBe("28 Nov 2026, 00:30");
    expect(timeFor(summer, null)).toBe("14:30");
    expect(timeFor(summer, "Europe/London")).toBe("14:30");
    expect(timeFor(summer, "Europe/Paris")).toBe("15:30 (Paris time)");
    expect(timeFor(Date.parse("2026-12-01T13:30:00Z"), "Europe/Paris")).toBe("14:30 (Paris time)");
  });

  // Decision 0098: when the rates were saved, on the staff rates page: the zone always named.
  it.each([
    ["2026-11-29T23:30:00Z", "Europe/Paris", "30 Nov at 00:30 (Paris time)"],
    ["2026-07-01T13:30:00Z", "Europe/London", "1 Jul at 14:30 (UK time)"],
    ["2026-11-29T23:30:00Z", null, "29 Nov at 23:30 (UK time)"],
    ["2026-03-29T01:30:00Z", "America/New_York", "28 Mar at 21:30 (New York time)"],
  ])("says when %s happened to a reader in %s: %s", (iso, zone, shown) =>
    expect(dayAndTimeFor(Date.parse(iso), zone)).toBe(shown),
  );
});
