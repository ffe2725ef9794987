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
  /** The item's size (issue 25), shown on its card. */
  size?: string | null;
  /** Held by a checkout waiting for its payment (decision 0068): 'Reserved', not 'Currently rented'. */
  reserved?: boolean;
  /** The seller's ratings from shoppers as 'count:average', null without any (decision 0091; the card reads it). */
  sellerRating?: string | null;
  /** Being prepared after a rental until then; when a rented or prepared item is back around (decision 0080). */
  preparedUntil?: number | null;
  backAroundAt?: number | null;
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
  /** Sizes (app/domain/sizes.ts); a value no system has is kept as typed and matches nothing. */
  sizes: string[];
  rentalMin: number | null;
  rentalMax: number | null;
  buyMin: number | null;
  buyMax: number | null;
}

/**
 * How many filters are applied (the mobile 'Filters (2)' button): each chosen value, each price
 * range, and 'Ships to <country>' when the URL chose a country (`shipsTo`, decision 0098).
 */
export function activeFilterCount(filters: CatalogFilters, shipsTo: string | null = null) {
  const lists =
    filters.brands.length +
    filters.categories.length +
    filters.productTypes.length +
    filters.colors.length +
    filters.tags.length +
    filters.conditions.length +
    filters.sizes.length;
  const ranges =
    (filters.rentalMin !== null || filters.rentalMax !== null ? 1 : 0) +
    (filters.buyMin !== null || filters.buyMax !== null ? 1 : 0);
  return lists + ranges + (shipsTo ? 1 : 0);
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
  sizes: [],
  rentalMin: null,
  rentalMax: null,
  buyMin: null,
  buyMax: null,
};
export const FIRST_PAGE: PageRequest = { sort: "newest", after: null, before: null };

/**
 * How many items a vendor's or store's public page shows at a time: a listing's page (decision
 * 0105; it was 48, twice the cards, the markup and the rows of any other listing).
 */
export const PROFILE_PAGE_SIZE = PAGE_SIZE;

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
  return unique
    .map((v) => allowed.find((a) => a.toLowerCase() === v.toLowerCase()))
    .filter((v): v is string => Boolean(v));
}

function pounds(params: URLSearchParams, key: string) {
  const raw = params.get(key);
  if (!raw) return null;
  const pence = parsePounds(raw);
  return pence === null || pence > 100_000_000 ? null : pence;
}

const PRICE_RANGES = [
  { legend: "Rental price", min: "rental_min", max: "rental_max", from: "rentalMin", to: "rentalMax" },
  { legend: "Buy price", min: "buy_min", max: "buy_max", from: "buyMin", to: "buyMax" },
] as const;

/**
 * What a listing says about price filters it could not use: a value that is no price (it is
 * ignored), or a range whose minimum is above its maximum (nothing can match).
 */
export function priceFilterNotes(params: URLSearchParams, filters: CatalogFilters): string[] {
  const notes: string[] = [];
  for (const range of PRICE_RANGES) {
    for (const [key, side] of [
      [range.min, "minimum"],
      [range.max, "maximum"],
    ] as const) {
      const raw = params.get(key);
      if (raw && pounds(params, key) === null)
        notes.push(`${range.legend}: the ${side} "${raw.slice(0, 20)}" is not a price in pounds, so it was left out.`);
    }
    const from = filters[range.from];
    const to = filters[range.to];
    if (from !== null && to !== null && from > to)
      notes.push(`${range.legend}: the minimum is above the maximum, so nothing can match.`);
  }
  return notes;
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
      // As typed: the listing reads them as sizes (app/domain/size-filter.ts), kept off the browser's code.
      sizes: list(params, "size"),
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
    filters.sizes.length ||
    filters.rentalMin !== null ||
    filters.rentalMax !== null ||
    filters.buyMin !== null ||
    filters.buyMax !== null,
  );
}

/** A vendor's or store's page of items: newest first, from the `?after=` or `?before=` cursor of its Next and Previous links. */
export function profilePage(params: URLSearchParams): PageRequest {
  const { page } = parseCatalogQuery(params);
  return { ...FIRST_PAGE, after: page.after, before: page.before };
}

/** Cursors are opaque to the browser: base64url of [sort value, id]. */
export function encodeCursor(value: number, id: string) {
  return btoa(JSON.stringify([value, id]))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function decodeCursor(cursor: string | null): { value: number; id: string } | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(atob(cursor.replace(/-/g, "+").replace(/_/g, "/")));
    if (
      Array.isArray(parsed) &&
      typeof parsed[0] === "number" &&
      Number.isFinite(parsed[0]) &&
      typeof parsed[1] === "string" &&
      parsed[1].length <= 100
    ) {
      return { value: parsed[0], id: parsed[1] };
    }
  } catch {
    // a tampered cursor is treated as no cursor
  }
  return null;
}

/** One page of a listing: its items, the whole count, and the keyset cursors either way. */
export interface ProductPage<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
  prevCursor: string | null;
}

const backFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "Europe/London" });
/**
 * 'Back around 12 December', for a card (no clock: a card may be cached; the daily job keeps the
 * dates current). Here with the card's other rules, not in rental-dates.ts, so a page of cards does
 * not load the rental calendar and the carriers' rules with it.
 */
export const backAroundLabel = (at: number) => `Back around ${backFormat.format(at)}`;

/** What a card says beyond its name, brand, size and price: the seller's rating and the item's state. */
export interface CardLines {
  /** 'Seller rated 4.5 out of 5 from 12 ratings' to read, '★ 4.5 (12)' to see. */
  rating: { label: string; shown: string } | null;
  /** 'Reserved', or what a rented or prepared item is doing and when it is back around (decision 0080). */
  status: string | null;
}

/** A card's lines, for React's card and the card written as text (decision 0144) alike. */
export function cardLines(product: ProductCardData): CardLines {
  // The seller's ratings, 'count:average' (decision 0091): parsed here, so every page's shared chunk stays small.
  const [count, average] = (product.sellerRating ?? "").split(":").map(Number);
  const shownAverage = count && average ? (Math.round(average * 10) / 10).toFixed(1) : null;
  const back = product.preparedUntil ?? product.backAroundAt ?? null;
  return {
    rating:
      count && shownAverage
        ? {
            label: `Seller rated ${shownAverage} out of 5 from ${count} rating${count === 1 ? "" : "s"}`,
            shown: `★ ${shownAverage} (${count})`,
          }
        : null,
    status: product.reserved
      ? "Reserved"
      : product.availability === "rented"
        ? `${product.preparedUntil ? "Being prepared" : "Currently rented"}${back ? ` · ${backAroundLabel(back)}` : ""}`
        : null,
  };
}
