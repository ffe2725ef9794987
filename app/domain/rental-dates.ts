// Renting for a date (issue 44, items 1 and 5; decision 0080). Pure: time is passed in.
//
// A 'need it by' date is a UK calendar day ('YYYY-MM-DD'). The handler posts within the same
// working days as every order (DISPATCH_WORKING_DAYS, decision 0041) and the carrier takes the
// destination zone's transit days more (TRANSIT_DAYS of shipping-zones.ts: 2 in the UK, more
// abroad; decision 0099); nothing is delivered on a Saturday or a Sunday. So the earliest day a
// shopper can choose is the transit's working days after the dispatch deadline, a date on a weekend
// is met by the Friday before it, and the handler's 'post by' day is that delivery day less the transit.

import { countryOf } from "./countries";
import { DISPATCH_WORKING_DAYS, dispatchBy, returnPostBy } from "./shipping";
import { RENTAL_DAYS } from "./order-lifecycle";
import { TRANSIT_DAYS, transitDaysTo, zoneOf } from "./shipping-zones";
import { backAroundLabel } from "./catalog";

/** Working days (Monday to Friday) a parcel spends with the carrier inside the UK, out or back: the UK zone's. */
export const TRANSIT_WORKING_DAYS = TRANSIT_DAYS.uk;
/** A need-by date may be at most this many days ahead (an item is not held longer for one shopper). */
export const NEED_BY_MAX_DAYS = 60;
/** Days a returned rental is 'Being prepared' unless its handler set otherwise (item 4). */
export const DEFAULT_TURNAROUND_DAYS = 2;
/** The handler's setting: from 0 (live again at once) to this many days. */
export const MAX_TURNAROUND_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ukDayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });

/** A UK calendar day as the number of days since 1 January 1970. */
type DayNumber = number;

const toDayNumber = (day: string): DayNumber | null => {
  const m = DAY_SHAPE.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  // 31 February and the like roll over: refuse them rather than guess.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) return null;
  return ms / DAY_MS;
};
const fromDayNumber = (n: DayNumber) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** 1 January 1970 was a Thursday: Monday is 0. */
const weekdayOf = (n: DayNumber) => (n + 3) % 7;
const isWorkingDay = (n: DayNumber) => weekdayOf(n) < 5;

/** The UK calendar day a moment falls in ('2026-12-04'). */
export const ukDay = (ms: number) => ukDayFormat.format(ms);

/** The day `count` working days after (or, negative, before) `day`. */
export function addWorkingDays(day: string, count: number): string {
  let n = toDayNumber(day);
  if (n === null) throw new RangeError(`Not a day: ${day}`);
  const step = count < 0 ? -1 : 1;
  for (let left = Math.abs(count); left > 0;) {
    n += step;
    if (isWorkingDay(n)) left--;
  }
  return fromDayNumber(n);
}

/** The day itself when it is a working day, else the Friday before it. */
export function workingDayOnOrBefore(day: string): string {
  let n = toDayNumber(day);
  if (n === null) throw new RangeError(`Not a day: ${day}`);
  while (!isWorkingDay(n)) n--;
  return fromDayNumber(n);
}

/** The earliest need-by day a shopper checking out at `now` can choose, for a parcel `transitDays` in the post. */
export const earliestNeedBy = (now: number, transitDays: number = TRANSIT_WORKING_DAYS) =>
  addWorkingDays(addWorkingDays(ukDay(now), DISPATCH_WORKING_DAYS), transitDays);
/** The same for delivery to a country: its zone's transit days (the UK's for one we do not know). */
export const earliestNeedByTo = (now: number, country: unknown) => earliestNeedBy(now, transitDaysTo(country));
/** The latest one. */
export const latestNeedBy = (now: number) => fromDayNumber(toDayNumber(ukDay(now))! + NEED_BY_MAX_DAYS);

/**
 * The date field's range at checkout, for the country the form starts from (the last order's
 * ship-to): its earliest day, and the country's name when it is abroad (the page says why it is
 * later). The address can still change on the form: the date is checked again on submit.
 */
export function needByRangeTo(now: number, country: unknown) {
  const abroad = (zoneOf(country) ?? "uk") !== "uk" ? (countryOf(country)?.name ?? null) : null;
  return { min: earliestNeedByTo(now, country), max: latestNeedBy(now), to: abroad };
}

/**
 * When a rental with this need-by day arrives (no weekend deliveries) and when its handler posts it
 * by: the arrival less the parcel's working days in the post (the destination zone's).
 */
export function needByPlan(needBy: string, transitDays: number = TRANSIT_WORKING_DAYS) {
  const arrivesBy = workingDayOnOrBefore(needBy);
  return { needBy, arrivesBy, postBy: addWorkingDays(arrivesBy, -transitDays) };
}

export const NEED_BY_MESSAGES = {
  unparseable: "Enter the date as day, month and year, such as 2026-12-18.",
  past: "That date has passed: choose a date from today on.",
  tooSoon: (earliest: string) => `That is sooner than we can deliver: the earliest date is ${formatDay(earliest)}.`,
  /** Abroad (decision 0099): the country is named, its parcels take longer. */
  tooSoonTo: (earliest: string, country: string) =>
    `That is too early for delivery to ${country}: the earliest date is ${formatDay(earliest)}.`,
  tooLate: (latest: string) => `Choose a date within ${NEED_BY_MAX_DAYS} days: the latest is ${formatDay(latest)}.`,
} as const;

