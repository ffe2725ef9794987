import { Form, Link } from "react-router";
import { BuyerProtectionLine } from "../buyer-protection-line";
import { OUTCOME_LABELS, STATUS_LABELS, type ClaimOutcome, type ClaimStatus } from "../../domain/claims";
import { formatLongDate } from "../../domain/dates";

// The order page's buyer protection part (issue 43 items 1–2; decision 0078), kept apart from the
// item lines: per item, 'Report a problem' while it may be reported, 'Everything is OK' while its
// window is open, 'Dispute the repair fee', and its claims with their status. Plain forms and links.

export interface ClaimChoice {
  itemId: string;
  name: string;
  canReport: boolean;
  windowEndsAt: number | null;
  canSayOk: boolean;
  canDisputeFee: boolean;
  claims: { id: string; kind: string; status: string; outcome: string | null }[];
}

export function ReportProblemPart({
  orderId,
  choices,
  isShopper,
}: {
  orderId: string;
  choices: ClaimChoice[];
  isShopper: boolean;
}) {
  const shown = choices.filter(
    (c) => c.claims.length > 0 || (isShopper && (c.canReport || c.canSayOk || c.canDisputeFee)),
  );
  const base = `/account/orders/${encodeURIComponent(orderId)}/problem`;
  return (
    <section aria-labelledby="protection-title" className="rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="protection-title" className="text-lg font-semibold">
        Buyer protection
      </h2>
      <BuyerProtectionLine />
      {shown.length > 0 ? (
        <ul className="mt-3 divide-y divide-stone-100">
          {shown.map((c) => (
            <li key={c.itemId} className="space-y-2 py-3" aria-label={`Buyer protection for ${c.name}`}>
              <p className="font-medium">{c.name}</p>
              {c.windowEndsAt ? (
                <p className="text-sm text-stone-700">
                  You can report a problem until {formatLongDate(c.windowEndsAt)}.
                </p>
              ) : null}
              <div className="flex flex-wrap items-center gap-3">
                {isShopper && c.canReport ? (
                  <Link
                    to={`${base}?item=${encodeURIComponent(c.itemId)}`}
                    className="font-semibold text-brand underline"
                  >
                    Report a problem
                  </Link>
                ) : null}
                {isShopper && c.canSayOk ? (
                  <Form method="post" action={base}>
                    <input type="hidden" name="itemId" value={c.itemId} />
                    <button
                      type="submit"
                      name="intent"
                      value="everything_ok"
                      className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium"
                    >
                      Everything is OK
                    </button>
                  </Form>
                ) : null}
                {isShopper && c.canDisputeFee ? (
                  <Link
                    to={`${base}?item=${encodeURIComponent(c.itemId)}&fee=1`}
                    className="font-semibold text-brand underline"
                  >
                    Dispute the repair fee
                  </Link>
                ) : null}
              </div>
              {c.claims.map((claim) => (
                <p key={claim.id} className="text-sm">
                  <Link to={`/account/claims/${encodeURIComponent(claim.id)}`} className="text-brand underline">
                    {claim.kind === "repair_fee" ? "Repair fee dispute" : "Claim"}
                  </Link>
                  {`: ${STATUS_LABELS[claim.status as ClaimStatus]}${claim.outcome ? ` (${OUTCOME_LABELS[claim.outcome as ClaimOutcome]})` : ""}`}
                </p>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
