import { Link } from "react-router";
import type { Route } from "./+types/stores";
import { adminStoresPart, storeRequestListsPart } from "../../data/store-requests.server";
import { batchParts } from "../../data/parts.server";
import { adminTab } from "../../domain/admin-tabs";
import { formText, tabReturnTo } from "../../domain/admin-lists";
import { formatShortDate } from "../../domain/dates";
import { readPage } from "../../domain/tabs";
import { openAdminAction, openAdminLoader, refuse } from "../../services/admin-actions.server";
import { approveStoreRequest, declineStoreRequest, STORE_APPROVED } from "../../services/store-approval.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert, ReviewActions } from "../../components/admin";
import { readDecisionReason } from "../../domain/decision-reason";
import { refuseFields } from "../../services/admin-content.server";
import { EmptyState, Panel } from "../../components/kit/panel";
import { StatusBadge } from "../../components/kit/badge";
import { CellText, DataTable } from "../../components/kit/data-table";
import { listHref } from "../../components/kit/paging";

// Admin Stores (seller-store-admin.md §2, §4; issue 14 item 4, issue 12 item 1): the stores and
// the store requests, with Approve (which creates the store account) and Reject.

export const meta: Route.MetaFunction = () => [
  { title: "Stores | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

const TAB = adminTab("stores").href;

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader(args: Route.LoaderArgs) {
  const { app, url } = openAdminLoader(args, "stores");
  const page = readPage(url);
  const [requests, list] = await batchParts(app.db, [
    storeRequestListsPart(app.db),
    adminStoresPart(app.db, page),
  ] as const);
  return { page, ...requests, stores: list.rows, hasNext: list.hasNext };
}

export const intents = ["approve", "reject"] as const;

export async function action(args: Route.ActionArgs) {
  const { user, app, form, intent } = await openAdminAction(args, "stores", intents);
  const requestId = formText(form, "requestId");
  const returnTo = tabReturnTo(form.get("returnTo"), TAB);
  const now = Date.now();
  if (intent === "approve") {
    const result = await approveStoreRequest(app, requestId, user.id, new URL(args.request.url).origin, now);
    if (!result.ok) return refuse(app.config, result.status, "Failed to update request status", result.message);
    return redirectWithToast(app.config, returnTo, { type: "success", title: STORE_APPROVED });
  }
  if (intent === "reject") {
    // The applicant is told why (issue 24, item 8).
    const reason = readDecisionReason(form);
    if (!reason.ok)
      return refuseFields(app.config, `reject-${requestId}`, "Failed to update request status", {
        reason: reason.error,
      });
    const result = await declineStoreRequest(app, requestId, user.id, reason.reason, now);
    if (!result.ok) return refuse(app.config, result.status, "Failed to update request status", result.message);
    return redirectWithToast(app.config, returnTo, {
      type: "success",
      title: "Store request rejected",
      description: "The contact has been told by e-mail.",
    });
  }
  return refuse(app.config, 400, "Failed to update request status", "Unknown action.");
}

type Request = Route.ComponentProps["loaderData"]["pending"][number];

function RequestDetails({ request }: { request: Request }) {
  return (
    <>
      <p className="font-medium">{request.storeName}</p>
      <p className="text-sm text-stone-700">{request.storeAddress}</p>
      <p className="text-sm text-stone-700">
        {request.contactName} ·{" "}
        <a href={`mailto:${request.contactEmail}`} className="underline">
          {request.contactEmail}
        </a>
        {request.storeWebsite ? (
          <>
            {" · "}
            {/^https?:\/\//i.test(request.storeWebsite) ? (
              <a href={request.storeWebsite} rel="noopener noreferrer nofollow" target="_blank" className="underline">
                {request.storeWebsite}
              </a>
            ) : (
              request.storeWebsite
            )}
          </>
        ) : null}
      </p>
    </>
  );
}

export default function AdminStores({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, reviewed, stores, hasNext, page } = loaderData;
  return (
    <>
      <ActionAlert data={actionData} />
      <Panel title="Store requests">
        {pending.length === 0 ? (
          <EmptyState>No store requests are waiting.</EmptyState>
        ) : (
          <ul className="divide-y divide-stone-200">
            {pending.map((r) => (
              <li key={r.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div>
                  <RequestDetails request={r} />
                  <p className="text-xs text-stone-600">Requested {formatShortDate(r.createdAt)}</p>
                </div>
                <div className="flex flex-wrap items-start gap-2">
                  <ReviewActions
                    id={r.id}
                    name={r.storeName}
                    field="requestId"
                    shownTo="the applicant, by e-mail"
                    answer={actionData}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        {reviewed.length > 0 ? (
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-medium">Reviewed requests ({reviewed.length})</summary>
            <ul className="mt-2 divide-y divide-stone-200">
              {reviewed.map((r) => (
                <li key={r.id} className="flex flex-wrap items-start justify-between gap-3 py-2">
                  <div>
                    <RequestDetails request={r} />
                  </div>
                  <p className="text-sm">
                    <StatusBadge status={r.status} label={`Request: ${r.status}`} />{" "}
                    {r.reviewedAt
                      ? `${formatShortDate(r.reviewedAt)}${r.reviewerName ? ` by ${r.reviewerName}` : ""}`
                      : ""}
                    {r.status === "rejected" && r.rejectionReason ? (
                      <span className="block text-xs text-stone-700">{`Reason: ${r.rejectionReason}`}</span>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </Panel>
      <Panel title="Stores">
        <DataTable
          caption="Stores, with their owner, contact, products and creation date"
          rows={stores}
          empty="No stores yet."
          paging={{ page, hasNext, href: (n) => listHref(TAB, {}, n) }}
          columns={[
            {
              header: "Store",
              rowHeader: true,
              className: "font-normal",
              cell: (s) => (
                <Link to={`/store/${s.id}`} className="text-brand underline">
                  {s.name}
                </Link>
              ),
            },
            {
              header: "Owner",
              cell: (s) => (
                <CellText note={s.ownerEmail}>
                  {s.ownerName ?? "—"}{" "}
                  {s.ownerDeactivated ? <StatusBadge status="deactivated" variant="refused" /> : null}
                </CellText>
              ),
            },
            { header: "Contact", cell: (s) => s.contactEmail ?? "—" },
            { header: "Products", cell: (s) => s.products },
            { header: "Created", cell: (s) => formatShortDate(s.createdAt) },
          ]}
        />
      </Panel>
    </>
  );
}
