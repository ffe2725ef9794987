import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { blogPosts, brands, categories, products, siteContent, stores, users } from "../../db/schema";
import type { Database } from "./db.server";
import { isPublic } from "./public-products.server";

export const PAGE_KEYS = [
  "about_us",
  "terms_conditions",
  "delivery",
  "returns",
  "faq",
  "seller_terms",
  "buyer_protection",
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export async function pageContent(db: Database, key: string) {
  return db
    .select({ title: siteContent.title, content: siteContent.content, updatedAt: siteContent.updatedAt })
    .from(siteContent)
    .where(and(eq(siteContent.contentType, "page"), eq(siteContent.contentKey, key)))
    .get();
}

export async function contactSettings(db: Database) {
  const rows = await db
    .select({ key: siteContent.contentKey, value: siteContent.content })
    .from(siteContent)
    .where(
      and(
        eq(siteContent.contentType, "site_settings"),
        inArray(siteContent.contentKey, ["contact_email", "support_email", "phone_number"]),
      ),
    );
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<
    Record<"contact_email" | "support_email" | "phone_number", string | null>
  >;
}

export async function publishedPost(db: Database, id: string) {
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      category: blogPosts.category,
      tags: blogPosts.tags,
      featuredImageUrl: blogPosts.featuredImageUrl,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), eq(blogPosts.status, "published"), isNotNull(blogPosts.publishedAt)))
    .get();
}

export const SITEMAP_LIMIT = 50_000;

/** Everything public that a search engine should know about, in one round trip. */
export async function sitemapEntries(db: Database) {
  const [productRows, categoryRows, brandRows, postRows, vendorRows, storeRows] = await db.batch([
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(isPublic())
      .orderBy(desc(products.createdAt))
      .limit(SITEMAP_LIMIT),
    db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.sortOrder)),
    db.select({ name: brands.name }).from(brands).orderBy(asc(brands.name)),
    db
      .select({ id: blogPosts.id, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(eq(blogPosts.status, "published")),
    db
      .selectDistinct({ displayName: users.displayName })
      .from(users)
      .innerJoin(products, eq(products.ownerId, users.id))
      .where(and(isNotNull(users.displayName), sql`${users.deactivatedAt} is null`, isPublic())),
    db.select({ id: stores.id }).from(stores),
  ]);
  return { productRows, categoryRows, brandRows, postRows, vendorRows, storeRows };
}
