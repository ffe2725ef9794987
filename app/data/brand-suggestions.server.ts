import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { brands, brandSuggestions, products, users } from "../../db/schema";
import { auditStatement } from "./audit.server";
import type { Database } from "./db.server";
import { mapPart, partsOf, rowsPart } from "./parts.server";
import { guarded } from "./guarded-write.server";

// Storage of the admin Brand Review tab (issue 14 item 5; decision 0033): sellers' brand
// suggestions approved (a brand made), merged into a brand or rejected. Every write records who
// made it (audit_log) in its own batch.

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

/** Pending suggestions (oldest first, with how many products use the name) and the latest 50 reviewed (a part of the tab's batch, decision 0106). */
export function suggestionListsPart(db: Database) {
  const lists = partsOf([
    rowsPart(
      db
        .select(suggestionColumns)
        .from(brandSuggestions)
        .leftJoin(users, eq(users.id, brandSuggestions.suggestedBy))
        .where(eq(brandSuggestions.status, "pending"))
        .orderBy(asc(brandSuggestions.createdAt)),
    ),
    rowsPart(
      db
        .select({ ...suggestionColumns, mergedInto: brands.name })
        .from(brandSuggestions)
        .leftJoin(users, eq(users.id, brandSuggestions.suggestedBy))
        .leftJoin(brands, eq(brands.id, brandSuggestions.mergedWithBrandId))
        .where(sql`${brandSuggestions.status} <> 'pending'`)
        .orderBy(desc(brandSuggestions.reviewedAt))
        .limit(50),
    ),
    rowsPart(
      db
        .select({ name: sql<string>`lower(${products.brand})`, n: count() })
        .from(products)
        .where(
          sql`lower(${products.brand}) IN (SELECT lower(suggested_name) FROM brand_suggestions WHERE status = 'pending')`,
        )
        .groupBy(sql`lower(${products.brand})`),
    ),
  ] as const);
  return mapPart(lists, ([pending, reviewed, used]) => {
    const byName = new Map(used.map((u) => [u.name, u.n]));
    return {
      pending: pending.map((s) => ({ ...s, products: byName.get(s.suggestedName.toLowerCase()) ?? 0 })),
      reviewed,
    };
  });
}

export async function suggestionById(db: Database, id: string) {
  return db
    .select(suggestionColumns)
    .from(brandSuggestions)
    .leftJoin(users, eq(users.id, brandSuggestions.suggestedBy))
    .where(eq(brandSuggestions.id, id))
    .get();
}

type Suggestion = NonNullable<Awaited<ReturnType<typeof suggestionById>>>;
const stillPending = (id: string) => and(eq(brandSuggestions.id, id), eq(brandSuggestions.status, "pending"));

/** Approve: the brand is created from the suggestion. A brand of that name already there refuses it (merge instead). */
export function approveSuggestion(db: Database, suggestion: Suggestion, brandId: string, actorId: string, now: number) {
  return guarded(() =>
    db.batch([
      db.insert(brands).values({
        id: brandId,
        name: suggestion.suggestedName,
        description: suggestion.description,
        websiteUrl: suggestion.websiteUrl,
        createdBy: actorId,
        createdAt: now,
      }),
      db
        .update(brandSuggestions)
        .set({ status: "approved", reviewedBy: actorId, reviewedAt: now })
        .where(stillPending(suggestion.id)),
      auditStatement(
        db,
        {
          actorId,
          action: "brand_suggestion.approve",
          targetType: "brand_suggestion",
          targetId: suggestion.id,
          detail: { brandId },
        },
        now,
      ),
    ]),
  );
}

/** Merge: the products that used the suggested name now carry the existing brand's name. */
export async function mergeSuggestion(
  db: Database,
  suggestion: Suggestion,
  brand: { id: string; name: string },
  actorId: string,
  now: number,
) {
  await db.batch([
    db
      .update(brandSuggestions)
      .set({ status: "merged", mergedWithBrandId: brand.id, reviewedBy: actorId, reviewedAt: now })
      .where(stillPending(suggestion.id)),
    db
      .update(products)
      .set({ brand: brand.name, updatedAt: now })
      .where(
        sql`lower(${products.brand}) = ${suggestion.suggestedName.toLowerCase()} AND NOT EXISTS (SELECT 1 FROM brands WHERE lower(brands.name) = ${suggestion.suggestedName.toLowerCase()})`,
      ),
    auditStatement(
      db,
      {
        actorId,
        action: "brand_suggestion.merge",
        targetType: "brand_suggestion",
        targetId: suggestion.id,
        detail: { brandId: brand.id },
      },
      now,
    ),
  ]);
}

export async function rejectSuggestion(
  db: Database,
  suggestion: Suggestion,
  reason: string,
  actorId: string,
  now: number,
) {
  await db.batch([
    db
      .update(brandSuggestions)
      .set({ status: "rejected", rejectionReason: reason, reviewedBy: actorId, reviewedAt: now })
      .where(stillPending(suggestion.id)),
    auditStatement(
      db,
      {
        actorId,
        action: "brand_suggestion.reject",
        targetType: "brand_suggestion",
        targetId: suggestion.id,
        detail: { reason },
      },
      now,
    ),
  ]);
}
