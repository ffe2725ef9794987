import { useState } from "react";
import { Form, Link } from "react-router";
import { CATEGORIES, CONDITIONS, PRODUCT_TYPES } from "../../domain/catalog";
import type { TypedValues } from "../../domain/product-form";
import { FairnessHint } from "./fairness";
import { SizeFields } from "./size-fields";
import { Field, FormAlert, SubmitButton, useSubmitting } from "../forms";
import { ImageUpload } from "../image-upload";
import { SelectField, TextArea, BrandField, TagsField } from "./product-form-fields";
import type { SuggestionReply } from "./product-form-fields";

export type { SuggestionReply };

// The seller's product form: Upload Product on /vendor and the edit page share it
// (seller-store-admin.md §2, §5). It is a multipart form that works without JavaScript: the
// brand is a text input with a <datalist>, tags a comma-separated field, the concierge store a
// select shown by CSS when the box is ticked, and the fairness verdict is drawn by the server
// after a refused submit. With JavaScript: the brand's live matches and 'Suggest this brand',
// tags added with Enter or a button, the live fairness hint and the image previews.

/** What the seller's product actions answer when they do not redirect. */
export interface ProductFormActionData {
  intent: string | null;
  values?: TypedValues;
  errors?: Partial<Record<string, string>>;
  alert?: { title: string; message: string };
  suggestion?: SuggestionReply["suggestion"];
}

export interface ProductFormProps {
  mode: "create" | "edit";
  /** Where the form posts (the route's own URL). */
  action: string;
  /** Upload Product's idempotency key: the same form sent twice makes one product. */
  formKey?: string;
  defaults: TypedValues;
  errors?: Partial<Record<string, string>>;
  alert?: { title: string; message: string };
  brands: readonly string[];
  stores: readonly { id: string; name: string }[];
  existingImages?: readonly string[];
  /** The answer to a brand suggestion sent with the form itself (without JavaScript). */
  suggestion?: SuggestionReply["suggestion"];
  cancelTo?: string;
}

