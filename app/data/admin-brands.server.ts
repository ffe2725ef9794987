import { and, asc, count, eq, sql } from "drizzle-orm";
import { brandRedirects, brands, products } from "../../db/schema";
import type { BrandInput } from "../domain/admin-content";
import { auditStatement } from "./audit.server";
import type { Database } from "./db.server";
import { mapPart, partsOf, rowsPart } from "./parts.server";
import { guarded } from "./guarded-write.server";

// Storage of the admin Brands tab (issue 14 item 5; decision 0033): the brands with how many
// products carry each, their saves, merges and deletes. Every write records who made it
// (audit_log) in its own batch. Suggested brands: ./brand-suggestions.server.ts.

/** Every brand, by name, with how many products carry its name (a part of a tab's batch, decision 0106). */
export function adminBrandsPart(db: Database) {
  const read = partsOf([
    rowsPart(
      db
        .select({
          id: brands.id,
          name: brands.name,
          logoUrl: brands.logoUrl,
          websiteUrl: brands.websiteUrl,
          description: brands.description,
          isPopular: brands.isPopular,
          createdAt: brands.createdAt,
        })
        .from(brands)
        .orderBy(asc(brands.name)),
    ),
    rowsPart(
      db
        .select({ brand: sql<string>`lower(${products.brand})`, n: count() })
        .from(products)
        .groupBy(sql`lower(${products.brand})`),
    ),
  ] as const);
  return mapPart(read, ([rows, used]) => {
    const byName = new Map(used.map((u) => [u.brand, u.n]));
    return rows.map((b) => ({ ...b, products: byName.get(b.name.toLowerCase()) ?? 0 }));
  });
}

export async function brandById(db: Database, id: string) {
  return db
    .select({ id: brands.id, name: brands.name, logoUrl: brands.logoUrl, isPopular: brands.isPopular })
    .from(brands)
    .where(eq(brands.id, id))
    .get();
}
export function createBrand(
  db: Database,
  id: string,
  input: BrandInput,
  logoUrl: string | null,
  actorId: string,
  now: number,
) {
  return guarded(() =>
    db.batch([
      db.insert(brands).values({ id, ...input, logoUrl, createdBy: actorId, createdAt: now }),
      auditStatement(
        db,
        { actorId, action: "brand.create", targetType: "brand", targetId: id, detail: { name: input.name } },
        now,
      ),
    ]),
  );
}

/** Saves a brand; a new name is carried to the products that used the old one (they keep their brand). */
export function updateBrand(
  db: Database,
  brand: { id: string; name: string },
  input: BrandInput,
  logoUrl: string | null,
  actorId: string,
  now: number,
) {
  return guarded(() =>
    db.batch([
      db
        .update(brands)
        .set({ ...input, logoUrl })
        .where(eq(brands.id, brand.id)),
      db
        .update(products)
        .set({ brand: input.name, updatedAt: now })
        .where(
          and(sql`lower(${products.brand}) = ${brand.name.toLowerCase()}`, sql`${products.brand} <> ${input.name}`),
        ),
      auditStatement(
        db,
        {
          actorId,
          action: "brand.update",
          targetType: "brand",
          targetId: brand.id,
          detail: { from: brand.name, to: input.name },
        },
        now,
      ),
    ]),
  );
}

/** How many products carry a brand's name (any status: each would lose its brand). */
export async function brandProductCount(db: Database, name: string) {
  const row = await db
    .select({ n: count() })
    .from(products)
    .where(sql`lower(${products.brand}) = ${name.toLowerCase()}`)
    .get();
  return row?.n ?? 0;
}

/**
 * Deletes a brand no product uses (issue 24; decision 0033 revised): the delete is guarded in the
 * same statement, so a product listed with the brand meanwhile keeps it. False when one uses it.
 */
export async function deleteBrand(db: Database, brand: { id: string; name: string }, actorId: string, now: number) {
  const unused = sql`not exists (select 1 from ${products} where lower(${products.brand}) = ${brand.name.toLowerCase()})`;
  const deleted = await db
    .delete(brands)
    .where(and(eq(brands.id, brand.id), unused))
    .returning({ id: brands.id });
  if (deleted.length === 0) return false;
  await auditStatement(
    db,
    { actorId, action: "brand.delete", targetType: "brand", targetId: brand.id, detail: { name: brand.name } },
    now,
  );
  return true;
}

/**
 * Merges a brand into another (issue 24): its products take the other brand's name, its old page
 * redirects there (and so do pages of brands merged into it before), and the brand row goes.
 */
export async function mergeBrand(
  db: Database,
  from: { id: string; name: string },
  into: { id: string; name: string },
  actorId: string,
  now: number,
) {
  await db.batch([
    db
      .update(products)
      .set({ brand: into.name, updatedAt: now })
      .where(sql`lower(${products.brand}) = ${from.name.toLowerCase()}`),
    db.update(brandRedirects).set({ brandId: into.id }).where(eq(brandRedirects.brandId, from.id)),
    db
      .insert(brandRedirects)
      .values({ oldName: from.name.toLowerCase(), brandId: into.id, createdAt: now })
      .onConflictDoUpdate({ target: brandRedirects.oldName, set: { brandId: into.id } }),
    db.delete(brands).where(eq(brands.id, from.id)),
    auditStatement(
      db,
      {
        actorId,
        action: "brand.merge",
        targetType: "brand",
        targetId: from.id,
        detail: { name: from.name, into: into.name, intoId: into.id },
      },
      now,
    ),
  ]);
}

/** Whether a brand with this name exists (other than `exceptId`): checked before a logo is stored. */
export async function brandNameTaken(db: Database, name: string, exceptId?: string) {
  const row = await db
    .select({ id: brands.id })
    .from(brands)
    .where(
      and(sql`lower(${brands.name}) = ${name.toLowerCase()}`, exceptId ? sql`${brands.id} <> ${exceptId}` : undefined),
    )
    .get();
  return Boolean(row);
}

export async function setBrandPopular(db: Database, brandId: string, popular: boolean, actorId: string, now: number) {
  await db.batch([
    db.update(brands).set({ isPopular: popular }).where(eq(brands.id, brandId)),
    auditStatement(
      db,
      { actorId, action: popular ? "brand.popular" : "brand.unpopular", targetType: "brand", targetId: brandId },
      now,
    ),
  ]);
}
