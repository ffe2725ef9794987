import { formatWhen } from "./local-time";

// Every date a person reads goes through formatWhen (app/domain/local-time.ts, issue 45 item 6):
// these are its common uses. A reader's zone, when the caller knows it, makes a deadline theirs;
// without one a deadline reads in UK time, and a calendar date (a month, a day) as UTC records it.

/** 'November 2026' */
export const formatMonthYear = (ms: number) => formatWhen(ms, "UTC", "monthYear");
/** '22 November 2026' */
export const formatLongDate = (ms: number) => formatWhen(ms, "UTC", "longDate");

/** '14:30', as a clock in the UK reads (BST or GMT), or in the reader's zone. */
export const formatUkTime = (ms: number, zone?: string | null) => formatWhen(ms, zone ?? "Europe/London", "clock");

/** 'Friday 27 November': a deadline as its reader reads it (every deadline a person is given), UK time unless their zone is known. */
export const formatDeadline = (ms: number, zone?: string | null) => formatWhen(ms, zone ?? "Europe/London", "deadline");

const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;

/** Monday 00:00 UTC of the week `ms` falls in (finance weeks, payouts and charts use it). */
export function startOfWeekUTC(ms: number) {
  const day = Math.floor(ms / DAY_MS);
  // 1 January 1970 was a Thursday: day 0 is weekday 3 counted from Monday.
  const weekday = (day + 3) % 7;
  return (day - weekday) * DAY_MS;
}

/** '2 Dec' */
export const formatShortDate = (ms: number) => formatWhen(ms, "UTC", "shortDate");

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * DAY_MS],
  ["month", 30 * DAY_MS],
  ["week", 7 * DAY_MS],
  ["day", DAY_MS],
  ["hour", 60 * 60 * 1000],
  ["minute", 60 * 1000],
];
const relative = new Intl.RelativeTimeFormat("en-GB", { numeric: "always" });

/** '3 days ago', 'just now': how long before `now` a moment was (seller-store-admin.md §2, Orders). */
export function timeAgo(ms: number, now: number) {
  const elapsed = Math.max(0, now - ms);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return "just now";
}
