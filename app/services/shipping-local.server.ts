// The local label provider (issue 44 item 2; decision 0082): nothing leaves the machine. It sells
// a Royal Mail Tracked 48 label for a fixed £3.20 inside the UK (within the £3.99 delivery fee of a
// parcel), and Royal Mail's International Tracked to or from a country abroad at its zone's price
// (decision 0099: £8.50 Europe, £14.50 the rest of the world, within the zone fees handlers ask),
// with a tracking number of Royal Mail's shape; the `shipping_labels` row is the label, drawn on its
// page (app/domain/label-svg.ts). Its tracking events come from /dev/shipping, signed in
// EasyPost's scheme with the local secret, to the same webhook code path a real provider uses.
import { zoneOf, type ShippingZone } from "../domain/shipping-zones";
import { LabelRefused, type ShippingProvider } from "./shipping-types";

export const LOCAL_LABEL_COST = 320;
export const LOCAL_LABEL_SERVICE = "Tracked 48";
/** A parcel to or from abroad: Royal Mail's tracked service across borders, priced by the zone. */
export const LOCAL_INTERNATIONAL_SERVICE = "International Tracked";
export const LOCAL_LABEL_COSTS: Readonly<Record<ShippingZone, number>> = {
  uk: LOCAL_LABEL_COST,
  europe: 850,
  world: 1450,
};

/** The zone a parcel crosses into: the end that is not in the UK (the UK when both are, or a country is unknown). */
const routeZone = (from: unknown, to: unknown): ShippingZone => {
  const ends = [zoneOf(from) ?? "uk", zoneOf(to) ?? "uk"];
  return ends.includes("world") ? "world" : ends.includes("europe") ? "europe" : "uk";
};

/** A number of Royal Mail's shape: two letters, nine digits and GB. */
function trackingNumber() {
  const random = crypto.getRandomValues(new Uint32Array(3));
  const letter = (n: number) => String.fromCharCode(65 + (n % 26));
  return `${letter(random[0]!)}${letter(random[0]! >>> 8)}${String(random[1]! % 1_000_000_000).padStart(9, "0")}GB`;
}

export function localShippingProvider(): ShippingProvider {
  return {
    name: "local",
    async buyLabel(request) {
      const zone = routeZone(request.from.country, request.to.country);
      const cost = LOCAL_LABEL_COSTS[zone];
      if (request.maxCost < cost)
        throw new LabelRefused("No carrier offers a label for this parcel within its delivery fee.");
      return {
        providerRef: `shp_local_${request.idempotencyKey}`,
        carrier: "royal_mail",
        service: zone === "uk" ? LOCAL_LABEL_SERVICE : LOCAL_INTERNATIONAL_SERVICE,
        trackingNumber: trackingNumber(),
        cost,
        labelUrl: null,
      };
    },
  };
}
