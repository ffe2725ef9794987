import { followKey, type FollowTarget } from "../domain/follows";
import type { SQL } from "drizzle-orm";
import type { Database } from "./db.server";
import { batchParts, mapPart, partsOf, rowsPart, valuePart, type Part } from "./parts.server";
import { favoriteQuery } from "./favorites.server";
import { followedFrom, followedOfItemQuery, followersQuery, followsQuery } from "./follows.server";
import { itemSellerStandingPart } from "./ratings.server";
import { ownerOfItem, storeOfItem } from "./columns.server";
import { shippingFrom, shippingQuery } from "./shipping.server";
import { preparedOnce } from "./prepared.server";

// The product page's parts around the item (where its handler ships, its seller's rating and
// badges, whether the visitor saved it and follows its seller or store), read in the item's own
// D1 round trip, and the profiles' followers and Follow (issue 47 item 2; parts.server.ts).

/** Whether the viewer (none: no) follows a seller or a store, as a part of a profile's batch. */
export const followingPart = (
  db: Database,
  target: { kind: FollowTarget["kind"]; id: string | SQL },
  viewerId: string | null,
): Part<boolean> =>
  viewerId ? mapPart(rowsPart(followsQuery(db, viewerId, target)), (rows) => rows.length > 0) : valuePart(false);

/** How many people follow a seller or store (the profiles' count). */
export const followersPart = (db: Database, target: FollowTarget): Part<number> => ({
  statements: [followersQuery(db, target)],
  read: ([rows]) => (rows as { n: number }[])[0]?.n ?? 0,
});

type Handled = { id: string; ownerId: string | null; storeId: string | null; managedByStore: boolean };

/** Who the seller card and 'Ships to' are about: the store managing the item, else its seller. */
export const handlerOf = (product: Handled): FollowTarget =>
  product.managedByStore && product.storeId
    ? { kind: "store", id: product.storeId }
    : { kind: "seller", id: product.ownerId ?? "" };

// Their statements built once per isolate (prepared.server.ts; decision 0135): their shape never changes.
const sellerShipping = preparedOnce(["itemId"], (db, { itemId }) => shippingQuery(db, "vendor", ownerOfItem(itemId)));
const storeShipping = preparedOnce(["itemId"], (db, { itemId }) => shippingQuery(db, "store", storeOfItem(itemId)));
const followedOfItem = preparedOnce(["userId", "itemId"], (db, { userId, itemId }) =>
  followedOfItemQuery(db, userId, itemId),
);
const savedItem = preparedOnce(["userId", "itemId"], (db, { userId, itemId }) => favoriteQuery(db, userId, itemId));

/**
 * The product page's parts around the item, by the item's id, so they go in the item's own batch
 * (product.server.ts): one round trip for the whole page. Both handlers' shipping is read (the
 * store's is nothing for an item without one); `around` picks once the item's row says who handles it.
 */
export function aroundItemPart(db: Database, itemId: string, viewerId: string | null, now: number) {
  return mapPart(
    partsOf([
      itemSellerStandingPart(db, itemId, now),
      sellerShipping(db, { itemId }),
      storeShipping(db, { itemId }),
      viewerId ? followedOfItem(db, { userId: viewerId, itemId }) : valuePart([]),
      viewerId ? savedItem(db, { userId: viewerId, itemId }) : valuePart([]),
    ] as const),
    ([standing, sellerShipping, storeShipping, followed, saved]) =>
      (item: Handled) => {
        const target = handlerOf(item);
        return {
          shipping: shippingFrom(target.kind === "store" ? storeShipping : sellerShipping),
          social: { standing, following: followedFrom(followed).has(followKey(target)) },
          saved: saved.length > 0,
        };
      },
  );
}

export { batchParts };
