// Ratings both ways (issue 46 item 2; docs/decisions/0091-ratings-and-badges.md). After a completed
// trade (an order item kept or returned) the shopper rates the seller and the seller rates the
// shopper, each once, within RATING_WINDOW_DAYS of the trade's end. Pure: time is passed in.
import type { ItemStatus } from "./order-lifecycle";

export const RATING_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

export type RatingSide = "shopper" | "seller";

/** When a trade ended: completed (kept), else returned, else delivered; null while it is in flight. */
export function tradeEndedAt(item: {
  status: ItemStatus | string;
  completedAt: number | null;
  returnedAt: number | null;
  deliveredAt: number | null;
}) {
  if (item.status !== "completed" && item.status !== "returned") return null;
  return item.completedAt ?? item.returnedAt ?? item.deliveredAt ?? null;
}

export type RatingWindow = "open" | "not_yet" | "closed";

/** Whether a trade that ended at `endedAt` can be rated `now` (an ended trade with no date is open). */
export function ratingWindow(status: ItemStatus | string, endedAt: number | null, now: number): RatingWindow {
  if (status !== "completed" && status !== "returned") return "not_yet";
  if (endedAt !== null && now - endedAt > RATING_WINDOW_DAYS * DAY_MS) return "closed";
  return "open";
}

/** The last day a rating can be given, for the form's note. */
export const ratingDeadline = (endedAt: number) => endedAt + RATING_WINDOW_DAYS * DAY_MS;

export const RATING_MESSAGES = {
  closed: `Ratings can be given for ${RATING_WINDOW_DAYS} days after a trade ends`,
  notYet: "You can rate a trade once it is complete",
  twice: "You have already rated this trade",
} as const;

/** An average as the pages show it: one decimal ('4.8'). */
export const averageText = (average: number) => (Math.round(average * 10) / 10).toFixed(1);

/** '4.8 ★ (12 ratings)', or 'No ratings yet'. */
export function ratingSummary(average: number | null, count: number) {
  if (count === 0 || average === null) return "No ratings yet";
  return `${averageText(average)} ★ (${count} rating${count === 1 ? "" : "s"})`;
}
