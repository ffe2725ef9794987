import { z } from "zod";
import { CATEGORIES, CONDITIONS, PRODUCT_TYPES } from "./catalog";
import {
  MAX_TAG_LENGTH,
  MAX_TAGS,
  PRICE_MESSAGES,
  readPounds,
  readTags,
  RENTAL_NOT_BELOW_BUYING,
  rentalBelowBuying,
} from "./product-fields";
import { MEASUREMENTS, measurementField, validateSize, type FitNote, type Measurements } from "./sizes";

// The seller's product form, for Upload Product and the edit page (seller-store-admin.md §3, §5,
// §7): one schema per mode with the spec's messages verbatim, and clear ones where it is silent
// (docs/decisions/0025-seller-product-form.md). Prices are typed in pounds and kept in pence.
// Brand and store names are checked against the database by the caller (they are not pure).

export type ProductFormMode = "create" | "edit";

const MESSAGES = {
  create: {
    name: "Product title is required",
    rentalRequired: "Rental price is required",
    rentalInvalid: null,
    concierge: "Please select a store for concierge service.",
  },
  edit: {
    name: "Product name is required",
    rentalRequired: "Valid rental price is required",
    rentalInvalid: "Valid rental price is required",
    concierge: "Please select a store for concierge service",
  },
} as const;

export const REQUIRED_FIELDS = [
  "name",
  "brand",
  "productType",
  "category",
  "size",
  "condition",
  "originalPrice",
  "rentalPrice",
  "buyingPrice",
] as const;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

const required = (message: string, max: number, label: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);

const oneOf = (values: readonly string[], missing: string, unknown: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine((v) => values.includes(v), unknown);

function price(required: string, invalid: string | null) {
  return z.string({ error: required }).transform((raw, ctx) => {
    const read = readPounds(raw);
    if (read.ok) return read.pence;
    const message =
      read.problem === "required"
        ? required
        : invalid && (read.problem === "not_positive" || read.problem === "not_a_number")
          ? invalid
          : PRICE_MESSAGES[read.problem];
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

export function productFormSchema(mode: ProductFormMode) {
  const m = MESSAGES[mode];
  return z
    .object({
      name: required(m.name, 150, "Title"),
      description: text(5000, "Description"),
      brand: required("Brand is required", 100, "Brand"),
      productType: oneOf(PRODUCT_TYPES, "Product type is required", "Please choose a product type from the list."),
      category: oneOf(CATEGORIES, "Category is required", "Please choose a category from the list."),
      condition: oneOf(CONDITIONS, "Condition is required", "Please choose a condition from the list."),
      color: text(50, "Colour"),
      originalPrice: price("Original price is required", null),
      rentalPrice: price(m.rentalRequired, m.rentalInvalid),
      buyingPrice: price("Buying price is required", null),
      tags: z
        .string()
        .optional()
        .transform((v) => readTags(v))
        .refine((tags) => tags.length <= MAX_TAGS, `Up to ${MAX_TAGS} tags`)
        .refine(
          (tags) => tags.every((t) => t.length <= MAX_TAG_LENGTH),
          `Each tag must be at most ${MAX_TAG_LENGTH} characters`,
        ),
      materials: text(1000, "Materials"),
      careInstructions: text(1000, "Care instructions"),
      memoryStory: text(2000, "The memory"),
      concierge: z
        .string()
        .optional()
        .transform((v) => v === "on"),
      storeId: z
        .string()
        .trim()
        .max(100)
        .optional()
        .transform((v) => (v ? v : null)),
    })
    .transform((v) => ({ ...v, storeId: v.concierge ? v.storeId : null }));
}

/** The schema's values with the size (app/domain/sizes.ts), checked beside it against the type and category. */
export type ProductFormValues = z.output<ReturnType<typeof productFormSchema>> & {
  size: string;
  fitNote: FitNote | null;
  measurements: Measurements;
};
/** The form's text fields as typed, to fill the form again after a refusal. */
export type TypedValues = Partial<Record<string, string>>;

export const TEXT_FIELDS = [
  "name",
  "description",
  "brand",
  "productType",
  "category",
  "condition",
  "color",
  "originalPrice",
  "rentalPrice",
  "buyingPrice",
  "tags",
  "materials",
  "careInstructions",
  "memoryStory",
  "concierge",
  "storeId",
  "size",
  "fitNote",
  ...MEASUREMENTS.map(([key]) => measurementField(key)),
] as const;

/** The form's text fields (files and unknown fields ignored); a field sent twice counts once. */
export function typedValues(form: FormData): TypedValues {
  const values: TypedValues = {};
  for (const field of TEXT_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value.slice(0, 10_000);
  }
  return values;
}

export type ProductFormResult =
  | { ok: true; values: ProductFormValues }
  | { ok: false; errors: Partial<Record<string, string>>; missingRequired: boolean };

/** Parses the typed values: the first message per field, and whether a required field is empty. */
export function parseProductForm(values: TypedValues, mode: ProductFormMode): ProductFormResult {
  const parsed = productFormSchema(mode).safeParse(values);
  // Checked beside the schema, so the store's message shows together with every other one.
  const noStore = values.concierge === "on" && !values.storeId?.trim();
  // Told with the first answer, whatever else is missing: both prices are read on their own.
  const [rental, buying] = [readPounds(values.rentalPrice), readPounds(values.buyingPrice)];
  const tooDear = rental.ok && buying.ok && !rentalBelowBuying(rental.pence, buying.pence);
  const sized = validateSize(
    {
      size: values.size,
      fitNote: values.fitNote,
      measurements: Object.fromEntries(MEASUREMENTS.map(([key]) => [key, values[measurementField(key)]])),
    },
    parsed.success ? parsed.data.productType : "",
    parsed.success ? parsed.data.category : "",
  );
  if (parsed.success && !noStore && !tooDear && sized.ok)
    return {
      ok: true,
      values: { ...parsed.data, size: sized.size, fitNote: sized.fitNote, measurements: sized.measurements },
    };
  const errors: Partial<Record<string, string>> = sized.ok ? {} : { ...sized.errors };
  for (const issue of parsed.success ? [] : parsed.error.issues)
    errors[String(issue.path[0] ?? "form")] ??= issue.message;
  if (noStore) errors.storeId = MESSAGES[mode].concierge;
  if (tooDear) errors.rentalPrice = RENTAL_NOT_BELOW_BUYING;
  const missingRequired = REQUIRED_FIELDS.some((f) => !values[f]?.trim());
  return { ok: false, errors, missingRequired };
}

export const SuggestionForm = z.object({
  suggestedName: z
    .string({ error: "Please enter the brand's name" })
    .trim()
    .min(1, "Please enter the brand's name")
    .max(100, "Brand must be at most 100 characters"),
  description: text(500, "Description"),
});
