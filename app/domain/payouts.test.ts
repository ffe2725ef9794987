import { describe, expect, it } from "vitest";
import { accountStatus, payoutProviderStatus, transferFor } from "./payouts";

// Payouts through Connect (decision 0056): a payout becomes exactly one transfer request.

describe("payout → transfer", () => {
  const payout = { id: "payout_owner_u1_2026-11-16_0123ABCD", net: 12150, periodStart: Date.UTC(2026, 10, 16) };

  it("sends the net in pence, in GBP, to the payee's account, under the payout's id", () => {
    expect(transferFor(payout, "acct_1ABC")).toEqual({
      idempotencyKey: "payout_owner_u1_2026-11-16_0123ABCD",
      amount: 12150,
      currency: "gbp",
      destination: "acct_1ABC",
      metadata: { payout_id: "payout_owner_u1_2026-11-16_0123ABCD" },
      transferGroup: "payout_owner_u1_2026-11-16_0123ABCD",
      description: "Closetloop payout for the week of 2026-11-16",
    });
  });

  it("is the same request every time (a retry sends the same key and amount)", () => {
    expect(transferFor(payout, "acct_1ABC")).toEqual(transferFor({ ...payout }, "acct_1ABC"));
  });

  it.each([0, -500, 12.5, Number.NaN])("refuses %s pence: nothing to send, or not whole pence", (net) => {
    expect(() => transferFor({ ...payout, net }, "acct_1ABC")).toThrow(RangeError);
  });
});

describe("a provider account's status", () => {
  it.each([
    [{}, "not_started"],
    [{ details_submitted: false, payouts_enabled: false }, "not_started"],
    [{ details_submitted: true, payouts_enabled: false }, "pending_verification"],
    [{ details_submitted: true, payouts_enabled: true, capabilities: { transfers: "pending" } }, "pending_verification"],
    [{ details_submitted: true, payouts_enabled: true, capabilities: { transfers: "active" } }, "active"],
    [{ details_submitted: true, payouts_enabled: true }, "active"],
  ] as const)("%j is %s", (account, status) => {
    expect(accountStatus(account)).toBe(status);
  });
});

describe("a payout's provider status on the Financial tab", () => {
  const base = { status: "calculated", recipientType: "owner", transferStatus: null, transferId: null, transferError: null };
  it.each([
    [{ ...base, status: "paid", transferStatus: "paid", transferId: "tr_123" }, "Paid via transfer tr_123"],
    [{ ...base, transferStatus: "waiting_for_details" }, "Waiting for payout details"],
    [{ ...base, transferStatus: "failed", transferError: "Insufficient funds" }, "Failed: Insufficient funds"],
    [{ ...base, transferStatus: "reversed", transferId: "tr_9" }, "Transfer tr_9 reversed"],
    [{ ...base, status: "paid" }, "Marked paid by staff"],
    [{ ...base, recipientType: "platform" }, "Kept by the platform"],
    [base, "Not sent yet"],
  ])("%j reads %s", (payout, text) => {
    expect(payoutProviderStatus(payout)).toBe(text);
  });
});
