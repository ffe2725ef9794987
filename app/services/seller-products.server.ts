import { data } from "react-router";
import type { SuggestionReply } from "../components/seller/product-form";
import { tellPriceDrop } from "./alerts.server";
import type { AppContext } from "../context";
import { tellConciergeRequest, tellListingAwaitingReview } from "./notices.server";
import { insertBrandSuggestion } from "../data/seller.server";
import {
  brandAndStore,
  insertProduct,
  productOwnerOf,
  restoreProductImages,
  setProductImages,
  updateProductFromForm,
} from "../data/listings.server";
import type { EditableProduct } from "../data/product.server";
import { FILL_IN_REQUIRED, UNKNOWN_BRAND } from "../domain/product-fields";
import {
  parseProductForm,
  SuggestionForm,
  typedValues,
  type ProductFormMode,
  type ProductFormValues,
  type TypedValues,
} from "../domain/product-form";
import { imageUrl, productImageKey, productImagePrefix } from "../domain/uploads";
import { publicPagesChanged } from "./freshness.server";
import { redirectWithToast } from "./toast.server";
import type { SessionUser } from "./session.server";
import { commitImages, deleteImages, readImageField, sentFile, type ImageSource } from "./uploads.server";

// Creating and saving a seller's listing (seller-store-admin.md §4, §5, §7, §8): the form and its
// images are judged completely before anything is written, so a refusal writes nothing; then the
// row, then the images under the spec's R2 path, then the row's image list.

export const IMAGE_FIELD = "images";
export const PHOTOS_NOT_KEPT = "Your photos were not kept while the form was refused: please choose them again.";

export interface FormRefusal {
  ok: false;
  status: 400;
  values: TypedValues;
  errors: Partial<Record<string, string>>;
  alert?: { title: string; message: string };
}

type Judged =
  { ok: true; values: ProductFormValues; brand: string; images: ImageSource[]; imagesChanged: boolean } | FormRefusal;

/** Reads and checks the whole form: fields, brand and store against the database, then the images. */
async function judgeForm(
  app: AppContext,
  user: SessionUser,
  form: FormData,
  mode: ProductFormMode,
  existingImages: readonly string[],
): Promise<Judged> {
  const values = typedValues(form);
  const parsed = parseProductForm(values, mode);
  const errors: Partial<Record<string, string>> = parsed.ok ? {} : { ...parsed.errors };
  const typedBrand = values.brand?.trim() ?? "";
  const conciergeStore = values.concierge === "on" ? (values.storeId?.trim() ?? "") : "";
  const known =
    typedBrand || conciergeStore
      ? await brandAndStore(app.db, typedBrand.slice(0, 100), conciergeStore || null)
      : { brand: null, storeFound: false };
  if (typedBrand && !errors.brand && !known.brand) errors.brand = UNKNOWN_BRAND;
  if (conciergeStore && !errors.storeId && !known.storeFound)
    errors.storeId =
      mode === "create"
        ? "Please select a store for concierge service."
        : "Please select a store for concierge service";
  const field = await readImageField(form, app.env.IMAGES, {
    use: "product",
    name: IMAGE_FIELD,
    userId: user.id,
    existing: existingImages,
  });
  if (!field.ok) errors[IMAGE_FIELD] = field.error;
  if (!parsed.ok || Object.keys(errors).length > 0 || !field.ok || !known.brand) {
    const missing = !parsed.ok && parsed.missingRequired;
    // Photos sent with the form itself (without JavaScript) cannot come back in a file field: the
    // seller is asked to choose them again rather than find them gone (decision 0067).
    if (sentFile(form, IMAGE_FIELD)) errors[IMAGE_FIELD] ??= PHOTOS_NOT_KEPT;
    return {
      ok: false,
      status: 400,
      values,
      errors,
      alert: missing
        ? { title: "Error", message: FILL_IN_REQUIRED }
        : { title: "Please check the form", message: "Some fields need your attention." },
    };
  }
  return { ok: true, values: parsed.values, brand: known.brand, images: field.images, imagesChanged: field.changed };
}

const freshProductId = () => `prod_${crypto.randomUUID().replace(/-/g, "")}`;

