import type { ReactNode } from "react";
import { counted } from "../../domain/counting";
import { Link, useLocation } from "react-router";
import { SaveSearch } from "./save-search";
import { activeFilterCount, type CatalogFilters, type ProductCardData, type SortOrder } from "../../domain/catalog";
import type { ProductPage } from "../../domain/catalog";
import { FilterSidebar, type FilterOptions } from "./filter-sidebar";
import { Pagination, ProductGrid } from "./product-grid";

export interface ListingData {
  filters: CatalogFilters;
  sort: SortOrder;
  options: FilterOptions;
  result: ProductPage<ProductCardData>;
  /** The Size filter's sizes with their counts (issue 25, item 2). */
  sizes: { size: string; n: number }[];
  /** Size filter values no size system has: 'No such size'. */
  unknownSizes: string[];
  /** Price filters that could not be used, and why (`priceFilterNotes`). */
  priceNotes: string[];
  /** The 'Ships to' filter's country when the URL chose one (decision 0094). */
  shipsTo?: { code: string; name: string } | null;
  /** Filtered by 'Show my sizes' (the URL says so). */
  mySizes: boolean;
  /** The absolute canonical URL: the page path and its filters, without sort or page. */
  canonical: string;
  /**
   * When the search found nothing and the catalog's nearest words did (search that forgives,
   * decision 0050): the words shown instead, and the URL of the exact words.
   */
  correction?: { corrected: string; exactUrl: string } | null;
}

/** The shared listing layout: heading, count line, filter sidebar, grid, pagination, empty state. */
export function Listing({
  action,
  data,
  header,
  empty,
  skeletons,
  hideBrand,
  hideType,
  hideCategory,
}: {
  action: string;
  data: ListingData;
  header: ReactNode;
  empty: ReactNode;
  skeletons: number;
  hideBrand?: boolean;
  hideType?: boolean;
  /** A category's own page: its category is the page, not a filter to choose (decision 0068). */
  hideCategory?: boolean;
}) {
  const { result } = data;
  const filterCount = activeFilterCount(data.filters, data.shipsTo?.code ?? null);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div>
      {header}
      {data.correction ? (
        <div className="mb-2 text-stone-700" data-testid="search-correction">
          <p>
            Showing results for <strong className="font-semibold text-stone-900">{data.correction.corrected}</strong>
          </p>
          <p className="text-sm">
            {"Search instead for "}
            <Link to={data.correction.exactUrl} className="text-brand underline">
              {data.filters.search}
            </Link>
          </p>
        </div>
      ) : null}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-700" role="status">
          {`${counted(result.total, "product")} found`}
        </p>
        {/* The same link for everyone (the page stays shared): the shopper's sizes are read behind it (issue 25, item 3). */}
        <p className="text-sm">
          {data.mySizes ? <span className="mr-2 text-stone-700">Showing your sizes and one-size items</span> : null}
          <a
            href={`/account/sizes/show?${data.mySizes ? "off=1&" : ""}return=${encodeURIComponent(here)}`}
            className="rounded-md border border-stone-300 px-3 py-1.5 font-medium hover:bg-stone-50"
          >
            {data.mySizes ? "Show all sizes" : "Show my sizes"}
          </a>
        </p>
      </div>
      {data.mySizes && result.total === 0 ? (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          {
            "Nothing here in your saved sizes: they may be of another kind (a children's listing needs a children's size). "
          }
          <a href={`/account/sizes?return=${encodeURIComponent(here)}`} className="font-medium text-brand underline">
            Add a size
          </a>
          {" or choose Show all sizes."}
        </p>
      ) : null}
      {data.unknownSizes.length ? (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" role="alert">
          {`No such size: ${data.unknownSizes.join(", ")}. Choose a size from the Size filter.`}
        </p>
      ) : null}
      {data.priceNotes.length ? (
        <ul className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" role="alert">
          {data.priceNotes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <SaveSearch canonical={data.canonical} />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Filters">
          {/* Closed on a phone (a 'Filters (2)' button above the results), always open from lg up
              (app.css): one form, no JavaScript needed, issue 24. */}
          <details key={data.canonical} className="listing-filters rounded-lg border border-stone-200 bg-white p-4">
            <summary className="cursor-pointer font-semibold lg:pointer-events-none lg:list-none">
              {filterCount > 0 ? `Filters (${filterCount})` : "Filters"}
            </summary>
            <div className="mt-3">
              <FilterSidebar
                action={action}
                filters={data.filters}
                sort={data.sort}
                options={data.options}
                sizes={data.sizes}
                mySizes={data.mySizes}
                shipsTo={data.shipsTo ?? null}
                hideBrand={hideBrand}
                hideType={hideType}
                hideCategory={hideCategory}
              />
            </div>
          </details>
        </aside>
        <section aria-labelledby="listing-results">
          {/* Cards title themselves with h3: this keeps the outline h1 → h2 → h3. */}
          <h2 id="listing-results" className="sr-only">
            Products
          </h2>
          {result.items.length === 0 ? empty : <ProductGrid items={result.items} skeletons={skeletons} />}
          <Pagination nextCursor={result.nextCursor} prevCursor={result.prevCursor} />
        </section>
      </div>
    </div>
  );
}

/** The empty state of a type, category or brand listing (shopper.md §2.8). */
export function NoProducts() {
  return (
    <div className="rounded-lg border border-dashed border-stone-300 p-10 text-center">
      <p className="text-lg font-medium">No products found</p>
      <Link to="/all-products" className="mt-4 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white">
        Browse All Products
      </Link>
    </div>
  );
}
