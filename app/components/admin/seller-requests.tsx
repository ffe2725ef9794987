import { ReviewActions } from "../admin";
import { formatShortDate } from "../../domain/dates";
import { EmptyState, Panel } from "../kit/panel";
import { StatusBadge } from "../kit/badge";

// The admin Users tab's requests to sell (issue 27 item 7; decision 0057): those waiting, each
// approved or declined with a reason, and the ones recently decided.

/** A request to sell as the Users tab shows it. */
export interface SellerRequest {
  userId: string;
  status: string;
  createdAt: number;
  reviewedAt: number | null;
  rejectionReason: string | null;
  email: string;
  fullName: string | null;
  displayName: string | null;
}

export function SellerRequests({
  requests: sellerRequests,
  answer: actionData,
  zone = null,
}: {
  requests: { pending: readonly SellerRequest[]; decided: readonly SellerRequest[] };
  answer: unknown;
  /** The reader's time zone: the days requests were made and answered on (decision 0095). */
  zone?: string | null;
}) {
  if (sellerRequests.pending.length === 0 && sellerRequests.decided.length === 0) return null;
  return (
    <Panel title="Requests to sell" id="seller-requests">
      {sellerRequests.pending.length === 0 ? (
        <EmptyState>No requests to sell wait for review.</EmptyState>
      ) : (
        <ul className="divide-y divide-stone-100">
          {sellerRequests.pending.map((r) => {
            const name = r.fullName ?? r.displayName ?? r.email;
            return (
              <li key={r.userId} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div>
                  <p className="font-medium">{name}</p>
                  <p className="text-sm text-stone-700">
                    {r.email} · sells as {r.displayName ?? "—"} · asked {formatShortDate(r.createdAt, zone)}
                  </p>
                </div>
                <div className="flex flex-wrap items-start gap-2">
                  <ReviewActions
                    id={r.userId}
                    name={`the request to sell of ${name}`}
                    field="sellerId"
                    shownTo="the applicant, by e-mail"
                    answer={actionData}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {sellerRequests.decided.length > 0 ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-brand underline">
            Recently decided ({sellerRequests.decided.length})
          </summary>
          <ul className="mt-2 space-y-1">
            {sellerRequests.decided.map((r) => (
              <li key={r.userId}>
                {r.fullName ?? r.email}:{" "}
                <StatusBadge status={r.status} variant={r.status === "approved" ? "done" : "refused"} />
                {r.reviewedAt ? ` on ${formatShortDate(r.reviewedAt, zone)}` : ""}
                {r.rejectionReason ? ` — ${r.rejectionReason}` : ""}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Panel>
  );
}
