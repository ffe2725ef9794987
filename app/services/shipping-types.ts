// The one shipping interface's shapes (issue 44 item 2; decision 0082), shaped like the payment
// one (payment-types.ts): the local provider and EasyPost's adapter implement it. No imports but
// types: the adapter's contract tests (tests/shipping/) load it in Node too.
import type { PostalAddress } from "../domain/postal-address";

export interface LabelRequest {
  orderId: string;
  /** Shown on the label and sent as the provider's reference. */
  reference: string;
  direction: "outbound" | "return";
  from: PostalAddress;
  to: PostalAddress;
  /** Grams. */
  weight: number;
  /** The most the label may cost (integer pence): the order's delivery fee for this parcel. */
  maxCost: number;
  /** Our label id: a retried request buys nothing twice. */
  idempotencyKey: string;
  /**
   * What the parcel holds, each garment's value in integer pence of GBP (app/domain/customs.ts): a
   * provider declares it for customs when the parcel crosses a border (decision 0099).
   */
  contents?: { description: string; value: number }[];
}

export interface BoughtLabel {
  providerRef: string;
  /** A carrier of app/domain/shipping.ts CARRIERS where it is one, else the provider's name for it. */
  carrier: string;
  service: string;
  trackingNumber: string;
  /** Integer pence. */
  cost: number;
  /** The provider's printable file, or null when we draw the label (the local provider). */
  labelUrl: string | null;
}

/** A provider that answered but could not sell a label for this parcel (no rate within the fee, an address refused). */
export class LabelRefused extends Error {}

export interface ShippingProvider {
  readonly name: string;
  /** Buys a label, or throws (LabelRefused when the parcel cannot have one, anything else when the provider failed). */
  buyLabel(request: LabelRequest): Promise<BoughtLabel>;
}
