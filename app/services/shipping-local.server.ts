// The local label provider (issue 44 item 2; decision 0082): nothing leaves the machine. It sells
// a Royal Mail Tracked 48 label for a fixed £3.20 (within the £3.99 delivery fee of a parcel) with
// a tracking number of Royal Mail's shape; the `shipping_labels` row is the label, drawn on its
// page (app/domain/label-svg.ts). Its tracking events come from /dev/shipping, signed in
// EasyPost's scheme with the local secret, to the same webhook code path a real provider uses.
import { LabelRefused, type ShippingProvider } from "./shipping-types";

export const LOCAL_LABEL_COST = 320;
export const LOCAL_LABEL_SERVICE = "Tracked 48";

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
      if (request.maxCost < LOCAL_LABEL_COST)
        throw new LabelRefused("No carrier offers a label for this parcel within its delivery fee.");
      return {
        providerRef: `shp_local_${request.idempotencyKey}`,
        carrier: "royal_mail",
        service: LOCAL_LABEL_SERVICE,
        trackingNumber: trackingNumber(),
        cost: LOCAL_LABEL_COST,
        labelUrl: null,
      };
    },
  };
}
