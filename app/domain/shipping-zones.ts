import { countryOf, type ShippingZone } from "./countries";
import { DELIVERY_FEE_PER_GROUP, groupKey, handlerGroups } from "./delivery";
import { formatGBP, parsePounds } from "./money";

// Where a handler (a seller, or a store for the items it handles) ships, and what each zone costs
// (issue 45, item 4; decision 0086). Three zones: the United Kingdom, Europe, the rest of the
// world. A handler reaches the UK only (everyone, by default), Europe too, or the world. Inside
// the UK the fee stays DECISIONS.md's £3.99 per group; the handler names Europe's and the world's.

export type { ShippingZone };
export const SHIPPING_REACHES = ["uk", "europe", "worldwide"] as const;
export type ShippingReach = (typeof SHIPPING_REACHES)[number];

export const REACH_LABELS: Readonly<Record<ShippingReach, string>> = {
  uk: "United Kingdom only",
  europe: "United Kingdom and Europe",
  worldwide: "Worldwide",
};
export const ZONE_NAMES: Readonly<Record<ShippingZone, string>> = {
  uk: "United Kingdom",
  europe: "Europe",
  world: "Rest of the world",
};

export interface ShippingSettings {
  reach: ShippingReach;
  /** Pence per handler group sent to Europe, or to the rest of the world (null: not offered). */
  europeFee: number | null;
  worldFee: number | null;
}

export const UK_ONLY: ShippingSettings = { reach: "uk", europeFee: null, worldFee: null };
/** The highest fee a handler can ask for one parcel: £100. */
export const MAX_ZONE_FEE = 10_000;

/** The zone of a country code, or null for one we do not know (and do not deliver to). */
export const zoneOf = (country: unknown): ShippingZone | null => countryOf(country)?.zone ?? null;

const REACHES: Readonly<Record<ShippingReach, readonly ShippingZone[]>> = {
  uk: ["uk"],
  europe: ["uk", "europe"],
  worldwide: ["uk", "europe", "world"],
};

/** What one parcel from this handler to this country costs in pence, or null when they do not ship there. */
export function deliveryFeeTo(settings: ShippingSettings | null | undefined, country: unknown): number | null {
  const zone = zoneOf(country);
  const s = settings ?? UK_ONLY;
  if (!zone || !REACHES[s.reach].includes(zone)) return null;
  if (zone === "uk") return DELIVERY_FEE_PER_GROUP;
  return zone === "europe" ? s.europeFee : s.worldFee;
}

/** The zones a handler's reach covers, for the listings' 'Ships to' filter (SQL reads the same reach names). */
export const reachesFor = (zone: ShippingZone): ShippingReach[] =>
  SHIPPING_REACHES.filter((r) => REACHES[r].includes(zone));

/**
 * Days a parcel takes between the UK and a zone: a rental's return from abroad is timed with them
 * (the shopper posts it by the window's end, and it is expected back this much later).
 */
export const TRANSIT_DAYS: Readonly<Record<ShippingZone, number>> = { uk: 2, europe: 5, world: 10 };

/** Working days a parcel takes to or from a country (the UK's for one we do not know): out, and a rental's return. */
export const transitDaysTo = (country: unknown): number => TRANSIT_DAYS[zoneOf(country) ?? "uk"];

/**
 * What a handler group sent to a country pays for its rentals' return parcel (decision 0094): a
 * group holding a rental sent abroad comes back from abroad, one parcel at the zone's fee, paid at
 * checkout with the delivery. Inside the UK the £3.99 pays both ways (decision 0082's return label).
 */
export function returnFeeFor(outbound: number | null, country: unknown, lines: readonly { type?: string }[]): number {
  if (outbound === null) return 0;
  return rentalsFromAbroad(country, lines) ? outbound : 0;
}

/** Does a group sent to this country pay its rentals' return parcel at checkout (abroad, holding a rental)? */
const rentalsFromAbroad = (country: unknown, lines: readonly { type?: string }[]) =>
  (zoneOf(country) ?? "uk") !== "uk" && lines.some((l) => l.type === "rental");

/**
 * The most one label of a parcel may cost, out or back (decision 0099): one way at the fee its
 * group paid for its destination's zone — £3.99 in the UK (decision 0082: the £3.99 pays both
 * labels), the zone's fee abroad, for a purchase's return too. A rental group abroad paid the fee
 * twice (out and back, decision 0094): one of them. Orders from before per-group fees: £3.99.
 */
