import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/index";
import { appContext, requestState } from "../../context";
import { storeDashboard, storePart, type DashboardStore } from "../../data/store-dashboard.server";
import { partIf, valuePart } from "../../data/parts.server";
import { answerConciergeFromForm } from "../../services/concierge-answers.server";
import { splitStoreDescription } from "../../data/profiles.server";
import { storeAddressDefaults, storeAddressEcho } from "../../domain/store-address";
import { readIntent } from "../../domain/intents";
import { STORE_TAB_LABELS, STORE_TABS, storeHref, type StoreTab } from "../../domain/store-dashboard";
import { readOrderCursor, readPage, readTab } from "../../domain/tabs";
import { uploadBodyLimit } from "../../domain/upload-sizes";
import { storeInboxPart } from "../../data/inbox.server";
import { EmptyState, Panel } from "../../components/kit/panel";
import { TabNav } from "../../components/kit/tab-nav";
import { viewsPart } from "../../data/views.server";
import { FormAlert } from "../../components/forms";
import { notFoundBoundary } from "../../components/not-found";
import { PageHeading } from "../../components/page-heading";
import { StoreStats } from "../../components/store/tabs";
import { lazyTab } from "../../components/kit/lazy-tab";
import { requireUser } from "../../services/guards.server";
import { saveStoreSettings, storeIdInScope, storeInScope } from "../../services/store-dashboard.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";
import { markReadyFromForm, setTurnaroundFromForm } from "../../services/renting.server";
import { shipFromForm } from "../../services/ship-form.server";
import { labelFromForm } from "../../services/labels-page.server";
import { payeeStatus, startOnboarding } from "../../services/payouts-provider.server";
import { payeeOwesPart } from "../../data/payouts.server";
import { payeeAccountPart } from "../../data/payout-transfers.server";
import { PAYOUT_MESSAGES } from "../../domain/payouts";
import { inspectFromForm } from "../../services/inspect-form.server";
import { StorePayouts, StoreChooser, type StoreActionData } from "./parts";

export type { StoreActionData };

// The tabs' components that only their tab shows load with it (decision 0127).
const StoreOverviewTab = lazyTab(() => import("../../components/store/overview-tab"), "StoreOverviewTab");
const ConciergeRequests = lazyTab(() => import("../../components/store/lists"), "ConciergeRequests");
const StoreProducts = lazyTab(() => import("../../components/store/lists"), "StoreProducts");
const StoreOrdersTab = lazyTab(() => import("../../components/store/orders-tab"), "StoreOrdersTab");
const StoreSettings = lazyTab(() => import("../../components/store/settings"), "StoreSettings");

export const meta: Route.MetaFunction = () => [
  { title: "Store Dashboard | Closetloop" },
  { name: "robots", content: "noindex" },
];

// seller-store-admin.md §2 Store dashboard (issue 12): the store owner's store — or, for staff who
// run stores, the one they chose (decision 0029) — with its tabs as URLs (decision 0024).

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const url = new URL(request.url);
  // The store is read with the tab when its id is known (decision 0121: `?store=` for staff, else
  // the store the visit kept); else it is looked up first (a user read without their store).
  let target = storeIdInScope(user, url);
  let lookedUp: DashboardStore | null = null;
  if (!target) {
    const scope = await storeInScope(app, user, url);
    if (scope.kind === "missing") throw data(null, { status: 404 });
    if (scope.kind === "choose") return { view: "choose", choices: scope.choices } as const;
    if (scope.kind === "none") return { view: "none" } as const;
    target = { storeId: scope.store.id, storeParam: scope.storeParam };
    lookedUp = scope.store;
  }
  const { storeId, storeParam } = target;
  const now = Date.now();
  const payee = { type: "store", id: storeId } as const;
  const tab = readTab(url, STORE_TABS);
  // The tab and the page's other parts in one D1 batch (decision 0100): views of the store's page
  // and its products' pages, per week (issue 24 item 11), what it owes from refunds after earlier
  // payouts (decision 0073), its payout account, the store itself and, on the overview, its
  // conversations with shoppers (issue 26).
  const [dashboard, [views, owed, account, store, conversations]] = await storeDashboard(
    app.db,
    { storeId, tab, pageNumber: readPage(url), now, before: readOrderCursor(url) },
    [
      viewsPart(app.db, payee, now),
      payeeOwesPart(app.db, payee),
      payeeAccountPart(app.db, payee),
      lookedUp ? valuePart(lookedUp) : storePart(app.db, storeId),
      partIf(tab === "overview", storeInboxPart(app.db, storeId), []),
    ] as const,
  );
  // A store `?store=` names that does not exist is not found. The store the visit kept is its
  // owner's: were it gone or given away since, the visit riding with this batch finds them changed
  // and the page is rendered again from it (decision 0116); none is shown meanwhile.
  if (!store && storeParam) throw data(null, { status: 404 });
  if (!store || (!storeParam && store.ownerId !== user.id)) return { view: "none" } as const;
  // Back from the provider's onboarding (?payouts=return), its owner sees the status asked afresh (decision 0056).
  const refresh = url.searchParams.get("payouts") === "return" && store.ownerId === user.id;
  const payoutStatus = await payeeStatus(app, payee, account, now, refresh);
  const { about, address } = splitStoreDescription(store.description);
  // Deadlines and dates in the reader's own zone (issue 45 item 6; decision 0095).
  const zone = context.get(requestState).timeZone;
  return {
    view: "store",
    storeParam,
    store: {
      id: store.id,
      name: store.name,
      contactEmail: store.contactEmail,
      logoUrl: store.logoUrl,
      about,
      address: storeAddressDefaults(store.address),
      oldAddress: store.address ? null : address,
    },
    dashboard,
    views,
    conversations,
    now,
    zone,
    payoutStatus,
    owed,
    mayOnboard: store.ownerId === user.id,
    labels: app.config.shippingProvider !== null,
  } as const;
}

