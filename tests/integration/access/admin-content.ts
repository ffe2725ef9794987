import { expect } from "vitest";
import { png } from "../images";
import { redirectsTo, rows, type AreaRules } from "./kit";
import { fresh, one, rule, tab } from "./admin";

// The admin Content tab and the blog form in the access matrix (seller-store-admin.md §6, decision
// 0034): the tab's pages and actions only for the sub-roles of §6 (SECTION_6 and the rule helpers
// live in ./admin.ts), others 403 with the tab's message. Brands and Brand Review: ./admin-brands.ts.

// Records the Content rules act on (a fresh one per case).
async function postRow(status: "published" | "draft" = "published") {
  const id = fresh("post");
  await rows(
    "INSERT INTO blog_posts (id, title, content, status, published_at, created_at) VALUES (?, ?, 'Body.', ?, ?, ?)",
    id,
    `Post ${id}`,
    status,
    Date.now(),
    Date.now(),
  );
  return { id };
}
async function mediaRow() {
  const id = fresh("media");
  await rows(
    "INSERT INTO media_library (id, file_name, file_url, file_type, file_size, media_type, category, created_at) VALUES (?, 'matrix.png', '/images/banners/matrix.png', 'image/png', 68, 'image', 'banner', ?)",
    id,
    Date.now(),
  );
  return { id };
}
async function categoryRow() {
  const id = fresh("cat");
  await rows(
    "INSERT INTO categories (id, name, slug, is_active, sort_order, created_at) VALUES (?, ?, ?, 1, 0, ?)",
    id,
    `Category ${id}`,
    id.toLowerCase(),
    Date.now(),
  );
  return { id };
}

