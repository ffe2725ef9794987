import { and, asc, eq, sql } from "drizzle-orm";
import { categories, products } from "../../db/schema";
import type { CategoryInput } from "../domain/admin-content";
import { auditStatement } from "./audit.server";
import type { Database } from "./db.server";
import { guarded } from "./guarded-write.server";

// Storage of the admin Content tab's categories (issue 14 item 6; decision 0034). Every write
// records who made it (audit_log) in its own batch. The tab's banner, pages and settings:
// ./site-content-admin.server.ts; brands: ./admin-brands.server.ts.

/** Every category in sort order (§7: read by sort_order), with its parent's id. */
export function adminCategories(db: Database) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      parentId: categories.parentId,
      imageUrl: categories.imageUrl,
      isActive: categories.isActive,
      sortOrder: categories.sortOrder,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

export type AdminCategory = Awaited<ReturnType<typeof adminCategories>>[number];

/** Which unique rule a failed category write broke. */
async function categoryClash(db: Database, input: CategoryInput, exceptId: string | null) {
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(sql`(${categories.slug} = ${input.slug} OR ${categories.name} = ${input.name})`);
  const other = rows.filter((r) => r.id !== exceptId);
  return other.some((r) => r.slug === input.slug) ? ("slug" as const) : ("name" as const);
}

export async function createCategory(
  db: Database,
  id: string,
  input: CategoryInput,
  imageUrl: string | null,
  actorId: string,
  now: number,
) {
  const result = await guarded(() =>
    db.batch([
      db.insert(categories).values({ id, ...input, imageUrl, createdAt: now }),
      auditStatement(
        db,
        { actorId, action: "category.create", targetType: "category", targetId: id, detail: { name: input.name } },
        now,
      ),
    ]),
  );
  return result.ok ? result : { ok: false as const, clash: await categoryClash(db, input, null) };
}

/** Saves a category; a new name is carried to its products (products name their category). */
export async function updateCategory(
  db: Database,
  category: AdminCategory,
  input: CategoryInput,
  imageUrl: string | null,
  actorId: string,
  now: number,
) {
  const result = await guarded(() =>
    db.batch([
      db
        .update(categories)
        .set({ ...input, imageUrl })
        .where(eq(categories.id, category.id)),
      db
        .update(products)
        .set({ category: input.name, updatedAt: now })
        .where(and(eq(products.category, category.name), sql`${products.category} <> ${input.name}`)),
      auditStatement(
        db,
        {
          actorId,
          action: "category.update",
          targetType: "category",
          targetId: category.id,
          detail: { from: category.name, to: input.name },
        },
        now,
      ),
    ]),
  );
  return result.ok ? result : { ok: false as const, clash: await categoryClash(db, input, category.id) };
}

/** Its subcategories become top-level; products keep the category name they were listed with. */
export async function deleteCategory(db: Database, category: AdminCategory, actorId: string, now: number) {
  await db.batch([
    db.update(categories).set({ parentId: null }).where(eq(categories.parentId, category.id)),
    db.delete(categories).where(eq(categories.id, category.id)),
    auditStatement(
      db,
      {
        actorId,
        action: "category.delete",
        targetType: "category",
        targetId: category.id,
        detail: { name: category.name },
      },
      now,
    ),
  ]);
}
