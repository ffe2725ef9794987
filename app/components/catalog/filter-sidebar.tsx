import { Form, Link, useLocation, useNavigate } from "react-router";
import { checkboxesHtml } from "./checkboxes-html";
import { ShipsToFilter } from "./ships-to-filter";
import {
  CATEGORIES,
  CONDITIONS,
  PRODUCT_TYPES,
  SORT_LABELS,
  type CatalogFilters,
  type SortOrder,
} from "../../domain/catalog";

export interface FilterOptions {
  brands: string[];
  colors: string[];
  tags: string[];
}

const toPounds = (pence: number | null) => (pence === null ? "" : (pence / 100).toFixed(2).replace(/\.00$/, ""));

function CheckboxGroup({
  legend,
  name,
  options,
  selected,
  counts,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  selected: string[];
  counts?: ReadonlyMap<string, number>;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="border-t border-stone-200 pt-3">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {import.meta.env.SSR ? (
        // The server writes the boxes as text (decision 0139): the markup below, a string per option
        // instead of React's elements. The browser hydrates it with the elements below.
        <div
          className="max-h-48 space-y-1 overflow-y-auto pr-1"
          dangerouslySetInnerHTML={{ __html: checkboxesHtml(name, options, selected, counts) }}
        />
      ) : (
        <div className="max-h-48 space-y-1 overflow-y-auto pr-1">
          {options.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={name} value={option} defaultChecked={selected.includes(option)} />
              {option}
              {counts ? <span className="text-stone-600">{`(${counts.get(option) ?? 0})`}</span> : null}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function PriceRange({
  legend,
  minName,
  maxName,
  min,
  max,
}: {
  legend: string;
  minName: string;
  maxName: string;
  min: number | null;
  max: number | null;
}) {
  return (
    <fieldset className="border-t border-stone-200 pt-3">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="flex items-center gap-2 text-sm">
        <label className="flex items-center gap-1">
          <span className="sr-only">{legend} minimum (£)</span>£
          <input
            name={minName}
            inputMode="decimal"
            placeholder="Min"
            defaultValue={toPounds(min)}
            className="w-20 rounded border border-stone-300 px-2 py-1"
          />
        </label>
        <span aria-hidden="true">–</span>
        <label className="flex items-center gap-1">
          <span className="sr-only">{legend} maximum (£)</span>£
          <input
            name={maxName}
            inputMode="decimal"
            placeholder="Max"
            defaultValue={toPounds(max)}
            className="w-20 rounded border border-stone-300 px-2 py-1"
          />
        </label>
      </div>
    </fieldset>
  );
}

/**
 * The filter sidebar is a GET form: every filter lives in the URL, so a filtered page works
 * without JavaScript and can be shared.
 */
export function FilterSidebar({
  action,
  filters,
  sort,
  options,
  sizes,
  mySizes = false,
  shipsTo = null,
  hideBrand = false,
  hideType = false,
  hideCategory = false,
}: {
  action: string;
  filters: CatalogFilters;
  sort: SortOrder;
  options: FilterOptions;
  sizes: { size: string; n: number }[];
  mySizes?: boolean;
  shipsTo?: { code: string; name: string } | null;
  hideBrand?: boolean;
  hideType?: boolean;
  hideCategory?: boolean;
}) {
  const sorts = (Object.keys(SORT_LABELS) as SortOrder[]).filter((s) => s !== "relevance" || filters.search);
  const location = useLocation();
  const navigate = useNavigate();
  // With JavaScript a new order applies at once, to the filters applied: choices not applied yet
  // stay as they are, and the phone's Filters panel stays open (decision 0068). Without it, the
  // order is applied with the rest of the form by 'Apply Filters'.
  const sortNow = (value: string) => {
    const params = new URLSearchParams(location.search);
    for (const cursor of ["after", "before"]) params.delete(cursor);
    params.set("sort", value);
    void navigate(`${location.pathname}?${params}`, { preventScrollReset: true });
  };
  return (
    <Form method="get" action={action} className="space-y-3" aria-label="Filter products">
      {filters.search ? <input type="hidden" name="search" value={filters.search} /> : null}
      {/* Keeps 'Show my sizes' from putting the shopper's sizes back when they untick them. */}
      {mySizes ? <input type="hidden" name="my_sizes" value="1" /> : null}
      <div>
        <label htmlFor="sort" className="mb-1 block text-sm font-semibold">
          Sort by
        </label>
        <select
          id="sort"
          name="sort"
          defaultValue={sort}
          onChange={(e) => sortNow(e.currentTarget.value)}
          className="w-full rounded border border-stone-300 bg-white px-2 py-1.5 text-sm"
        >
          {sorts.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <ShipsToFilter country={shipsTo} />
      {hideBrand ? null : (
        <CheckboxGroup legend="Brands" name="brand" options={options.brands} selected={filters.brands} />
      )}
      <PriceRange
        legend="Rental price"
        minName="rental_min"
        maxName="rental_max"
        min={filters.rentalMin}
        max={filters.rentalMax}
      />
      <PriceRange legend="Buy price" minName="buy_min" maxName="buy_max" min={filters.buyMin} max={filters.buyMax} />
      <CheckboxGroup
        legend="Size"
        name="size"
        options={sizes.map((s) => s.size)}
        selected={filters.sizes}
        counts={new Map(sizes.map((s) => [s.size, s.n]))}
      />
      {hideCategory ? null : (
        <CheckboxGroup legend="Categories" name="category" options={CATEGORIES} selected={filters.categories} />
      )}
      {hideType ? null : (
        <CheckboxGroup legend="Product types" name="type" options={PRODUCT_TYPES} selected={filters.productTypes} />
      )}
      <CheckboxGroup legend="Colours" name="color" options={options.colors} selected={filters.colors} />
      <CheckboxGroup legend="Tags" name="tag" options={options.tags} selected={filters.tags} />
      <CheckboxGroup legend="Condition" name="condition" options={CONDITIONS} selected={filters.conditions} />
      <div className="flex gap-2 border-t border-stone-200 pt-3">
        <button type="submit" className="flex-1 rounded-md bg-brand px-3 py-2 text-sm font-semibold text-white">
          Apply Filters
        </button>
        <Link to={action} className="rounded-md border border-stone-300 px-3 py-2 text-sm">
          Reset
        </Link>
      </div>
    </Form>
  );
}