export const rules: AreaRules = {
  pages: {
    "routes/admin/content.tsx": tab("content", "Home banner"),
    // §6: admins only; the blog is content, so the Content tab's sub-roles (decision 0034).
    "routes/admin/blog-new.tsx": tab("content", "New Blog Post"),
    "routes/admin/blog.tsx": tab("content", "Blog posts"),
  },
  actions: {
    "routes/admin/content.tsx": {
      bannerPick: rule("content", {
        form: async () => ({ intent: "bannerPick", mediaId: (await mediaRow()).id }),
        check: async (_ctx, response) => {
          redirectsTo(response, "/admin/content#banner");
          expect(
            await one("SELECT image_url FROM site_content WHERE content_type = 'banner' AND content_key = 'home_hero'"),
          ).toEqual({ image_url: "/images/banners/matrix.png" });
        },
      }),
      bannerUrl: rule("content", {
        form: async () => ({ intent: "bannerUrl", bannerUrl: "https://cdn.example.test/hero.jpg" }),
        check: async (_ctx, response) => {
          redirectsTo(response, "/admin/content#banner");
          expect(
            await one("SELECT image_url FROM site_content WHERE content_type = 'banner' AND content_key = 'home_hero'"),
          ).toEqual({ image_url: "https://cdn.example.test/hero.jpg" });
        },
      }),
      bannerUpload: rule("content", {
        form: async () => ({ intent: "bannerUpload", banner: png("hero.png") }),
        check: async (ctx, response) => {
          redirectsTo(response, "/admin/content#banner");
          expect(await rows("SELECT file_name FROM media_library WHERE uploaded_by = ?", ctx.user!.id)).toEqual([
            { file_name: "hero.png" },
          ]);
        },
      }),
      page: rule("content", {
        form: async () => ({ intent: "page", pageKey: "faq", title: "FAQ", content: `Answers ${crypto.randomUUID()}` }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/content?page=faq#pages");
          expect(
            await one("SELECT content FROM site_content WHERE content_type = 'page' AND content_key = 'faq'"),
          ).toEqual({ content: form.content });
        },
      }),
      ...Object.fromEntries(
        (
          [
            ["site", { site_title: "Closetloop", site_description: "Pre-owned fashion." }, "site_title", "Closetloop"],
            [
              "contact",
              { contact_email: "hello@closetloop.test", support_email: "", phone_number: "" },
              "contact_email",
              "hello@closetloop.test",
            ],
            [
              "social",
              { facebook_url: "https://facebook.com/closetloop" },
              "facebook_url",
              "https://facebook.com/closetloop",
            ],
            [
              "seo",
              { meta_title: "Closetloop", meta_description: "Rent or buy.", meta_keywords: "fashion" },
              "meta_keywords",
              "fashion",
            ],
            ["selling", { seller_signup: "open" }, "seller_signup", "open"],
          ] as const
        ).map(([intent, fields, key, value]) => [
          intent,
          rule("content", {
            form: async () => ({ intent, ...fields }),
            check: async (_ctx, response) => {
              redirectsTo(response, "/admin/content#settings");
              expect(
                await one(
                  "SELECT content FROM site_content WHERE content_type = 'site_settings' AND content_key = ?",
                  key,
                ),
              ).toEqual({ content: value });
            },
          }),
        ]),
      ),
      favicon: rule("content", {
        form: async () => ({ intent: "favicon", favicon: png("favicon.png") }),
        check: async (_ctx, response) => {
          redirectsTo(response, "/admin/content#settings");
          expect(
            (
              await one<{ image_url: string }>(
                "SELECT image_url FROM site_content WHERE content_type = 'site_settings' AND content_key = 'favicon'",
              )
            ).image_url,
          ).toMatch(/^\/images\/favicons\/favicon_\d+\.png$/);
        },
      }),
      categoryCreate: rule("content", {
        form: async () => ({
          intent: "categoryCreate",
          name: `Matrix ${crypto.randomUUID()}`,
          sortOrder: "3",
          isActive: "on",
        }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/content#categories");
          expect(await one("SELECT slug, sort_order, is_active FROM categories WHERE name = ?", form.name)).toEqual({
            slug: form.name!.toLowerCase().replace(" ", "-"),
            sort_order: 3,
            is_active: 1,
          });
        },
      }),
      categoryUpdate: rule("content", {
        form: async () => ({
          intent: "categoryUpdate",
          categoryId: (await categoryRow()).id,
          name: `Edited ${crypto.randomUUID()}`,
          sortOrder: "7",
        }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/content#categories");
          expect(await one("SELECT name, sort_order, is_active FROM categories WHERE id = ?", form.categoryId)).toEqual(
            { name: form.name, sort_order: 7, is_active: 0 },
          );
        },
      }),
      categoryDelete: rule("content", {
        form: async () => ({ intent: "categoryDelete", categoryId: (await categoryRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/content#categories");
          expect(await rows("SELECT id FROM categories WHERE id = ?", form.categoryId)).toHaveLength(0);
        },
      }),
    },
    "routes/admin/blog-new.tsx": {
      preview: rule("content", {
        form: async () => ({ intent: "preview", title: "Preview me", content: "<b>Bold?</b>" }),
        check: async (_ctx, response) => {
          expect(response.status).toBe(200);
          const html = await response.text();
          expect(html).toContain("Preview me");
          expect(html).toContain("&lt;b&gt;Bold?&lt;/b&gt;");
        },
      }),
      save: rule("content", {
        form: async () => ({
          intent: "save",
          title: `Matrix post ${crypto.randomUUID()}`,
          content: "Body.",
          tags: " a, ,b ",
        }),
        check: async (_ctx, response, form) => {
          const post = await one<{ id: string; tags: string; status: string }>(
            "SELECT id, tags, status FROM blog_posts WHERE title = ?",
            form.title,
          );
          redirectsTo(response, `/blog/${post.id}`);
          expect(post).toMatchObject({ tags: JSON.stringify(["a", "b"]), status: "published" });
        },
      }),
    },
    "routes/admin/blog.tsx": {
      unpublish: rule("content", {
        form: async () => ({ intent: "unpublish", postId: (await postRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/blog");
          expect(await one("SELECT status FROM blog_posts WHERE id = ?", form.postId)).toEqual({ status: "draft" });
        },
      }),
      publish: rule("content", {
        form: async () => ({ intent: "publish", postId: (await postRow("draft")).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/blog");
          expect(await one("SELECT status FROM blog_posts WHERE id = ?", form.postId)).toEqual({ status: "published" });
        },
      }),
      delete: rule("content", {
        form: async () => ({ intent: "delete", postId: (await postRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/blog");
          expect(await rows("SELECT id FROM blog_posts WHERE id = ?", form.postId)).toHaveLength(0);
        },
      }),
      preview: rule("content", {
        form: async () => ({
          intent: "preview",
          postId: (await postRow()).id,
          title: "Edited preview",
          content: "<i>x</i>",
        }),
        check: async (_ctx, response) => {
          expect(response.status).toBe(200);
          expect(await response.text()).toContain("&lt;i&gt;x&lt;/i&gt;");
        },
      }),
      save: rule("content", {
        form: async () => ({
          intent: "save",
          postId: (await postRow()).id,
          title: `Edited ${crypto.randomUUID()}`,
          content: "New body.",
        }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/blog");
          expect(await rows("SELECT id FROM blog_posts WHERE title = ?", form.title)).toHaveLength(1);
        },
      }),
    },
  },
};
