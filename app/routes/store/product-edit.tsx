import { useEffect, useState } from "react";
import { data, Form, isRouteErrorResponse, Link } from "react-router";
import { tellConciergeDecided } from "../../services/notices.server";
import type { Route } from "./+types/product-edit";
import { notFoundBoundary } from "../../components/not-found";
import { Panel } from "../../components/kit/panel";
import { StatusBadge } from "../../components/kit/badge";
import { Field, FieldFrame, FormAlert, INPUT_CLASS, invalidProps, SubmitButton, useSubmitting } from "../../components/forms";
import { Details } from "../../components/kit/details";
import { priceText } from "../../components/kit/product-cells";
import { PageHeading } from "../../components/page-heading";
import { appContext } from "../../context";
import { readDecisionReason, REASON_MAX as DECISION_REASON_MAX } from "../../domain/decision-reason";
import { editableProduct } from "../../data/product.server";
import { setStoreProductStatus, storeById, waitingPriceRequest } from "../../data/store-dashboard.server";
import { formatGBP } from "../../domain/money";
import { formatLongDate } from "../../domain/dates";
import { REVIEW_STATUSES } from "../../domain/admin-products";
import { readIntent } from "../../domain/intents";
import { checkPriceChange, readReviewStatus, REASON_MAX } from "../../domain/store-dashboard";
import { publicPagesChanged } from "../../services/freshness.server";
import { requireUser } from "../../services/guards.server";
import { requestPriceChange } from "../../services/store-dashboard.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? "Edit Product | Closetloop" : "Product not found | Closetloop" }, { name: "robots", content: "noindex" }];

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

const WAITING = "Your last suggestion for this item still waits for the owner's answer.";

type Fields = "status" | "suggestedRentalPrice" | "suggestedBuyingPrice" | "reason";
export interface StoreEditActionData {
  intent: (typeof intents)[number] | null;
  alert?: { title: string; message: string };
  errors?: Partial<Record<Fields, string>>;
  values?: Partial<Record<Fields, string>>;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const product = await editableProduct(app.db, params.productId, user, "store");
  if (!product) throw data(null, { status: 404 });
  const form = await request.formData().catch(() => null);
  const intent = form ? readIntent(form, intents) : null;
  const reply = (status: number, body: StoreEditActionData) =>
    body.alert ? dataWithToast(app.config, body, { type: "error", title: body.alert.title, description: body.alert.message }, { status }) : data(body, { status });
  if (!form || !intent) return reply(400, { intent: null, alert: { title: "Error", message: "Unknown action." } });
  const here = `/store/product/${product.id}/edit`;
  const now = Date.now();
  // Staff open any product (decision 0012), but only a product at a store has a store to act for.
  const store = product.storeId ? await storeById(app.db, product.storeId) : null;
  if (!store) return reply(409, { intent, alert: { title: "Error", message: "This product is not managed by a store." } });

  if (intent === "update_status") {
    const status = readReviewStatus(form.get("status"));
    if (!status) return reply(400, { intent, errors: { status: "Please choose pending, approved or rejected." }, alert: { title: "Failed to update product status.", message: "Please choose pending, approved or rejected." } });
    if (status === product.status) return reply(400, { intent, alert: { title: "No change", message: `The product is already ${status}.` } });
    // Letting a product go says why: the seller is shown the store's reason (issue 24, item 8).
    const reason = status === "rejected" ? readDecisionReason(form) : null;
    if (reason && !reason.ok) return reply(400, { intent, errors: { reason: reason.error }, alert: { title: "Failed to update product status.", message: reason.error } });
    const changed = await setStoreProductStatus(app.db, store.id, product.id, status, now, reason?.ok ? reason.reason : null);
    if (!changed) return reply(409, { intent, alert: { title: "Error", message: "Failed to update product status." } });
    if (changed.productStatus === "live") await publicPagesChanged(app.env.CACHE, now);
    if (status !== "pending") await tellConciergeDecided(app, product.id, store.name, status === "approved" ? "approve" : "reject", reason?.ok ? reason.reason : null);
    // A product the store rejected leaves the store: its page is no longer the store's to open.
    return redirectWithToast(app.config, status === "rejected" ? "/store?tab=products" : here, { type: "success", title: "Success", description: `Product status updated to ${status}` });
  }

  // request_price
  const input = { rental: String(form.get("suggestedRentalPrice") ?? ""), buying: String(form.get("suggestedBuyingPrice") ?? ""), reason: String(form.get("reason") ?? "") };
  const checked = checkPriceChange(input, { rental: product.rentalPrice, buying: product.buyingPrice });
  const values = { suggestedRentalPrice: input.rental.slice(0, 20), suggestedBuyingPrice: input.buying.slice(0, 20), reason: input.reason.slice(0, REASON_MAX) };
  if (!checked.ok) return reply(400, { intent, errors: checked.errors, values });
  try {
    const sent = await requestPriceChange(app, store, product, checked, now);
    if (!sent) throw data(null, { status: 404 });
    if (sent === "waiting") return reply(409, { intent, values, alert: { title: "Price change already requested", message: WAITING } });
  } catch (error) {
    if (isRouteErrorResponse(error)) throw error;
    console.error(`store ${store.id}: could not request a price change for ${product.id}`, error);
    return reply(500, { intent, values, alert: { title: "Error", message: "Failed to send price change request." } });
  }
  return redirectWithToast(app.config, here, { type: "success", title: "Price change requested", description: "The owner will accept or reject it on their dashboard." });
}

const pounds = (pence: number | null) => (pence === null ? "" : (pence / 100).toFixed(2));

