import type { AppContext } from "../context";
import { adminCategories, createCategory, deleteCategory, updateCategory } from "../data/admin-content.server";
import { CATEGORY_MESSAGES, readCategoryForm } from "../domain/admin-content";
import { formText } from "../domain/admin-lists";
import { areaImageKey } from "../domain/uploads";
import { refuse } from "./admin-actions.server";
import { dropReplaced, refuseFields, singleImage } from "./admin-content.server";

// The admin Content tab's categories (issue 14 item 10; decision 0034): a category created or
// saved with its image through the upload pipeline, or deleted. Each answers a refusal at the
// field, or `done` with where to go back to and what to say.

type Done<R> = (to: string, title: string) => Promise<R>;

/** Creates a category, or saves the one the form names; a clash of name or slug is refused at its field. */
export async function saveCategory<R>(
  app: AppContext,
  userId: string,
  form: FormData,
  intent: "categoryCreate" | "categoryUpdate",
  now: number,
  back: string,
  done: Done<R>,
) {
  const categories = await adminCategories(app.db);
  const editing = intent === "categoryUpdate" ? categories.find((c) => c.id === formText(form, "categoryId")) : null;
  if (editing === undefined) return refuse(app.config, 404, "Error updating category", CATEGORY_MESSAGES.notFound);
  const title = editing ? "Error updating category" : "Error creating category";
  const parsed = readCategoryForm(form, categories, editing?.id ?? null);
  if (!parsed.ok) return refuseFields(app.config, intent, title, parsed.errors, form);
  const id = editing?.id ?? `cat_${crypto.randomUUID()}`;
  const image = await singleImage(app, form, {
    use: "categoryImage",
    name: "image",
    userId,
    existing: editing?.imageUrl ?? null,
    key: (ext) => areaImageKey("categoryImage", id, now, ext),
  });
  if (!image.ok) return refuseFields(app.config, intent, "Error uploading image", { image: image.error }, form);
  const imageUrl = await image.commit();
  if (imageUrl === false)
    return refuse(
      app.config,
      500,
      "Error uploading image",
      "Upload failed - Failed to upload image. Please try again.",
    );
  const saved = editing
    ? await updateCategory(app.db, editing, parsed.value, imageUrl, userId, now)
    : await createCategory(app.db, id, parsed.value, imageUrl, userId, now);
  if (!saved.ok) {
    await dropReplaced(app, imageUrl, editing?.imageUrl ?? null);
    // A slug made from the name (none typed) is the name's to answer for.
    const typedSlug = String(form.get("slug") ?? "").trim() !== "";
    const clash =
      "clash" in saved && saved.clash === "slug"
        ? typedSlug
          ? { slug: CATEGORY_MESSAGES.duplicateSlug }
          : { name: CATEGORY_MESSAGES.nameMakesTakenSlug }
        : { name: CATEGORY_MESSAGES.duplicateName };
    return refuseFields(app.config, intent, title, clash, form);
  }
  await dropReplaced(app, editing?.imageUrl ?? null, imageUrl);
  return done(back, editing ? CATEGORY_MESSAGES.updated : CATEGORY_MESSAGES.created);
}

/** Deletes the category the form names, and its image. */
export async function removeCategory<R>(
  app: AppContext,
  userId: string,
  form: FormData,
  now: number,
  back: string,
  done: Done<R>,
) {
  const category = (await adminCategories(app.db)).find((c) => c.id === formText(form, "categoryId"));
  if (!category) return refuse(app.config, 404, "Error deleting category", CATEGORY_MESSAGES.notFound);
  await deleteCategory(app.db, category, userId, now);
  await dropReplaced(app, category.imageUrl, null);
  return done(back, CATEGORY_MESSAGES.deleted);
}
