import { Link } from "react-router";
import type { Route } from "./+types/stores";
import { appContext } from "../../context";
import { adminStores, storeRequestLists } from "../../data/store-requests.server";
import { adminTab } from "../../domain/admin-tabs";
import { formText, pageHref, tabReturnTo } from "../../domain/admin-lists";
import { formatShortDate } from "../../domain/dates";
import { readIntent } from "../../domain/intents";
import { readPage } from "../../domain/tabs";
import { refuse } from "../../services/admin-actions.server";
import { requireAdminTab } from "../../services/guards.server";
import { approveStoreRequest, declineStoreRequest, STORE_APPROVED } from "../../services/store-approval.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert, ReviewActions } from "../../components/admin";
import { readDecisionReason } from "../../domain/decision-reason";
import { refuseFields } from "../../services/admin-content.server";
import { EmptyState, Pagination, Panel, StatusBadge } from "../../components/dashboard";

// Admin Stores (seller-store-admin.md §2, §4; issue 14 item 4, issue 12 item 1): the stores and
// the store requests, with Approve (which creates the store account) and Reject.

export const meta: Route.MetaFunction = () => [{ title: "Stores | Admin | Closetloop" }, { name: "robots", content: "noindex" }];

const TAB = adminTab("stores").href;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminTab(context, request, "stores");
  const app = context.get(appContext);
  const page = readPage(request.url);
  const [requests, list] = await Promise.all([storeRequestLists(app.db), adminStores(app.db, page)]);
  return { page, ...requests, stores: list.rows, hasNext: list.hasNext };
}

export const intents = ["approve", "reject"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminTab(context, request, "stores");
  const app = context.get(appContext);
  const form = await request.formData();
  const intent = readIntent(form, intents);
  const requestId = formText(form, "requestId");
  const returnTo = tabReturnTo(form.get("returnTo"), TAB);
  const now = Date.now();
  if (intent === "approve") {
    const result = await approveStoreRequest(app, requestId, user.id, new URL(request.url).origin, now);
    if (!result.ok) return refuse(app.config, result.status, "Failed to update request status", result.message);
    return redirectWithToast(app.config, returnTo, { type: "success", title: STORE_APPROVED });
  }
  if (intent === "reject") {
    // The applicant is told why (issue 24, item 8).
    const reason = readDecisionReason(form);
    if (!reason.ok) return refuseFields(app.config, `reject-${requestId}`, "Failed to update request status", { reason: reason.error });
    const result = await declineStoreRequest(app, requestId, user.id, reason.reason, now);
    if (!result.ok) return refuse(app.config, result.status, "Failed to update request status", result.message);
    return redirectWithToast(app.config, returnTo, { type: "success", title: "Store request rejected", description: "The contact has been told by e-mail." });
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
        {request.contactName} · <a href={`mailto:${request.contactEmail}`} className="underline">{request.contactEmail}</a>
        {request.storeWebsite ? (
          <>
            {" · "}
            {/^https?:\/\//i.test(request.storeWebsite) ? (
              <a href={request.storeWebsite} rel="noopener noreferrer nofollow" target="_blank" className="underline">{request.storeWebsite}</a>
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
                  <ReviewActions id={r.id} name={r.storeName} field="requestId" shownTo="the applicant, by e-mail" answer={actionData} />
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
                    <StatusBadge status={r.status} label={`Request: ${r.status}`} /> {r.reviewedAt ? `${formatShortDate(r.reviewedAt)}${r.reviewerName ? ` by ${r.reviewerName}` : ""}` : ""}
                    {r.status === "rejected" && r.rejectionReason ? <span className="block text-xs text-stone-700">{`Reason: ${r.rejectionReason}`}</span> : null}
                  </p>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </Panel>
      <Panel title="Stores">
        {stores.length === 0 ? (
          <EmptyState>No stores yet.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th scope="col" className="py-2 pr-3">Store</th>
                  <th scope="col" className="py-2 pr-3">Owner</th>
                  <th scope="col" className="py-2 pr-3">Contact</th>
                  <th scope="col" className="py-2 pr-3">Products</th>
                  <th scope="col" className="py-2 pr-3">Created</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {stores.map((s) => (
                  <tr key={s.id}>
                    <th scope="row" className="py-2 pr-3 font-normal">
                      <Link to={`/store/${s.id}`} className="text-brand underline">{s.name}</Link>
                    </th>
                    <td className="py-2 pr-3">
                      <span className="block">{s.ownerName ?? "—"} {s.ownerDeactivated ? <StatusBadge status="deactivated" tone="red" /> : null}</span>
                      <span className="block text-xs text-stone-600">{s.ownerEmail}</span>
                    </td>
                    <td className="py-2 pr-3">{s.contactEmail ?? "—"}</td>
                    <td className="py-2 pr-3">{s.products}</td>
                    <td className="py-2 pr-3">{formatShortDate(s.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={page} hasNext={hasNext} href={(n) => pageHref(TAB, n)} />
      </Panel>
    </>
  );
}
