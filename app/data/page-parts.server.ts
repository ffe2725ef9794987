import { followKey, type FollowTarget } from "../domain/follows";
import type { ShippingSettings } from "../domain/shipping-zones";
import type { Database } from "./db.server";
import { batchParts, mapPart, partsOf, rowsPart, valuePart, type Part } from "./parts.server";
import { favoriteQuery } from "./favorites.server";
import { followedFrom, followedQuery, followersQuery } from "./follows.server";
import { standingPart, type SellerStanding } from "./ratings.server";
import { shippingFrom, shippingQuery } from "./shipping.server";

// The product page's parts around the item (where its handler ships, its seller's rating and
// badges, whether the visitor saved it and follows its seller or store) and the profiles' social
// part, read in one D1 round trip (issue 47 item 2; parts.server.ts).

const NO_STANDING: SellerStanding = { average: null, ratings: 0, badges: [] };

/** A seller's standing (null seller: none) and whether the viewer follows the target. */
export function socialPart(
  db: Database,
  target: FollowTarget,
  sellerId: string | null,
  viewerId: string | null,
  now: number,
): Part<{ standing: SellerStanding; following: boolean }> {
  const followed = viewerId ? followedQuery(db, viewerId, [target]) : null;
  return mapPart(
    partsOf([
      sellerId ? standingPart(db, sellerId, now) : valuePart(NO_STANDING),
      followed ? rowsPart(followed) : valuePart(null),
    ] as const),
    ([standing, follows]) => ({
      standing,
      following: follows ? followedFrom(follows as Parameters<typeof followedFrom>[0]).has(followKey(target)) : false,
    }),
  );
}

/** How many people follow a seller or store (the profiles' count). */
export const followersPart = (db: Database, target: FollowTarget): Part<number> => ({
  statements: [followersQuery(db, target)],
  read: ([rows]) => (rows as { n: number }[])[0]?.n ?? 0,
});

/** Where a handler ships. */
export const shippingPart = (db: Database, target: FollowTarget): Part<ShippingSettings | null> => ({
  statements: [shippingQuery(db, target.kind === "store" ? "store" : "vendor", target.id)],
  read: ([rows]) => shippingFrom(rows as Parameters<typeof shippingFrom>[0]),
});

/** Whether the viewer saved the item (no viewer: no). */
export const favoritePart = (db: Database, viewerId: string | null, productId: string): Part<boolean> =>
  viewerId
    ? { statements: [favoriteQuery(db, viewerId, productId)], read: ([rows]) => (rows ?? []).length > 0 }
    : { statements: [], read: () => false };

type Handled = { id: string; ownerId: string | null; storeId: string | null; managedByStore: boolean };

/** Who the seller card and 'Ships to' are about: the store managing the item, else its seller. */
export const handlerOf = (product: Handled): FollowTarget =>
  product.managedByStore && product.storeId
    ? { kind: "store", id: product.storeId }
    : { kind: "seller", id: product.ownerId ?? "" };

/** The product page's parts around the item: one round trip. */
export async function productPageParts(db: Database, product: Handled, viewerId: string | null, now: number) {
  const target = handlerOf(product);
  const [shipping, social, saved] = await batchParts(db, [
    shippingPart(db, target),
    socialPart(db, target, product.ownerId, viewerId, now),
    favoritePart(db, viewerId, product.id),
  ] as const);
  return { shipping, social, saved };
}

export { batchParts };
