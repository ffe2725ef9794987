// Site content, the media library and the blog.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, jsonList } from "./columns";
import { users } from "./people";

export const siteContent = sqliteTable(
  "site_content",
  {
    id: id(),
    contentType: text("content_type", { enum: ["banner", "page", "site_settings"] }).notNull(),
    contentKey: text("content_key").notNull(),
    title: text("title"),
    content: text("content"),
    imageUrl: text("image_url"),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("site_content_type_key_unique").on(t.contentType, t.contentKey)],
);

export const mediaLibrary = sqliteTable(
  "media_library",
  {
    id: id(),
    fileName: text("file_name").notNull(),
    fileUrl: text("file_url").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull(),
    mediaType: text("media_type").notNull(),
    category: text("category").notNull().default("banner"),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("media_library_category_idx").on(t.category, t.createdAt)],
);

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: id(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    category: text("category"),
    tags: jsonList("tags"),
    featuredImageUrl: text("featured_image_url"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["published", "draft"] })
      .notNull()
      .default("published"),
    publishedAt: integer("published_at"),
    createdAt: createdAt(),
  },
  (t) => [index("blog_posts_status_published_idx").on(t.status, t.publishedAt)],
);
