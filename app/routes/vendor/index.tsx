import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/index";
import { appContext, requestState } from "../../context";
import { sellerDashboard } from "../../data/seller.server";
import { SELLER_TAB_LABELS, SELLER_TABS } from "../../domain/seller-dashboard";
import { uploadBodyLimit } from "../../domain/upload-sizes";
import { readIntent } from "../../domain/intents";
import { typedValues } from "../../domain/product-form";
import { readOrderCursor, readPage, readTab } from "../../domain/tabs";
import { formatGBP } from "../../domain/money";
import { SvgBarChart } from "../../components/kit/svg-bar-chart";
import { EmptyState, Panel } from "../../components/kit/panel";
import { lastWeek, thisWeek } from "../../components/kit/chart";
import { listHref } from "../../components/kit/paging";
import { StatCard, StatGrid } from "../../components/kit/stat-card";
import { TabNav } from "../../components/kit/tab-nav";
import { viewsPart } from "../../data/views.server";
import { FormAlert } from "../../components/forms";
import { PageHeading } from "../../components/page-heading";
import type { ProductFormActionData as VendorActionData } from "../../components/seller/product-form";
import { lazyTab } from "../../components/kit/lazy-tab";
import { showToast } from "../../components/toasts";
import { requireUser } from "../../services/guards.server";
import { createListingFromForm, suggestBrand } from "../../services/seller-products.server";
import { answerPriceFromForm } from "../../services/price-answers.server";
import { formatShortDate } from "../../domain/dates";
import { markReadyFromForm, setTurnaroundFromForm } from "../../services/renting.server";
import { shipFromForm } from "../../services/ship-form.server";
import { labelFromForm } from "../../services/labels-page.server";
import { inspectFromForm } from "../../services/inspect-form.server";
import { PayReadinessPanel } from "../../components/seller/pay-readiness";
import { returnAddressPart } from "../../data/seller-requests.server";
import { payeeOwesPart } from "../../data/payouts.server";
import { payeeAccountPart } from "../../data/payout-transfers.server";
import { payeeStatus, startOnboarding } from "../../services/payouts-provider.server";
import { PAYOUT_MESSAGES } from "../../domain/payouts";

// Each tab's components load with their tab (decision 0127).
const ProductForm = lazyTab(() => import("../../components/seller/product-form"), "ProductForm");
const SellerProducts = lazyTab(() => import("../../components/seller/lists"), "SellerProducts");
const BrandSuggestions = lazyTab(() => import("../../components/seller/lists"), "BrandSuggestions");
const PriceRequests = lazyTab(() => import("../../components/seller/price-requests"), "PriceRequests");
const SellerOrdersTab = lazyTab(() => import("../../components/seller/orders-tab"), "SellerOrdersTab");

export const meta: Route.MetaFunction = () => [{ title: "Seller Dashboard | Closetloop" }];

// seller-store-admin.md §2 Seller dashboard: tabs as URLs (decision 0024), the seller's own
// products, price-change requests and orders, and the Upload Product form.

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const now = Date.now();
  const payee = { type: "owner", id: user.id } as const;
  const tab = readTab(url, SELLER_TABS);
  // The tab and the page's other parts in one D1 batch (decision 0100): their views (their
  // profile's and their products' pages, per week; issue 24 item 11), what they owe from refunds
  // after earlier payouts (decision 0073), their payout account and return address.
  const [dashboard, [views, owed, account, returnAddress]] = await sellerDashboard(
    app.db,
    { ownerId: user.id, tab, pageNumber: readPage(url), now, before: readOrderCursor(url) },
    [
      viewsPart(app.db, payee, now),
      payeeOwesPart(app.db, payee),
      payeeAccountPart(app.db, payee),
      returnAddressPart(app.db, user.id),
    ] as const,
  );
  // Back from the provider's onboarding (?payouts=return): its status is asked afresh (decision 0056).
  const payoutStatus = await payeeStatus(app, payee, account, now, url.searchParams.get("payouts") === "return");
  const readiness = { returnAddress, payouts: payoutStatus === "active" };
  // A fresh key per rendered Upload form: sending it twice makes one product.
  // Deadlines in the reader's own zone (issue 45 item 6; decision 0095).
  const zone = context.get(requestState).timeZone;
  return {
    dashboard,
    now,
    zone,
    views,
    readiness,
    payoutStatus,
    owed,
    labels: app.config.shippingProvider !== null,
    formKey: dashboard.tab === "upload" ? crypto.randomUUID().replace(/-/g, "") : null,
  };
}

