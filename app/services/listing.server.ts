import type { AppContext } from "../context";
import { AGGREGATE_KEYS, cached } from "../data/cache.server";
import { filterOptions, listProductsWithSizes, type Scope } from "../data/catalog.server";
import { parseCatalogQuery, type CatalogFilters } from "../domain/catalog";
import { canonicalSizes, sizeOptions, unknownSizes } from "../domain/size-filter";
import { canonicalQuery, canonicalUrl } from "../domain/seo";
import { MY_SIZES_PARAM } from "../domain/my-sizes";
import type { ListingData } from "../components/catalog/listing";

/**
 * A listing page's data: URL filters plus what the page fixes (its type, category or brand).
 * `path` is the page's own path, the base of its canonical URL.
 */
export async function loadListing(app: AppContext, request: Request, path: string, fixed: Partial<CatalogFilters> = {}, scope: Scope = {}): Promise<ListingData> {
  const params = new URL(request.url).searchParams;
  const parsed = parseCatalogQuery(params);
  const { page } = parsed;
  const fromUrl = { ...parsed.filters, sizes: canonicalSizes(parsed.filters.sizes) };
  const filters = { ...fromUrl, ...fixed };
  const offered = sizeOptions(filters);
  const [options, { page: result, sizeCounts: counted }] = await Promise.all([
    cached(app.env.CACHE, AGGREGATE_KEYS.filterOptions, 600, () => filterOptions(app.db)),
    listProductsWithSizes(app.db, filters, page, offered, scope),
  ]);
  // The Size filter: each offered size that has items (or is chosen), in the systems' order.
  const counts = new Map(counted.map((row) => [row.size, Number(row.n)]));
  const sizes = offered.filter((size) => (counts.get(size) ?? 0) > 0 || filters.sizes.includes(size)).map((size) => ({ size, n: counts.get(size) ?? 0 }));
  return { filters: fromUrl, sort: page.sort, options, result, sizes, unknownSizes: unknownSizes(filters), mySizes: params.has(MY_SIZES_PARAM), canonical: canonicalUrl(request, path, canonicalQuery(fromUrl)) };
}
