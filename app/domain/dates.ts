// Every date a person reads goes through formatWhen (below, issue 45 item 6):
// these are its common uses. A reader's zone, when the caller knows it, makes a deadline theirs;
// without one a deadline reads in UK time, and a calendar date (a month, a day) as UTC records it.

/** 'November 2026' */
export const formatMonthYear = (ms: number) => formatWhen(ms, "UTC", "monthYear");
/** '22 November 2026': the day a moment fell on, in the reader's zone when known (else as UTC records it). */
export const formatLongDate = (ms: number, zone?: string | null) => formatWhen(ms, zone ?? "UTC", "longDate");

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

/** '2 Dec': a moment's day in the reader's zone when known (calendar weeks and rate days keep UTC: no zone). */
export const formatShortDate = (ms: number, zone?: string | null) => formatWhen(ms, zone ?? "UTC", "shortDate");

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

// Dates and times where the reader is (issue 45, item 6; decision 0087): one helper every date a
// person reads goes through, in their own time zone (an IANA name: from the edge's cf.timezone,
// the browser, or their account), with Intl alone (no time-zone library: Workers carry the zone
// data). The zone is named where a moment matters ('by 14:49 (Paris time)').

export const DEFAULT_TIME_ZONE = "Europe/London";

const checked = new Map<string, boolean>();
/** The zone's IANA name if Intl knows it ('Europe/Paris'), else null: a forged cookie cannot throw later. */
export function validTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value))
    return null;
  if (!checked.has(value)) {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone: value });
      checked.set(value, true);
    } catch {
      checked.set(value, false);
    }
  }
  return checked.get(value) ? value : null;
}

/** How a zone is named to its reader: 'UK time', 'Paris time', 'New York time', else its offset ('UTC+05:30'). */
export function zoneLabel(zone: string) {
  if (zone === "Europe/London") return "UK time";
  if (zone === "UTC" || zone === "Etc/UTC") return "UTC";
  const city = zone.split("/").pop()!;
  if (zone.includes("/") && !zone.startsWith("Etc/")) return `${city.replace(/_/g, " ")} time`;
  return zone;
}

export type WhenStyle =
  /** 'Friday 27 November' */
  | "deadline"
  /** 'Friday 27 November, 14:49 (Paris time)' */
  | "deadlineTime"
  /** '14:49 (Paris time)' */
  | "time"
  /** '14:49' (messages: the zone is the reader's own, no need to say it at every line) */
  | "clock"
  /** '27 Nov 2026, 14:49' */
  | "dateTime"
  /** '27 November 2026' */
  | "longDate"
  /** '27 Nov' */
  | "shortDate"
  /** 'November 2026' */
  | "monthYear";

const OPTIONS: Record<WhenStyle, Intl.DateTimeFormatOptions> = {
  deadline: { weekday: "long", day: "numeric", month: "long" },
  deadlineTime: {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  },
  time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  clock: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  dateTime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  longDate: { day: "numeric", month: "long", year: "numeric" },
  shortDate: { day: "numeric", month: "short" },
  monthYear: { month: "long", year: "numeric" },
};
const NAMED: ReadonlySet<WhenStyle> = new Set(["deadlineTime", "time"]);

// Made once per zone and style: a formatter costs far more than a format (decision 0077).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, style: WhenStyle) {
  const key = `${zone}|${style}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-GB", { ...OPTIONS[style], timeZone: zone });
    formatters.set(key, found);
  }
  return found;
}

/** A moment as the reader reads it in their zone (an unknown zone reads as the UK's). */
export function formatWhen(ms: number, zone: string | null | undefined, style: WhenStyle): string {
  const tz = validTimeZone(zone) ?? DEFAULT_TIME_ZONE;
  // The same moments come back at every request (a conversation's messages, a dashboard's rows):
  // each text is kept per isolate, up to a few thousand at once (Intl's format was 2–3% of a
  // conversation page's CPU).
  const key = `${ms}|${tz}|${style}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  if (formatted.size >= 4000) formatted.clear();
  const text = formatWhenOf(ms, tz, style);
  formatted.set(key, text);
  return text;
}
const formatted = new Map<string, string>();

