const monthYear = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** 'November 2026' */
export const formatMonthYear = (ms: number) => monthYear.format(ms);
/** '22 November 2026' */
export const formatLongDate = (ms: number) => longDate.format(ms);

const ukTime = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Europe/London" });
/** '14:30', as a clock in the UK reads (BST or GMT). */
export const formatUkTime = (ms: number) => ukTime.format(ms);

const ukLongDate = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "Europe/London" });
/** 'Friday 27 November': a deadline as a UK reader reads it (every deadline a person is given). */
export const formatDeadline = (ms: number) => ukLongDate.format(ms).replace(",", "");

const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;

/** Monday 00:00 UTC of the week `ms` falls in (finance weeks, payouts and charts use it). */
export function startOfWeekUTC(ms: number) {
  const day = Math.floor(ms / DAY_MS);
  // 1 January 1970 was a Thursday: day 0 is weekday 3 counted from Monday.
  const weekday = (day + 3) % 7;
  return (day - weekday) * DAY_MS;
}

const shortDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
/** '2 Dec' */
export const formatShortDate = (ms: number) => shortDate.format(ms);

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
