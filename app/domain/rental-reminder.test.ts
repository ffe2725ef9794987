import { describe, expect, it } from "vitest";
import { remindersDueBefore, rentalEndsWhen } from "./rental-reminder";

// The daily job runs at 03:00 UTC; a window is reminded by the run of the day before it ends.
describe("which windows the daily run reminds", () => {
  const run = Date.UTC(2026, 11, 1, 3, 0); // Tuesday 1 December, 03:00 (GMT)
  const due = (endsAt: number) => endsAt < remindersDueBefore(run);

  it("reminds a window ending tomorrow after the job's hour the day before, as 'tomorrow' (not 'today at 14:49' on the day)", () => {
    const endsAt = Date.UTC(2026, 11, 2, 14, 49);
    expect(due(endsAt)).toBe(true);
    expect(rentalEndsWhen(endsAt, run)).toBe("tomorrow");
  });

  it("reminds one ending late tomorrow, and not one ending the day after", () => {
    expect(due(Date.UTC(2026, 11, 2, 23, 59))).toBe(true);
    expect(due(Date.UTC(2026, 11, 3, 0, 0))).toBe(false);
    expect(due(Date.UTC(2026, 11, 3, 2, 0))).toBe(false);
  });

  it("counts UK days in summer time (midnight in London is 23:00 UTC)", () => {
    const summer = Date.UTC(2026, 6, 1, 3, 0); // Wednesday 1 July, 04:00 in London
    expect(remindersDueBefore(summer)).toBe(Date.UTC(2026, 6, 2, 23, 0));
    expect(Date.UTC(2026, 6, 2, 22, 59) < remindersDueBefore(summer)).toBe(true);
    expect(Date.UTC(2026, 6, 2, 23, 0) < remindersDueBefore(summer)).toBe(false);
  });
});