export const intents = [
  "create_product",
  "suggest_brand",
  "accept_price",
  "reject_price",
  "ship",
  "get_label",
  "inspect",
  "setup_payouts",
  "mark_ready",
  "set_turnaround",
] as const;

const reply = (body: VendorActionData, status: number) => data(body, { status });

/** New products carry up to five photos (and the intent forms are small). */
export const bodyLimit = uploadBodyLimit("product");

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => null);
  if (!form)
    return reply(
      { intent: null, alert: { title: "Error", message: "The form could not be read. Please try again." } },
      400,
    );
  const intent = readIntent(form, intents);
  const now = Date.now();

  if (intent === "create_product") return createListingFromForm(app, user, form, now);

  if (intent === "setup_payouts") {
    // Their own payout account only: the payee is the signed-in seller, whatever the form says (decision 0056).
    const origin = new URL(request.url).origin;
    const started = await startOnboarding(
      app,
      { type: "owner", id: user.id, email: user.email, name: user.displayName ?? user.fullName },
      { returnUrl: `${origin}/vendor?payouts=return`, refreshUrl: `${origin}/vendor?payouts=refresh` },
      now,
    );
    if (!started.ok)
      return reply(
        { intent, alert: { title: PAYOUT_MESSAGES.failed, message: PAYOUT_MESSAGES.failedDescription } },
        503,
      );
    return redirect(started.url, 303);
  }

  if (intent === "ship") {
    // Their own items only; a concierge item is the store's to post (decision 0041).
    return shipFromForm(
      app,
      form,
      { id: user.id, role: "seller" },
      "/vendor?tab=orders",
      (_order, item) => item.handler === "vendor" && item.ownerId === user.id,
      now,
    );
  }

  if (intent === "get_label") {
    // A printable label through the shipping provider (issue 44): the seller's own items only.
    return labelFromForm(
      app,
      form,
      { id: user.id, role: "seller" },
      (_order, item) => item.handler === "vendor" && item.ownerId === user.id,
      Date.now(),
    );
  }
  // Turnaround (decision 0080): their own items, their own setting.
  if (intent === "mark_ready") return markReadyFromForm(app, form, { ownerId: user.id }, "/vendor?tab=orders", now);
  if (intent === "set_turnaround")
    return setTurnaroundFromForm(app, form, { ownerId: user.id }, "/vendor?tab=orders", now);

  if (intent === "inspect") {
    // A seller records the receipt and condition of their own items (issue 22).
    return inspectFromForm(
      app,
      form,
      { id: user.id, role: "seller" },
      "/vendor?tab=orders",
      (_order, item) => item.handler === "vendor" && item.ownerId === user.id,
      now,
    );
  }

  if (intent === "suggest_brand") {
    const suggested = await suggestBrand(app, user.id, form, now);
    return reply({ intent, values: typedValues(form), suggestion: suggested.suggestion }, suggested.status);
  }

  // The owner's answer to a store's price change request (their own products only: the owner is in the WHERE).
  if (intent === "accept_price" || intent === "reject_price")
    return answerPriceFromForm(app, form, user.id, intent, now);

  return reply({ intent: null, alert: { title: "Error", message: "Unknown action." } }, 400);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { dashboard, now, zone, formKey, views, readiness, payoutStatus, owed } = loaderData;
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
  const tabs = SELLER_TABS.map((id) => ({
    id,
    label: SELLER_TAB_LABELS[id],
    href: `/vendor?tab=${id}`,
    badge: id === "notifications" ? dashboard.pendingRequests : undefined,
  }));
  // Live on the shop, the count of the Total Products card (decision 0026, issue 24); not "listed",
  // which the account Summary says of all a seller's products (spec §2; decision 0068).
  const n = dashboard.liveCount;
  return (
    <div>
      <PageHeading
        title="Seller Dashboard"
        subtitle={`You have ${n} ${n === 1 ? "product" : "products"} live on the shop.`}
      />
      <StatGrid>
        {/* Only live listings count as active; those waiting for approval are counted apart (issue 24). */}
        <StatCard
          label="Total Products"
          value={dashboard.liveCount}
          note={
            dashboard.awaitingApproval > 0
              ? `Active listings · ${dashboard.awaitingApproval} awaiting approval`
              : "Active listings"
          }
        />
        <StatCard label="Total Revenue" value={formatGBP(dashboard.revenue)} note="Your earnings after commission" />
        <StatCard label="Active Rentals" value={dashboard.activeRentals} note="Currently rented items" />
        <StatCard
          label="Profile Views"
          value={thisWeek(views)}
          note={`This week (your profile and products) · last week ${lastWeek(views)}`}
        />
      </StatGrid>
      <PayReadinessPanel readiness={readiness} payoutStatus={payoutStatus} action="/vendor" owed={owed} />
      <p className="mb-4 text-sm">
        <Link to="/account/shipping" className="text-brand underline">
          Where you ship: the UK, Europe or worldwide, and your delivery fees
        </Link>
      </p>
      <TabNav tabs={tabs} current={dashboard.tab} label="Seller dashboard sections" />
      <Link to="/vendor/bundle-discounts" className="inline-block text-sm text-brand underline">
        Bundle discounts
      </Link>
      {/* The upload form shows its own; any other refusal is shown here (with JavaScript, as a toast too). */}
      {result?.alert && result.intent !== "create_product" ? (
        <div className="mb-4">
          <FormAlert title={result.alert.title} message={result.alert.message} />
        </div>
      ) : null}
      {dashboard.tab === "products" ? (
        <Panel
          title="Your Products"
          actions={
            <Link to="/vendor?tab=upload" className="rounded-md bg-brand px-3 py-1.5 text-sm font-medium text-white">
              Add Product
            </Link>
          }
        >
          <SellerProducts
            products={dashboard.products}
            paging={{
              page: dashboard.page,
              hasNext: dashboard.hasNext,
              href: (p) => listHref("/vendor?tab=products", {}, p),
            }}
          />
        </Panel>
      ) : null}
      {dashboard.tab === "products" ? (
        <SvgBarChart
          title="Views of your profile and products per week (last 12 weeks)"
          unit="views"
          points={views.map((w) => ({ label: formatShortDate(w.weekStart), value: w.views }))}
        />
      ) : null}
      {dashboard.tab === "notifications" ? (
        <Panel title="Price change requests">
          {dashboard.requests.length === 0 ? (
            <EmptyState>No price change requests yet.</EmptyState>
          ) : (
            <PriceRequests requests={dashboard.requests} zone={zone} />
          )}
        </Panel>
      ) : null}
      {dashboard.tab === "orders" ? (
        <SellerOrdersTab
          tab={dashboard.ordersTab}
          labels={loaderData.labels}
          now={now}
          zone={zone}
          action="/vendor?tab=orders"
          pageHref={(before) => (before ? `/vendor?tab=orders&before=${before}` : "/vendor?tab=orders")}
          result={result}
        />
      ) : null}
      {dashboard.tab === "upload" ? (
        <Panel title="Upload Product">
          <ProductForm
            mode="create"
            action="/vendor?tab=upload"
            formKey={formKey ?? undefined}
            defaults={result?.values ?? {}}
            errors={result?.intent === "create_product" ? result.errors : undefined}
            alert={result?.intent === "create_product" ? result.alert : undefined}
            suggestion={result?.suggestion}
            brands={dashboard.brands}
            stores={dashboard.stores}
          />
          <BrandSuggestions suggestions={dashboard.suggestions} />
        </Panel>
      ) : null}
    </div>
  );
}
