import type { basketTotals } from "./delivery";

// What a basket holds, in one module that its storage (app/data/cart.server.ts), the cart route and
// the header's basket drawer share (issue 28: no import circles; components import no storage).

export type CartOption = "rental" | "purchase";

export interface CartLine {
  productId: string;
  name: string;
  imageUrl: string | null;
  type: CartOption;
  price: number;
  /** Always 1: an item is one of a kind (a stored quantity above 1 from before is read as 1). */
  quantity: 1;
  vendor: string | null;
  sellerId: string | null;
  sellerAvatar: string | null;
  sellerType: "vendor" | "store";
  handler: "vendor" | "store";
  hasRentalPrice: boolean;
  hasBuyingPrice: boolean;
  /** Still on sale: not reserved, rented or bought by someone else since it was added. */
  available: boolean;
  /** Why it cannot be ordered, as its product page says it: reserved until when, or gone. */
  unavailableText: string | null;
  /** Priced for this shopper (issue 43): the listed price, when `price` is an agreed or discounted one. */
  listPrice?: number;
  /** Priced by the shopper's accepted offer. */
  offer?: boolean;
  /** This line's share of its group's bundle discount, and the group's percent. */
  bundleDiscount?: number;
  bundlePercent?: number;
}

/** The cart route's loader data, which the header's basket drawer also fetches. */
export type CartView =
  | { signedIn: false }
  | {
      signedIn: true;
      lines: CartLine[];
      loadError: string | null;
      /** Delivery to the last order's country (`to`, its name) when it is not the UK (issue 45 item 4). */
      totals: ReturnType<typeof basketTotals> & { to?: string; returns?: number };
      email: string;
      fullName: string;
      /** The last order's addresses, to start the checkout from (decision 0068). */
      saved: { billing: Record<string, string>; shipping: Record<string, string>; same: boolean } | null;
      idempotencyKey: string;
      /**
       * The days a rental's 'Need it by' date can be (decision 0080), the earliest as a person reads
       * it, for the saved ship-to country: named when abroad (0099).
       */
      needByRange: { min: string; max: string; earliest: string; to: string | null };
    };
