import { Form } from "react-router";
import type { BlogInput } from "../domain/blog-form";
import { buttonClass } from "./kit/buttons";
import { TextArea } from "./admin-content";
import { Field, SubmitButton } from "./forms";
import { ImageUpload } from "./image-upload";
import { Paragraphs, PostTags } from "./prose";

// The blog post form and its server-rendered preview, shared by New Blog Post and Edit (issue 24).

/** The text fields of a sent form, to fill it in again. */
export const blogTextValues = (form: FormData) =>
  Object.fromEntries(
    ["title", "excerpt", "content", "category", "tags"].map((k) => [
      k,
      typeof form.get(k) === "string" ? String(form.get(k)) : "",
    ]),
  );

export function BlogPostForm({
  label,
  action,
  postId,
  categories,
  errors,
  values,
  saving,
  existingImage,
  saveLabel = "Save Post",
}: {
  label: string;
  action?: string;
  postId?: string;
  categories: string[];
  errors: Record<string, string>;
  values: Record<string, string>;
  saving: boolean;
  existingImage?: string | null;
  saveLabel?: string;
}) {
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="grid gap-4" aria-label={label}>
      {postId ? <input type="hidden" name="postId" value={postId} /> : null}
      <ImageUpload
        name="featuredImage"
        use="blogImage"
        label="Featured image"
        existing={existingImage ? [existingImage] : []}
        error={errors.featuredImage}
        hint="An image smaller than 2MB."
      />
      <Field
        label="Title"
        name="title"
        required
        maxLength={200}
        defaultValue={values.title ?? ""}
        error={errors.title}
      />
      <TextArea
        label="Excerpt"
        name="excerpt"
        rows={2}
        maxLength={500}
        defaultValue={values.excerpt ?? ""}
        error={errors.excerpt}
      />
      <TextArea
        label="Content"
        name="content"
        required
        rows={14}
        maxLength={50_000}
        defaultValue={values.content ?? ""}
        error={errors.content}
        hint="Plain text; a blank line starts a new paragraph."
      />
      <Field
        label="Category"
        name="category"
        maxLength={60}
        list="blog-categories"
        defaultValue={values.category ?? ""}
        error={errors.category}
      />
      <datalist id="blog-categories">
        {categories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <Field
        label="Tags"
        name="tags"
        maxLength={1000}
        defaultValue={values.tags ?? ""}
        error={errors.tags}
        hint="Comma-separated, e.g. vintage, care, style"
      />
      <div className="flex gap-3">
        <button type="submit" name="intent" value="preview" className={buttonClass} formNoValidate>
          Preview
        </button>
        <SubmitButton busy={saving} busyLabel="Saving..." name="intent" value="save">
          {saveLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}

/**
 * The post as it will read. `image` is the featured image already saved; `fileNotKept` says that
 * a file chosen in a plain form (without JavaScript) is not kept by Preview: a file input cannot
 * be filled in again by the page, so it must be chosen again before saving.
 */
export function BlogPreview({
  post,
  image,
  fileNotKept,
}: {
  post: BlogInput;
  image?: string | null;
  fileNotKept?: boolean;
}) {
  return (
    <section
      aria-labelledby="preview-heading"
      className="mt-8 rounded-lg border border-dashed border-stone-400 bg-white p-6"
    >
      <h2 id="preview-heading" className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
        Preview
      </h2>
      {fileNotKept ? (
        <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm">
          The image you chose is not shown or kept by Preview: choose it again before saving.
        </p>
      ) : null}
      <article className="mt-3">
        {image && !fileNotKept ? (
          <img
            src={image}
            alt=""
            width={800}
            height={400}
            className="mb-4 aspect-[2/1] w-full rounded-md object-cover"
          />
        ) : null}
        {post.category ? (
          <p className="text-xs font-semibold tracking-wide text-accent uppercase">{post.category}</p>
        ) : null}
        <p className="mt-1 text-3xl font-bold">{post.title || "Untitled"}</p>
        {post.excerpt ? <p className="mt-2 text-stone-700">{post.excerpt}</p> : null}
        <Paragraphs text={post.content} />
        <PostTags tags={post.tags} />
      </article>
    </section>
  );
}