/**
 * The product id for an Upload form: the key it was rendered with, so the same form sent twice
 * finds the product the first one made. A key that is not ours (forged, or another seller's) gets
 * a fresh id: it can never reach someone else's product.
 */
async function productIdFor(app: AppContext, userId: string, formKey: FormDataEntryValue | null) {
  if (typeof formKey !== "string" || !/^[0-9a-f]{32}$/.test(formKey)) return { id: freshProductId(), duplicate: false };
  const id = `prod_${formKey}`;
  const owner = await productOwnerOf(app.db, id);
  if (owner === null) return { id, duplicate: false };
  return owner === userId ? { id, duplicate: true } : { id: freshProductId(), duplicate: false };
}

export type CreateResult = { ok: true; productId: string; failedImages: number; duplicate: boolean } | FormRefusal;

/** Upload Product: the listing starts pending for the approval queue (§4). */
export async function createListing(
  app: AppContext,
  user: SessionUser,
  form: FormData,
  now: number,
): Promise<CreateResult> {
  const { id: productId, duplicate } = await productIdFor(app, user.id, form.get("formKey"));
  // The same form sent again (a double click without JavaScript): the first one made the product.
  if (duplicate) return { ok: true, productId, failedImages: 0, duplicate: true };
  const judged = await judgeForm(app, user, form, "create", []);
  if (!judged.ok) return judged;
  const inserted = await insertProduct(app.db, productId, user.id, judged.values, judged.brand, now);
  if (!inserted) return { ok: true, productId, failedImages: 0, duplicate: true };
  const committed = await commitImages(
    app.env.IMAGES,
    judged.images,
    (index, ext) => productImageKey(user.id, productId, now, index, ext),
    app.env,
  );
  if (committed.urls.length > 0) await setProductImages(app.db, productId, user.id, committed.urls, now);
  // A concierge request: the store is told; otherwise the listing waits for staff (issue 23).
  if (judged.values.storeId) await tellConciergeRequest(app, productId);
  else await tellListingAwaitingReview(app, productId);
  return { ok: true, productId, failedImages: committed.failed, duplicate: false };
}

/** The seller dashboard's Upload form: the new listing, or the form again with what to fix (a 500 keeps what was typed). */
export async function createListingFromForm(app: AppContext, user: SessionUser, form: FormData, now: number) {
  const intent = "create_product" as const;
  try {
    const result = await createListing(app, user, form, now);
    if (!result.ok)
      return data(
        { intent, values: result.values, errors: result.errors, alert: result.alert },
        { status: result.status },
      );
    const toast = result.failedImages
      ? {
          type: "error" as const,
          title: "Product created with issues",
          description: "Product was created but some images failed to upload.",
        }
      : {
          type: "success" as const,
          title: "Product created successfully",
          description: "Your product has been submitted for approval.",
        };
    return redirectWithToast(app.config, "/vendor", toast);
  } catch (error) {
    console.error("vendor: could not create a product", error);
    return data(
      {
        intent,
        values: typedValues(form),
        alert: { title: "Error", message: "Failed to create product. Please try again." },
      },
      { status: 500 },
    );
  }
}

export type SaveResult =
  { ok: true; failedImages: number; resubmitted: boolean } | FormRefusal | { ok: false; status: 404 };

