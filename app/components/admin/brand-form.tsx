import { Form, Link } from "react-router";
import { buttonClass, primaryButtonClass } from "../kit/buttons";
import { Checkbox, fieldErrors, sentValues, TextArea } from "../admin-content";
import { Panel } from "../kit/panel";
import { Field } from "../forms";
import { ImageUpload } from "../image-upload";
import type { AdminBrand } from "./brand-list";

// The admin Brands tab's form (issue 14 item 5; decision 0033): a brand added, or the one being
// edited, with its logo through the upload pipeline.

function BrandFields({
  brand,
  values,
  errors,
}: {
  brand: AdminBrand | null;
  values: Record<string, string> | null;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Field
        label="Name"
        name="name"
        required
        maxLength={100}
        defaultValue={values?.name ?? brand?.name ?? ""}
        error={errors.name}
      />
      <Field
        label="Website"
        name="websiteUrl"
        type="url"
        maxLength={500}
        placeholder="https://"
        defaultValue={values?.websiteUrl ?? brand?.websiteUrl ?? ""}
        error={errors.websiteUrl}
      />
      <TextArea
        label="Description"
        name="description"
        rows={3}
        maxLength={1000}
        defaultValue={values?.description ?? brand?.description ?? ""}
        error={errors.description}
      />
    </>
  );
}

export function BrandForm({
  tab: TAB,
  editing,
  actionData,
}: {
  tab: string;
  editing: AdminBrand | null;
  actionData: unknown;
}) {
  const createErrors = fieldErrors(actionData, "create");
  const updateErrors = fieldErrors(actionData, "update");
  return editing ? (
    <Panel
      title={`Edit ${editing.name}`}
      actions={
        <Link to={TAB} className="text-sm underline">
          Cancel
        </Link>
      }
    >
      <Form
        method="post"
        action={`${TAB}?edit=${editing.id}`}
        encType="multipart/form-data"
        className="grid max-w-xl gap-4"
        aria-label={`Edit ${editing.name}`}
      >
        <input type="hidden" name="brandId" value={editing.id} />
        <BrandFields brand={editing} values={sentValues(actionData, "update")} errors={updateErrors} />
        <ImageUpload
          key={editing.logoUrl ?? "none"}
          name="logo"
          use="brandLogo"
          label="Logo"
          existing={editing.logoUrl ? [editing.logoUrl] : []}
          error={updateErrors.logo}
          hint="PNG, JPG or SVG, up to 5MB."
        />
        <div className="flex gap-2">
          <button type="submit" name="intent" value="update" className={primaryButtonClass}>
            Save brand
          </button>
          <button type="submit" name="intent" value="logo" className={buttonClass}>
            Upload logo
          </button>
        </div>
      </Form>
    </Panel>
  ) : (
    <Panel title="Add brand">
      <Form method="post" encType="multipart/form-data" className="grid max-w-xl gap-4" aria-label="Add brand">
        <BrandFields brand={null} values={sentValues(actionData, "create")} errors={createErrors} />
        <ImageUpload
          name="logo"
          use="brandLogo"
          label="Logo"
          error={createErrors.logo}
          hint="PNG, JPG or SVG, up to 5MB."
        />
        <Checkbox label="Popular brand" name="isPopular" />
        <div>
          <button type="submit" name="intent" value="create" className={primaryButtonClass}>
            Create brand
          </button>
        </div>
      </Form>
    </Panel>
  );
}
