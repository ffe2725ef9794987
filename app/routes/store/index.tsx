import { HandlerClaims } from "../../components/order/handler-claims";
import { claimsForHandler } from "../../data/claims.server";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/index";
import { tellConciergeDecided } from "../../services/notices.server";
import { appContext, requestState } from "../../context";
import { readDecisionReason } from "../../domain/decision-reason";
import { answerConcierge, storeDashboard } from "../../data/store-dashboard.server";
import { splitStoreDescription } from "../../data/profiles.server";
import { storeAddressDefaults, storeAddressEcho } from "../../domain/store-address";
import { readIntent } from "../../domain/intents";
import { formatGBP } from "../../domain/money";
import { STORE_TAB_LABELS, STORE_TABS, storeHref, type StoreTab } from "../../domain/store-dashboard";
import { readPage, readTab } from "../../domain/tabs";
import { uploadBodyLimit } from "../../domain/uploads";
import { storeInbox } from "../../data/inbox.server";
import { InboxList } from "../../components/messages/inbox";
import { SvgBarChart } from "../../components/kit/svg-bar-chart";
import { EmptyState, Panel } from "../../components/kit/panel";
import { lastWeek, thisWeek } from "../../components/kit/chart";
import { StatCard, StatGrid } from "../../components/kit/stat-card";
import { TabNav } from "../../components/kit/tab-nav";
import { formatShortDate } from "../../domain/dates";
import { viewsByWeek } from "../../data/views.server";
import { FormAlert } from "../../components/forms";
import { notFoundBoundary } from "../../components/not-found";
import { PageHeading } from "../../components/page-heading";
import { ConciergeRequests, StoreOrders, StoreProducts } from "../../components/store/lists";
import { publicPagesChanged } from "../../services/freshness.server";
import { requireUser } from "../../services/guards.server";
import { saveStoreSettings, storeInScope } from "../../services/store-dashboard.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";
import { ToSend } from "../../components/order/to-send";
import { BeingPrepared } from "../../components/order/being-prepared";
import { preparingView } from "../../data/renting.server";
import { markReadyFromForm, setTurnaroundFromForm, type PreparingFormResult } from "../../services/renting.server";
import type { ShipFormResult } from "../../domain/shipping";
import type { InspectFormResult } from "../../domain/returns";
import { shipFromForm } from "../../services/ship-form.server";
import { labelFromForm } from "../../services/labels-page.server";
import { payeeStatus, startOnboarding } from "../../services/payouts-provider.server";
import { payeeOwes } from "../../data/payouts.server";
import { PAYOUT_MESSAGES } from "../../domain/payouts";
import { inspectFromForm } from "../../services/inspect-form.server";
import { StoreSettings, StorePayouts, StoreChooser } from "./parts";
import type { StoreActionData } from "./parts";

export type { StoreActionData };

export const meta: Route.MetaFunction = () => [{ title: "Store Dashboard | Closetloop" }, { name: "robots", content: "noindex" }];

// seller-store-admin.md §2 Store dashboard (issue 12): the store owner's store — or, for staff who
// run stores, the one they chose (decision 0029) — with its tabs as URLs (decision 0024).

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const scope = await storeInScope(app, user, url);
  if (scope.kind === "missing") throw data(null, { status: 404 });
  if (scope.kind === "choose") return { view: "choose", choices: scope.choices } as const;
  if (scope.kind === "none") return { view: "none" } as const;
  const { store, storeParam } = scope;
  const now = Date.now();
  // Views: the store's page and its products' pages, per week (issue 24, item 11).
  const tab = readTab(url, STORE_TABS);
  const [payoutStatus, dashboard, views, conversations, owed, claims, preparing] = await Promise.all([
    // Back from the provider's onboarding (?payouts=return): its status is asked afresh (decision
    // 0056); read beside the rest, not before it, so the page waits for one D1 trip fewer (decision 0077).
    payeeStatus(app, { type: "store", id: store.id }, now, url.searchParams.get("payouts") === "return" && store.ownerId === user.id),
    storeDashboard(app.db, store.id, tab, readPage(url)),
    viewsByWeek(app.db, { type: "store", id: store.id }, now),
    // The store's conversations with shoppers (issue 26), on the overview.
    tab === "overview" ? storeInbox(app.db, store.id) : Promise.resolve([]),
    // What it owes from refunds after earlier payouts, taken from its next payouts (decision 0073).
    payeeOwes(app.db, { type: "store", id: store.id }),
    // Claims about the items it handles (issue 43), on the Orders tab, in the same round.
    tab === "orders" ? claimsForHandler(app.db, { storeId: store.id }) : Promise.resolve([]),
    // Returned rentals being prepared and the turnaround setting (decision 0080).
    tab === "orders" ? preparingView(app.db, { storeId: store.id }) : Promise.resolve(null),
  ]);
  const { about, address } = splitStoreDescription(store.description);
  // Deadlines and dates in the reader's own zone (issue 45 item 6; decision 0095).
  const zone = context.get(requestState).timeZone;
  return { view: "store", storeParam, store: { id: store.id, name: store.name, contactEmail: store.contactEmail, logoUrl: store.logoUrl, about, address: storeAddressDefaults(store.address), oldAddress: store.address ? null : address }, dashboard, views, conversations, now, zone, payoutStatus, owed, claims, preparing, mayOnboard: store.ownerId === user.id, labels: app.config.shippingProvider !== null } as const;
}