export const intents = [
  "approve_request",
  "reject_request",
  "inspect",
  "save_settings",
  "ship",
  "get_label",
  "setup_payouts",
  "mark_ready",
  "set_turnaround",
] as const;

/** Store Settings carries the logo (and the other forms are small). */
export const bodyLimit = uploadBodyLimit("storeLogo");

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const form = await request.formData().catch(() => null);
  const intent = form ? readIntent(form, intents) : null;
  const refuse = (status: number, title: string, message: string, extra: Partial<StoreActionData> = {}) =>
    dataWithToast(
      app.config,
      { intent, alert: { title, message }, ...extra } satisfies StoreActionData,
      { type: "error", title, description: message },
      { status },
    );
  if (!form || !intent) return refuse(400, "Error", "Unknown action.");
  const scope = await storeInScope(app, user, url);
  if (scope.kind !== "store") return refuse(404, "Error", "Store not found");
  const { store, storeParam } = scope;
  const now = Date.now();
  const back = (tab: StoreTab) => storeHref(tab, storeParam);

  if (intent === "approve_request" || intent === "reject_request") {
    const answered = await answerConciergeFromForm(
      app,
      form,
      store,
      intent === "approve_request" ? "approve" : "reject",
      now,
    );
    if (!answered.ok) return refuse(answered.status, answered.title, answered.message, answered.extra);
    return redirectWithToast(app.config, back("requests"), answered.toast);
  }

  if (intent === "setup_payouts") {
    // The store's owner only (decision 0056): onboarding asks for the owner's identity and bank
    // details, which staff running the store (decision 0029) must not give for them.
    if (store.ownerId !== user.id) return refuse(403, PAYOUT_MESSAGES.failed, PAYOUT_MESSAGES.staffCannot);
    const started = await startOnboarding(
      app,
      { type: "store", id: store.id, email: store.contactEmail ?? user.email, name: store.name },
      { returnUrl: `${url.origin}/store?payouts=return`, refreshUrl: `${url.origin}/store?payouts=refresh` },
      now,
    );
    if (!started.ok) return refuse(503, PAYOUT_MESSAGES.failed, PAYOUT_MESSAGES.failedDescription);
    return redirect(started.url, 303);
  }

  if (intent === "ship") {
    // The store posts the concierge items it handles (decision 0041).
    return shipFromForm(
      app,
      form,
      { id: user.id, role: "store" },
      back("orders"),
      (_order, item) => item.handler === "store" && item.sellerId === store.id,
      now,
    );
  }

  if (intent === "get_label") {
    // A printable label through the shipping provider (issue 44): the concierge items it handles.
    return labelFromForm(
      app,
      form,
      { id: user.id, role: "store" },
      (_order, item) => item.handler === "store" && item.sellerId === store.id,
      now,
    );
  }
  // Turnaround (decision 0080): the items this store handles, its own setting.
  if (intent === "mark_ready") return markReadyFromForm(app, form, { storeId: store.id }, back("orders"), now);
  if (intent === "set_turnaround") return setTurnaroundFromForm(app, form, { storeId: store.id }, back("orders"), now);

  if (intent === "inspect") {
    // The store records the receipt and condition of the concierge items it handles (issue 22).
    return inspectFromForm(
      app,
      form,
      { id: user.id, role: "store" },
      back("orders"),
      (_order, item) => item.handler === "store" && item.sellerId === store.id,
      now,
    );
  }

  // save_settings
  try {
    const saved = await saveStoreSettings(app, user, store, form, now);
    if (!saved.ok) {
      const values = { description: String(form.get("description") ?? ""), ...storeAddressEcho(form) };
      return refuse(saved.status, saved.alert.title, saved.alert.message, { errors: saved.errors, values });
    }
  } catch (error) {
    console.error(`store ${store.id}: could not save the settings`, error);
    return refuse(500, "Update failed", "Failed to update store settings. Please try again.");
  }
  return redirectWithToast(app.config, back("settings"), { type: "success", title: "Settings updated" });
}

