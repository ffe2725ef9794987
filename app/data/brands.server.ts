import { and, asc, count, eq, sql, type Placeholder } from "drizzle-orm";
import { brandRedirects, brands, categories, products } from "../../db/schema";
import { isPublic } from "./public-products.server";
import type { Database } from "./db.server";
import { preparedOnce } from "./prepared.server";

const brandColumns = {
  id: brands.id,
  name: brands.name,
  logoUrl: brands.logoUrl,
  description: brands.description,
  websiteUrl: brands.websiteUrl,
  isPopular: brands.isPopular,
};

export async function allBrands(db: Database) {
  return db.select(brandColumns).from(brands).orderBy(asc(brands.name));
}

/** Popular brands by name; a query builder, so it can be awaited or joined to a batch. */
export function popularBrands(db: Database) {
  return db.select(brandColumns).from(brands).where(eq(brands.isPopular, true)).orderBy(asc(brands.name));
}

/** A brand by its name in any case; a query builder, so it can go in a page's batch (first row). */
export function brandByNameQuery(db: Database, name: string) {
  return brandByLowerNameQuery(db, name.toLowerCase());
}

function brandByLowerNameQuery(db: Database, lowerName: string | Placeholder) {
  return db
    .select(brandColumns)
    .from(brands)
    .where(sql`lower(${brands.name}) = ${lowerName}`)
    .limit(1);
}

const brandByLowerName = preparedOnce(["lowerName"], (db, { lowerName }) => brandByLowerNameQuery(db, lowerName));

/** The same as a part of the brand page's batch, its SQL built once per isolate (decision 0135). */
export const brandByNamePart = (db: Database, name: string) => brandByLowerName(db, { lowerName: name.toLowerCase() });

export async function brandByName(db: Database, name: string) {
  return (await brandByNameQuery(db, name))[0];
}

/** The brand a merged brand's old name now leads to (issue 24), or undefined. */
export async function brandRedirect(db: Database, name: string) {
  return db
    .select({ name: brands.name })
    .from(brandRedirects)
    .innerJoin(brands, eq(brands.id, brandRedirects.brandId))
    .where(eq(brandRedirects.oldName, name.toLowerCase()))
    .get();
}

export async function categoryBySlug(db: Database, slug: string) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      imageUrl: categories.imageUrl,
    })
    .from(categories)
    .where(and(eq(categories.slug, slug), eq(categories.isActive, true)))
    .get();
}

/**
 * Active categories in sort order, and the count of approved products per category (home,
 * shopper.md §2.3): two query builders for the caller's batch; `withCounts` joins their rows.
 */
export function categoryQueries(db: Database) {
  return [
    db
      .select({ id: categories.id, name: categories.name, slug: categories.slug, imageUrl: categories.imageUrl })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.sortOrder), asc(categories.name)),
    // What the category's listing shows: live and not sold (the same condition, so they agree).
    db.select({ category: products.category, n: count() }).from(products).where(isPublic()).groupBy(products.category),
  ] as const;
}

type CategoryRows = Awaited<ReturnType<typeof categoryQueries>[0]>;
type CountRows = Awaited<ReturnType<typeof categoryQueries>[1]>;

export function withCounts(rows: CategoryRows, counts: CountRows) {
  const byName = new Map(counts.map((c) => [c.category, c.n]));
  return rows.map((c) => ({ ...c, productCount: byName.get(c.name) ?? 0 }));
}