function formatWhenOf(ms: number, tz: string, style: WhenStyle): string {
  const text = formatter(tz, style)
    .format(ms)
    .replace(/^(\w+),/, "$1")
    .replace(" at ", ", ");
  return NAMED.has(style) ? `${text} (${zoneLabel(tz)})` : text;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day a moment falls on in a zone, as a day number since 1970 (for 'tomorrow', 'the day before'). */
export function localDayNumber(ms: number, zone: string | null | undefined) {
  const tz = validTimeZone(zone) ?? DEFAULT_TIME_ZONE;
  let format = dayFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone: tz });
    dayFormats.set(tz, format);
  }
  return Date.parse(`${format.format(ms)}T00:00:00Z`) / DAY_MS;
}

/**
 * A rental's reminder is due when its window ends tomorrow (or already today) on the shopper's own
 * calendar: the daily run that falls on the day before, in their zone, sends it.
 */
export const reminderDue = (endsAt: number, now: number, zone: string | null | undefined) =>
  localDayNumber(endsAt, zone) - localDayNumber(now, zone) <= 1;

/** 'tomorrow', 'today at 14:30 (Paris time)', 'in 3 days': a window's end as its reader counts days. */
export function endsWhen(endsAt: number, now: number, zone: string | null | undefined) {
  const days = localDayNumber(endsAt, zone) - localDayNumber(now, zone);
  if (days <= 0) return `today at ${formatWhen(endsAt, zone, "time")}`;
  if (days === 1) return "tomorrow";
  return `in ${days} days`;
}

/**
 * The moment a rental's window ends, named in the reader's zone when it is not the UK's ('The 7
 * days end at 14:49 (Paris time)'): the date alone is the deadline a UK reader is given.
 */
export function windowEndsText(endsAt: number, zone: string | null | undefined) {
  const tz = validTimeZone(zone);
  return tz && tz !== DEFAULT_TIME_ZONE ? `The 7 days end on ${formatWhen(endsAt, tz, "deadlineTime")}` : null;
}

/** The reader's zone when it is known and not the UK's: the one whose times are named. */
const elsewhere = (zone: string | null | undefined) => {
  const tz = validTimeZone(zone);
  return tz && tz !== DEFAULT_TIME_ZONE ? tz : null;
};

/**
 * A deadline as its reader is given it (pages and e-mails, decision 0095): the day alone in the UK
 * ('Friday 27 November'), elsewhere the day and the time in their zone, named ('Saturday 28
 * November at 00:59 (Paris time)'): the end of a UK day falls on another hour, or day, there.
 */
export function deadlineFor(
  ms: number,
  zone: string | null | undefined,
  ukStyle: "deadline" | "longDate" = "deadline",
) {
  const tz = elsewhere(zone);
  return tz
    ? `${formatWhen(ms, tz, "deadline")} at ${formatWhen(ms, tz, "time")}`
    : formatWhen(ms, DEFAULT_TIME_ZONE, ukStyle);
}

/** A moment with its time ('Friday 27 November at 14:30'), the zone named when it is not the UK's. */
export function momentFor(ms: number, zone: string | null | undefined) {
  const tz = elsewhere(zone);
  return tz
    ? `${formatWhen(ms, tz, "deadline")} at ${formatWhen(ms, tz, "time")}`
    : `${formatWhen(ms, DEFAULT_TIME_ZONE, "deadline")} at ${formatWhen(ms, DEFAULT_TIME_ZONE, "clock")}`;
}

/** A date and time in a list ('27 Nov 2026, 14:49'), in the reader's zone (UK time when unknown). */
export const dateTimeFor = (ms: number, zone: string | null | undefined) =>
  formatWhen(ms, zone ?? DEFAULT_TIME_ZONE, "dateTime");

/** A time today ('14:30'), the zone named when it is not the UK's ('15:30 (Paris time)'). */
export function timeFor(ms: number, zone: string | null | undefined) {
  const tz = elsewhere(zone);
  return tz ? formatWhen(ms, tz, "time") : formatWhen(ms, DEFAULT_TIME_ZONE, "clock");
}

/**
 * A moment on a staff page that says when something happened ('29 Nov at 15:30 (Paris time)'),
 * its day and time in the reader's zone and the zone always named, the UK's too (decision 0098).
 */
export function dayAndTimeFor(ms: number, zone: string | null | undefined) {
  const tz = validTimeZone(zone) ?? DEFAULT_TIME_ZONE;
  return `${formatWhen(ms, tz, "shortDate")} at ${formatWhen(ms, tz, "time")}`;
}
