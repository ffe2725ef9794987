// A parcel's tracking (issue 44 item 3; decision 0082): the statuses a label's events can bring,
// how far along each is, and the words the shopper reads. Pure.

export const TRACKING_STATUSES = ["in_transit", "out_for_delivery", "delivered", "returned_to_sender"] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const isTrackingStatus = (value: unknown): value is TrackingStatus =>
  typeof value === "string" && (TRACKING_STATUSES as readonly string[]).includes(value);

export const TRACKING_WORDS: Readonly<Record<TrackingStatus, string>> = {
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  returned_to_sender: "Returned to sender",
};

/** How far along a status is: a later event never takes a parcel back (an 'in transit' arriving after 'delivered'). */
const RANK: Readonly<Record<TrackingStatus, number>> = {
  in_transit: 1,
  out_for_delivery: 2,
  delivered: 3,
  returned_to_sender: 3,
};

/** The parcel's status after an event: the further along of the two (the first of two finals stays). */
export function trackingAfter(current: TrackingStatus | null, incoming: TrackingStatus): TrackingStatus {
  if (current === null) return incoming;
  return RANK[incoming] > RANK[current] ? incoming : current;
}

/**
 * A provider's tracker status in our words, or null for the ones a timeline does not show
 * (EasyPost's pre_transit, unknown, available_for_pickup, failure, cancelled, error).
 */
export function trackingStatusOf(providerStatus: unknown): TrackingStatus | null {
  if (providerStatus === "return_to_sender") return "returned_to_sender";
  return isTrackingStatus(providerStatus) ? providerStatus : null;
}

export interface TimelineStep {
  status: TrackingStatus;
  occurredAt: number;
}

/** The timeline as the shopper reads it: oldest first, by when each step happened at the carrier. */
export const timelineOf = (events: readonly TimelineStep[]): TimelineStep[] =>
  [...events].sort((a, b) => a.occurredAt - b.occurredAt || RANK[a.status] - RANK[b.status]);

interface ParcelInput {
  id: string;
  direction: "outbound" | "return";
  carrier: string | null;
  service: string | null;
  trackingNumber: string | null;
  trackingStatus: TrackingStatus | null;
  itemIds: string[];
  events: TimelineStep[];
  /** A claim's return (decision 0093): shown from the claim's full refund, whatever the item's status. */
  claimId?: string | null;
}

/** Items whose way back the prepaid return label serves: a rental out with the shopper, anything being returned. */
const COMING_BACK = new Set(["delivered", "active", "return_requested"]);

/**
 * What the shopper's order page shows of its parcels: each parcel going out with its timeline,
 * and the prepaid return labels they can use now (a rental's from delivery; a purchase's once
 * its return is asked for; a claim's from its full refund, with its timeline until it is back).
 */
export function shopperParcels(
  parcels: readonly ParcelInput[],
  items: readonly { id: string; name: string; type: "rental" | "purchase"; status: string }[],
) {
  const namesOf = (ids: string[]) => items.filter((i) => ids.includes(i.id)).map((i) => i.name);
  const outbound = parcels
    .filter((p) => p.direction === "outbound")
    .map((p) => ({
      id: p.id,
      carrier: p.carrier,
      service: p.service,
      trackingNumber: p.trackingNumber,
      status: p.trackingStatus,
      timeline: timelineOf(p.events),
      names: namesOf(p.itemIds),
    }));
  const returns = parcels
    .filter(
      (p) =>
        p.direction === "return" &&
        (p.claimId != null ||
          items.some(
            (i) =>
              p.itemIds.includes(i.id) &&
              ((i.type === "rental" && COMING_BACK.has(i.status)) || i.status === "return_requested"),
          )),
    )
    .map((p) => ({
      id: p.id,
      forClaim: p.claimId != null,
      trackingNumber: p.trackingNumber,
      status: p.trackingStatus,
      timeline: timelineOf(p.events),
      names: namesOf(p.itemIds),
    }));
  return { outbound, returns };
}
export type ShopperParcels = ReturnType<typeof shopperParcels>;
