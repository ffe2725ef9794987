import { Form, Link } from "react-router";
import { ImageUpload } from "./image-upload";
import { primaryButtonClass } from "./kit/buttons";
import { Checkbox, SelectField, TextArea } from "./admin-content";
import { ConfirmForm } from "./kit/row-actions";
import { DataTable } from "./kit/data-table";
import { StatusBadge } from "./kit/badge";
import { Field } from "./forms";
import type { CategoryInput } from "../domain/admin-content";

// The admin Content tab's categories: the add/edit form and the list (issue 14 item 10). Split
// from routes/admin/content.tsx (issue 28: files of one purpose).

export interface ManagedCategory extends CategoryInput {
  id: string;
  imageUrl: string | null;
}

export function CategoryManager({
  categories,
  editing,
  values,
  errors,
  intent,
  cancelHref,
}: {
  categories: readonly ManagedCategory[];
  editing: ManagedCategory | null | undefined;
  values: Record<string, string> | null | undefined;
  errors: Record<string, string | undefined>;
  intent: string;
  cancelHref: string;
}) {
  const topLevel = categories.filter((c) => c.parentId === null && c.id !== editing?.id);
  const nameOf = (id: string | null) => categories.find((c) => c.id === id)?.name ?? "—";
  return (
    <>
      <Form
        key={editing?.id ?? "new"}
        method="post"
        action={editing ? `?category=${editing.id}` : undefined}
        encType="multipart/form-data"
        className="grid max-w-xl gap-3"
        aria-label={editing ? `Edit category ${editing.name}` : "Add category"}
      >
        <h3 className="font-semibold">{editing ? `Edit ${editing.name}` : "Add category"}</h3>
        {editing ? <input type="hidden" name="categoryId" value={editing.id} /> : null}
        <Field
          label="Name"
          name="name"
          required
          maxLength={100}
          defaultValue={values?.name ?? editing?.name ?? ""}
          error={errors.name}
        />
        <Field
          label="Slug"
          name="slug"
          maxLength={100}
          defaultValue={values?.slug ?? editing?.slug ?? ""}
          error={errors.slug}
          hint="Leave empty to make it from the name."
        />
        <TextArea
          label="Description"
          name="description"
          rows={2}
          maxLength={1000}
          defaultValue={values?.description ?? editing?.description ?? ""}
          error={errors.description}
        />
        <SelectField
          label="Parent"
          name="parentId"
          defaultValue={values?.parentId ?? editing?.parentId ?? ""}
          error={errors.parentId}
          options={[{ value: "", label: "None (top level)" }, ...topLevel.map((c) => ({ value: c.id, label: c.name }))]}
        />
        <Field
          label="Sort order"
          name="sortOrder"
          inputMode="numeric"
          maxLength={10}
          defaultValue={values?.sortOrder ?? String(editing?.sortOrder ?? 0)}
          error={errors.sortOrder}
        />
        <Checkbox
          label="Active"
          name="isActive"
          defaultChecked={values ? values.isActive === "on" : (editing?.isActive ?? true)}
        />
        <ImageUpload
          key={editing?.imageUrl ?? "none"}
          name="image"
          use="categoryImage"
          label="Image"
          existing={editing?.imageUrl ? [editing.imageUrl] : []}
          error={errors.image}
        />
        <div className="flex gap-3">
          <button type="submit" name="intent" value={intent} className={primaryButtonClass}>
            {editing ? "Save category" : "Create category"}
          </button>
          {editing ? (
            <Link to={cancelHref} className="self-center text-sm underline">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
      <DataTable
        className="mt-6"
        caption="Categories in their order, with their slug, parent and status"
        rows={categories}
        empty="No categories yet."
        columns={[
          { header: "Order", cell: (c) => c.sortOrder },
          { header: "Category", rowHeader: true, cell: (c) => c.name },
          { header: "Slug", cell: (c) => c.slug },
          { header: "Parent", cell: (c) => nameOf(c.parentId) },
          {
            header: "Status",
            cell: (c) => (
              <StatusBadge
                status={c.isActive ? "active" : "inactive"}
                variant={c.isActive ? "done" : "neutral"}
                label={c.isActive ? "Active" : "Inactive"}
              />
            ),
          },
          {
            header: "Actions",
            cell: (c) => (
              <div className="flex items-center gap-3">
                <Link to={`?category=${c.id}#categories`} className="underline" aria-label={`Edit ${c.name}`}>
                  Edit
                </Link>
                <ConfirmForm
                  label={`Delete ${c.name}`}
                  question={`Delete ${c.name}? Its products keep the category name.`}
                  confirmLabel="Delete category"
                  fields={{ categoryId: c.id }}
                  intent="categoryDelete"
                />
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
