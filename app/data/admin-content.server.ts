import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { brandRedirects, brands, brandSuggestions, categories, products, users } from "../../db/schema";
import type { BrandInput, CategoryInput } from "../domain/admin-content";
import { auditStatement } from "./audit.server";
import { isUniqueViolation, type Database } from "./db.server";

// Storage of the admin Brands, Brand Review, Content and Blog tabs (issue 14 items 5, 6, 10;
// decisions 0033, 0034). Every write records who made it (audit_log) in its own batch.

// ---------------------------------------------------------------------------------------------
// Brands

/** Every brand, by name, with how many products carry its name. */
export async function adminBrands(db: Database) {
  const [rows, used] = await db.batch([
    db
      .select({ id: brands.id, name: brands.name, logoUrl: brands.logoUrl, websiteUrl: brands.websiteUrl, description: brands.description, isPopular: brands.isPopular, createdAt: brands.createdAt })
      .from(brands)
      .orderBy(asc(brands.name)),
    db.select({ brand: sql<string>`lower(${products.brand})`, n: count() }).from(products).groupBy(sql`lower(${products.brand})`),
  ]);
  const byName = new Map(used.map((u) => [u.brand, u.n]));
  return rows.map((b) => ({ ...b, products: byName.get(b.name.toLowerCase()) ?? 0 }));
}

export async function brandById(db: Database, id: string) {
  return db.select({ id: brands.id, name: brands.name, logoUrl: brands.logoUrl, isPopular: brands.isPopular }).from(brands).where(eq(brands.id, id)).get();
}

export type WriteResult = { ok: true } | { ok: false; duplicate: true };

const guarded = async (work: () => Promise<unknown>): Promise<WriteResult> => {
  try {
    await work();
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, duplicate: true };
    throw error;
  }
};

export function createBrand(db: Database, id: string, input: BrandInput, logoUrl: string | null, actorId: string, now: number) {
  return guarded(() =>
    db.batch([
      db.insert(brands).values({ id, ...input, logoUrl, createdBy: actorId, createdAt: now }),
      auditStatement(db, { actorId, action: "brand.create", targetType: "brand", targetId: id, detail: { name: input.name } }, now),
    ]),
  );
}

/** Saves a brand; a new name is carried to the products that used the old one (they keep their brand). */
export function updateBrand(db: Database, brand: { id: string; name: string }, input: BrandInput, logoUrl: string | null, actorId: string, now: number) {
  return guarded(() =>
    db.batch([
      db.update(brands).set({ ...input, logoUrl }).where(eq(brands.id, brand.id)),
      db
        .update(products)
        .set({ brand: input.name, updatedAt: now })
        .where(and(sql`lower(${products.brand}) = ${brand.name.toLowerCase()}`, sql`${products.brand} <> ${input.name}`)),
      auditStatement(db, { actorId, action: "brand.update", targetType: "brand", targetId: brand.id, detail: { from: brand.name, to: input.name } }, now),
    ]),
  );
}

/** How many products carry a brand's name (any status: each would lose its brand). */
export async function brandProductCount(db: Database, name: string) {
  const row = await db.select({ n: count() }).from(products).where(sql`lower(${products.brand}) = ${name.toLowerCase()}`).get();
  return row?.n ?? 0;
}

/**
 * Deletes a brand no product uses (issue 24; decision 0033 revised): the delete is guarded in the
 * same statement, so a product listed with the brand meanwhile keeps it. False when one uses it.
 */
export async function deleteBrand(db: Database, brand: { id: string; name: string }, actorId: string, now: number) {
  const unused = sql`not exists (select 1 from ${products} where lower(${products.brand}) = ${brand.name.toLowerCase()})`;
  const deleted = await db.delete(brands).where(and(eq(brands.id, brand.id), unused)).returning({ id: brands.id });
  if (deleted.length === 0) return false;
  await auditStatement(db, { actorId, action: "brand.delete", targetType: "brand", targetId: brand.id, detail: { name: brand.name } }, now);
  return true;
}

/**
 * Merges a brand into another (issue 24): its products take the other brand's name, its old page
 * redirects there (and so do pages of brands merged into it before), and the brand row goes.
 */
