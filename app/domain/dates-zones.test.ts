import { describe, expect, it } from "vitest";
import { endsWhen, formatWhen, localDayNumber, reminderDue, validTimeZone, zoneLabel } from "./dates";

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
  ])("reads %s in %s as %s across the clock change", (iso, zone, shown) => expect(formatWhen(Date.parse(iso), zone, "time")).toBe(shown));

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
});