export type NeedByInput = { ok: true; plan: ReturnType<typeof needByPlan> | null } | { ok: false; error: string };

/**
 * Reads a need-by field: empty means no date (as before issue 44); otherwise a day the carrier can
 * meet delivering to `country` (the order's ship-to: its zone's transit days; the UK when not given).
 */
export function readNeedBy(value: unknown, now: number, country?: unknown): NeedByInput {
  const raw = typeof value === "string" ? value.trim() : "";
  if (raw === "") return { ok: true, plan: null };
  const n = raw.length <= 10 ? toDayNumber(raw) : null;
  if (n === null) return { ok: false, error: NEED_BY_MESSAGES.unparseable };
  const day = fromDayNumber(n);
  if (day < ukDay(now)) return { ok: false, error: NEED_BY_MESSAGES.past };
  const transit = transitDaysTo(country);
  const earliest = earliestNeedBy(now, transit);
  if (workingDayOnOrBefore(day) < earliest) return { ok: false, error: tooSoonFor(earliest, country) };
  const latest = latestNeedBy(now);
  if (day > latest) return { ok: false, error: NEED_BY_MESSAGES.tooLate(latest) };
  return { ok: true, plan: needByPlan(day, transit) };
}

/** The too-soon message: the UK's as before, a country abroad named with its own earliest date. */
const tooSoonFor = (earliest: string, country: unknown) => {
  const abroad = (zoneOf(country) ?? "uk") !== "uk" ? countryOf(country) : null;
  return abroad ? NEED_BY_MESSAGES.tooSoonTo(earliest, abroad.name) : NEED_BY_MESSAGES.tooSoon(earliest);
};

const dayFormat = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
/** 'Friday 4 December' for a stored day. */
export const formatDay = (day: string) => dayFormat.format(toDayNumber(day)! * DAY_MS).replace(",", "");
/** The end of a UK day, as a moment (23:59 UK time): what a day a person is given means. */
export const endOfDay = (day: string) => {
  const n = toDayNumber(day)!;
  // London is UTC or UTC+1: the later of the two ends is within the day either way.
  const utcEnd = (n + 1) * DAY_MS - 1;
  return ukDay(utcEnd) === day ? utcEnd : utcEnd - 60 * 60 * 1000;
};

/**
 * The moment an order's items must be posted by: the usual dispatch deadline (decision 0041), or
 * for items needed by a date the end of their post-by day, whichever comes first.
 */
export function orderPostBy(placedAt: number, items: readonly { postBy?: string | null }[]) {
  if (items.length === 0) return dispatchBy(placedAt);
  return Math.min(...items.map((i) => (i.postBy ? endOfDay(i.postBy) : dispatchBy(placedAt))));
}

/** Is a handler reminded of this post-by day at `now` (the day before it, or later while not posted)? */
export const postByReminderDue = (postBy: string, now: number) => addDays(postBy, -1) <= ukDay(now);
const addDays = (day: string, count: number) => fromDayNumber(toDayNumber(day)! + count);

// ---------------------------------------------------------------------------------------------
// 'Back around …' (item 5)

/** Where an item's current rental stands, with what the date depends on. */
export interface RentalForBack {
  status: string;
  placedAt: number;
  shippedAt: number | null;
  /** The 'need it by' plan's arrival day, when the shopper chose one. */
  arrivesBy: string | null;
  rentalEndsAt: number | null;
  returnRequestedAt: number | null;
  /** Working days with the carrier each way: the destination zone's (decision 0094); the UK's when absent. */
  transitDays?: number;
}

/**
 * When an item out on rental (or on its way, or reserved for one) is expected back on sale: the
 * rental window's end, plus the return's transit and the handler's turnaround. Before delivery the
 * window is counted from the expected delivery. Null when the rental ends in no return.
 */
export function backAroundAt(rental: RentalForBack, turnaroundDays: number): number | null {
  const transit = rental.transitDays ?? TRANSIT_WORKING_DAYS;
  const after = (windowEnd: number) => endOfDay(addWorkingDays(ukDay(windowEnd), transit)) + turnaroundDays * DAY_MS;
  switch (rental.status) {
    case "pending":
    case "processing":
    case "shipped": {
      const delivered =
        rental.arrivesBy ??
        addWorkingDays(
          ukDay(rental.shippedAt ?? rental.placedAt),
          (rental.shippedAt ? 0 : DISPATCH_WORKING_DAYS) + transit,
        );
      return after(endOfDay(delivered) + RENTAL_DAYS * DAY_MS);
    }
    case "delivered":
    case "active":
      return rental.rentalEndsAt === null ? null : after(rental.rentalEndsAt);
    case "return_requested":
      // Sent back early: posted by its return deadline (the window's end, at least 2 days after asking).
      return rental.returnRequestedAt === null
        ? null
        : after(returnPostBy("rental", rental.returnRequestedAt, rental.rentalEndsAt));
    default:
      return null;
  }
}

/** The end of a turnaround that starts at `returnedAt`. */
export const preparedUntil = (returnedAt: number, turnaroundDays: number) => returnedAt + turnaroundDays * DAY_MS;

/** 'Back around 12 December'; 'Back soon' once that day has passed or when it is not known. */
export function backAroundText(at: number | null, now: number) {
  if (at === null || at < now) return "Back soon";
  return backAroundLabel(at);
}
