// When a rental's reminder goes out and how it says the window's end (issues 22 and 46), in UK
// calendar days, so the clock change (BST/GMT) and midnight read as a person in the UK reads them.
import { formatUkTime } from "./dates";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const ukDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });
const ukDayNumber = (ms: number) => Date.parse(`${ukDay.format(ms)}T00:00:00Z`) / DAY_MS;

/** The instant a UK calendar day (a day number since 1970) begins: its UTC midnight, or an hour earlier in BST. */
function ukMidnight(day: number) {
  const utcMidnight = day * DAY_MS;
  return ukDayNumber(utcMidnight - HOUR_MS) === day ? utcMidnight - HOUR_MS : utcMidnight;
}

/**
 * Windows ending before this instant get their reminder at `now` (issue 46 item 4): every window
 * that ends tomorrow in the UK, whatever its hour, so the daily run (03:00) reminds the day before
 * rather than 'today at 14:49'; one ending today that was somehow missed is reminded too.
 */
export const remindersDueBefore = (now: number) => ukMidnight(ukDayNumber(now) + 2);

/**
 * When a rental ends, as its reminder says it (issue 22): 'tomorrow' only when the window ends on
 * the next calendar day in the UK, 'today at 14:30' when it ends today, else 'in 3 days'. UK days,
 * so the clock change (BST/GMT) and midnight are read as a person in the UK reads them.
 */
export function rentalEndsWhen(endsAt: number, now: number) {
  const days = ukDayNumber(endsAt) - ukDayNumber(now);
  if (days <= 0) return `today at ${formatUkTime(endsAt)}`;
  if (days === 1) return "tomorrow";
  return `in ${days} days`;
}
