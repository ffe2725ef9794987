import { asc, eq, sql } from "drizzle-orm";
import { blogPosts } from "../../db/schema";
import type { BlogInput } from "../domain/blog-form";
import { auditStatement } from "./audit.server";
import { type Database } from "./db.server";
import { newestFirst, pagePart } from "./paging.server";
import { mapPart, rowsPart } from "./parts.server";

// Storage of the admin Blog tab (issue 14 item 10; decision 0034). Every write records who made it
// (audit_log) in its own batch. Split from admin-content.server.ts (issue 28: files of one purpose).

// ---------------------------------------------------------------------------------------------
// Blog

export async function publishPost(
  db: Database,
  id: string,
  input: BlogInput,
  featuredImageUrl: string | null,
  authorId: string,
  now: number,
) {
  await db.batch([
    db
      .insert(blogPosts)
      .values({ id, ...input, featuredImageUrl, authorId, status: "published", publishedAt: now, createdAt: now }),
    auditStatement(
      db,
      {
        actorId: authorId,
        action: "blog_post.publish",
        targetType: "blog_post",
        targetId: id,
        detail: { title: input.title },
      },
      now,
    ),
  ]);
}

export const POSTS_PER_PAGE = 20;

// The Blog tab's reads are parts of its one batch (decision 0106).

/** Every post, newest first, a page at a time, for the admin blog list (issue 24). */
export function adminPostsPart(db: Database, page: number) {
  const query = db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      status: blogPosts.status,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .orderBy(...newestFirst(blogPosts))
    .$dynamic();
  return mapPart(pagePart(query, page, POSTS_PER_PAGE), ({ rows, hasNext }) => ({ posts: rows, hasNext }));
}

/** A post by id to edit, or undefined. */
export function postPart(db: Database, id: string) {
  const query = db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      category: blogPosts.category,
      tags: blogPosts.tags,
      featuredImageUrl: blogPosts.featuredImageUrl,
      status: blogPosts.status,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  return mapPart(rowsPart(query), (rows) => rows[0]);
}

/** Saves an edited post; a published post keeps its publication date. */
export async function updatePost(
  db: Database,
  id: string,
  input: BlogInput,
  featuredImageUrl: string | null,
  actorId: string,
  now: number,
) {
  await db.batch([
    db
      .update(blogPosts)
      .set({ ...input, featuredImageUrl })
      .where(eq(blogPosts.id, id)),
    auditStatement(
      db,
      { actorId, action: "blog_post.update", targetType: "blog_post", targetId: id, detail: { title: input.title } },
      now,
    ),
  ]);
}

/** Unpublishes a post (a draft: gone from the rail and its page) or publishes it again (dated now). */
export async function setPostStatus(
  db: Database,
  id: string,
  status: "published" | "draft",
  actorId: string,
  now: number,
) {
  await db.batch([
    db
      .update(blogPosts)
      .set(status === "published" ? { status, publishedAt: now } : { status })
      .where(eq(blogPosts.id, id)),
    auditStatement(
      db,
      {
        actorId,
        action: status === "published" ? "blog_post.publish" : "blog_post.unpublish",
        targetType: "blog_post",
        targetId: id,
        detail: {},
      },
      now,
    ),
  ]);
}

export async function deletePost(db: Database, id: string, actorId: string, now: number) {
  await db.batch([
    db.delete(blogPosts).where(eq(blogPosts.id, id)),
    auditStatement(db, { actorId, action: "blog_post.delete", targetType: "blog_post", targetId: id, detail: {} }, now),
  ]);
}

/** The blog's categories so far, for the form's suggestions. */
export function blogCategoriesPart(db: Database) {
  const query = db
    .selectDistinct({ category: blogPosts.category })
    .from(blogPosts)
    .where(sql`${blogPosts.category} IS NOT NULL`)
    .orderBy(asc(blogPosts.category))
    .limit(50);
  return mapPart(rowsPart(query), (rows) => rows.map((r) => r.category!).filter(Boolean));
}
