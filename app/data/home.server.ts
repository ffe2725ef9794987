import { and, eq } from "drizzle-orm";
import { siteContent } from "../../db/schema";
import { latestPosts } from "./blog.server";
import { categoryQueries, popularBrands, withCounts } from "./brands.server";
import type { Database } from "./db.server";

/**
 * What home shows every visitor alike (shopper.md §2.3): the hero image, active categories with
 * their counts, popular brands and the newest posts, read in one D1 batch (one round trip) so the
 * page stays within its three; the caller caches the result in KV.
 */
export async function homeAggregates(db: Database) {
  const hero = db
    .select({ imageUrl: siteContent.imageUrl })
    .from(siteContent)
    .where(and(eq(siteContent.contentType, "banner"), eq(siteContent.contentKey, "home_hero")))
    .limit(1);
  const [heroRows, categoryRows, counts, brands, posts] = await db.batch([
    hero,
    ...categoryQueries(db),
    popularBrands(db),
    latestPosts(db),
  ]);
  return {
    hero: { imageUrl: heroRows[0]?.imageUrl ?? null },
    categories: withCounts(categoryRows, counts),
    brands,
    posts,
  };
}

export type HomeAggregates = Awaited<ReturnType<typeof homeAggregates>>;

export const EMPTY_HOME: HomeAggregates = { hero: { imageUrl: null }, categories: [], brands: [], posts: [] };
