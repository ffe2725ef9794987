// Pure catalog rules shared by loaders, components and tests.
import { parsePounds } from "./money";

export const NEW_ITEMS_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const PRODUCT_TYPES = ["Women", "Men", "Children", "Unisex"] as const;
export const CATEGORIES = ["Coats", "Jackets & Blazers", "Dresses", "Tops", "Bottoms", "Accessories"] as const;
export const CONDITIONS = ["Brand New With Tags", "Brand New Without Tags", "Almost New", "Good Condition"] as const;
export const PAGE_SIZE = 24;

export interface ProductCardData {
  id: string;
  name: string;
  brand: string;
  price: number;
  rentalPrice: number | null;
  images: string[];
  availability: "available" | "rented" | "sold";
}

export function newItemsSince(now: number) {
  return now - NEW_ITEMS_WINDOW_DAYS * DAY_MS;
}

/** The price a card shows: the 7-day rental price, falling back to the price (shopper.md §2.8). */
export function cardPrice(product: { rentalPrice: number | null; price: number }) {
  return product.rentalPrice ?? product.price;
}

/** '/women' → 'Women' when it names a product type (case-insensitive), else null. */
export function productTypeFromSlug(slug: string) {
  return PRODUCT_TYPES.find((t) => t.toLowerCase() === slug.toLowerCase()) ?? null;
}

export type SortOrder = "newest" | "price_asc" | "price_desc" | "relevance";
export const SORT_LABELS: Record<SortOrder, string> = {
  relevance: "Best match",
  newest: "Newest",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
};

export interface CatalogFilters {
  search: string;
  brands: string[];
  categories: string[];
  productTypes: string[];
  colors: string[];
  tags: string[];
  conditions: string[];
  rentalMin: number | null;
  rentalMax: number | null;
  buyMin: number | null;
  buyMax: number | null;
}

export interface PageRequest {
  sort: SortOrder;
  after: string | null;
  before: string | null;
}

export const EMPTY_FILTERS: CatalogFilters = {
  search: "",
  brands: [],
  categories: [],
  productTypes: [],
  colors: [],
  tags: [],
  conditions: [],
  rentalMin: null,
  rentalMax: null,
  buyMin: null,
  buyMax: null,
};
export const FIRST_PAGE: PageRequest = { sort: "newest", after: null, before: null };

const MAX_VALUES = 30;
const MAX_TEXT = 100;

function list(params: URLSearchParams, key: string, allowed?: readonly string[]) {
  const values = params
    .getAll(key)
    .flatMap((v) => v.split("|"))
    .map((v) => v.trim())
    .filter((v) => v.length > 0 && v.length <= MAX_TEXT);
  const unique = [...new Set(values)].slice(0, MAX_VALUES);
  if (!allowed) return unique;
  return unique.map((v) => allowed.find((a) => a.toLowerCase() === v.toLowerCase())).filter((v): v is string => Boolean(v));
}

function pounds(params: URLSearchParams, key: string) {
  const raw = params.get(key);
  if (!raw) return null;
  const pence = parsePounds(raw);
  return pence === null || pence > 100_000_000 ? null : pence;
}

/** Reads filters from a listing URL. Anything malformed is ignored, never an error. */
export function parseCatalogQuery(params: URLSearchParams): { filters: CatalogFilters; page: PageRequest } {
  const search = (params.get("search") ?? "").trim().slice(0, MAX_TEXT);
  const sortParam = params.get("sort");
  const sort: SortOrder =
    sortParam === "newest" || sortParam === "price_asc" || sortParam === "price_desc" || sortParam === "relevance"
      ? sortParam
      : search
        ? "relevance"
        : "newest";
  const cursor = (key: string) => {
    const v = params.get(key);
    return v && v.length <= 200 ? v : null;
  };
  return {
    filters: {
      search,
      brands: list(params, "brand"),
      categories: list(params, "category", CATEGORIES),
      productTypes: list(params, "type", PRODUCT_TYPES),
      colors: list(params, "color"),
      tags: list(params, "tag"),
      conditions: list(params, "condition", CONDITIONS),
      rentalMin: pounds(params, "rental_min"),
      rentalMax: pounds(params, "rental_max"),
      buyMin: pounds(params, "buy_min"),
      buyMax: pounds(params, "buy_max"),
    },
    page: { sort: sort === "relevance" && !search ? "newest" : sort, after: cursor("after"), before: cursor("before") },
  };
}