export async function mergeBrand(db: Database, from: { id: string; name: string }, into: { id: string; name: string }, actorId: string, now: number) {
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
    auditStatement(db, { actorId, action: "brand.merge", targetType: "brand", targetId: from.id, detail: { name: from.name, into: into.name, intoId: into.id } }, now),
  ]);
}

/** Whether a brand with this name exists (other than `exceptId`): checked before a logo is stored. */
export async function brandNameTaken(db: Database, name: string, exceptId?: string) {
  const row = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(sql`lower(${brands.name}) = ${name.toLowerCase()}`, exceptId ? sql`${brands.id} <> ${exceptId}` : undefined))
    .get();
  return Boolean(row);
}

export async function setBrandPopular(db: Database, brandId: string, popular: boolean, actorId: string, now: number) {
  await db.batch([
    db.update(brands).set({ isPopular: popular }).where(eq(brands.id, brandId)),
    auditStatement(db, { actorId, action: popular ? "brand.popular" : "brand.unpopular", targetType: "brand", targetId: brandId }, now),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Brand suggestions

const suggestionColumns = {
  id: brandSuggestions.id,
  suggestedName: brandSuggestions.suggestedName,
  description: brandSuggestions.description,
  websiteUrl: brandSuggestions.websiteUrl,
  status: brandSuggestions.status,
  rejectionReason: brandSuggestions.rejectionReason,
  mergedWithBrandId: brandSuggestions.mergedWithBrandId,
  reviewedAt: brandSuggestions.reviewedAt,
  createdAt: brandSuggestions.createdAt,
  suggestedBy: brandSuggestions.suggestedBy,
  suggesterName: users.fullName,
  suggesterEmail: users.email,
};

/** Pending suggestions (oldest first, with how many products use the name) and the latest 50 reviewed. */
export async function suggestionLists(db: Database) {
  const [pending, reviewed, used] = await db.batch([
    db.select(suggestionColumns).from(brandSuggestions).leftJoin(users, eq(users.id, brandSuggestions.suggestedBy)).where(eq(brandSuggestions.status, "pending")).orderBy(asc(brandSuggestions.createdAt)),
    db
      .select({ ...suggestionColumns, mergedInto: brands.name })
      .from(brandSuggestions)
      .leftJoin(users, eq(users.id, brandSuggestions.suggestedBy))
      .leftJoin(brands, eq(brands.id, brandSuggestions.mergedWithBrandId))
      .where(sql`${brandSuggestions.status} <> 'pending'`)
      .orderBy(desc(brandSuggestions.reviewedAt))
      .limit(50),
    db
      .select({ name: sql<string>`lower(${products.brand})`, n: count() })
      .from(products)
      .where(sql`lower(${products.brand}) IN (SELECT lower(suggested_name) FROM brand_suggestions WHERE status = 'pending')`)
      .groupBy(sql`lower(${products.brand})`),
  ]);
  const byName = new Map(used.map((u) => [u.name, u.n]));
  return { pending: pending.map((s) => ({ ...s, products: byName.get(s.suggestedName.toLowerCase()) ?? 0 })), reviewed };
}

export async function suggestionById(db: Database, id: string) {
  return db.select(suggestionColumns).from(brandSuggestions).leftJoin(users, eq(users.id, brandSuggestions.suggestedBy)).where(eq(brandSuggestions.id, id)).get();
}

type Suggestion = NonNullable<Awaited<ReturnType<typeof suggestionById>>>;
const stillPending = (id: string) => and(eq(brandSuggestions.id, id), eq(brandSuggestions.status, "pending"));

/** Approve: the brand is created from the suggestion. A brand of that name already there refuses it (merge instead). */
export function approveSuggestion(db: Database, suggestion: Suggestion, brandId: string, actorId: string, now: number) {
  return guarded(() =>
    db.batch([
      db.insert(brands).values({ id: brandId, name: suggestion.suggestedName, description: suggestion.description, websiteUrl: suggestion.websiteUrl, createdBy: actorId, createdAt: now }),
      db.update(brandSuggestions).set({ status: "approved", reviewedBy: actorId, reviewedAt: now }).where(stillPending(suggestion.id)),
      auditStatement(db, { actorId, action: "brand_suggestion.approve", targetType: "brand_suggestion", targetId: suggestion.id, detail: { brandId } }, now),
    ]),
  );
}

/** Merge: the products that used the suggested name now carry the existing brand's name. */
export async function mergeSuggestion(db: Database, suggestion: Suggestion, brand: { id: string; name: string }, actorId: string, now: number) {
  await db.batch([
    db.update(brandSuggestions).set({ status: "merged", mergedWithBrandId: brand.id, reviewedBy: actorId, reviewedAt: now }).where(stillPending(suggestion.id)),
    db
      .update(products)
      .set({ brand: brand.name, updatedAt: now })
      .where(sql`lower(${products.brand}) = ${suggestion.suggestedName.toLowerCase()} AND NOT EXISTS (SELECT 1 FROM brands WHERE lower(brands.name) = ${suggestion.suggestedName.toLowerCase()})`),
    auditStatement(db, { actorId, action: "brand_suggestion.merge", targetType: "brand_suggestion", targetId: suggestion.id, detail: { brandId: brand.id } }, now),
  ]);
}

export async function rejectSuggestion(db: Database, suggestion: Suggestion, reason: string, actorId: string, now: number) {
  await db.batch([
    db.update(brandSuggestions).set({ status: "rejected", rejectionReason: reason, reviewedBy: actorId, reviewedAt: now }).where(stillPending(suggestion.id)),
    auditStatement(db, { actorId, action: "brand_suggestion.reject", targetType: "brand_suggestion", targetId: suggestion.id, detail: { reason } }, now),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Categories

/** Every category in sort order (§7: read by sort_order), with its parent's id. */
export async function adminCategories(db: Database) {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, description: categories.description, parentId: categories.parentId, imageUrl: categories.imageUrl, isActive: categories.isActive, sortOrder: categories.sortOrder })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

export type AdminCategory = Awaited<ReturnType<typeof adminCategories>>[number];

/** Which unique rule a failed category write broke. */
async function categoryClash(db: Database, input: CategoryInput, exceptId: string | null) {
  const rows = await db.select({ id: categories.id, slug: categories.slug }).from(categories).where(sql`(${categories.slug} = ${input.slug} OR ${categories.name} = ${input.name})`);
  const other = rows.filter((r) => r.id !== exceptId);
  return other.some((r) => r.slug === input.slug) ? ("slug" as const) : ("name" as const);
}

export async function createCategory(db: Database, id: string, input: CategoryInput, imageUrl: string | null, actorId: string, now: number) {
  const result = await guarded(() =>
    db.batch([
      db.insert(categories).values({ id, ...input, imageUrl, createdAt: now }),
      auditStatement(db, { actorId, action: "category.create", targetType: "category", targetId: id, detail: { name: input.name } }, now),
    ]),
  );
  return result.ok ? result : { ok: false as const, clash: await categoryClash(db, input, null) };
}

/** Saves a category; a new name is carried to its products (products name their category). */
export async function updateCategory(db: Database, category: AdminCategory, input: CategoryInput, imageUrl: string | null, actorId: string, now: number) {
  const result = await guarded(() =>
    db.batch([
      db.update(categories).set({ ...input, imageUrl }).where(eq(categories.id, category.id)),
      db.update(products).set({ category: input.name, updatedAt: now }).where(and(eq(products.category, category.name), sql`${products.category} <> ${input.name}`)),
      auditStatement(db, { actorId, action: "category.update", targetType: "category", targetId: category.id, detail: { from: category.name, to: input.name } }, now),
    ]),
  );
  return result.ok ? result : { ok: false as const, clash: await categoryClash(db, input, category.id) };
}

/** Its subcategories become top-level; products keep the category name they were listed with. */
export async function deleteCategory(db: Database, category: AdminCategory, actorId: string, now: number) {
  await db.batch([
    db.update(categories).set({ parentId: null }).where(eq(categories.parentId, category.id)),
    db.delete(categories).where(eq(categories.id, category.id)),
    auditStatement(db, { actorId, action: "category.delete", targetType: "category", targetId: category.id, detail: { name: category.name } }, now),
  ]);
}
