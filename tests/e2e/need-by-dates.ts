// The 'need it by' date field's values and how the order page says them (renting.spec, abroad.spec).

export const DAY = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const spoken = (ms: number) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" })
    .format(ms)
    .replace(",", "");

/** The first weekday at least `days` ahead: later than the earliest day the checkout offers. */
export function weekdayAhead(days: number) {
  let t = Date.now() + days * DAY;
  while ([0, 6].includes(new Date(t).getUTCDay())) t += DAY;
  return t;
}