/** The edit form (§5 Edit form): the same checks, then the row, then removed images leave R2. */
export async function saveListing(
  app: AppContext,
  user: SessionUser,
  product: EditableProduct,
  form: FormData,
  now: number,
): Promise<SaveResult> {
  const judged = await judgeForm(app, user, form, "edit", product.images);
  if (!judged.ok) return judged;
  const committed = await commitImages(
    app.env.IMAGES,
    judged.images,
    (index, ext) => productImageKey(product.ownerId, product.id, now, index, ext),
    app.env,
  );
  // Rejected by our team or declined by a store: the changes go back into review (decision 0066).
  const resubmit = product.status === "rejected";
  const saved = await updateProductFromForm(
    app.db,
    product.id,
    user,
    judged.values,
    judged.brand,
    committed.urls,
    now,
    resubmit,
  );
  if (!saved) {
    await deleteImages(app.env.IMAGES, committed.written.map(imageUrl));
    return { ok: false, status: 404 };
  }
  // Concierge on: the listing goes back to its store for an answer, and the store is told (issue 23).
  if (judged.values.storeId) await tellConciergeRequest(app, product.id, now);
  else if (resubmit) await tellListingAwaitingReview(app, product.id, now);
  const removed = product.images.filter((url) => !committed.urls.includes(url));
  if (removed.length > 0) await deleteImages(app.env.IMAGES, removed);
  // Whatever a live product's page shows may have changed (prices, images, words): no stale copy.
  if (product.productStatus === "live") await publicPagesChanged(app.env.CACHE, now);
  // Shoppers who saved it are told of a lower price (issue 25).
  await tellPriceDrop(app, product.id, product);
  return { ok: true, failedImages: committed.failed, resubmitted: resubmit };
}

/** Index of an image key `{productId}_{timestamp}_{index}.{ext}`, for putting recovered images in order. */
function keyOrder(key: string) {
  const match = /_(\d+)_(\d+)\.[a-z]+$/.exec(key);
  return match ? [Number(match[1]), Number(match[2])] : [0, 0];
}

/**
 * A product whose image list is empty gets back what its owner's R2 folder holds for it (§4,
 * "Product images missing on edit"): up to 5, the latest upload first, each upload in its order.
 */
export async function recoverProductImages(
  app: AppContext,
  product: Pick<EditableProduct, "id" | "ownerId" | "images" | "productStatus">,
  now: number,
) {
  if (product.images.length > 0) return null;
  const listed = await app.env.IMAGES.list({ prefix: productImagePrefix(product.ownerId, product.id), limit: 100 });
  const keys = listed.objects
    .map((o) => o.key)
    .sort((a, b) => {
      const [ta, ia] = keyOrder(a);
      const [tb, ib] = keyOrder(b);
      return tb! - ta! || ia! - ib!;
    })
    .slice(0, 5);
  if (keys.length === 0) return null;
  const urls = keys.map(imageUrl);
  await restoreProductImages(app.db, product.id, urls, now);
  if (product.productStatus === "live") await publicPagesChanged(app.env.CACHE, now);
  return urls;
}

/** 'Suggest this brand' (§4, §5, §8): only for a name that matches no brand, once per seller while pending. */
export async function suggestBrand(
  app: AppContext,
  userId: string,
  form: FormData,
  now: number,
): Promise<{ status: number; suggestion: SuggestionReply["suggestion"] }> {
  const typed = form.get("suggestedName") ?? form.get("brand");
  const description = form.get("suggestionDescription");
  const parsed = SuggestionForm.safeParse({
    suggestedName: typeof typed === "string" ? typed : "",
    description: typeof description === "string" ? description : undefined,
  });
  if (!parsed.success)
    return { status: 400, suggestion: { ok: false, title: "Error", message: parsed.error.issues[0]!.message } };
  const { suggestedName } = parsed.data;
  try {
    const known = await brandAndStore(app.db, suggestedName, null);
    if (known.brand)
      return {
        status: 409,
        suggestion: {
          ok: false,
          title: "Brand already listed",
          message: `${known.brand} is already in our database: choose it from the list.`,
        },
      };
    const made = await insertBrandSuggestion(
      app.db,
      `suggestion_${crypto.randomUUID()}`,
      userId,
      suggestedName,
      parsed.data.description,
      now,
    );
    if (!made)
      return {
        status: 409,
        suggestion: {
          ok: false,
          title: "Already suggested",
          message: "You have already suggested this brand. It is waiting for review.",
        },
      };
    return {
      status: 200,
      suggestion: {
        ok: true,
        title: "Brand Suggestion Sent",
        message: "Your brand suggestion has been sent to admins for review.",
      },
    };
  } catch (error) {
    console.error("seller: could not save a brand suggestion", error);
    return {
      status: 500,
      suggestion: { ok: false, title: "Error", message: "Failed to send brand suggestion. Please try again." },
    };
  }
}
