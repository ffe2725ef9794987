import { Link } from "react-router";
import {
  OUTCOME_LABELS,
  REASON_LABELS,
  STATUS_LABELS,
  type ClaimOutcome,
  type ClaimReason,
  type ClaimStatus,
} from "../../domain/claims";
import { deadlineFor } from "../../domain/dates";

// The seller's and the store's claims (issue 43; decision 0078), on their dashboard's Orders tab:
// each links to the claim's page, where they answer it. Nothing when there are none.

export interface HandlerClaim {
  id: string;
  reason: string;
  status: string;
  dueAt: number | null;
  outcome: string | null;
  itemName: string;
}

export function HandlerClaims({ claims, zone = null }: { claims: HandlerClaim[]; zone?: string | null }) {
  if (claims.length === 0) return null;
  return (
    <section aria-labelledby="claims-title" className="rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="claims-title" className="text-lg font-semibold">
        Claims
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {claims.map((c) => (
          <li key={c.id}>
            <Link
              to={`/account/claims/${encodeURIComponent(c.id)}`}
              className="font-medium text-brand underline"
            >{`${REASON_LABELS[c.reason as ClaimReason] ?? c.reason}: ${c.itemName}`}</Link>
            {` · ${STATUS_LABELS[c.status as ClaimStatus]}${c.outcome ? ` (${OUTCOME_LABELS[c.outcome as ClaimOutcome]})` : ""}${c.status === "awaiting_handler" && c.dueAt ? `: answer by ${deadlineFor(c.dueAt, zone, "longDate")}` : ""}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
