import { CATEGORIES, PRODUCT_TYPES, type CatalogFilters } from "./catalog";
import { ALL_SIZES, canonicalSize, SIZE_SYSTEM_ORDER, SIZE_SYSTEMS, sizeSystemsFor } from "./sizes";

// The listings' Size filter (issue 25, item 2), on the server: sizes.ts stays out of the shared
// browser chunk (vite.config.ts, NOT_SHARED).

/** The filter's sizes as the size lists write them ('uk 10' → 'UK 10'); an unknown one stays as typed. */
export const canonicalSizes = (sizes: readonly string[]) => [...new Set(sizes.map((v) => canonicalSize(v) ?? v))];

/** The sizes a listing's Size filter offers: those of the systems its types and categories use. */
export function sizeOptions(filters: Pick<CatalogFilters, "productTypes" | "categories">): string[] {
  const types = filters.productTypes.length ? filters.productTypes : PRODUCT_TYPES;
  const categories = filters.categories.length ? filters.categories : CATEGORIES;
  const systems = new Set(types.flatMap((t) => categories.flatMap((c) => sizeSystemsFor(t, c))));
  return SIZE_SYSTEM_ORDER.filter((id) => systems.has(id)).flatMap((id) => [...SIZE_SYSTEMS[id].sizes]);
}

/** The size filter values no system has ('No such size'). */
export const unknownSizes = (filters: Pick<CatalogFilters, "sizes">) =>
  filters.sizes.filter((s) => !ALL_SIZES.includes(s));
