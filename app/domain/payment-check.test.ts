import { describe, expect, it } from "vitest";
import { checkPaymentAgainstOrder } from "./payment-check";

describe("checkPaymentAgainstOrder", () => {
  it.each([
    { amount: 32198, currency: "gbp", total: 32198, ok: true, reason: undefined },
    { amount: 32198, currency: "GBP", total: 32198, ok: true, reason: undefined },
    { amount: 0, currency: "gbp", total: 0, ok: true, reason: undefined },
    { amount: 1, currency: "gbp", total: 32198, ok: false, reason: "Paid £0.01 for an order total of £321.98" },
    { amount: 32199, currency: "gbp", total: 32198, ok: false, reason: "Paid £321.99 for an order total of £321.98" },
    { amount: 32198, currency: "eur", total: 32198, ok: false, reason: "Paid in EUR, not GBP (order total £321.98)" },
    {
      amount: 32198,
      currency: null,
      total: 32198,
      ok: false,
      reason: "Paid in an unknown currency, not GBP (order total £321.98)",
    },
    {
      amount: null,
      currency: "gbp",
      total: 32198,
      ok: false,
      reason: "No valid amount was reported (order total £321.98)",
    },
    {
      amount: 321.98,
      currency: "gbp",
      total: 32198,
      ok: false,
      reason: "No valid amount was reported (order total £321.98)",
    },
    {
      amount: -32198,
      currency: "gbp",
      total: 32198,
      ok: false,
      reason: "No valid amount was reported (order total £321.98)",
    },
  ])("$amount $currency against $total → ok $ok", ({ amount, currency, total, ok, reason }) => {
    const check = checkPaymentAgainstOrder({ amount, currency }, total);
    expect(check.ok).toBe(ok);
    expect(check.ok ? undefined : check.reason).toBe(reason);
  });
});
