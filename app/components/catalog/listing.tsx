import type { ReactNode } from "react";
import { SaveSearch } from "./save-search";
import { Link } from "react-router";
import { activeFilterCount, type CatalogFilters, type ProductCardData, type SortOrder } from "../../domain/catalog";
import type { ProductPage } from "../../data/catalog.server";
import { FilterSidebar, type FilterOptions } from "./filter-sidebar";
import { Pagination, ProductGrid } from "./product-grid";

export interface ListingData {
  filters: CatalogFilters;
  sort: SortOrder;
  options: FilterOptions;
  result: ProductPage<ProductCardData>;
  /** The absolute canonical URL: the page path and its filters, without sort or page. */
  canonical: string;
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
}: {
  action: string;
  data: ListingData;
  header: ReactNode;
  empty: ReactNode;
  skeletons: number;
  hideBrand?: boolean;
  hideType?: boolean;
}) {
  const { result } = data;
  const filterCount = activeFilterCount(data.filters);
  return (
    <div>
      {header}
      <p className="mb-4 text-sm text-stone-700" role="status">
        {`${result.total} product(s) found`}
      </p>
      <SaveSearch canonical={data.canonical} />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Filters">
          {/* Closed on a phone (a 'Filters (2)' button above the results), always open from lg up
              (app.css): one form, no JavaScript needed, issue 24. */}
          <details key={data.canonical} className="listing-filters rounded-lg border border-stone-200 bg-white p-4">
            <summary className="cursor-pointer font-semibold lg:pointer-events-none lg:list-none">{filterCount > 0 ? `Filters (${filterCount})` : "Filters"}</summary>
            <div className="mt-3">
              <FilterSidebar action={action} filters={data.filters} sort={data.sort} options={data.options} hideBrand={hideBrand} hideType={hideType} />
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
      <Link to="/all-products" className="mt-4 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white">Browse All Products</Link>
    </div>
  );
}

/** A page's own "not found" state with a way home ('Product not found', 'Store not found' ...). */
export function NotFoundSection({ title, back = { to: "/", label: "Back to Home" } }: { title: string; back?: { to: string; label: string } }) {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <Link to={back.to} className="mt-6 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white">{back.label}</Link>
    </section>
  );
}
