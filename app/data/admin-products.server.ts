import { and, eq, sql, type SQL } from "drizzle-orm";
import { products, stores, users } from "../../db/schema";
import { ADMIN_PAGE_SIZE } from "../domain/admin-lists";
import { reviewStageOf, type ReviewStatus } from "../domain/admin-products";
import type { Database } from "./db.server";
import { orderStageOf, publicOrReserved } from "./public-products.server";
import { aliased, aliasedOrNull, containsText } from "./columns.server";
import { newestFirst, pagePart } from "./paging.server";
import { auditStatement, guardedBatch } from "./audit.server";
import { rejectionColumns } from "./product.server";

// The admin Products tab (seller-store-admin.md §2, §4, §7; issue 14 item 3).

/** A page of every product (by review status, searched), newest first, as a part of the tab's batch (decision 0106). */
export function adminProductsPart(db: Database, filter: { q: string; status: ReviewStatus | null; page: number }) {
  const where: (SQL | undefined)[] = [];
  // 'pending' lists what waits for a review (decision 0030): the store's or staff's.
  if (filter.status === "pending")
    where.push(and(eq(products.productStatus, "pending"), sql`${products.status} <> 'rejected'`));
  else if (filter.status) where.push(eq(products.status, filter.status));
  if (filter.q) {
    where.push(
      containsText(
        [
          products.name,
          products.brand,
          products.id,
          sql`coalesce(${users.displayName}, ${users.fullName})`,
          users.email,
        ],
        filter.q,
      ),
    );
  }
  const query = db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      images: products.images,
      status: products.status,
      productStatus: products.productStatus,
      // On the shop (or reserved there): its public page shows it; otherwise View opens its details (decision 0068).
      onShop: sql<number>`${publicOrReserved()}`.mapWith(Boolean).as("on_shop"),
      ...rejectionColumns,
      availability: products.availability,
      orderStage: orderStageOf().as("order_stage"),
      rentalPrice: products.rentalPrice,
      buyingPrice: products.buyingPrice,
      originalPrice: products.originalPrice,
      createdAt: products.createdAt,
      ownerName: sql<string | null>`coalesce(${users.displayName}, ${users.fullName})`.as("owner_name"),
      ownerEmail: aliased(users.email, "owner_email"),
      storeId: products.storeId,
      conciergeStatus: products.conciergeStatus,
      storeName: aliasedOrNull(stores.name, "store_name"),
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.ownerId))
    .leftJoin(stores, eq(stores.id, products.storeId))
    .where(and(...where))
    .orderBy(...newestFirst(products))
    .$dynamic();
  return pagePart(query, filter.page, ADMIN_PAGE_SIZE);
}

export type ReviewDecision = "approve" | "reject";

/** Why a review did not happen: the product is missing, not pending, or its owner is deactivated. */
export async function reviewRefusal(db: Database, productId: string) {
  const row = productId
    ? await db
        .select({
          status: products.status,
          productStatus: products.productStatus,
          storeId: products.storeId,
          conciergeStatus: products.conciergeStatus,
          deactivatedAt: users.deactivatedAt,
          rentalPrice: products.rentalPrice,
          returnAddress: users.returnAddress,
        })
        .from(products)
        .innerJoin(users, eq(users.id, products.ownerId))
        .where(eq(products.id, productId))
        .get()
    : undefined;
  if (!row) return { status: 404, message: "Product not found" } as const;
  const stage = reviewStageOf(row);
  if (stage === "store")
    return { status: 409, message: "This concierge item waits for its store's answer first." } as const;
  if (stage !== "staff") return { status: 409, message: "Only pending products can be approved or rejected." } as const;
  if (row.deactivatedAt !== null)
    return {
      status: 409,
      message: "This product's owner is deactivated: reactivate the account before approving its items.",
    } as const;
  return {
    status: 409,
    message:
      "The seller has no return address yet: a rental is approved once they add one (Profile, Return address), so returns have somewhere to go.",
  } as const;
}

/** SQL of reviewStageOf(...) === "staff" (decision 0030): the listing waits for staff. */
const WAITS_FOR_STAFF = sql`${products.productStatus} = 'pending' and ${products.status} <> 'rejected' and not (${products.storeId} is not null and ${products.conciergeStatus} = 'pending')`;

/**
 * Approve (status approved, product_status live) or reject (rejected, archived) a product waiting for staff,
 * with its audit row, in one batch. Only a pending product changes: the audit row is the guard
 * (its target is NULL unless the product is still pending), so a product reviewed meanwhile, or
 * twice, is refused whole. Returns false when the product is not pending (or does not exist).
 */
export async function reviewProduct(
  db: Database,
  productId: string,
  decision: ReviewDecision,
  staffId: string,
  now: number,
  reason: string | null = null,
) {
  // A deactivated owner's items stay off the public pages (decision 0031): they are not approved.
  // A rental of a seller who handles it themselves needs their return address first (issue 22).
  const ownerActive =
    decision === "approve"
      ? sql` and ${products.ownerId} in (select ${users.id} from ${users} where ${users.deactivatedAt} is null and (${users.returnAddress} is not null or ${products.rentalPrice} is null or ${products.storeId} is not null))`
      : sql``;
  const pendingId = sql`(select ${products.id} from ${products} where ${products.id} = ${productId} and ${WAITS_FOR_STAFF}${ownerActive})`;
  const set =
    decision === "approve"
      ? {
          status: "approved" as const,
          productStatus: "live" as const,
          conciergeStatus: sql`case when ${products.storeId} is null then 'no' else 'yes' end`,
          rejectionReason: null,
          declinedByStoreId: null,
          updatedAt: now,
        }
      : {
          status: "rejected" as const,
          productStatus: "archived" as const,
          conciergeStatus: "no" as const,
          rejectionReason: reason,
          declinedByStoreId: null,
          updatedAt: now,
        };
  return guardedBatch(db, [
    auditStatement(
      db,
      {
        actorId: staffId,
        action: `product.${decision}`,
        targetType: "product",
        targetId: pendingId,
        detail: reason ? { status: set.status, reason } : { status: set.status },
      },
      now,
    ),
    db
      .update(products)
      .set(set)
      .where(and(eq(products.id, productId), WAITS_FOR_STAFF)),
  ]);
}