/** A suggested price (rental or buying) in pounds, blank to keep the current one. */
function SuggestedPrice({ which, current, result }: { which: "Rental" | "Buying"; current: number | null; result: StoreEditActionData | undefined }) {
  const name = `suggested${which}Price` as const;
  return (
    <Field
      label={`Suggested ${which.toLowerCase()} price (£)`}
      name={name}
      type="number"
      inputMode="decimal"
      min="0.01"
      step="0.01"
      placeholder={pounds(current)}
      hint={`Leave blank to keep ${priceText(current)}`}
      defaultValue={result?.values?.[name] ?? ""}
      error={result?.errors?.[name]}
    />
  );
}

export default function StoreProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product, waiting } = loaderData;
  // A suggested price that keeps the item's own says so, as the owner reads it (decision 0069).
  const kept = (suggested: number, now: number | null) => (suggested === now ? " (unchanged)" : "");
  const result = actionData as StoreEditActionData | undefined;
  const [status, setStatus] = useState(product.status);
  // Only once JavaScript runs can the button follow the select; without it the server answers 'No change'.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  useEffect(() => setStatus(product.status), [product.status]);
  const updating = useSubmitting("update_status");
  const requesting = useSubmitting("request_price");
  const statusResult = result?.intent === "update_status" ? result : undefined;
  const priceResult = result?.intent === "request_price" ? result : undefined;
  return (
    <div>
      <Link to="/store" className="text-sm font-medium text-brand underline">Back</Link>
      <PageHeading title="Edit Product" subtitle={product.name} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Product Information">
          <div className="flex flex-wrap gap-2">
            {product.images.length === 0 ? (
              <span className="flex h-28 w-24 items-center justify-center rounded bg-stone-100 text-xs text-stone-600">No image</span>
            ) : (
              product.images.map((url, i) => <img key={url} src={url} alt={i === 0 ? product.name : ""} width={96} height={112} loading="lazy" className="h-28 w-24 rounded object-cover" />)
            )}
          </div>
          <Details
            className="mt-4"
            items={[
              ["Name", product.name],
              ["Brand", product.brand],
              ["Condition", product.condition],
              ["Category", `${product.productType} · ${product.category}`],
              ["Size", [product.size ?? "Not given", product.fitNote].filter(Boolean).join(" · ")],
              ["Rental (7 days)", priceText(product.rentalPrice)],
              ["Buying price", priceText(product.buyingPrice)],
              ["Original price", priceText(product.originalPrice)],
              ["Listing", <StatusBadge key="listing" status={product.productStatus} />],
            ]}
          />
          {product.description ? <p className="mt-3 text-sm text-stone-800">{product.description}</p> : null}
          {product.productStatus === "live" ? (
            <Link to={`/product/${product.id}`} className="mt-3 inline-block text-sm font-medium text-brand underline">View public page</Link>
          ) : null}
        </Panel>

        <div className="space-y-6">
          <Panel title="Product Status">
            {statusResult?.alert ? <FormAlert title={statusResult.alert.title} message={statusResult.alert.message} /> : null}
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" aria-label="Product status">
              <input type="hidden" name="intent" value="update_status" />
              <FieldFrame id="product-status" label="Status">
                <select id="product-status" name="status" value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)} className={INPUT_CLASS}>
                  {REVIEW_STATUSES.map((s) => (
                    <option key={s} value={s}>{s[0]!.toUpperCase() + s.slice(1)}</option>
                  ))}
                </select>
              </FieldFrame>
              <FieldFrame id="status-reason" label="Reason (needed to reject; shown to the seller)" error={statusResult?.errors?.reason} className="basis-full">
                <textarea id="status-reason" name="reason" rows={2} maxLength={DECISION_REASON_MAX} {...invalidProps("status-reason", statusResult?.errors?.reason)} className={INPUT_CLASS} />
              </FieldFrame>
              {/* Disabled while unchanged once JavaScript runs; without it the server answers 'No change'. */}
              <SubmitButton busy={updating} busyLabel="Updating..." disabled={enhanced && status === product.status}>Update</SubmitButton>
            </Form>
          </Panel>

          <Panel title="Request Price Change">
            {priceResult?.alert ? <FormAlert title={priceResult.alert.title} message={priceResult.alert.message} /> : null}
            {waiting ? (
              <p role="status" className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
                {`${WAITING} You suggested ${formatGBP(waiting.rental)} for 7 days${kept(waiting.rental, product.rentalPrice)} and ${formatGBP(waiting.buying)} to buy${kept(waiting.buying, product.buyingPrice)} on ${formatLongDate(waiting.createdAt)}.`}
              </p>
            ) : (
            <Form method="post" noValidate className="mt-2 space-y-3" aria-label="Request price change">
              <input type="hidden" name="intent" value="request_price" />
              <SuggestedPrice which="Rental" current={product.rentalPrice} result={priceResult} />
              <SuggestedPrice which="Buying" current={product.buyingPrice} result={priceResult} />
              <FieldFrame id="field-reason" label="Reason" required error={priceResult?.errors?.reason}>
                <textarea id="field-reason" name="reason" rows={3} required maxLength={REASON_MAX} defaultValue={priceResult?.values?.reason ?? ""} {...invalidProps("field-reason", priceResult?.errors?.reason)} className={INPUT_CLASS} />
              </FieldFrame>
              <SubmitButton busy={requesting} busyLabel="Sending...">Request Price Change</SubmitButton>
            </Form>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Product not found", back: { to: "/store", label: "Back to Dashboard" } });