export const intents = ["approve_request", "reject_request", "inspect", "save_settings", "ship", "get_label", "setup_payouts", "mark_ready", "set_turnaround"] as const;

/** Store Settings carries the logo (and the other forms are small). */
export const bodyLimit = uploadBodyLimit("storeLogo");


export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const form = await request.formData().catch(() => null);
  const intent = form ? readIntent(form, intents) : null;
  const refuse = (status: number, title: string, message: string, extra: Partial<StoreActionData> = {}) =>
    dataWithToast(app.config, { intent, alert: { title, message }, ...extra } satisfies StoreActionData, { type: "error", title, description: message }, { status });
  if (!form || !intent) return refuse(400, "Error", "Unknown action.");
  const scope = await storeInScope(app, user, url);
  if (scope.kind !== "store") return refuse(404, "Error", "Store not found");
  const { store, storeParam } = scope;
  const now = Date.now();
  const back = (tab: StoreTab) => storeHref(tab, storeParam);

  if (intent === "approve_request" || intent === "reject_request") {
    const decision = intent === "approve_request" ? "approve" : "reject";
    const productId = String(form.get("productId") ?? "").slice(0, 100);
    // Refusing says why: the seller is shown the store's reason (issue 24, item 8).
    const reason = decision === "reject" ? readDecisionReason(form) : null;
    if (reason && !reason.ok) return refuse(400, "Failed to reject request", reason.error, { form: `reject-${productId}`, errors: { reason: reason.error } });
    const changed = await answerConcierge(app.db, store.id, productId, decision, now, reason?.ok ? reason.reason : null);
    // Not this store's, or no longer waiting for it: nothing was written.
    if (!changed) return refuse(404, `Failed to ${decision} request`, "This concierge request was not found or has already been answered.");
    // The product page says which store manages a live item.
    if (changed.productStatus === "live") await publicPagesChanged(app.env.CACHE, now);
    // The seller is told the store's answer (issue 23).
    await tellConciergeDecided(app, productId, store.name, decision, reason?.ok ? reason.reason : null);
    return redirectWithToast(app.config, back("requests"), {
      type: "success",
      title: decision === "approve" ? "Request Approved" : "Request Rejected",
      description: `The concierge request has been ${decision === "approve" ? "approved" : "rejected"}.`,
    });
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
    return shipFromForm(app, form, { id: user.id, role: "store" }, back("orders"), (_order, item) => item.handler === "store" && item.sellerId === store.id, now);
  }

  if (intent === "get_label") {
    // A printable label through the shipping provider (issue 44): the concierge items it handles.
    return labelFromForm(app, form, { id: user.id, role: "store" }, (_order, item) => item.handler === "store" && item.sellerId === store.id, now);
  }
  // Turnaround (decision 0080): the items this store handles, its own setting.
  if (intent === "mark_ready") return markReadyFromForm(app, form, { storeId: store.id }, back("orders"), now);
  if (intent === "set_turnaround") return setTurnaroundFromForm(app, form, { storeId: store.id }, back("orders"), now);

  if (intent === "inspect") {
    // The store records the receipt and condition of the concierge items it handles (issue 22).
    return inspectFromForm(app, form, { id: user.id, role: "store" }, back("orders"), (_order, item) => item.handler === "store" && item.sellerId === store.id, now);
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
  const tabs = STORE_TABS.map((id) => ({ id, label: STORE_TAB_LABELS[id], href: storeHref(id, storeParam), badge: id === "requests" ? dashboard.pendingRequests : undefined }));
  return (
    <div>
      <PageHeading title="Store Dashboard" subtitle={store.name} />
      {storeParam ? (
        <p className="-mt-4 mb-4 text-sm text-stone-700">
          <Link to="/store" className="font-medium text-brand underline">Choose another store</Link>
        </p>
      ) : null}
      <StatGrid>
        {/* §7 counts the store's products pending or approved: the requests waiting for an answer are among them. */}
        <StatCard label="Store Products" value={dashboard.productCount} note={dashboard.pendingRequests > 0 ? `At your store · ${dashboard.pendingRequests} of them waiting for your answer` : "Managed by your store"} />
        <StatCard label="Pending Requests" value={dashboard.pendingRequests} note="Waiting for your answer" />
        <StatCard label="Store Views" value={thisWeek(loaderData.views)} note={`This week (your page and products) · last week ${lastWeek(loaderData.views)}`} />
        <StatCard label="Revenue" value={formatGBP(dashboard.revenue)} note="Your commission on concierge sales" />
      </StatGrid>
      <StorePayouts status={loaderData.payoutStatus} action={here} mayOnboard={loaderData.mayOnboard} owed={loaderData.owed} />
      <TabNav tabs={tabs} current={dashboard.tab} label="Store dashboard sections" />
      <Link to="/store/bundle-discounts" className="inline-block text-sm text-brand underline">Bundle discounts</Link>
      {result?.alert && result.intent !== "save_settings" ? (
        <div className="mb-4">
          <FormAlert title={result.alert.title} message={result.alert.message} />
        </div>
      ) : null}
      {dashboard.tab === "overview" ? (
        <SvgBarChart title="Views of your store page and products per week (last 12 weeks)" unit="views" points={loaderData.views.map((w) => ({ label: formatShortDate(w.weekStart), value: w.views }))} />
      ) : null}
      {dashboard.tab === "overview" ? (
        <Panel title="Overview">
          <p className="text-sm text-stone-800">
            {dashboard.pendingRequests > 0 ? (
              <>
                {`${dashboard.pendingRequests} concierge ${dashboard.pendingRequests === 1 ? "request waits" : "requests wait"} for your answer. `}
                <Link to={storeHref("requests", storeParam)} className="font-medium text-brand underline">Review requests</Link>
              </>
            ) : (
              "No concierge requests are waiting for your answer."
            )}
          </p>
          <p className="mt-2 text-sm">
            <Link to={`/store/${store.id}`} className="font-medium text-brand underline">View your public store page</Link>
          </p>
        </Panel>
      ) : null}
      {dashboard.tab === "overview" ? (
        <Panel title="Messages">
          {loaderData.conversations.length === 0 ? (
            <EmptyState>No shopper has asked about your store's items yet.</EmptyState>
          ) : (
            <InboxList rows={loaderData.conversations} ago={(at) => formatShortDate(at, zone)} label="Store conversations" />
          )}
          <p className="mt-2 text-sm">
            <Link to="/account/messages" className="font-medium text-brand underline">All your messages</Link>
          </p>
        </Panel>
      ) : null}
      {dashboard.tab === "requests" ? (
        <Panel title="Concierge Requests">
          {dashboard.requests.length === 0 ? <EmptyState>No pending concierge requests.</EmptyState> : <ConciergeRequests requests={dashboard.requests} action={here} errors={actionData} zone={zone} />}
        </Panel>
      ) : null}
      {dashboard.tab === "products" ? (
        <Panel title="Store Products">
          <StoreProducts products={dashboard.products} paging={{ page: dashboard.page, hasNext: dashboard.hasNext, href: (p) => storeHref("products", storeParam, { page: String(p) }) }} />
        </Panel>
      ) : null}
      {dashboard.tab === "orders" ? <HandlerClaims claims={loaderData.claims} zone={zone} /> : null}
      {dashboard.tab === "orders" ? <ToSend orders={dashboard.toSend} action={here} result={result as ShipFormResult | undefined} now={now} labels={loaderData.labels} zone={zone} /> : null}
      {dashboard.tab === "orders" && loaderData.preparing ? <BeingPrepared {...loaderData.preparing} zone={zone} action={here} error={(result as PreparingFormResult | undefined)?.errors?.turnaroundDays} /> : null}
      {dashboard.tab === "orders" ? (
        <Panel title="Orders">
          {dashboard.orders.length === 0 ? <EmptyState>No orders yet. Orders for your store's products will appear here.</EmptyState> : <StoreOrders orders={dashboard.orders} now={now} action={here} result={result as InspectFormResult | undefined} />}
        </Panel>
      ) : null}
      {dashboard.tab === "settings" ? <StoreSettings store={store} action={here} result={result?.intent === "save_settings" ? result : undefined} /> : null}
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Store not found", back: { to: "/store", label: "Back to Dashboard" } });
