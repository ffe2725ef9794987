import { Link } from "react-router";
import type { Route } from "./+types/blog";
import {
  adminPostsPart,
  blogCategoriesPart,
  deletePost,
  postPart,
  setPostStatus,
  updatePost,
} from "../../data/admin-blog.server";
import { batchParts, partIf } from "../../data/parts.server";
import { BLOG_MESSAGES, readBlogForm, type BlogInput } from "../../domain/blog-form";
import { KB } from "../../domain/body-limit";
import { areaImageKey } from "../../domain/uploads";
import { uploadBodyLimit } from "../../domain/upload-sizes";
import { formText } from "../../domain/admin-lists";
import { formatLongDate } from "../../domain/dates";
import { openAdminAction, openAdminLoader, refuse } from "../../services/admin-actions.server";
import { dropReplaced, refuseFields, singleImage } from "../../services/admin-content.server";
import { sentFile } from "../../services/uploads.server";
import { publicPagesChanged } from "../../services/freshness.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";
import { ActionAlert } from "../../components/admin";
import { primaryButtonClass } from "../../components/kit/buttons";
import { fieldErrors, sentValues } from "../../components/admin-content";
import { BlogPostForm, BlogPreview, blogTextValues } from "../../components/blog-post-form";
import { ConfirmForm, RowAction } from "../../components/kit/row-actions";
import { Panel } from "../../components/kit/panel";
import { StatusBadge } from "../../components/kit/badge";
import { DataTable } from "../../components/kit/data-table";
import { listHref } from "../../components/kit/paging";
import { useSubmitting } from "../../components/forms";

// The admin blog (issue 24): every post with its status and date; edit (?edit={id}: the New Blog
// Post form filled in, with Preview), unpublish (or publish again) and delete behind a
// confirmation. Content staff only, like New Blog Post. Every change shows on home's blog rail
// and the post's page at the next request (publicPagesChanged).

