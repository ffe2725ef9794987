import { data, Form, Link } from "react-router";
import type { Route } from "./+types/claims";
import { claimFor, claimsForStaff } from "../../data/claims.server";
import { checkPartial, CLAIM_MESSAGES, isOutcome, OUTCOME_LABELS, CLAIM_OUTCOMES } from "../../domain/claims";
import { formatGBP } from "../../domain/money";
import { EmptyState, Panel } from "../../components/kit/panel";
import { FieldError, FormAlert, INPUT_CLASS, invalidProps } from "../../components/forms";
import { ClaimDetails, type ClaimAnswerData } from "../../components/order/claim-parts";
import { openAdminAction, openAdminLoader } from "../../services/admin-actions.server";
import { decideClaim, paidFor } from "../../services/claim-decisions.server";
import { redirectWithToast } from "../../services/toast.server";

// Admin → Claims (issue 43 item 3; decision 0078): claims that went to staff (no answer in time, a
// dispute, a declined offer, a disputed repair fee) with both sides' words and photos, and the
// decision with a reason: full, partial or no refund, carried out through the payment provider
// and recorded in the money engine. Customer support and admins (app/domain/admin-tabs.ts).

export const meta: Route.MetaFunction = () => [
  { title: "Claims | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

export const intents = ["decide"] as const;

export async function loader(args: Route.LoaderArgs) {
  const { app, zone } = openAdminLoader(args, "claims");
  const claims = await claimsForStaff(app.db);
  return { claims: claims.map((c) => ({ ...c, paid: paidFor(c) })), zone };
}

export async function action(args: Route.ActionArgs) {
  const { user, app, form, intent } = await openAdminAction(args, "claims", intents);
  const claimId = String(form.get("claimId") ?? "").slice(0, 100);
  const values = {
    amount: String(form.get("amount") ?? "").slice(0, 20),
    text: String(form.get("reason") ?? "").slice(0, 2100),
  };
  const fail = (status: number, errors: ClaimAnswerData["errors"]) =>
    data<ClaimAnswerData & { claimId: string }>(
      {
        intent: intent ?? "",
        claimId,
        errors,
        values,
        alert: { title: "Not decided", message: Object.values(errors ?? {})[0] ?? "" },
      },
      { status },
    );
  if (!intent) return fail(400, { intent: "Unknown action." });
  const claim = claimId ? await claimFor(app.db, claimId, { id: user.id, staff: true }) : undefined;
  if (!claim) throw data(CLAIM_MESSAGES.notYours, { status: 404 });
  const outcome = form.get("outcome");
  if (!isOutcome(outcome)) return fail(400, { outcome: "Choose a decision." });
  let amount = 0;
  if (outcome === "partial_refund") {
    const partial = checkPartial(values.amount, paidFor(claim));
    if (!partial.ok) return fail(400, { amount: partial.error });
    amount = partial.amount;
  }
  const reason = values.text.trim();
  if (reason.length < 10) return fail(400, { reason: CLAIM_MESSAGES.decisionReason });
  const result = await decideClaim(app, claim.id, user.id, { outcome, amount, reason }, Date.now());
  if (!result.ok) return fail(result.status, { intent: result.message });
  const given = result.claim.refundAmount ?? 0;
  return redirectWithToast(app.config, "/admin/claims", {
    type: "success",
    title: "Claim decided",
    description: `${OUTCOME_LABELS[outcome]}${given ? `: ${formatGBP(given)} refunded` : ""}. Both sides are told.`,
  });
}

export default function AdminClaims({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as (ClaimAnswerData & { claimId: string }) | undefined;
  return (
    <Panel title="Claims">
      {loaderData.claims.length === 0 ? (
        <EmptyState>No claims.</EmptyState>
      ) : (
        <ul className="space-y-6" aria-label="Claims">
          {loaderData.claims.map((claim) => {
            const mine = result?.claimId === claim.id ? result : undefined;
            return (
              <li key={claim.id} className="space-y-2">
                <ClaimDetails claim={claim} zone={loaderData.zone} />
                <p className="text-sm">
                  Order{" "}
                  <Link to={`/account/orders/${encodeURIComponent(claim.orderId)}`} className="text-brand underline">
                    {claim.orderId}
                  </Link>{" "}
                  · shopper {claim.shopperEmail ?? "deleted"} · paid {formatGBP(claim.paid)}
                </p>
                {claim.status === "with_staff" ? (
                  <Form
                    method="post"
                    className="space-y-2 rounded-md border border-stone-200 p-3"
                    aria-label={`Decide the claim about ${claim.itemName}`}
                  >
                    {mine?.alert ? <FormAlert title={mine.alert.title} message={mine.alert.message} /> : null}
                    <input type="hidden" name="claimId" value={claim.id} />
                    <fieldset {...invalidProps(`outcome-${claim.id}`, mine?.errors?.outcome)}>
                      <legend className="font-medium">Decision</legend>
                      {CLAIM_OUTCOMES.map((o) => (
                        <label key={o} className="mr-4 inline-flex items-center gap-1">
                          <input type="radio" name="outcome" value={o} required /> {OUTCOME_LABELS[o]}
                        </label>
                      ))}
                      <FieldError id={`outcome-${claim.id}`} error={mine?.errors?.outcome} />
                    </fieldset>
                    <label htmlFor={`amount-${claim.id}`} className="block">
                      Partial refund (£, less than {formatGBP(claim.paid)})
                    </label>
                    <input
                      id={`amount-${claim.id}`}
                      name="amount"
                      inputMode="decimal"
                      defaultValue={mine?.values?.amount}
                      className={INPUT_CLASS}
                      {...invalidProps(`amount-${claim.id}`, mine?.errors?.amount)}
                    />
                    <FieldError id={`amount-${claim.id}`} error={mine?.errors?.amount} />
                    <label htmlFor={`reason-${claim.id}`} className="block">
                      Reason (both sides see it)
                    </label>
                    <textarea
                      id={`reason-${claim.id}`}
                      name="reason"
                      rows={3}
                      required
                      defaultValue={mine?.values?.text}
                      className={`${INPUT_CLASS} w-full`}
                      {...invalidProps(`reason-${claim.id}`, mine?.errors?.reason)}
                    />
                    <FieldError id={`reason-${claim.id}`} error={mine?.errors?.reason} />
                    <button
                      type="submit"
                      name="intent"
                      value="decide"
                      className="rounded-md bg-brand px-4 py-2 font-semibold text-white"
                    >
                      Decide
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
