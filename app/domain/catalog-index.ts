import type { CatalogFilters } from "./catalog";

// The catalog's full-text and facet index (migrations 0005, 0016, 0029; decisions 0013, 0038, 0048):
// a search turned into a safe FTS5 query, each filter value as a facet token, price bands and
// their groups, and the one index query of a listing with its counts. Split from catalog.ts (issue
// 28: files of one purpose).

/**
 * Turns what a person typed into a safe FTS5 query: words only (quotes, operators and column
 * filters cannot get through), each a prefix match, all required. Null when nothing is left.
 * A one-letter word is matched whole: as a prefix it would read every term of the index that
 * starts with that letter (the index keeps prefixes of 2 to 6 letters).
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
const FACETS = {
  productTypes: "t",
  categories: "c",
  brands: "b",
  colors: "k",
  conditions: "n",
  tags: "g",
  sizes: "s",
} as const;
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
  /**
   * With a price range: `match` already narrows to the price bands the range touches (a superset;
   * the listing checks the prices themselves), and `priceCount` says how to count in the index.
   * Null without a price range.
   */
  priceCount?: PriceCount | null;
  /** What a listing walked in sort order keeps: `match` without the price bands (the walk checks prices itself). */
  walk: string;
}

/**
 * How a listing with a price range is counted (decision 0038): the sum of `counts`, each counted
 * in the index alone (added or taken off); then `walks`: the public items priced within the parts
 * of bands the range cuts, walked in price order and kept when the index matched them (`set`),
 * added or taken off. With both a rental and a buying range, `edges` instead are the matches in
 * cut bands, read by rowid and added when both prices are in range.
 */
export interface PriceCount {
  counts: { match: string; sign: 1 | -1 }[];
  walks: PriceWalk[];
  edges: string | null;
}

export interface PriceWalk {
  kind: "rental" | "buy";
  set: string;
  prices: { min: number; max: number }[];
  sign: 1 | -1;
}

// Price bands (issue 17, item 3; docs/decisions/0038-price-bands.md): each public item's rental
// and buying price also sit in the facet column as the band they fall in, `r` or `p` and the
// band's number: the count of PRICE_BAND_STARTS at or below the price (in pence). Narrow where
// shoppers filter, wider above. Migration 0008 writes the same list in SQL (a test compares them).
export const PRICE_BAND_STARTS = [
  500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 9000, 10000, 12000, 14000, 16000, 18000,
  20000, 25000, 30000, 35000, 40000, 50000, 60000, 70000, 80000, 100000, 125000, 150000, 200000, 250000, 300000, 400000,
  500000, 750000, 1000000,
] as const;
const PRICE_FACETS = { rental: "r", buy: "p" } as const;

/** The band a price (pence) falls in: 0 below the first start, up to PRICE_BAND_STARTS.length. */
export function priceBand(pence: number) {
  let band = 0;
  while (band < PRICE_BAND_STARTS.length && PRICE_BAND_STARTS[band]! <= pence) band++;
  return band;
}

/** The index token of a price: `priceFacetToken("rental", 1500)` → "r3"; an item without that price has "rn". */
export function priceFacetToken(kind: keyof typeof PRICE_FACETS, pence: number | null) {
  return `${PRICE_FACETS[kind]}${pence === null ? "n" : priceBand(pence)}`;
}

/**
 * Bands are also grouped, as in a binary tree: level L's token (`g`, L, `x`, the band's number
 * divided by 2^L) stands for 2^L neighbouring bands, so a run of bands is asked for with a few
 * tokens (bands 11 to 23: "p11", "pg2x3", "pg3x2") instead of one per band: FTS5 merges each
 * token's postings as its own list, and 13 lists cost half again as much as three (decision 0038).
 */
export const PRICE_GROUP_LEVELS = 5;
/** The token (without the facet letter) of the group at `level` holding `band`; level 0 is the band itself. */
const groupToken = (level: number, band: number) => (level === 0 ? String(band) : `g${level}x${band >> level}`);

/** Every index token of a price: its band's, its groups', and `x` with the band's number when it is exactly the band's start. */
export function priceFacetTokens(kind: keyof typeof PRICE_FACETS, pence: number | null) {
  if (pence === null) return [priceFacetToken(kind, pence)];
  const band = priceBand(pence);
  const facet = PRICE_FACETS[kind];
  const groups = Array.from({ length: PRICE_GROUP_LEVELS }, (_, i) => facet + groupToken(i + 1, band));
  const exact = (PRICE_BAND_STARTS as readonly number[]).includes(pence);
  return [priceFacetToken(kind, pence), ...groups, ...(exact ? [`${facet}x${band}`] : [])];
}

/** The fewest band and group tokens (without the facet letter) that name exactly these bands. */
export function bandGroupTokens(bands: readonly number[]) {
  const sorted = [...new Set(bands)].sort((a, b) => a - b);
  const tokens: string[] = [];
  for (let i = 0; i < sorted.length;) {
    // A run of neighbouring bands, cut into the largest aligned groups that fit inside it.
    let end = i;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
    for (let band = sorted[i]!; band <= sorted[end]!;) {
      let level = 0;
      while (level < PRICE_GROUP_LEVELS && band % 2 ** (level + 1) === 0 && band + 2 ** (level + 1) - 1 <= sorted[end]!)
        level++;
      tokens.push(groupToken(level, band));
      band += 2 ** level;
    }
    i = end + 1;
  }
  return tokens;
}

