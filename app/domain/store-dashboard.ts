import { parsePounds } from "./money";
import { RENTAL_NOT_BELOW_BUYING, rentalBelowBuying } from "./product-fields";
import { keysOf } from "./tabs";
import { REVIEW_STATUSES, type ReviewStatus } from "./admin-products";

// The store dashboard (seller-store-admin.md §2 Store dashboard, Store-side product edit; §5 Store
// and admin; issue 12). Tabs are `?tab=` URLs (decision 0024); staff who run stores pick which
// store with `?store=` (decision 0029).

export const STORE_TAB_LABELS = {
  overview: "Overview",
  requests: "Concierge Requests",
  products: "Store Products",
  orders: "Orders",
  settings: "Store Settings",
} as const;
export const STORE_TABS = keysOf(STORE_TAB_LABELS);
export type StoreTab = (typeof STORE_TABS)[number];

/** Up to 3 images on a concierge request card (§9). */
export const REQUEST_CARD_IMAGES = 3;

/** The dashboard's URL for a tab, keeping the chosen store for staff (`?store=`). */
export function storeHref(tab: StoreTab, storeParam: string | null, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ tab, ...(storeParam ? { store: storeParam } : {}), ...extra });
  return `/store?${query}`;
}

/** A store id as it may appear in `?store=`: anything else is ignored. */
export function readStoreParam(url: URL) {
  const value = url.searchParams.get("store");
  return value && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;
}

export const PRICE_REASON_REQUIRED = "Please provide a reason for the price change request.";
export const PRICE_INVALID = "Please enter a price greater than 0 with at most two decimals.";
export const REASON_MAX = 1000;

export interface PriceChangeInput {
  rental: string;
  buying: string;
  reason: string;
}

export type PriceChangeCheck =
  | { ok: true; rental: number; buying: number; reason: string }
  | { ok: false; errors: Partial<Record<"suggestedRentalPrice" | "suggestedBuyingPrice" | "reason", string>> };

/** A suggestion that would leave both prices as they are asks the owner nothing. */
export const PRICE_UNCHANGED = "Suggest a rental or buying price different from the current one.";

/**
 * §5 Price change request: a reason is required (spaces are not one); a blank price stays the
 * current one; a typed price must be at least £0.01 with at most two decimals (step 0.01). The
 * prices suggested must change something, and keep the rental below the buying price (decision 0066).
 */
export function checkPriceChange(
  input: PriceChangeInput,
  current: { rental: number | null; buying: number | null },
): PriceChangeCheck {
  const errors: Partial<Record<"suggestedRentalPrice" | "suggestedBuyingPrice" | "reason", string>> = {};
  const price = (typed: string, now: number | null, field: "suggestedRentalPrice" | "suggestedBuyingPrice") => {
    if (typed.trim() === "") {
      if (now === null) errors[field] = PRICE_INVALID;
      return now ?? 0;
    }
    const pence = parsePounds(typed);
    if (pence === null || pence < 1) {
      errors[field] = PRICE_INVALID;
      return 0;
    }
    return pence;
  };
  const rental = price(input.rental, current.rental, "suggestedRentalPrice");
  const buying = price(input.buying, current.buying, "suggestedBuyingPrice");
  if (!errors.suggestedRentalPrice && !errors.suggestedBuyingPrice) {
    if (!rentalBelowBuying(rental, buying)) errors.suggestedRentalPrice = RENTAL_NOT_BELOW_BUYING;
    else if (rental === current.rental && buying === current.buying) errors.suggestedRentalPrice = PRICE_UNCHANGED;
  }
  const reason = input.reason.trim();
  if (!reason) errors.reason = PRICE_REASON_REQUIRED;
  else if (reason.length > REASON_MAX) errors.reason = `Please keep the reason under ${REASON_MAX} characters.`;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, rental, buying, reason };
}

/** The Product Status selector's value, when it is one of the three (§2). */
export function readReviewStatus(value: FormDataEntryValue | null): ReviewStatus | null {
  return typeof value === "string" && (REVIEW_STATUSES as readonly string[]).includes(value)
    ? (value as ReviewStatus)
    : null;
}

export const DESCRIPTION_MAX = 2000;

/** The description as stored (§2): the store's words, then 'Store located at: {address}' when there is one. */
export function joinStoreDescription(about: string, address: string) {
  // The marker belongs to the address: typed into the description it would split it wrongly.
  const a = about.replaceAll("Store located at: ", "").trim();
  const b = address.trim().replace(/\s*\n\s*/g, ", ");
  if (!b) return a || null;
  return `${a ? `${a}\n\n` : ""}Store located at: ${b}`;
}
