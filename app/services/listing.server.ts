import type { AppContext } from "../context";
import { AGGREGATE_KEYS, cached } from "../data/cache.server";
import { filterOptions, listProducts, type Scope } from "../data/catalog.server";
import { parseCatalogQuery, type CatalogFilters } from "../domain/catalog";
import { canonicalQuery, canonicalUrl } from "../domain/seo";
import type { ListingData } from "../components/catalog/listing";

/**
 * A listing page's data: URL filters plus what the page fixes (its type, category or brand).
 * `path` is the page's own path, the base of its canonical URL.
 */
export async function loadListing(app: AppContext, request: Request, path: string, fixed: Partial<CatalogFilters> = {}, scope: Scope = {}): Promise<ListingData> {
  const { filters: fromUrl, page } = parseCatalogQuery(new URL(request.url).searchParams);
  const filters = { ...fromUrl, ...fixed };
  const [options, result] = await Promise.all([
    cached(app.env.CACHE, AGGREGATE_KEYS.filterOptions, 600, () => filterOptions(app.db)),
    listProducts(app.db, filters, page, scope),
  ]);
  return { filters: fromUrl, sort: page.sort, options, result, canonical: canonicalUrl(request, path, canonicalQuery(fromUrl)) };
}
