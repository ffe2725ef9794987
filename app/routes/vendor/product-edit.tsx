import { useEffect } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/product-edit";
import { notFoundBoundary } from "../../components/not-found";
import { StatusBadge } from "../../components/kit/badge";
import { PageHeading } from "../../components/page-heading";
import { ProductForm, type ProductFormActionData as VendorActionData } from "../../components/seller/product-form";
import { showToast } from "../../components/toasts";
import { appContext } from "../../context";
import { editableProduct, type EditableProduct } from "../../data/product.server";
import { productFormOptions } from "../../data/listings.server";
import { uploadBodyLimit } from "../../domain/upload-sizes";
import { readIntent } from "../../domain/intents";
import { poundsField } from "../../domain/product-fields";
import { typedValues, type TypedValues } from "../../domain/product-form";
import { sizeFields } from "../../domain/sizes";
import { rejectionNote } from "../../domain/admin-products";
import { requireUser } from "../../services/guards.server";
import { recoverProductImages, saveListing, suggestBrand } from "../../services/seller-products.server";
import { redirectWithToast } from "../../services/toast.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? "Edit Product | Closetloop" : "Product not found | Closetloop" },
];

// seller-store-admin.md §2 Seller product edit: the upload form prefilled. Only the product's
// owner (or staff of decision 0012) gets past editableProduct(); anyone else, and a missing
// product, see 'Product not found' — the page and its action alike.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const [product, options] = await Promise.all([
    editableProduct(app.db, params.id, user, "seller"),
    productFormOptions(app.db, user.id),
  ]);
  if (!product) throw data(null, { status: 404 });
  // §4: a product whose image list is empty gets back what its R2 folder still holds. The notice
  // is part of the page (a flash cookie set by a loader would race the one the page consumes).
  const recovered = await recoverProductImages(app, product, Date.now());
  return {
    product: recovered ? { ...product, images: recovered } : product,
    recovered: recovered !== null,
    ...options,
  };
}

export const intents = ["save", "suggest_brand"] as const;

export const bodyLimit = uploadBodyLimit("product");

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const product = await editableProduct(app.db, params.id, user, "seller");
  if (!product) throw data(null, { status: 404 });
  const form = await request.formData().catch(() => null);
  if (!form)
    return data(
      {
        intent: null,
        alert: { title: "Error", message: "The form could not be read. Please try again." },
      } satisfies VendorActionData,
      { status: 400 },
    );
  const intent = readIntent(form, intents);
  const now = Date.now();
  if (intent === "suggest_brand") {
    const suggested = await suggestBrand(app, user.id, form, now);
    return data({ intent, values: typedValues(form), suggestion: suggested.suggestion } satisfies VendorActionData, {
      status: suggested.status,
    });
  }
  if (intent !== "save")
    return data({ intent: null, alert: { title: "Error", message: "Unknown action." } } satisfies VendorActionData, {
      status: 400,
    });
  try {
    const result = await saveListing(app, user, product, form, now);
    if (!result.ok && result.status === 404) throw data(null, { status: 404 });
    if (!result.ok)
      return data(
        { intent, values: result.values, errors: result.errors, alert: result.alert } satisfies VendorActionData,
        { status: result.status },
      );
    if (result.failedImages > 0) {
      return redirectWithToast(app.config, "/vendor", {
        type: "error",
        title: "Failed to upload images",
        description: "The product was saved, but some images failed to upload. Please add them again.",
      });
    }
    return redirectWithToast(app.config, "/vendor", {
      type: "success",
      title: "Success",
      description: result.resubmitted
        ? "Product updated successfully. It waits for review again."
        : "Product updated successfully",
    });
  } catch (error) {
    if (isRouteErrorResponse(error)) throw error;
    console.error(`vendor: could not update product ${product.id}`, error);
    return data({ intent, alert: { title: "Error", message: "Failed to update product" } } satisfies VendorActionData, {
      status: 500,
    });
  }
}

/** The saved product as the form's typed values. */
function valuesOf(product: EditableProduct): TypedValues {
  return {
    name: product.name,
    description: product.description ?? "",
    brand: product.brand,
    productType: product.productType,
    category: product.category,
    condition: product.condition,
    color: product.color ?? "",
    originalPrice: poundsField(product.originalPrice),
    rentalPrice: poundsField(product.rentalPrice),
    buyingPrice: poundsField(product.buyingPrice),
    tags: product.tags.join(", "),
    materials: product.materials ?? "",
    careInstructions: product.careInstructions ?? "",
    memoryStory: product.memoryStory ?? "",
    concierge: product.storeId ? "on" : "",
    storeId: product.storeId ?? "",
    ...sizeFields(product),
  };
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { product, brands, stores, recovered } = loaderData;
  const rejected = rejectionNote(product);
  const result = actionData as VendorActionData | undefined;
  useEffect(() => {
    if (result?.alert) showToast({ type: "error", title: result.alert.title, description: result.alert.message });
    if (result?.suggestion)
      showToast({
        type: result.suggestion.ok ? "success" : "error",
        title: result.suggestion.title,
        description: result.suggestion.message,
      });
  }, [result]);
  const isPublic = product.productStatus === "live" && product.availability !== "sold";
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/vendor" className="text-sm font-medium text-brand underline">
        Back
      </Link>
      <PageHeading title="Edit Product" subtitle={product.name} />
      {recovered ? (
        <div
          role="status"
          className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          <p className="font-semibold">Images recovered</p>
          <p>Found and restored missing product images from storage.</p>
        </div>
      ) : null}
      <div className="mb-6 flex flex-wrap items-center gap-3 text-sm">
        <span>Review status:</span>
        <StatusBadge status={product.status} />
        <span>Listing status:</span>
        <StatusBadge status={product.productStatus} />
        {rejected ? <span className="basis-full text-red-800">{rejected}</span> : null}
        {product.status === "rejected" ? (
          <span className="basis-full text-stone-700">Saving your changes sends this listing for review again.</span>
        ) : null}
        {isPublic ? (
          <Link to={`/product/${product.id}`} className="font-medium text-brand underline">
            View
          </Link>
        ) : null}
      </div>
      <ProductForm
        mode="edit"
        action={`/vendor/product/${product.id}/edit`}
        defaults={result?.values ?? valuesOf(product)}
        errors={result?.intent === "save" ? result.errors : undefined}
        alert={result?.intent === "save" ? result.alert : undefined}
        suggestion={result?.suggestion}
        brands={brands}
        stores={stores}
        existingImages={product.images}
        cancelTo="/vendor"
      />
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Product not found",
  back: { to: "/vendor", label: "Back to Dashboard" },
});
