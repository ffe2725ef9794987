import { Form, Link } from "react-router";
import { missingForPay, PAY_READINESS_LABELS, type PayReadiness } from "../../domain/pay-readiness";
import { owedMessage, PAYEE_STATUS_LABELS, PAYOUT_MESSAGES, type PayeeAccountStatus } from "../../domain/payouts";

/**
 * 'Set up payouts' (issue 27 item 4; decision 0056): a plain form POST to the dashboard, answered
 * with a 303 to the provider's hosted onboarding page (works without JavaScript), and the status.
 */
export function PayoutSetup({
  status,
  action,
  canSetUp = true,
  owed = 0,
}: {
  status: PayeeAccountStatus;
  action: string;
  canSetUp?: boolean;
  owed?: number;
}) {
  const label =
    status === "not_started"
      ? PAYOUT_MESSAGES.setUp
      : status === "pending_verification"
        ? PAYOUT_MESSAGES.continue
        : PAYOUT_MESSAGES.update;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="payout-setup">
      {owed > 0 ? (
        <p className="basis-full text-stone-800" data-testid="payout-owed">
          {owedMessage(owed)}
        </p>
      ) : null}
      <p>
        Payouts: <strong data-testid="payout-status">{PAYEE_STATUS_LABELS[status]}</strong>
      </p>
      {canSetUp ? (
        <Form method="post" action={action} reloadDocument>
          <input type="hidden" name="intent" value="setup_payouts" />
          <button type="submit" className="rounded-md bg-brand px-3 py-1.5 font-medium text-white">
            {label}
          </button>
        </Form>
      ) : (
        <p className="text-stone-700">{PAYOUT_MESSAGES.staffCannot}</p>
      )}
    </div>
  );
}

/** The seller dashboard: what is missing before they can be paid (issue 27 items 4 and 7), and payout setup. */
export function PayReadinessPanel({
  readiness,
  payoutStatus,
  action,
  owed = 0,
}: {
  readiness: PayReadiness;
  payoutStatus: PayeeAccountStatus;
  action: string;
  owed?: number;
}) {
  const missing = missingForPay(readiness);
  if (missing.length === 0) {
    return (
      <section aria-label="Payouts" className="mb-6 rounded-lg border border-stone-200 bg-white p-4">
        <PayoutSetup status={payoutStatus} action={action} owed={owed} />
      </section>
    );
  }
  return (
    <section aria-labelledby="pay-readiness" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="pay-readiness" className="font-semibold">
        Before you can be paid
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {missing.map((k) =>
          k === "payouts" ? (
            <li key={k}>
              {payoutStatus === "pending_verification" ? PAYOUT_MESSAGES.pending : PAYOUT_MESSAGES.missing}
            </li>
          ) : (
            <li key={k}>
              {PAY_READINESS_LABELS[k].missing}:{" "}
              <Link to={PAY_READINESS_LABELS[k].href} className="text-brand underline">
                {PAY_READINESS_LABELS[k].action}
              </Link>
            </li>
          ),
        )}
      </ul>
      <div className="mt-3">
        <PayoutSetup status={payoutStatus} action={action} owed={owed} />
      </div>
    </section>
  );
}
