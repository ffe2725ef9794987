import { formatUkTime } from "./dates";
import { PRODUCT_TYPES } from "./catalog";
import { readShipsTo, SHIPS_TO_PARAM } from "./ships-to-filter";

// Alerts (issue 25, items 6 and 7; decisions 0051 and 0052). Pure: time passed in.
//
// What counts as a price drop of a favourite, and the rules of
// saved searches: which URLs are listings, what a name may be, which items a daily run tells of.

/** The current rental of a rented item, as the order item records it. */
export interface CurrentRental {
  status: string;
  placedAt: number;
  shippedAt: number | null;
  rentalEndsAt: number | null;
  returnRequestedAt: number | null;
}

/** A checkout of the visitor's own that holds an item (decision 0068): its order, and until when it holds it. */
export interface HeldReservation {
  orderId: string;
  until: number | null;
  /**
   * The holder's own time zone, for 'until' (decision 0098): set where the box is shown to them
   * (the product loader, the stitcher), never stored, never on the shared page.
   */
  zone?: string | null;
}

/**
 * An item held by another shopper's checkout (decision 0055): what its page says instead of when
 * it is back, with the time the hold ends when it is known (decision 0069). The shared page is the
 * same for every reader, so the time names its zone: the UK's (decision 0102).
 */
export const reservedText = (until: number | null) =>
  `Reserved: another shopper is paying for it now. If they have not paid ${until === null ? "within 30 minutes" : `by ${formatUkTime(until)} (UK time)`}, it is back on sale.`;

export const NOTIFY_ME_MESSAGES = {
  waiting: "We'll tell you when it's back",
  sold: "This item has been sold, so it will not be back on sale.",
  available: "This item is available now: you can add it to your basket.",
} as const;

// ---------------------------------------------------------------------------------------------
// Price drops of favourites

export interface Prices {
  rentalPrice: number | null;
  buyingPrice: number | null;
}

/**
 * What dropped between two sets of prices (pence): each price that was set before and is lower
 * now. Null when nothing dropped (a rise, no change, or a price that was added or removed).
 */
export function priceDrop(before: Prices, after: Prices) {
  const dropped = (old: number | null, now: number | null) =>
    old !== null && now !== null && now < old ? { from: old, to: now } : null;
  const rental = dropped(before.rentalPrice, after.rentalPrice);
  const buying = dropped(before.buyingPrice, after.buyingPrice);
  return rental || buying ? { rental, buying } : null;
}

/**
 * The event key of a drop: the item and its new prices. A second drop to lower prices is a new
 * event; the same prices are told once per person (the notification service keeps each key once),
 * even if the price went up and came down to them again.
 */
export const priceDropKey = (productId: string, after: Prices) =>
  `price_drop:${productId}:r${after.rentalPrice ?? "-"}:b${after.buyingPrice ?? "-"}`;

// ---------------------------------------------------------------------------------------------
// Saved searches

export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_NAME_MAX = 60;
const URL_MAX = 1000;
/** A daily run reads this many of a listing's newest items. */
export const SAVED_SEARCH_SCAN = 50;
/** Items listed in one notice; the rest are 'and N more'. */
export const SAVED_SEARCH_LISTED = 5;

export const SAVED_SEARCH_MESSAGES = {
  notListing:
    "Only a listing page (all products, a category, a brand or Women, Men, Children, Unisex) can be saved as a search.",
  nameMissing: "Give your search a name.",
  nameTooLong: `Keep the name to ${SAVED_SEARCH_NAME_MAX} characters.`,
  tooMany: `You have ${SAVED_SEARCH_LIMIT} saved searches, the most you can keep. Delete one to save another.`,
} as const;

/** Which listing a path is: its page and what the page fixes (a category slug, a brand name, a product type). */
export type ListingPath =
  | { page: "all" }
  | { page: "category"; slug: string }
  | { page: "brand"; name: string }
  | { page: "type"; type: string };

/**
 * The listing a saved URL names (a path on this site with its filters), or null when it is not a
 * listing page. Cursors of a later page are dropped: a saved search is the listing from its start.
 */
