import { redirect } from "react-router";
import type { AppContext } from "../context";
import { AGGREGATE_KEYS, cached } from "../data/cache.server";
import { filterOptions, type Scope } from "../data/catalog.server";
import { listingWithSizesPart, listProductsWithSizes } from "../data/size-counts.server";
import { batchParts, partIf, valuePart, type Part } from "../data/parts.server";
import { keptVocabularyOf, vocabularyOf } from "../data/search.server";
import { parseCatalogQuery, priceFilterNotes, type CatalogFilters } from "../domain/catalog";
import { correctSearch, searchWords, vocabularyLetters, vocabularySecondLetters } from "../domain/search-correction";
import { canonicalSizes, sizeOptions, unknownSizes } from "../domain/size-filter";
import { canonicalQuery, canonicalUrl } from "../domain/seo";
import { MY_SIZES_PARAM } from "../domain/my-sizes";
import { myCountryLink, narrowedZone, readShipsTo } from "../domain/ships-to-filter";
import type { ListingData } from "../components/catalog/listing";

/** The flag of a listing URL that turns the forgiving search off: 'Search instead for …' sets it. */
export const EXACT_SEARCH_PARAM = "exact";

/** The same listing's first page: its address without the page cursor. */
function firstPageOf(params: URLSearchParams) {
  const first = new URLSearchParams(params);
  first.delete("after");
  first.delete("before");
  return first;
}

/**
 * A listing page's data: URL filters plus what the page fixes (its type, category or brand).
 * `path` is the page's own path, the base of its canonical URL.
 *
 * A search that finds nothing is tried again with the catalog's nearest words (search that
 * forgives, decision 0050), with every other filter kept; the page then says what it showed
 * instead and links to the exact words (the same URL with `exact=1`).
 */
export async function loadListing(
  app: AppContext,
  request: Request,
  path: string,
  fixed: Partial<CatalogFilters> = {},
  scope: Scope = {},
): Promise<ListingData> {
  return (await loadListingWith(app, request, path, fixed, scope, valuePart(undefined)))[0];
}

/**
 * The same, with `also` read in the listing's own D1 batch: what the page shows beside it (a
 * brand's header), one round trip for both.
 */
export async function loadListingWith<T>(
  app: AppContext,
  request: Request,
  path: string,
  fixed: Partial<CatalogFilters>,
  scope: Scope,
  also: Part<T>,
): Promise<[ListingData, T]> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const parsed = parseCatalogQuery(params);
  const { page } = parsed;
  const fromUrl = { ...parsed.filters, sizes: canonicalSizes(parsed.filters.sizes) };
  const filters = { ...fromUrl, ...fixed };
  // 'Ships to my country' is personal: answered by /ships-to, which puts the country in the URL (decision 0094).
  const shipsTo = readShipsTo(params);
  if (shipsTo.kind === "mine")
    throw redirect(myCountryLink(path, params), { headers: { "cache-control": "private, no-store" } });
  const zone = narrowedZone(shipsTo);
  if (zone) scope = { ...scope, shipsTo: zone };
  const offered = sizeOptions(filters);
  // A search that may find nothing: when this isolate keeps the words it would be corrected with,
  // the corrected search goes in the same batch, read only if the search finds nothing (decision 0115).
  const forgives = Boolean(filters.search) && params.get(EXACT_SEARCH_PARAM) !== "1";
  const words = forgives ? searchWords(filters.search) : [];
  const letters = [vocabularyLetters(words), vocabularySecondLetters(words)] as const;
  const kept = forgives ? keptVocabularyOf(...letters, Date.now()) : null;
  const guessed = kept && correctSearch(filters.search, kept);
  const [options, [{ page: result, sizeCounts: counted }, beside, guess]] = await Promise.all([
    cached(app.env.CACHE, AGGREGATE_KEYS.filterOptions, 600, () => filterOptions(app.db)),
    batchParts(app.db, [
      listingWithSizesPart(app.db, filters, page, offered, scope),
      also,
      partIf(
        Boolean(guessed),
        listingWithSizesPart(app.db, { ...filters, search: guessed || "" }, page, offered, scope),
        null,
      ),
    ] as const),
  ]);
  // The Size filter: each offered size that has items (or is chosen), in the systems' order.
  const sizesOf = (rows: typeof counted) => {
    const counts = new Map(rows.map((row) => [row.size, Number(row.n)]));
    return offered
      .filter((size) => (counts.get(size) ?? 0) > 0 || filters.sizes.includes(size))
      .map((size) => ({ size, n: counts.get(size) ?? 0 }));
  };
  const listing: ListingData = {
    filters: fromUrl,
    sort: page.sort,
    options,
    result,
    sizes: sizesOf(counted),
    unknownSizes: unknownSizes(filters),
    priceNotes: [...priceFilterNotes(params, filters), ...(shipsTo.kind === "unknown" ? [shipsTo.note] : [])],
    shipsTo: shipsTo.kind === "country" ? shipsTo.country : null,
    mySizes: params.has(MY_SIZES_PARAM),
    canonical: canonicalUrl(
      request,
      path,
      canonicalQuery(fromUrl, shipsTo.kind === "country" ? shipsTo.country.code : null),
    ),
  };
  // A page cursor past either end (made under another sort order, or its page emptied since)
  // finds nothing of a set that has items: the first page instead (decision 0067).
  if (result.items.length === 0 && result.total > 0 && (page.after || page.before)) {
    const first = firstPageOf(params);
    throw redirect(first.size > 0 ? `${path}?${first}` : path);
  }
  if (result.total > 0 || !forgives) return [listing, beside];
  const corrected = kept
    ? guessed
    : correctSearch(filters.search, await vocabularyOf(app.db, app.env.CACHE, ...letters));
  if (!corrected) return [listing, beside];
  // The corrected words' results, with their own Size filter (decision 0068): read beside the
  // search when guessed, else now.
  const { page: instead, sizeCounts } =
    guess ?? (await listProductsWithSizes(app.db, { ...filters, search: corrected }, page, offered, scope));
  if (instead.total === 0) return [listing, beside];
  const exact = firstPageOf(params);
  exact.set(EXACT_SEARCH_PARAM, "1");
  // The page's own path: with JavaScript the request is for its data (`/all-products.data`).
  return [
    {
      ...listing,
      result: instead,
      sizes: sizesOf(sizeCounts),
      correction: { corrected, exactUrl: `${path}?${exact}` },
    },
    beside,
  ];
}