export default function StoreDashboardPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as StoreActionData | undefined;
  if (loaderData.view === "choose") return <StoreChooser choices={loaderData.choices} />;
  if (loaderData.view === "none") {
    return (
      <div>
        <PageHeading title="Store Dashboard" />
        <EmptyState>Your account has no store yet. Contact support if you expected one.</EmptyState>
      </div>
    );
  }
  const { store, storeParam, dashboard, now, zone } = loaderData;
  const here = storeHref(dashboard.tab, storeParam);
  const tabs = STORE_TABS.map((id) => ({
    id,
    label: STORE_TAB_LABELS[id],
    href: storeHref(id, storeParam),
    badge: id === "requests" ? dashboard.pendingRequests : undefined,
  }));
  return (
    <div>
      <PageHeading title="Store Dashboard" subtitle={store.name} />
      {storeParam ? (
        <p className="-mt-4 mb-4 text-sm text-stone-700">
          <Link to="/store" className="font-medium text-brand underline">
            Choose another store
          </Link>
        </p>
      ) : null}
      <StoreStats
        productCount={dashboard.productCount}
        pendingRequests={dashboard.pendingRequests}
        views={loaderData.views}
        revenue={dashboard.revenue}
      />
      <StorePayouts
        status={loaderData.payoutStatus}
        action={here}
        mayOnboard={loaderData.mayOnboard}
        owed={loaderData.owed}
      />
      <TabNav tabs={tabs} current={dashboard.tab} label="Store dashboard sections" />
      <Link to="/store/bundle-discounts" className="inline-block text-sm text-brand underline">
        Bundle discounts
      </Link>
      {result?.alert && result.intent !== "save_settings" ? (
        <div className="mb-4">
          <FormAlert title={result.alert.title} message={result.alert.message} />
        </div>
      ) : null}
      {dashboard.tab === "overview" ? (
        <StoreOverviewTab
          storeId={store.id}
          storeParam={storeParam}
          pendingRequests={dashboard.pendingRequests}
          views={loaderData.views}
          conversations={loaderData.conversations}
          zone={zone}
        />
      ) : null}
      {dashboard.tab === "requests" ? (
        <Panel title="Concierge Requests">
          {dashboard.requests.length === 0 ? (
            <EmptyState>No pending concierge requests.</EmptyState>
          ) : (
            <ConciergeRequests requests={dashboard.requests} action={here} errors={actionData} zone={zone} />
          )}
        </Panel>
      ) : null}
      {dashboard.tab === "products" ? (
        <Panel title="Store Products">
          <StoreProducts
            products={dashboard.products}
            paging={{
              page: dashboard.page,
              hasNext: dashboard.hasNext,
              href: (p) => storeHref("products", storeParam, { page: String(p) }),
            }}
          />
        </Panel>
      ) : null}
      {dashboard.tab === "orders" ? (
        <StoreOrdersTab
          tab={dashboard.ordersTab}
          labels={loaderData.labels}
          now={now}
          zone={zone}
          action={here}
          pageHref={(before) => storeHref("orders", storeParam, before ? { before } : {})}
          result={result}
        />
      ) : null}
      {dashboard.tab === "settings" ? (
        <StoreSettings store={store} action={here} result={result?.intent === "save_settings" ? result : undefined} />
      ) : null}
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Store not found",
  back: { to: "/store", label: "Back to Dashboard" },
});