export function readListingUrl(value: string): { listing: ListingPath; path: string; query: string } | null {
  if (!value || value.length > URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(value, "http://closetloop.invalid");
  } catch {
    return null;
  }
  // Only this site's own pages: a relative path, or an absolute URL whose path we read.
  if (!value.startsWith("/") && !/^https?:\/\//i.test(value)) return null;
  if (value.startsWith("//")) return null;
  const parts = url.pathname.replace(/\/+$/, "").split("/").slice(1);
  let listing: ListingPath | null = null;
  try {
    const part = (i: number) => decodeURIComponent(parts[i] ?? "");
    if (parts.length === 1 && parts[0] === "all-products") listing = { page: "all" };
    else if (parts.length === 2 && parts[0] === "categories" && parts[1]) listing = { page: "category", slug: part(1) };
    else if (parts.length === 2 && parts[0] === "brand" && parts[1]) listing = { page: "brand", name: part(1) };
    else if (parts.length === 1 && parts[0]) {
      const type = PRODUCT_TYPES.find((t) => t.toLowerCase() === part(0).toLowerCase());
      if (type) listing = { page: "type", type };
    }
  } catch {
    return null;
  }
  if (!listing) return null;
  const params = new URLSearchParams(url.search);
  params.delete("after");
  params.delete("before");
  // 'Ships to' is kept as the listing reads it (decision 0098): a country's code; 'mine' (which
  // only the visitor's own request can answer) or a code we do not know is left out.
  const shipsTo = readShipsTo(params);
  if (shipsTo.kind === "country") params.set(SHIPS_TO_PARAM, shipsTo.country.code);
  else params.delete(SHIPS_TO_PARAM);
  const query = params.toString();
  return { listing, path: url.pathname.replace(/\/+$/, ""), query };
}

export type SavedSearchInput =
  | { ok: true; value: { name: string; url: string; listing: ListingPath } }
  | { ok: false; errors: { name?: string; url?: string } };

/** The save form: a name (1–60 characters) and a listing URL. */
export function readSavedSearch(values: { name: unknown; url: unknown }): SavedSearchInput {
  const name = typeof values.name === "string" ? values.name.trim().replace(/\s+/g, " ") : "";
  const url = typeof values.url === "string" ? values.url.trim() : "";
  const errors: { name?: string; url?: string } = {};
  if (!name) errors.name = SAVED_SEARCH_MESSAGES.nameMissing;
  else if (name.length > SAVED_SEARCH_NAME_MAX) errors.name = SAVED_SEARCH_MESSAGES.nameTooLong;
  const read = readListingUrl(url);
  if (!read) errors.url = SAVED_SEARCH_MESSAGES.notListing;
  if (errors.name || errors.url || !read) return { ok: false, errors };
  return {
    ok: true,
    value: { name, url: read.query ? `${read.path}?${read.query}` : read.path, listing: read.listing },
  };
}

/** A name for the search being saved, from its filters: the search words, else the page's title. */
export function suggestedSearchName(title: string, search: string) {
  const words = search.trim();
  return (words ? `“${words}” in ${title}` : title).slice(0, SAVED_SEARCH_NAME_MAX);
}

const ukDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });

/** A saved search tells its shopper once a UK calendar day at most. */
export function mayNotifyToday(lastNotifiedAt: number | null, now: number) {
  return lastNotifiedAt === null || ukDay.format(lastNotifiedAt) !== ukDay.format(now);
}

/** The UK day of a run ('2026-11-25'): part of the notice's key, so one a day per search. */
export const ukDayOf = (now: number) => ukDay.format(now);

/**
 * The items a daily run tells of, from the listing's newest items: those listed after the search
 * was saved that it has not told of before, newest first.
 */
export function newMatches<T extends { id: string; createdAt: number }>(
  candidates: readonly T[],
  savedAt: number,
  alreadyTold: ReadonlySet<string>,
): T[] {
  return candidates.filter((item) => item.createdAt > savedAt && !alreadyTold.has(item.id));
}