/** The lowest and highest price (pence) of a band. */
const bandStart = (band: number) => (band === 0 ? 0 : PRICE_BAND_STARTS[band - 1]!);
const bandEnd = (band: number) => (band === PRICE_BAND_STARTS.length ? Infinity : PRICE_BAND_STARTS[band]! - 1);

/**
 * The bands [min, max] touches, which of them lie wholly inside it, and `exact`: the band whose
 * start is the range's maximum, so only its items priced exactly at that start are in range (the
 * index marks those with `x` and the band's number: "£10 to £30" needs no row read at £30).
 */
export function bandsOfRange(min: number | null, max: number | null) {
  const lo = min === null ? 0 : priceBand(min);
  const hi = max === null ? PRICE_BAND_STARTS.length : priceBand(max);
  const touched: number[] = [];
  const inside: number[] = [];
  for (let band = lo; band <= hi; band++) {
    touched.push(band);
    if ((min === null || bandStart(band) >= min) && (max === null || bandEnd(band) <= max)) inside.push(band);
  }
  const exact = touched.length && hi > 0 && max === bandStart(hi) && (lo < hi || min === max) ? hi : null;
  return { touched, inside, exact };
}

type BandToken = number | "n" | `x${number}`;
/** The index tokens of these bands (grouped) and other price tokens. */
const bandTokens = (tokens: BandToken[]) => [
  ...bandGroupTokens(tokens.filter((t) => typeof t === "number")),
  ...tokens.filter((t) => typeof t !== "number"),
];
const bandClause = (facet: string, tokens: BandToken[]) =>
  `(facets : (${bandTokens(tokens)
    .map((b) => `"${facet}${b}"`)
    .join(" OR ")}))`;
const ALL_BANDS = Array.from({ length: PRICE_BAND_STARTS.length + 1 }, (_, band) => band);

/** The listing's price ranges (rental, buying), each with the bands it touches, covers, cuts and leaves out. */
function priceRanges(filters: CatalogFilters) {
  return [
    { kind: "rental" as const, min: filters.rentalMin, max: filters.rentalMax },
    { kind: "buy" as const, min: filters.buyMin, max: filters.buyMax },
  ]
    .filter((r) => r.min !== null || r.max !== null)
    .map((r) => {
      const { touched, inside, exact } = bandsOfRange(r.min, r.max);
      return {
        ...r,
        facet: PRICE_FACETS[r.kind],
        touched,
        inside,
        exact,
        cut: touched.filter((b) => !inside.includes(b) && b !== exact),
      };
    });
}

/** How to count the matches of `rest` (the listing's other filters) within its price ranges; see PriceCount. */
function countInBands(rest: string, ranges: ReturnType<typeof priceRanges>): PriceCount {
  const and = (...parts: string[]) => parts.join(" AND ");
  if (ranges.length === 1) {
    const [range] = ranges as [(typeof ranges)[number]];
    const min = range.min ?? 0;
    const max = range.max ?? Infinity;
    // A band the range cuts is counted whole when less than half of it is out of range, and the
    // items priced in that part are then taken off; otherwise it is left out and the items priced
    // in range are added. Either way the smaller part is walked in price order.
    const covered = [...range.inside];
    const parts = {
      added: { bands: [] as number[], prices: [] as PriceWalk["prices"] },
      dropped: { bands: [] as number[], prices: [] as PriceWalk["prices"] },
    };
    for (const band of range.cut) {
      const from = Math.max(min, bandStart(band));
      const to = Math.min(max, bandEnd(band));
      const out = [
        ...(from > bandStart(band) ? [{ min: bandStart(band), max: from - 1 }] : []),
        ...(to < bandEnd(band) ? [{ min: to + 1, max: bandEnd(band) }] : []),
      ];
      const outWidth = out.reduce((sum, part) => sum + part.max - part.min + 1, 0);
      const counted = outWidth <= to - from + 1;
      if (counted) covered.push(band);
      const side = counted ? parts.dropped : parts.added;
      side.bands.push(band);
      side.prices.push(...(counted ? out : [{ min: from, max: to }]));
    }
    // One walk for the parts taken off and one for those added, each probing the matches in its bands.
    const walks: PriceWalk[] = [
      ...(parts.dropped.bands.length
        ? [
            {
              kind: range.kind,
              set: and(rest, bandClause(range.facet, parts.dropped.bands)),
              prices: parts.dropped.prices,
              sign: -1 as const,
            },
          ]
        : []),
      ...(parts.added.bands.length
        ? [
            {
              kind: range.kind,
              set: and(rest, bandClause(range.facet, parts.added.bands)),
              prices: parts.added.prices,
              sign: 1 as const,
            },
          ]
        : []),
    ];
    const exact = range.exact === null ? [] : [`x${range.exact}` as const];
    // The complement: every match, less those without that price ("n") and those in the bands not
    // counted, plus those priced exactly at the maximum; chosen when it names fewer bands (grouped
    // or not, a band's postings are read once: fewer bands, fewer postings).
    const less: BandToken[] = ["n", ...ALL_BANDS.filter((b) => !covered.includes(b))];
    const counts: PriceCount["counts"] =
      less.length < covered.length
        ? [
            { match: rest, sign: 1 },
            { match: and(rest, bandClause(range.facet, less)), sign: -1 },
            ...exact.map((token) => ({ match: and(rest, bandClause(range.facet, [token])), sign: 1 as const })),
          ]
        : covered.length + exact.length
          ? [{ match: and(rest, bandClause(range.facet, [...covered.sort((x, y) => x - y), ...exact])), sign: 1 }]
          : [];
    return { counts, walks, edges: null };
  }
  // A rental and a buying range: the matches with both prices covered, then those with either
  // price in a band a range cuts, read by rowid to check their prices.
  const covered = ranges.map((r) => [...r.inside, ...(r.exact === null ? [] : [`x${r.exact}` as const])]);
  const inside = covered.every((tokens) => tokens.length)
    ? ranges.map((r, i) => bandClause(r.facet, covered[i]!)).join(" AND ")
    : null;
  const touched = and(rest, ...ranges.map((r) => bandClause(r.facet, r.touched)));
  const edges = ranges.some((r) => r.touched.length !== r.inside.length)
    ? inside
      ? `(${touched}) NOT (${inside})`
      : touched
    : null;
  return { counts: inside ? [{ match: and(rest, inside), sign: 1 }] : [], walks: [], edges };
}

