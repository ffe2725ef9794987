import { and, asc, eq, sql } from "drizzle-orm";
import { brands, brandSuggestions, products, stores } from "../../db/schema";
import type { ProductFormValues } from "../domain/product-form";
import type { SessionUser } from "../domain/roles";
import type { Database } from "./db.server";
import { mayEditProduct } from "./product.server";
import { newestFirst } from "./paging.server";

/** A listed item's columns on the seller's and the store's dashboards ('Your Products', the store's lists). */
export const listedProductColumns = {
  id: products.id,
  name: products.name,
  images: products.images,
  rentalPrice: products.rentalPrice,
  buyingPrice: products.buyingPrice,
  originalPrice: products.originalPrice,
  condition: products.condition,
  status: products.status,
  productStatus: products.productStatus,
  conciergeStatus: products.conciergeStatus,
  createdAt: products.createdAt,
};

// A seller's or store's listings as the upload and edit forms write them (seller-store-admin.md
// §2 Upload Product, decision 0025): the forms' lists, the insert, the edit and the images. Split
// from seller.server.ts (issue 28: files of one purpose).

/** The Upload Product tab's lists: brand names, stores for concierge, the seller's brand suggestions. */
export function uploadFormQueries(db: Database, userId: string) {
  return [
    db.select({ name: brands.name }).from(brands).orderBy(asc(brands.name)),
    db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.name)),
    db
      .select({
        id: brandSuggestions.id,
        name: brandSuggestions.suggestedName,
        status: brandSuggestions.status,
        createdAt: brandSuggestions.createdAt,
      })
      .from(brandSuggestions)
      .where(eq(brandSuggestions.suggestedBy, userId))
      .orderBy(...newestFirst(brandSuggestions))
      .limit(20),
  ] as const;
}

export async function productFormOptions(db: Database, userId: string) {
  const [brandRows, storeRows, suggestions] = await db.batch(uploadFormQueries(db, userId));
  return { brands: brandRows.map((b) => b.name), stores: storeRows, suggestions };
}

/** The brand a typed name stands for (case-insensitive) and the chosen store, checked in one trip. */
export async function brandAndStore(db: Database, brand: string, storeId: string | null) {
  const [brandRows, storeRows] = await db.batch([
    db
      .select({ name: brands.name })
      .from(brands)
      .where(sql`lower(${brands.name}) = ${brand.trim().toLowerCase()}`)
      .limit(1),
    db
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.id, storeId ?? ""))
      .limit(1),
  ]);
  return { brand: brandRows[0]?.name ?? null, storeFound: Boolean(storeRows[0]) };
}

/** The columns a product form writes. `price` is the buying price (the price of buying it outright). */
function formColumns(values: ProductFormValues, brand: string) {
  return {
    name: values.name,
    description: values.description,
    price: values.buyingPrice,
    originalPrice: values.originalPrice,
    rentalPrice: values.rentalPrice,
    buyingPrice: values.buyingPrice,
    brand,
    condition: values.condition,
    color: values.color,
    productType: values.productType,
    category: values.category,
    tags: values.tags,
    materials: values.materials,
    careInstructions: values.careInstructions,
    memoryStory: values.memoryStory,
    size: values.size,
    fitNote: values.fitNote,
    measurements: Object.keys(values.measurements).length ? JSON.stringify(values.measurements) : null,
  };
}

/** A new listing (§4: status pending, product_status pending; concierge: the store asked, 'pending'). */
export async function insertProduct(
  db: Database,
  id: string,
  ownerId: string,
  values: ProductFormValues,
  brand: string,
  now: number,
) {
  const inserted = await db
    .insert(products)
    .values({
      id,
      ...formColumns(values, brand),
      images: [],
      ownerId,
      storeId: values.storeId,
      status: "pending",
      productStatus: "pending",
      conciergeStatus: values.storeId ? "pending" : "no",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: products.id });
  return inserted.length > 0;
}

/** Who owns the product with this id, if it exists (a form sent twice finds its first product). */
export async function productOwnerOf(db: Database, id: string) {
  return (
    (await db.select({ ownerId: products.ownerId }).from(products).where(eq(products.id, id)).get())?.ownerId ?? null
  );
}

export async function setProductImages(db: Database, id: string, ownerId: string, images: string[], now: number) {
  await db
    .update(products)
    .set({ images, updatedAt: now })
    .where(and(eq(products.id, id), eq(products.ownerId, ownerId)));
}

/**
 * Saves the edit form (§7: update by id and owner; staff of decision 0012 by id). Turning concierge
 * off clears the store; concierge on with a store sends the product back to pending (§4), for the
 * store to approve again. A listing that was rejected (by our team, or declined by a store) goes
 * back into review with the changes (`resubmit`; decision 0066). Returns false when nothing was
 * updated (not theirs, or gone).
 */
export async function updateProductFromForm(
  db: Database,
  id: string,
  user: SessionUser,
  values: ProductFormValues,
  brand: string,
  images: string[],
  now: number,
  resubmit: boolean,
) {
  const concierge = values.storeId !== null;
  const updated = await db
    .update(products)
    .set({
      ...formColumns(values, brand),
      images,
      storeId: values.storeId,
      conciergeStatus: concierge ? "pending" : "no",
      ...(concierge || resubmit ? { status: "pending" as const } : {}),
      ...(resubmit ? { productStatus: "pending" as const, rejectionReason: null, declinedByStoreId: null } : {}),
      updatedAt: now,
    })
    .where(and(eq(products.id, id), mayEditProduct(user, "seller")))
    .returning({ id: products.id });
  return updated.length > 0;
}

export async function restoreProductImages(db: Database, id: string, images: string[], now: number) {
  await db
    .update(products)
    .set({ images, updatedAt: now })
    .where(and(eq(products.id, id), sql`${products.images} = '[]'`));
}
