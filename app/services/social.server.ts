import type { AppContext } from "../context";
import { followedAmong } from "../data/follows.server";
import { sellerStanding } from "../data/ratings.server";
import { followKey, type FollowTarget } from "../domain/follows";

// What a seller's or store's page shows of following and ratings (issue 46 items 1-2): the seller's
// standing (average, count, badges) and whether this visitor follows them, read together.

export async function sellerSocial(app: Pick<AppContext, "db">, viewerId: string | null, target: FollowTarget, sellerId: string | null = target.kind === "seller" ? target.id : null) {
  const [standing, followed] = await Promise.all([
    sellerId ? sellerStanding(app.db, sellerId, Date.now()) : Promise.resolve({ average: null, ratings: 0, badges: [] }),
    viewerId ? followedAmong(app.db, viewerId, [target]) : Promise.resolve(new Set<string>()),
  ]);
  return { standing, following: followed.has(followKey(target)) };
}
