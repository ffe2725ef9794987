import { describe, expect, it } from "vitest";
import {
  accountStatus,
  carriedBalance,
  payoutAnnouncement,
  payoutProviderStatus,
  settlement,
  transferFor,
} from "./payouts";

// Payouts through Connect (decision 0056): a payout becomes exactly one transfer request.

describe("payout → transfer", () => {
  const payout = { id: "payout_owner_u1_2026-11-16_0123ABCD", amount: 12150, periodStart: Date.UTC(2026, 10, 16) };

  it("sends the due amount in pence, in GBP, to the payee's account, under the payout's id", () => {
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

  it.each([0, -500, 12.5, Number.NaN])("refuses %s pence: nothing to send, or not whole pence", (amount) => {
    expect(() => transferFor({ ...payout, amount }, "acct_1ABC")).toThrow(RangeError);
  });
});

describe("a provider account's status", () => {
  it.each([
    [{}, "not_started"],
    [{ details_submitted: false, payouts_enabled: false }, "not_started"],
    [{ details_submitted: true, payouts_enabled: false }, "pending_verification"],
    [
      { details_submitted: true, payouts_enabled: true, capabilities: { transfers: "pending" } },
      "pending_verification",
    ],
    [{ details_submitted: true, payouts_enabled: true, capabilities: { transfers: "active" } }, "active"],
    [{ details_submitted: true, payouts_enabled: true }, "active"],
  ] as const)("%j is %s", (account, status) => {
    expect(accountStatus(account)).toBe(status);
  });
});

describe("a payout's provider status on the Financial tab", () => {
  const base = {
    status: "calculated",
    recipientType: "owner",
    due: 9000,
    transferStatus: null,
    transferId: null,
    transferError: null,
  };
  it.each([
    [{ ...base, status: "paid", transferStatus: "paid", transferId: "tr_123" }, "Paid via transfer tr_123"],
    [{ ...base, transferStatus: "waiting_for_details" }, "Waiting for payout details"],
    [{ ...base, transferStatus: "failed", transferError: "Insufficient funds" }, "Failed: Insufficient funds"],
    [{ ...base, transferStatus: "reversed", transferId: "tr_9" }, "Transfer tr_9 reversed"],
    [{ ...base, status: "paid" }, "Marked paid by staff"],
    [{ ...base, recipientType: "platform" }, "Kept by the platform"],
    [base, "Not sent yet"],
    [{ ...base, due: -8100 }, "Nothing to send: £81.00 owed, taken from the next payouts"],
    [{ ...base, due: 0 }, "Nothing to send"],
    [
      { ...base, recipientType: "platform", due: -900 },
      "Nothing kept: £9.00 of commission given back, taken from the next weeks'",
    ],
  ])("%j reads %s", (payout, text) => {
    expect(payoutProviderStatus(payout)).toBe(text);
  });
});

// A payee's balance carried forward (issue 42 item 1; decision 0073): the seller is paid
// £81 for a £90 sale, the buyer returns it for a full refund, then they sell for £45 and £100.
describe("a balance carried into the next payouts", () => {
  const weeks = [
    { net: 8100, expect: { due: 8100, send: 8100, carriedOut: 0, offset: 0 } },
    { net: -8100, expect: { due: -8100, send: 0, carriedOut: -8100, offset: 0 } },
    { net: 4050, expect: { due: -4050, send: 0, carriedOut: -4050, offset: 4050 } },
    { net: 9000, expect: { due: 4950, send: 4950, carriedOut: 0, offset: 4050 } },
  ];

  it("sends nothing while the balance is below zero, recovers it from the next earnings, then sends the rest", () => {
    const made: { net: number; due: number }[] = [];
    for (const week of weeks) {
      const carriedIn = carriedBalance(made);
      const result = settlement({ net: week.net, carriedIn });
      expect(result).toEqual(week.expect);
      made.push({ net: week.net, due: result.due });
      // What was sent plus the balance is what was earned, after every week.
      const sent = made.reduce((sum, p) => sum + Math.max(p.due, 0), 0);
      expect(sent + carriedBalance(made)).toBe(made.reduce((sum, p) => sum + p.net, 0));
    }
    expect(carriedBalance(made)).toBe(0);
  });

  it("is the same whatever order the payouts are summed in, and never above zero", () => {
    const made = [
      { net: 500, due: 500 },
      { net: -900, due: -900 },
      { net: 300, due: -600 },
    ];
    expect(carriedBalance(made)).toBe(-600);
    expect(carriedBalance([...made].reverse())).toBe(-600);
  });
});

describe("the e-mail announcing a payout", () => {
  const week = { first: "16 November 2026", range: "16 November 2026 to 22 November 2026" };
  const owner = { recipientType: "owner" as const, total: 9000, commission: 900, net: 8100, carriedIn: 0 };

  it("announces a payout above zero with its amounts", () => {
    const mail = payoutAnnouncement(owner, week);
    expect(mail.title).toBe("Your Closetloop payout for the week of 16 November 2026: £81.00");
    expect(mail.text).toContain("Sales: £90.00\nCommission: £9.00\nYour share: £81.00\nYour payout: £81.00");
  });

  it("says what a balance carried in took off", () => {
    const mail = payoutAnnouncement({ ...owner, total: 10000, commission: 1000, net: 9000, carriedIn: -4050 }, week);
    expect(mail.title).toBe("Your Closetloop payout for the week of 16 November 2026: £49.50");
    expect(mail.text).toContain(
      "Your share: £90.00\nTaken off for refunds after earlier payouts: £40.50\nYour payout: £49.50",
    );
  });

  it.each([
    [
      { ...owner, total: -9000, commission: -900, net: -8100 },
      "Refunds in the week 16 November 2026 to 22 November 2026 came to £81.00 more than your sales, after commission. Nothing is paid this week. £81.00 is still to recover: it is taken from your next payouts.",
    ],
    [
      { ...owner, total: 4500, commission: 450, net: 4050, carriedIn: -8100 },
      "Your sales in the week 16 November 2026 to 22 November 2026, £40.50, went toward refunds after earlier payouts. Nothing is paid this week. £40.50 is still to recover: it is taken from your next payouts.",
    ],
    [
      { ...owner, total: 4500, commission: 450, net: 4050, carriedIn: -4050 },
      "went toward refunds after earlier payouts. Nothing is paid this week.\n",
    ],
    [
      { ...owner, recipientType: "platform" as const, total: -900, commission: -900, net: -900 },
      "came to £9.00 more than the platform's commissions. Nothing is kept this week. £9.00 is still to recover: it is taken from the next weeks' commissions.",
    ],
  ])("never announces a negative payout: %j", (payout, says) => {
    const mail = payoutAnnouncement(payout, week);
    expect(mail.title).toBe("No Closetloop payout for the week of 16 November 2026");
    expect(mail.text).toContain(says);
    expect(`${mail.title}${mail.text}`).not.toMatch(/[-−]£/);
  });
});
