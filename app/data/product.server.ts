import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { products, reviews, stores, users, userVerifications } from "../../db/schema";
import { cardColumns, isPublic } from "./catalog.server";
import type { Database } from "./db.server";
import { managesAllProducts } from "../domain/roles";
import { measurementLines, parseMeasurements, sizeLabel } from "../domain/sizes";
import type { SessionUser } from "../services/session.server";

export const RELATED_PRODUCTS = 8;

/** What describes a product: the fields of the edit form, which the product page shows too. */
const describedBy = {
  name: products.name,
  description: products.description,
  originalPrice: products.originalPrice,
  rentalPrice: products.rentalPrice,
  buyingPrice: products.buyingPrice,
  brand: products.brand,
  condition: products.condition,
  color: products.color,
  productType: products.productType,
  category: products.category,
  tags: products.tags,
  materials: products.materials,
  careInstructions: products.careInstructions,
  memoryStory: products.memoryStory,
  size: products.size,
  fitNote: products.fitNote,
  measurements: products.measurements,
  images: products.images,
};

/** Everything the product page shows, in one D1 round trip; null when not public. */
export async function productDetail(db: Database, id: string) {
  const [found, comments, related, reviewTotals] = await db.batch([
    db
      .select({
        id: products.id,
        ...describedBy,
        price: products.price,
        availability: products.availability,
        conciergeStatus: products.conciergeStatus,
        status: products.status,
        updatedAt: products.updatedAt,
        // D1 collapses duplicate column names in a batch, so joined columns get their own aliases.
        ownerId: sql<string>`${users.id}`.as("owner_ref"),
        ownerName: sql<string | null>`${users.displayName}`.as("owner_display_name"),
        ownerFullName: sql<string | null>`${users.fullName}`.as("owner_full_name"),
        ownerVerified: sql<number | null>`${userVerifications.isVerified}`.as("owner_verified"),
        storeId: sql<string | null>`${stores.id}`.as("store_ref"),
        storeName: sql<string | null>`${stores.name}`.as("store_name"),
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.ownerId))
      .leftJoin(userVerifications, eq(userVerifications.userId, products.ownerId))
      .leftJoin(stores, eq(stores.id, products.storeId))
      .where(and(eq(products.id, id), isPublic())),
    db
      .select({ id: reviews.id, rating: reviews.rating, comment: reviews.comment, createdAt: reviews.createdAt })
      .from(reviews)
      .where(eq(reviews.productId, id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(50),
    db
      .select(cardColumns)
      .from(products)
      .where(and(isPublic(), ne(products.id, id)))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(RELATED_PRODUCTS),
    db
      .select({ n: count() })
      .from(reviews)
      .innerJoin(products, eq(products.id, id))
      .where(eq(reviews.reviewedUserId, products.ownerId)),
  ]);
  const product = found[0];
  if (!product) return null;
  // A concierge item is managed by its store only once the store approved it (status approved).
  const managedByStore = Boolean(product.storeId) && product.status === "approved";
  return {
    ...product,
    ownerVerified: Boolean(product.ownerVerified),
    managedByStore,
    // What DETAILS shows of the size, as text (app/domain/sizes.ts stays out of the page's JavaScript).
    sizeText: product.size ? sizeLabel(product.size, product.category) : null,
    measurementText: measurementLines(parseMeasurements(product.measurements)),
    comments,
    related,
    sellerReviewCount: reviewTotals[0]?.n ?? 0,
  };
}

export type ProductDetail = NonNullable<Awaited<ReturnType<typeof productDetail>>>;

/**
 * Who may edit a product, as a WHERE condition (seller-store-admin.md §1, decision 0012): through
 * the seller area, the owner's own products; through the store area, products of a store the
 * user owns. Staff who manage products may edit any (undefined: no condition).
 */
export function mayEditProduct(user: SessionUser, via: "seller" | "store") {
  if (managesAllProducts(user)) return undefined;
  return via === "seller" ? eq(products.ownerId, user.id) : sql`${products.storeId} in (select ${stores.id} from ${stores} where ${stores.ownerId} = ${user.id})`;
}

/** A product as its editor sees it (every field of the edit form), or null when this user may not edit it. */
export async function editableProduct(db: Database, productId: string, user: SessionUser, via: "seller" | "store") {
  return (
    (await db
      .select({
        id: products.id,
        ...describedBy,
        ownerId: products.ownerId,
        status: products.status,
        productStatus: products.productStatus,
        conciergeStatus: products.conciergeStatus,
        availability: products.availability,
        storeId: products.storeId,
        rejectionReason: products.rejectionReason,
      })
      .from(products)
      .where(and(eq(products.id, productId), mayEditProduct(user, via)))
      .get()) ?? null
  );
}

export type EditableProduct = NonNullable<Awaited<ReturnType<typeof editableProduct>>>;