export function hasFilters(filters: CatalogFilters) {
  return Boolean(
    filters.search ||
      filters.brands.length ||
      filters.categories.length ||
      filters.productTypes.length ||
      filters.colors.length ||
      filters.tags.length ||
      filters.conditions.length ||
      filters.rentalMin !== null ||
      filters.rentalMax !== null ||
      filters.buyMin !== null ||
      filters.buyMax !== null,
  );
}

/**
 * Turns what a person typed into a safe FTS5 query: words only (quotes, operators and column
 * filters cannot get through), each a prefix match, all required. Null when nothing is left.
 * A one-letter word is matched whole: as a prefix it would read every term of the index that
 * starts with that letter (the index keeps prefixes of 2 to 4 letters).
 */
export function ftsQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.filter((w) => !["and", "or", "not", "near"].includes(w))
    .slice(0, 8);
  if (!words?.length) return null;
  return words.map((w) => (w.length > 1 ? `"${w}"*` : `"${w}"`)).join(" ");
}

// The full-text index (migration 0005) holds each public item's text columns and, in a seventh
// column, one facet token per filter value: a letter for the filter, then the value's UTF-8 bytes
// in hex. The view products_fts_source writes the same tokens with SQLite's hex().
const ALL_TEXT = "{name brand description tags color category}";
const NAME_OR_BRAND = "{name brand}";
const FACETS = { productTypes: "t", categories: "c", brands: "b", colors: "k", conditions: "n", tags: "g" } as const;
export type FacetFilter = keyof typeof FACETS;
const utf8 = new TextEncoder();

/** The index token for one filter value: `facetToken("categories", "Coats")` → "c436f617473". */
export function facetToken(filter: FacetFilter, value: string) {
  let hex = "";
  for (const byte of utf8.encode(value)) hex += byte.toString(16).padStart(2, "0");
  return FACETS[filter] + hex;
}

/**
 * What a listing asks of the full-text index, or null when it needs nothing from it (no search
 * and no tag filter: the covering indexes answer those). `match` finds every item the listing
 * shows (the shopper's words in the text columns, never in the facet tokens, AND any of each
 * list filter's values); `tiers` split those matches by relevance for a search: first the items
 * whose name or brand holds every word, then the rest. `unusable` marks a search with no words.
 */
export interface IndexQuery {
  match: string;
  tiers: [string, string] | null;
  unusable: boolean;
}

export function indexQuery(filters: CatalogFilters): IndexQuery | null {
  const words = filters.search ? ftsQuery(filters.search) : null;
  if (filters.search && !words) return { match: "", tiers: null, unusable: true };
  if (!words && !filters.tags.length) return null;
  const facets = (Object.keys(FACETS) as FacetFilter[])
    .filter((filter) => filters[filter].length)
    .map((filter) => `(facets : (${filters[filter].map((v) => `"${facetToken(filter, v)}"`).join(" OR ")}))`);
  const all = (text: string | null) => [...(text ? [text] : []), ...facets].join(" AND ");
  if (!words) return { match: all(null), tiers: null, unusable: false };
  const match = all(`(${ALL_TEXT} : (${words}))`);
  const nameOrBrand = all(`(${NAME_OR_BRAND} : (${words}))`);
  return { match, tiers: [nameOrBrand, `(${match}) NOT (${NAME_OR_BRAND} : (${words}))`], unusable: false };
}

/** True when the index's facets check every filter of a listing: none is a price range. */
export function facetsCoverFilters(filters: CatalogFilters) {
  return filters.rentalMin === null && filters.rentalMax === null && filters.buyMin === null && filters.buyMax === null;
}

/** Cursors are opaque to the browser: base64url of [sort value, id]. */
export function encodeCursor(value: number, id: string) {
  return btoa(JSON.stringify([value, id])).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCursor(cursor: string | null): { value: number; id: string } | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(atob(cursor.replace(/-/g, "+").replace(/_/g, "/")));
    if (Array.isArray(parsed) && typeof parsed[0] === "number" && Number.isFinite(parsed[0]) && typeof parsed[1] === "string" && parsed[1].length <= 100) {
      return { value: parsed[0], id: parsed[1] };
    }
  } catch {
    // a tampered cursor is treated as no cursor
  }
  return null;
}