export function indexQuery(filters: CatalogFilters): IndexQuery | null {
  const words = filters.search ? ftsQuery(filters.search) : null;
  if (filters.search && !words) return { match: "", walk: "", tiers: null, unusable: true };
  if (!words && !filters.tags.length && !filters.sizes.length) return null;
  const facets = (Object.keys(FACETS) as FacetFilter[])
    .filter((filter) => filters[filter].length)
    .map((filter) => `(facets : (${filters[filter].map((v) => `"${facetToken(filter, v)}"`).join(" OR ")}))`);
  // A range that touches no band (minimum above maximum) is left to the listing's own price check.
  const ranges = priceRanges(filters);
  const prices = ranges.length && ranges.every((r) => r.touched.length) ? ranges : null;
  const all = (text: string | null) =>
    [...(text ? [text] : []), ...facets, ...(prices ? prices.map((r) => bandClause(r.facet, r.touched)) : [])].join(
      " AND ",
    );
  const text = words ? `(${ALL_TEXT} : (${words}))` : null;
  const match = all(text);
  const rest = [...(text ? [text] : []), ...facets].join(" AND ");
  const priceCount = prices ? countInBands(rest, prices) : null;
  const walk = prices ? rest : match;
  if (!words) return { match, tiers: null, unusable: false, priceCount, walk };
  const nameOrBrand = all(`(${NAME_OR_BRAND} : (${words}))`);
  return {
    match,
    tiers: [nameOrBrand, `(${match}) NOT (${NAME_OR_BRAND} : (${words}))`],
    unusable: false,
    priceCount,
    walk,
  };
}

/**
 * How a listing's Size filter is counted (issue 25, item 2): `rest` is what the index matches for
 * every other filter (its text and facets, and the price bands a range touches), or null when
 * there is none; `exact` is false when a price range needs the prices themselves checked.
 */
export function sizeCountQuery(filters: CatalogFilters): {
  rest: string | null;
  others: string | null;
  exact: boolean;
  unusable: boolean;
} {
  const words = filters.search ? ftsQuery(filters.search) : null;
  if (filters.search && !words) return { rest: null, others: null, exact: true, unusable: true };
  const parts = [
    ...(words ? [`(${ALL_TEXT} : (${words}))`] : []),
    ...(Object.keys(FACETS) as FacetFilter[])
      .filter((filter) => filter !== "sizes" && filters[filter].length)
      .map((filter) => `(facets : (${filters[filter].map((v) => `"${facetToken(filter, v)}"`).join(" OR ")}))`),
  ];
  // `others`: every filter but the size and the price ranges.
  const others = parts.length ? parts.join(" AND ") : null;
  // A price range narrows to the bands it touches (a superset: the prices are then checked).
  const ranges = priceRanges(filters);
  if (ranges.length && ranges.every((r) => r.touched.length))
    parts.push(...ranges.map((r) => bandClause(r.facet, r.touched)));
  return { rest: parts.length ? parts.join(" AND ") : null, others, exact: ranges.length === 0, unusable: false };
}

/** True when the index's facets check every filter of a listing: none is a price range. */
export function facetsCoverFilters(filters: CatalogFilters) {
  return filters.rentalMin === null && filters.rentalMax === null && filters.buyMin === null && filters.buyMax === null;
}
