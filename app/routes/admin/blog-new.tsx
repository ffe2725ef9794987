import { Form, Link } from "react-router";
import type { Route } from "./+types/blog-new";
import { appContext } from "../../context";
import { blogCategories, publishPost } from "../../data/admin-content.server";
import { BLOG_MESSAGES, readBlogForm, type BlogInput } from "../../domain/admin-content";
import { KB } from "../../domain/body-limit";
import { readIntent } from "../../domain/intents";
import { areaImageKey, uploadBodyLimit } from "../../domain/uploads";
import { refuse } from "../../services/admin-actions.server";
import { refuseFields, singleImage } from "../../services/admin-content.server";
import { publicPagesChanged } from "../../services/freshness.server";
import { requireAdminTab } from "../../services/guards.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";
import { ActionAlert, buttonClass } from "../../components/admin";
import { fieldErrors, sentValues, TextArea } from "../../components/admin-content";
import { Field, SubmitButton, useSubmitting } from "../../components/forms";
import { ImageUpload } from "../../components/image-upload";
import { PageHeading } from "../../components/page-heading";
import { Paragraphs } from "../../components/prose";

// New blog post (seller-store-admin.md §2, §5, §8; issue 14 item 10; decision 0034): Back,
// Preview (rendered on the server, so it works without JavaScript) and Save Post, which publishes
// at once: home's blog rail and /blog/{id} show it on the next request. Content is plain text
// rendered as paragraphs (never as HTML), here and on the post page. Staff who manage content
// (superadmin, admin) only, like the Content tab.

export const meta: Route.MetaFunction = () => [{ title: "New Blog Post | Closetloop" }, { name: "robots", content: "noindex" }];

export const bodyLimit = uploadBodyLimit("blogImage", 256 * KB);

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminTab(context, request, "content");
  const app = context.get(appContext);
  return { categories: await blogCategories(app.db) };
}

export const intents = ["preview", "save"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminTab(context, request, "content");
  const app = context.get(appContext);
  const form = await request.formData();
  const intent = readIntent(form, intents);
  if (!intent) return refuse(app.config, 400, BLOG_MESSAGES.failed, "Unknown action.");
  const parsed = readBlogForm(form);
  if (intent === "preview") return { form: "post", preview: parsed.value, values: textValues(form) };
  if (!parsed.ok) return refuseFields(app.config, "post", BLOG_MESSAGES.missingTitle, { title: parsed.value.title ? undefined : BLOG_MESSAGES.missingDescription, content: parsed.value.content ? undefined : BLOG_MESSAGES.missingDescription }, form);
  const now = Date.now();
  const id = `post_${crypto.randomUUID()}`;
  const image = await singleImage(app, form, { use: "blogImage", name: "featuredImage", userId: user.id, existing: null, key: (ext) => areaImageKey("blogImage", id, now, ext) });
  if (!image.ok) return refuseFields(app.config, "post", image.error.startsWith("File too large") ? "File too large" : "Invalid file type", { featuredImage: image.error }, form);
  const featuredImageUrl = await image.commit();
  if (featuredImageUrl === false) return dataWithToast(app.config, { form: "post", values: textValues(form), error: { title: "Upload failed", message: "Failed to upload image. Please try again." } }, { type: "error", title: "Upload failed", description: "Failed to upload image. Please try again." }, { status: 500 });
  await publishPost(app.db, id, parsed.value, featuredImageUrl, user.id, now);
  await publicPagesChanged(app.env.CACHE, now);
  return redirectWithToast(app.config, `/blog/${id}`, { type: "success", title: BLOG_MESSAGES.saved, description: BLOG_MESSAGES.savedDescription });
}

const textValues = (form: FormData) => Object.fromEntries(["title", "excerpt", "content", "category", "tags"].map((k) => [k, typeof form.get(k) === "string" ? String(form.get(k)) : ""]));

function Preview({ post }: { post: BlogInput }) {
  return (
    <section aria-labelledby="preview-heading" className="mt-8 rounded-lg border border-dashed border-stone-400 bg-white p-6">
      <h2 id="preview-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-600">Preview</h2>
      <article className="mt-3">
        {post.category ? <p className="text-xs font-semibold uppercase tracking-wide text-accent">{post.category}</p> : null}
        <p className="mt-1 text-3xl font-bold">{post.title || "Untitled"}</p>
        {post.excerpt ? <p className="mt-2 text-stone-700">{post.excerpt}</p> : null}
        <Paragraphs text={post.content} />
        {post.tags.length ? (
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Tags">
            {post.tags.map((t) => <li key={t} className="rounded-full bg-stone-100 px-3 py-1 text-sm">#{t}</li>)}
          </ul>
        ) : null}
      </article>
    </section>
  );
}

export default function NewBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const errors = fieldErrors(actionData, "post");
  const values = sentValues(actionData, "post");
  const preview = (actionData as { preview?: BlogInput } | undefined)?.preview;
  const saving = useSubmitting("save");
  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/admin" className="text-sm text-brand underline">← Back</Link>
      <PageHeading title="New Blog Post" />
      <ActionAlert data={actionData} />
      <Form method="post" encType="multipart/form-data" className="grid gap-4" aria-label="New blog post">
        <ImageUpload name="featuredImage" use="blogImage" label="Featured image" error={errors.featuredImage} hint="An image smaller than 2MB." />
        <Field label="Title" name="title" required maxLength={200} defaultValue={values?.title ?? ""} error={errors.title} />
        <TextArea label="Excerpt" name="excerpt" rows={2} maxLength={500} defaultValue={values?.excerpt ?? ""} />
        <TextArea label="Content" name="content" required rows={14} defaultValue={values?.content ?? ""} error={errors.content} hint="Plain text; a blank line starts a new paragraph." />
        <Field label="Category" name="category" maxLength={60} list="blog-categories" defaultValue={values?.category ?? ""} />
        <datalist id="blog-categories">
          {loaderData.categories.map((c) => <option key={c} value={c} />)}
        </datalist>
        <Field label="Tags" name="tags" maxLength={1000} defaultValue={values?.tags ?? ""} hint="Comma-separated, e.g. vintage, care, style" />
        <div className="flex gap-3">
          <button type="submit" name="intent" value="preview" className={buttonClass} formNoValidate>Preview</button>
          <SubmitButton busy={saving} busyLabel="Saving..." name="intent" value="save">Save Post</SubmitButton>
        </div>
      </Form>
      {preview ? <Preview post={preview} /> : null}
    </div>
  );
}
