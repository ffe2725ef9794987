import { Link } from "react-router";
import type { Route } from "./+types/blog-new";
import { blogCategoriesPart, publishPost } from "../../data/admin-blog.server";
import { batchParts } from "../../data/parts.server";
import { BLOG_MESSAGES, readBlogForm, type BlogInput } from "../../domain/blog-form";
import { KB } from "../../domain/body-limit";
import { areaImageKey } from "../../domain/uploads";
import { uploadBodyLimit } from "../../domain/upload-sizes";
import { openAdminAction, openAdminLoader, refuse } from "../../services/admin-actions.server";
import { refuseFields, singleImage } from "../../services/admin-content.server";
import { sentFile } from "../../services/uploads.server";
import { publicPagesChanged } from "../../services/freshness.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";
import { ActionAlert } from "../../components/admin";
import { fieldErrors, sentValues } from "../../components/admin-content";
import { BlogPostForm, BlogPreview, blogTextValues as textValues } from "../../components/blog-post-form";
import { useSubmitting } from "../../components/forms";
import { PageHeading } from "../../components/page-heading";

// New blog post (seller-store-admin.md §2, §5, §8; issue 14 item 10; decision 0034): Back,
// Preview (rendered on the server, so it works without JavaScript) and Save Post, which publishes
// at once: home's blog rail and /blog/{id} show it on the next request. Content is plain text
// rendered as paragraphs (never as HTML), here and on the post page. Staff who manage content
// (superadmin, admin) only, like the Content tab.

export const meta: Route.MetaFunction = () => [
  { title: "New Blog Post | Closetloop" },
  { name: "robots", content: "noindex" },
];

export const bodyLimit = uploadBodyLimit("blogImage", 256 * KB);

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader(args: Route.LoaderArgs) {
  const { app } = openAdminLoader(args, "content");
  const [categories] = await batchParts(app.db, [blogCategoriesPart(app.db)] as const);
  return { categories };
}

export const intents = ["preview", "save"] as const;

export async function action(args: Route.ActionArgs) {
  const { user, app, form, intent } = await openAdminAction(args, "content", intents);
  if (!intent) return refuse(app.config, 400, BLOG_MESSAGES.failed, "Unknown action.");
  const parsed = readBlogForm(form);
  if (intent === "preview")
    return {
      form: "post",
      preview: parsed.value,
      values: textValues(form),
      fileNotKept: sentFile(form, "featuredImage"),
    };
  if (!parsed.ok)
    return refuseFields(
      app.config,
      "post",
      parsed.missing ? BLOG_MESSAGES.missingTitle : BLOG_MESSAGES.failed,
      parsed.errors,
      form,
    );
  const now = Date.now();
  const id = `post_${crypto.randomUUID()}`;
  const image = await singleImage(app, form, {
    use: "blogImage",
    name: "featuredImage",
    userId: user.id,
    existing: null,
    key: (ext) => areaImageKey("blogImage", id, now, ext),
  });
  if (!image.ok)
    return refuseFields(
      app.config,
      "post",
      image.error.startsWith("File too large") ? "File too large" : "Invalid file type",
      { featuredImage: image.error },
      form,
    );
  const featuredImageUrl = await image.commit();
  if (featuredImageUrl === false)
    return dataWithToast(
      app.config,
      {
        form: "post",
        values: textValues(form),
        error: { title: "Upload failed", message: "Failed to upload image. Please try again." },
      },
      { type: "error", title: "Upload failed", description: "Failed to upload image. Please try again." },
      { status: 500 },
    );
  await publishPost(app.db, id, parsed.value, featuredImageUrl, user.id, now);
  await publicPagesChanged(app.env.CACHE, now);
  return redirectWithToast(app.config, `/blog/${id}`, {
    type: "success",
    title: BLOG_MESSAGES.saved,
    description: BLOG_MESSAGES.savedDescription,
  });
}

export default function NewBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const errors = fieldErrors(actionData, "post");
  const values = sentValues(actionData, "post") ?? {};
  const { preview, fileNotKept } = (actionData ?? {}) as { preview?: BlogInput; fileNotKept?: boolean };
  const saving = useSubmitting("save");
  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/admin/blog" className="text-sm text-brand underline">
        ← Back
      </Link>
      <PageHeading title="New Blog Post" />
      <ActionAlert data={actionData} />
      <BlogPostForm
        label="New blog post"
        categories={loaderData.categories}
        errors={errors}
        values={values}
        saving={saving}
      />
      {preview ? <BlogPreview post={preview} fileNotKept={fileNotKept} /> : null}
    </div>
  );
}