export function labelBudget(
  groupFee: number | null | undefined,
  country: unknown,
  lines: readonly { type?: string }[],
): number {
  if (groupFee === null || groupFee === undefined) return DELIVERY_FEE_PER_GROUP;
  return rentalsFromAbroad(country, lines) ? Math.floor(groupFee / 2) : groupFee;
}

/** What the product page says about sending this handler's item to the shopper's country. */
export function shipsToLine(
  settings: ShippingSettings | null | undefined,
  country: unknown,
): { ships: boolean; text: string } | null {
  const found = countryOf(country);
  if (!found) return null;
  const fee = deliveryFeeTo(settings, found.code);
  if (fee === null) return { ships: false, text: `Does not ship to ${found.name}` };
  return { ships: true, text: `Ships to ${found.name}: ${formatGBP(fee)} delivery` };
}

export type ShippingSettingsErrors = Partial<Record<"reach" | "europeFee" | "worldFee", string>>;

/** The dashboard's 'Where you ship' form: the reach, and a fee for each zone it adds (£0 to £100). */
export function readShippingSettings(values: {
  reach: unknown;
  europeFee: unknown;
  worldFee: unknown;
}): { ok: true; value: ShippingSettings } | { ok: false; errors: ShippingSettingsErrors } {
  const reach = SHIPPING_REACHES.find((r) => r === values.reach);
  if (!reach) return { ok: false, errors: { reach: "Choose where you ship." } };
  const errors: ShippingSettingsErrors = {};
  const fee = (field: "europeFee" | "worldFee", zone: string, needed: boolean) => {
    const typed = typeof values[field] === "string" ? (values[field] as string).trim() : "";
    if (!needed) return null;
    if (!typed) {
      errors[field] = `Enter the delivery fee to ${zone}.`;
      return null;
    }
    const pence = parsePounds(typed);
    if (pence === null) errors[field] = `Enter the delivery fee to ${zone} in pounds, such as 12.50.`;
    else if (pence < 0 || pence > MAX_ZONE_FEE)
      errors[field] = `The delivery fee to ${zone} must be between £0.00 and ${formatGBP(MAX_ZONE_FEE)}.`;
    return pence;
  };
  const europeFee = fee("europeFee", "Europe", reach !== "uk");
  const worldFee = fee("worldFee", "the rest of the world", reach === "worldwide");
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { reach, europeFee, worldFee } };
}

/**
 * The basket's delivery to one country (issue 45 item 4): each handler group pays its own zone fee,
 * and a group whose handler does not ship there is refused, naming its items. `settingsOf` gives
 * the handler's settings by group key (app/domain/delivery.ts groupKey).
 */
export function deliveryTo<
  T extends { handler: "vendor" | "store"; sellerId: string | null; name: string; type?: string },
>(
  lines: readonly T[],
  settingsOf: ReadonlyMap<string, ShippingSettings>,
  country: unknown,
):
  | { ok: true; delivery: number; returns: number; feeOf: (line: T) => number }
  | { ok: false; refused: string[]; message: string } {
  const where = countryOf(country);
  const fees = new Map<string, number | null>();
  // The rentals' return parcels from abroad: part of the group's fee (and of `delivery`), `returns` says how much.
  let returns = 0;
  for (const group of handlerGroups([...lines])) {
    const key = groupKey(group[0]!);
    const outbound = deliveryFeeTo(settingsOf.get(key) ?? UK_ONLY, where?.code);
    const back = returnFeeFor(outbound, where?.code, group);
    returns += back;
    fees.set(key, outbound === null ? null : outbound + back);
  }
  const refused = lines.filter((l) => fees.get(groupKey(l)) === null).map((l) => l.name);
  if (refused.length) {
    const place = where?.name ?? "that country";
    const names = refused.map((n) => `"${n}"`).join(", ");
    const message =
      refused.length === 1
        ? `${names} does not ship to ${place}. Remove it from your basket or choose another address to continue.`
        : `These items do not ship to ${place}: ${names}. Remove them from your basket or choose another address to continue.`;
    return { ok: false, refused, message };
  }
  const delivery = [...fees.values()].reduce<number>((sum, fee) => sum + (fee ?? 0), 0);
  return { ok: true, delivery, returns, feeOf: (line) => fees.get(groupKey(line)) ?? 0 };
}
