import { data, isRouteErrorResponse, Link } from "react-router";
import { tellConciergeDecided } from "../../services/notices.server";
import type { Route } from "./+types/product-edit";
import { notFoundBoundary } from "../../components/not-found";
import { PageHeading } from "../../components/page-heading";
import { appContext } from "../../context";
import { readDecisionReason } from "../../domain/decision-reason";
import { editableProduct } from "../../data/product.server";
import { setStoreProductStatus, storeById, waitingPriceRequest } from "../../data/store-dashboard.server";
import { readIntent } from "../../domain/intents";
import { checkPriceChange, readReviewStatus, REASON_MAX } from "../../domain/store-dashboard";
import { publicPagesChanged } from "../../services/freshness.server";
import { requireUser } from "../../services/guards.server";
import { requestPriceChange } from "../../services/store-dashboard.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";
import { WAITING, PriceChangeForm } from "../../components/store/price-change-form";
import type { StoreEditActionData } from "../../components/store/product-edit-answer";
import { ProductInformation } from "../../components/store/product-info";
import { ProductStatusForm } from "../../components/store/product-status-form";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? "Edit Product | Closetloop" : "Product not found | Closetloop" },
  { name: "robots", content: "noindex" },
];

// seller-store-admin.md §2 Store-side product edit (issue 12 item 3): Product Information, Product
// Status (the store's concierge answer, decision 0030) and Request Price Change. Only the product's
// store's owner (or staff of decision 0012) gets past editableProduct(); anyone else, and a missing
// product, see 'Product not found' — the page and its action alike.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const app = context.get(appContext);
  const product = await editableProduct(app.db, params.productId, user, "store");
  if (!product) throw data(null, { status: 404 });
  // One suggestion waits at a time (decision 0067): while it waits, the page says so instead of offering another.
  const waiting = product.storeId ? await waitingPriceRequest(app.db, product.storeId, product.id) : null;
  return { product, waiting };
}

export const intents = ["update_status", "request_price"] as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const product = await editableProduct(app.db, params.productId, user, "store");
  if (!product) throw data(null, { status: 404 });
  const form = await request.formData().catch(() => null);
  const intent = form ? readIntent(form, intents) : null;
  const reply = (status: number, body: StoreEditActionData) =>
    body.alert
      ? dataWithToast(
          app.config,
          body,
          { type: "error", title: body.alert.title, description: body.alert.message },
          { status },
        )
      : data(body, { status });
  if (!form || !intent) return reply(400, { intent: null, alert: { title: "Error", message: "Unknown action." } });
  const here = `/store/product/${product.id}/edit`;
  const now = Date.now();
  // Staff open any product (decision 0012), but only a product at a store has a store to act for.
  const store = product.storeId ? await storeById(app.db, product.storeId) : null;
  if (!store)
    return reply(409, { intent, alert: { title: "Error", message: "This product is not managed by a store." } });

  if (intent === "update_status") {
    const status = readReviewStatus(form.get("status"));
    if (!status)
      return reply(400, {
        intent,
        errors: { status: "Please choose pending, approved or rejected." },
        alert: { title: "Failed to update product status.", message: "Please choose pending, approved or rejected." },
      });
    if (status === product.status)
      return reply(400, { intent, alert: { title: "No change", message: `The product is already ${status}.` } });
    // Letting a product go says why: the seller is shown the store's reason (issue 24, item 8).
    const reason = status === "rejected" ? readDecisionReason(form) : null;
    if (reason && !reason.ok)
      return reply(400, {
        intent,
        errors: { reason: reason.error },
        alert: { title: "Failed to update product status.", message: reason.error },
      });
    const changed = await setStoreProductStatus(
      app.db,
      store.id,
      product.id,
      status,
      now,
      reason?.ok ? reason.reason : null,
    );
    if (!changed) return reply(409, { intent, alert: { title: "Error", message: "Failed to update product status." } });
    if (changed.productStatus === "live") await publicPagesChanged(app.env.CACHE, now);
    if (status !== "pending")
      await tellConciergeDecided(
        app,
        product.id,
        store.name,
        status === "approved" ? "approve" : "reject",
        reason?.ok ? reason.reason : null,
      );
    // A product the store rejected leaves the store: its page is no longer the store's to open.
    return redirectWithToast(app.config, status === "rejected" ? "/store?tab=products" : here, {
      type: "success",
      title: "Success",
      description: `Product status updated to ${status}`,
    });
  }

  // request_price
  const input = {
    rental: String(form.get("suggestedRentalPrice") ?? ""),
    buying: String(form.get("suggestedBuyingPrice") ?? ""),
    reason: String(form.get("reason") ?? ""),
  };
  const checked = checkPriceChange(input, { rental: product.rentalPrice, buying: product.buyingPrice });
  const values = {
    suggestedRentalPrice: input.rental.slice(0, 20),
    suggestedBuyingPrice: input.buying.slice(0, 20),
    reason: input.reason.slice(0, REASON_MAX),
  };
  if (!checked.ok) return reply(400, { intent, errors: checked.errors, values });
  try {
    const sent = await requestPriceChange(app, store, product, checked, now);
    if (!sent) throw data(null, { status: 404 });
    if (sent === "waiting")
      return reply(409, { intent, values, alert: { title: "Price change already requested", message: WAITING } });
  } catch (error) {
    if (isRouteErrorResponse(error)) throw error;
    console.error(`store ${store.id}: could not request a price change for ${product.id}`, error);
    return reply(500, { intent, values, alert: { title: "Error", message: "Failed to send price change request." } });
  }
  return redirectWithToast(app.config, here, {
    type: "success",
    title: "Price change requested",
    description: "The owner will accept or reject it on their dashboard.",
  });
}

export default function StoreProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product, waiting } = loaderData;
  const result = actionData as StoreEditActionData | undefined;
  return (
    <div>
      <Link to="/store" className="text-sm font-medium text-brand underline">
        Back
      </Link>
      <PageHeading title="Edit Product" subtitle={product.name} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProductInformation product={product} />

        <div className="space-y-6">
          <ProductStatusForm current={product.status} result={result} />

          <PriceChangeForm product={product} waiting={waiting} result={result} />
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Product not found",
  back: { to: "/store", label: "Back to Dashboard" },
});
