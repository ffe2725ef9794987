import { and, avg, count, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { reviews, stores, users, userVerifications } from "../../db/schema";
import type { Database } from "./db.server";
import { listingPart } from "./catalog.server";
import { mapPart, partsOf, rowsPart } from "./parts.server";
import { EMPTY_FILTERS, FIRST_PAGE, PROFILE_PAGE_SIZE, type PageRequest } from "../domain/catalog";
import { newestFirst } from "./paging.server";
import { followersQuery } from "./follows.server";
import { sellerNamed } from "./columns.server";
import { preparedPart } from "./prepared.server";

export const VENDOR_REVIEWS_SHOWN = 5;

/** A public vendor by display name (given lower-cased), with their verification: the query (at most one row), for a batch. */
export function vendorByNameQuery(db: Database, lowerName: string | Placeholder) {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      avatarUrl: users.avatarUrl,
      createdAt: users.createdAt,
      isVerified: userVerifications.isVerified,
    })
    .from(users)
    .leftJoin(userVerifications, eq(userVerifications.userId, users.id))
    .where(and(sql`lower(${users.displayName}) = ${lowerName}`, sql`${users.deactivatedAt} is null`))
    .limit(1);
}

/**
 * A vendor's profile as a part of the page's batch (parts.server.ts): their latest reviews and
 * its summary, their followers and a page of their public items, newest first.
 */
export function vendorProfilePart(db: Database, vendorId: string | SQL, page: PageRequest) {
  const part = partsOf([
    rowsPart(
      db
        .select({ id: reviews.id, rating: reviews.rating, comment: reviews.comment, createdAt: reviews.createdAt })
        .from(reviews)
        .where(and(eq(reviews.reviewedUserId, vendorId), eq(reviews.side, "shopper")))
        .orderBy(...newestFirst(reviews))
        .limit(VENDOR_REVIEWS_SHOWN),
    ),
    rowsPart(
      db
        .select({ n: count(), average: avg(reviews.rating) })
        .from(reviews)
        .where(and(eq(reviews.reviewedUserId, vendorId), eq(reviews.side, "shopper"))),
    ),
    rowsPart(followersQuery(db, { kind: "seller", id: vendorId })),
    listingPart(db, EMPTY_FILTERS, page, { ownerId: vendorId }, PROFILE_PAGE_SIZE),
  ] as const);
  return mapPart(part, ([latest, summary, followers, items]) => ({
    reviews: latest,
    reviewCount: summary[0]?.n ?? 0,
    averageRating: summary[0]?.average ? Number(summary[0].average) : null,
    followers: followers[0]?.n ?? 0,
    items,
  }));
}

/** A seller's profile page by their display name (given lower-cased): who they are, and their reviews, followers and a page of items. */
export const sellerProfilePart = (db: Database, lowerName: string | Placeholder, page: PageRequest) =>
  partsOf([rowsPart(vendorByNameQuery(db, lowerName)), vendorProfilePart(db, sellerNamed(lowerName), page)] as const);

const profileFirstPage = preparedPart((db, { name }: { name: string }) => sellerProfilePart(db, name, FIRST_PAGE));

/**
 * The same, the first page's statements built once per isolate (decision 0135). A later page's
 * cursor is decoded into its statements, so they are built at each use.
 */
export const namedSellerProfilePart = (db: Database, lowerName: string, page: PageRequest) =>
  page.after || page.before ? sellerProfilePart(db, lowerName, page) : profileFirstPage(db, { name: lowerName });

/** A public store, unless its owner's account is deactivated (then it is off the public pages, decision 0031). */
export function storeProfileQuery(db: Database, storeId: string) {
  return db
    .select({
      id: stores.id,
      name: stores.name,
      description: stores.description,
      logoUrl: stores.logoUrl,
      createdAt: stores.createdAt,
    })
    .from(stores)
    .where(
      and(
        eq(stores.id, storeId),
        sql`${stores.ownerId} in (select ${users.id} from ${users} where ${users.deactivatedAt} is null)`,
      ),
    )
    .limit(1);
}

export const STORE_ADDRESS_MARKER = "Store located at: ";

/** The store address is held inside the description after 'Store located at: ' (spec §2). */
export function splitStoreDescription(description: string | null) {
  if (!description) return { about: "", address: null as string | null };
  const at = description.indexOf(STORE_ADDRESS_MARKER);
  if (at < 0) return { about: description.trim(), address: null };
  return {
    about: description.slice(0, at).trim(),
    address: description.slice(at + STORE_ADDRESS_MARKER.length).trim() || null,
  };
}
