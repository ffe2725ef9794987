import { and, desc, eq, isNotNull } from "drizzle-orm";
import { blogPosts } from "../../db/schema";
import type { Database } from "./db.server";

export const HOME_BLOG_POSTS = 6;

/** Newest published posts; a query builder, so it can be awaited or joined to a batch. */
export function latestPosts(db: Database, limit = HOME_BLOG_POSTS) {
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      category: blogPosts.category,
      featuredImageUrl: blogPosts.featuredImageUrl,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.status, "published"), isNotNull(blogPosts.publishedAt)))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(limit);
}