export function ProductForm({
  mode,
  action,
  formKey,
  defaults,
  errors = {},
  alert,
  brands,
  stores,
  existingImages = [],
  suggestion,
  cancelTo,
}: ProductFormProps) {
  const submitIntent = mode === "create" ? "create_product" : "save";
  const busy = useSubmitting(submitIntent);
  // A refused form: the keyboard goes to the first field it marks (the errors object is the action's, stable across renders).
  const [prices, setPrices] = useState({
    rental: defaults.rentalPrice,
    buying: defaults.buyingPrice,
    original: defaults.originalPrice,
    condition: defaults.condition,
  });
  const track = (key: keyof typeof prices) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setPrices((current) => ({ ...current, [key]: value }));
  };
  // The size list follows the chosen type and category (with JavaScript; the server checks it anyway).
  const [kind, setKind] = useState({ productType: defaults.productType ?? "", category: defaults.category ?? "" });
  const trackKind = (key: keyof typeof kind) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setKind((current) => ({ ...current, [key]: value }));
  };
  const price = (name: "originalPrice" | "rentalPrice" | "buyingPrice", label: string, key: keyof typeof prices) => (
    <Field
      label={label}
      name={name}
      inputMode="decimal"
      required
      defaultValue={defaults[name]}
      error={errors[name]}
      onChange={track(key)}
      placeholder="0.00"
      hint="In pounds, e.g. 24.50"
    />
  );
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      id="product-form"
      className="space-y-6"
      aria-label={mode === "create" ? "Upload Product" : "Edit Product"}
    >
      {/* The first submit button is the one Enter presses: it must be the form's own. */}
      <button type="submit" name="intent" value={submitIntent} hidden tabIndex={-1} aria-hidden="true" />
      {formKey ? <input type="hidden" name="formKey" value={formKey} /> : null}
      {alert ? <FormAlert title={alert.title} message={alert.message} /> : null}

      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">About the item</legend>
        <div className="md:col-span-2">
          <Field
            label={mode === "create" ? "Title" : "Product name"}
            name="name"
            required
            maxLength={150}
            defaultValue={defaults.name}
            error={errors.name}
          />
        </div>
        <div className="md:col-span-2">
          <TextArea
            label="Description"
            name="description"
            maxLength={5000}
            defaultValue={defaults.description}
            error={errors.description}
          />
        </div>
        <BrandField
          brands={brands}
          defaultValue={defaults.brand ?? ""}
          error={errors.brand}
          action={action}
          suggestion={suggestion}
        />
        <Field label="Colour" name="color" maxLength={50} defaultValue={defaults.color} error={errors.color} />
        <SelectField
          label="Product type"
          name="productType"
          required
          placeholder="Select a product type"
          options={PRODUCT_TYPES}
          defaultValue={defaults.productType ?? ""}
          error={errors.productType}
          onChange={trackKind("productType")}
        />
        <SelectField
          label="Category"
          name="category"
          required
          placeholder="Select a category"
          options={CATEGORIES}
          defaultValue={defaults.category ?? ""}
          error={errors.category}
          onChange={trackKind("category")}
        />
        <SelectField
          label="Condition"
          name="condition"
          required
          placeholder="Select a condition"
          options={CONDITIONS}
          defaultValue={defaults.condition ?? ""}
          error={errors.condition}
          onChange={track("condition")}
        />
      </fieldset>

      <SizeFields productType={kind.productType} category={kind.category} defaults={defaults} errors={errors} />

      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="mb-2 text-lg font-semibold">Prices</legend>
        {price("originalPrice", "Original price (£)", "original")}
        {price("rentalPrice", "Rental price for 7 days (£)", "rental")}
        {price("buyingPrice", "Buying price (£)", "buying")}
        <div className="md:col-span-3">
          <FairnessHint {...prices} />
        </div>
      </fieldset>

      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Details</legend>
        <div className="md:col-span-2">
          <TagsField defaultValue={defaults.tags ?? ""} error={errors.tags} />
        </div>
        <TextArea
          label="Materials"
          name="materials"
          maxLength={1000}
          defaultValue={defaults.materials}
          error={errors.materials}
        />
        <TextArea
          label="Care instructions"
          name="careInstructions"
          maxLength={1000}
          defaultValue={defaults.careInstructions}
          error={errors.careInstructions}
        />
        <div className="md:col-span-2">
          <TextArea
            label="The best memory with this item"
            name="memoryStory"
            maxLength={2000}
            defaultValue={defaults.memoryStory}
            error={errors.memoryStory}
            hint="Optional: a story shoppers see on the product page."
          />
        </div>
      </fieldset>

      <fieldset className="group/concierge space-y-3">
        <legend className="mb-2 text-lg font-semibold">Concierge service</legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            id="concierge"
            name="concierge"
            value="on"
            defaultChecked={defaults.concierge === "on"}
          />
          A partner store looks after this item for me
        </label>
        <div className="hidden group-has-[#concierge:checked]/concierge:block">
          <SelectField
            label="Store"
            name="storeId"
            placeholder="Select a store"
            options={stores.map((s) => ({ value: s.id, label: s.name }))}
            defaultValue={defaults.storeId ?? ""}
            error={errors.storeId}
          />
          {/* Saving with a store sends the listing to it again (seller-store-admin.md §4): said before, not found out after (decision 0068). */}
          {mode === "edit" ? (
            <p className="mt-1 text-sm text-stone-700">
              Saving sends this listing to the store again, to accept or decline: a listing on the shop stays there
              meanwhile.
            </p>
          ) : null}
        </div>
        {errors.storeId ? (
          <p className="text-sm text-red-700 group-has-[#concierge:checked]/concierge:hidden">{errors.storeId}</p>
        ) : null}
      </fieldset>

      <ImageUpload name="images" use="product" label="Product images" existing={existingImages} error={errors.images} />

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton
          busy={busy}
          busyLabel={mode === "create" ? "Creating..." : "Saving..."}
          name="intent"
          value={submitIntent}
        >
          {mode === "create" ? "Create Product" : "Save Changes"}
        </SubmitButton>
        {cancelTo ? (
          <Link to={cancelTo} className="rounded-md border border-stone-300 px-4 py-2 font-medium">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
