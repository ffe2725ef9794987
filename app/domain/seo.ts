import type { CatalogFilters } from "./catalog";
import { SHIPS_TO_PARAM } from "./ships-to-filter";

/** A `<link rel="canonical">` for a route's meta export. */
export const canonicalLink = (href: string) => ({ tagName: "link", rel: "canonical", href }) as const;

/** The absolute URL of a page: the request's origin with the page's own path (not what was typed). */
export function canonicalUrl(request: Request | string, path: string, query = "") {
  return `${new URL(typeof request === "string" ? request : request.url).origin}${path}${query}`;
}

/**
 * The canonical query of a listing: its filters in a fixed order with sorted values; the sort
 * order and page cursors are left out, so every ordering and page of one filtered set shares one
 * canonical URL.
 */
export function canonicalQuery(filters: CatalogFilters, shipsTo: string | null = null) {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  const lists: Array<[string, string[]]> = [
    ["brand", filters.brands],
    ["category", filters.categories],
    ["type", filters.productTypes],
    ["color", filters.colors],
    ["tag", filters.tags],
    ["condition", filters.conditions],
    ["size", filters.sizes],
  ];
  for (const [key, values] of lists) for (const value of [...values].sort()) params.append(key, value);
  const prices: Array<[string, number | null]> = [
    ["rental_min", filters.rentalMin],
    ["rental_max", filters.rentalMax],
    ["buy_min", filters.buyMin],
    ["buy_max", filters.buyMax],
  ];
  for (const [key, pence] of prices) if (pence !== null) params.set(key, (pence / 100).toFixed(2));
  // 'Ships to <country>' is a filter like the others (decision 0098): a saved search keeps it.
  if (shipsTo) params.set(SHIPS_TO_PARAM, shipsTo);
  const query = params.toString();
  return query ? `?${query}` : "";
}
