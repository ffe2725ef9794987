import type { AppContext } from "../context";
import { batchParts, socialPart } from "../data/page-parts.server";
import type { FollowTarget } from "../domain/follows";

// What a seller's or store's page shows of following and ratings (issue 46 items 1-2): the seller's
// standing (average, count, badges) and whether this visitor follows them, read together in one round trip.

export async function sellerSocial(
  app: Pick<AppContext, "db">,
  viewerId: string | null,
  target: FollowTarget,
  sellerId: string | null = target.kind === "seller" ? target.id : null,
) {
  const [social] = await batchParts(app.db, [socialPart(app.db, target, sellerId, viewerId, Date.now())] as const);
  return social;
}
