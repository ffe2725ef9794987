// Does a payment the provider reports match the order it pays for? (issue 41 item 6; decision
// 0072). Pure. A signed event is the provider's word, but what it says is still checked: a
// checkout completed for 1p of a £321.98 order, or in another currency, must not confirm it.
import { formatGBP } from "./money";

export interface ReportedPayment {
  /** Integer minor units the provider collected, as it reports them (may be missing). */
  amount: number | null | undefined;
  /** ISO currency code as the provider reports it ('gbp'); missing is read as not checked. */
  currency: string | null | undefined;
}

export type PaymentCheck = { ok: true } | { ok: false; reason: string };

/** The order's total in pence (always GBP) against what was collected. */
export function checkPaymentAgainstOrder(paid: ReportedPayment, orderTotal: number): PaymentCheck {
  const currency = (paid.currency ?? "").trim().toLowerCase();
  if (currency !== "gbp")
    return {
      ok: false,
      reason: `Paid in ${currency ? currency.toUpperCase() : "an unknown currency"}, not GBP (order total ${formatGBP(orderTotal)})`,
    };
  if (typeof paid.amount !== "number" || !Number.isInteger(paid.amount) || paid.amount < 0)
    return { ok: false, reason: `No valid amount was reported (order total ${formatGBP(orderTotal)})` };
  if (paid.amount !== orderTotal)
    return { ok: false, reason: `Paid ${formatGBP(paid.amount)} for an order total of ${formatGBP(orderTotal)}` };
  return { ok: true };
}