export const meta: Route.MetaFunction = () => [
  { title: "Blog | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

export const bodyLimit = uploadBodyLimit("blogImage", 256 * KB);

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader(args: Route.LoaderArgs) {
  const { app, url } = openAdminLoader(args, "content");
  const params = url.searchParams;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const editId = params.get("edit");
  // One batch: the list and, when a post is being edited, it and the categories so far (decision 0106).
  const [list, editing, categories] = await batchParts(app.db, [
    adminPostsPart(app.db, page),
    partIf(editId !== null, postPart(app.db, editId ?? ""), undefined),
    partIf(editId !== null, blogCategoriesPart(app.db), []),
  ] as const);
  return { page, ...list, editing: editing ?? null, categories };
}

export const intents = ["unpublish", "publish", "delete", "preview", "save"] as const;

export async function action(args: Route.ActionArgs) {
  const { user, app, form, intent } = await openAdminAction(args, "content", intents);
  if (!intent) return refuse(app.config, 400, BLOG_MESSAGES.failed, "Unknown action.");
  const [post] = await batchParts(app.db, [postPart(app.db, formText(form, "postId"))] as const);
  if (!post) return refuse(app.config, 404, BLOG_MESSAGES.failed, BLOG_MESSAGES.notFound);
  const now = Date.now();
  if (intent === "preview" || intent === "save") {
    const parsed = readBlogForm(form);
    if (intent === "preview")
      return {
        form: "post",
        preview: parsed.value,
        values: blogTextValues(form),
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
    const image = await singleImage(app, form, {
      use: "blogImage",
      name: "featuredImage",
      userId: user.id,
      existing: post.featuredImageUrl,
      key: (ext) => areaImageKey("blogImage", post.id, now, ext),
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
          values: blogTextValues(form),
          error: { title: "Upload failed", message: "Failed to upload image. Please try again." },
        },
        { type: "error", title: "Upload failed", description: "Failed to upload image. Please try again." },
        { status: 500 },
      );
    await updatePost(app.db, post.id, parsed.value, featuredImageUrl, user.id, now);
    await dropReplaced(app, post.featuredImageUrl, featuredImageUrl);
    await publicPagesChanged(app.env.CACHE, now);
    return redirectWithToast(app.config, "/admin/blog", {
      type: "success",
      title: BLOG_MESSAGES.updated,
      description: parsed.value.title,
    });
  }
  if (intent === "delete") {
    await deletePost(app.db, post.id, user.id, now);
    await dropReplaced(app, post.featuredImageUrl, null);
  } else {
    await setPostStatus(app.db, post.id, intent === "publish" ? "published" : "draft", user.id, now);
  }
  await publicPagesChanged(app.env.CACHE, now);
  const title =
    intent === "delete"
      ? BLOG_MESSAGES.deleted
      : intent === "publish"
        ? BLOG_MESSAGES.published
        : BLOG_MESSAGES.unpublished;
  return redirectWithToast(app.config, "/admin/blog", { type: "success", title, description: post.title });
}

/** The post being edited: the New Blog Post form, filled in, saved back to the same post. */
function EditPost({
  post,
  categories,
  actionData,
}: {
  post: NonNullable<Route.ComponentProps["loaderData"]["editing"]>;
  categories: string[];
  actionData: unknown;
}) {
  const values = sentValues(actionData, "post") ?? {
    title: post.title,
    excerpt: post.excerpt ?? "",
    content: post.content,
    category: post.category ?? "",
    tags: post.tags.join(", "),
  };
  const { preview, fileNotKept } = (actionData ?? {}) as { preview?: BlogInput; fileNotKept?: boolean };
  const saving = useSubmitting("save");
  return (
    <Panel
      title={`Edit ${post.title}`}
      actions={
        <Link to="/admin/blog" className="text-sm underline">
          Cancel
        </Link>
      }
    >
      <BlogPostForm
        label={`Edit ${post.title}`}
        action={`/admin/blog?edit=${post.id}`}
        postId={post.id}
        categories={categories}
        errors={fieldErrors(actionData, "post")}
        values={values}
        saving={saving}
        existingImage={post.featuredImageUrl}
        saveLabel="Save changes"
      />
      {preview ? <BlogPreview post={preview} image={post.featuredImageUrl} fileNotKept={fileNotKept} /> : null}
    </Panel>
  );
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, page, hasNext, editing, categories } = loaderData;
  return (
    <>
      <ActionAlert data={actionData} />
      {editing ? <EditPost post={editing} categories={categories} actionData={actionData} /> : null}
      {!editing && (actionData as { preview?: BlogInput } | undefined)?.preview ? (
        <BlogPreview post={(actionData as { preview: BlogInput }).preview} />
      ) : null}
      <Panel
        title="Blog posts"
        actions={
          <Link to="/admin/blog/new" className={primaryButtonClass}>
            New Blog Post
          </Link>
        }
      >
        <DataTable
          caption="Blog posts, newest first, with their status and date"
          rows={posts}
          empty="No blog posts yet."
          paging={{ page, hasNext, href: (n) => listHref("/admin/blog", {}, n) }}
          columns={[
            {
              header: "Title",
              rowHeader: true,
              cell: (p) =>
                p.status === "published" ? (
                  <Link to={`/blog/${p.id}`} className="text-brand underline">
                    {p.title}
                  </Link>
                ) : (
                  p.title
                ),
            },
            {
              header: "Status",
              cell: (p) => (
                <StatusBadge
                  status={p.status}
                  variant={p.status === "published" ? "done" : "neutral"}
                  label={p.status === "published" ? "Published" : "Draft"}
                />
              ),
            },
            { header: "Date", cell: (p) => formatLongDate(p.publishedAt ?? p.createdAt) },
            {
              header: "Actions",
              cell: (p) => {
                const verb = p.status === "published" ? "Unpublish" : "Publish";
                return (
                  <div className="flex flex-wrap items-center gap-3">
                    <Link to={`/admin/blog?edit=${p.id}`} className="text-sm underline" aria-label={`Edit ${p.title}`}>
                      Edit
                    </Link>
                    <RowAction
                      intent={verb.toLowerCase()}
                      text={verb}
                      label={`${verb} ${p.title}`}
                      fields={{ postId: p.id }}
                    />
                    <ConfirmForm
                      label={`Delete ${p.title}`}
                      question={`Delete the post "${p.title}"? This cannot be undone.`}
                      confirmLabel="Delete post"
                      fields={{ postId: p.id }}
                      intent="delete"
                    />
                  </div>
                );
              },
            },
          ]}
        />
      </Panel>
    </>
  );
}
