// Posting an item and sending it back (issue 22): the carriers a handler can choose, the loose
// shape of each carrier's tracking numbers, the link to its tracking page, and the deadlines a
// handler and a shopper are given. Pure: time is passed in.

export const CARRIERS = ["royal_mail", "dpd", "evri", "ups", "other"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Readonly<Record<Carrier, string>> = {
  royal_mail: "Royal Mail",
  dpd: "DPD",
  evri: "Evri",
  ups: "UPS",
  other: "Other",
};

interface CarrierRule {
  /** The loose shape of its tracking numbers, after upper-casing. */
  shape: RegExp;
  /** How the message describes that shape. */
  example: string;
  /** The carrier's public tracking page for a number, or null. */
  url: ((number: string) => string) | null;
}

// Loose on purpose: a carrier's formats change, and refusing a real number is worse than
// accepting an odd one. Each rule catches the common slips (a digit missing, a number typed
// into the wrong carrier) without trying to be the carrier's own check.
const RULES: Readonly<Record<Carrier, CarrierRule>> = {
  royal_mail: {
    shape: /^(?:[A-Z]{2}\d{9}GB|[A-Z0-9]{11,16})$/,
    example: "2 letters, 9 digits and GB (AB123456789GB), or 11 to 16 letters and digits",
    url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  },
  dpd: { shape: /^\d{10,14}$/, example: "10 to 14 digits", url: (n) => `https://track.dpd.co.uk/parcels/${n}` },
  evri: {
    shape: /^[A-Z0-9]{8,20}$/,
    example: "8 to 20 letters and digits",
    url: (n) => `https://www.evri.com/track/parcel/${n}`,
  },
  ups: {
    shape: /^1Z[A-Z0-9]{16}$/,
    example: "1Z followed by 16 letters and digits",
    url: (n) => `https://www.ups.com/track?tracknum=${n}`,
  },
  other: { shape: /^[A-Z0-9-]{6,40}$/, example: "6 to 40 letters, digits or dashes", url: null },
};

export const isCarrier = (value: unknown): value is Carrier =>
  typeof value === "string" && (CARRIERS as readonly string[]).includes(value);

export type TrackingInput =
  | { ok: true; carrier: Carrier; trackingNumber: string }
  | { ok: false; errors: { carrier?: string; trackingNumber?: string } };

/** Reads a carrier and tracking number from a form's values; messages name what is wrong. */
export function readTracking(carrierValue: unknown, numberValue: unknown): TrackingInput {
  if (!isCarrier(carrierValue)) return { ok: false, errors: { carrier: "Choose the carrier." } };
  const raw = typeof numberValue === "string" ? numberValue.trim() : "";
  if (raw === "") return { ok: false, errors: { trackingNumber: "Enter the tracking number." } };
  if (/\s/.test(raw)) return { ok: false, errors: { trackingNumber: "Enter the tracking number without spaces." } };
  const trackingNumber = raw.toUpperCase();
  const rule = RULES[carrierValue];
  if (!rule.shape.test(trackingNumber)) {
    const whose = carrierValue === "other" ? "a" : `a ${CARRIER_NAMES[carrierValue]}`;
    return {
      ok: false,
      errors: { trackingNumber: `That does not look like ${whose} tracking number: expected ${rule.example}.` },
    };
  }
  return { ok: true, carrier: carrierValue, trackingNumber };
}

/** The carrier's tracking page for a number, or null (Other, or nothing stored). */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined) {
  if (!isCarrier(carrier) || !trackingNumber) return null;
  const url = RULES[carrier].url;
  return url ? url(encodeURIComponent(trackingNumber)) : null;
}

/** What a refused 'Mark shipped' form answers: its field errors and what was sent, by order. */
export interface ShipFormResult {
  intent?: string | null;
  orderId?: string;
  errors?: { carrier?: string; trackingNumber?: string };
  values?: { carrier?: string; trackingNumber?: string };
}

/** A handler posts an order within this many working days of it being placed. */
export const DISPATCH_WORKING_DAYS = 2;

const DAY_MS = 24 * 60 * 60 * 1000;
const ukWeekday = new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "Europe/London" });
// Made once: a formatter per step cost ~35 of them per dispatch date (decision 0077).
const ukDateFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });
const ukDate = (t: number) => ukDateFormat.format(t);
const ukDayEnd = (ms: number) => {
  // 23:59:59 UK time of the day `ms` falls in: found by stepping forward to the next UK midnight.
  const day = ukDate(ms);
  let end = ms;
  let step = 60 * 60 * 1000;
  while (ukDate(end + step) === day) end += step;
  while (step > 1000) {
    step /= 2;
    if (ukDate(end + step) === day) end += step;
  }
  return Math.floor(end / 1000) * 1000 + 999;
};

/**
 * The end of the second working day (Monday to Friday, UK time) after an order was placed: the
 * date the handler must post it by. UK bank holidays are not counted out (decision 0041).
 */
export function dispatchBy(placedAt: number) {
  // A pure function of the moment, asked for every card of a dashboard's Orders tab at every
  // request (~25 date formats each): kept per isolate, up to a thousand moments at once.
  const known = dispatchByKept.get(placedAt);
  if (known !== undefined) return known;
  if (dispatchByKept.size >= 1000) dispatchByKept.clear();
  const by = dispatchByOf(placedAt);
  dispatchByKept.set(placedAt, by);
  return by;
}
const dispatchByKept = new Map<number, number>();

function dispatchByOf(placedAt: number) {
  let t = placedAt;
  let days = 0;
  while (days < DISPATCH_WORKING_DAYS) {
    t += DAY_MS;
    const weekday = ukWeekday.format(t);
    if (weekday !== "Sat" && weekday !== "Sun") days++;
  }
  return ukDayEnd(t);
}

/** A purchase return is posted within this many days of asking for it. */
export const RETURN_POST_DAYS = 7;

/**
 * The date a shopper must post a return by: a rental by the end of its window (never less than
 * 2 days after asking), a purchase within 7 days of asking.
 */
export function returnPostBy(kind: "rental" | "purchase", requestedAt: number, rentalEndsAt: number | null) {
  if (kind === "rental" && rentalEndsAt != null) return ukDayEnd(Math.max(rentalEndsAt, requestedAt + 2 * DAY_MS));
  return ukDayEnd(requestedAt + RETURN_POST_DAYS * DAY_MS);
}
