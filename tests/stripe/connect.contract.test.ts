import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PayoutProvider } from "../../app/services/payouts-provider.server";
import { stripePayoutProvider } from "../../app/services/payouts-stripe.server";
import { transferFor } from "../../app/domain/payouts";
import fixtures from "./fixtures/connect.json" with { type: "json" };
import { startConnectDouble, type ConnectDouble } from "./connect-double";

// Contract test of the Stripe Connect payout adapter (issue 27 items 4 and 6; decision 0056): the
// official SDK with its fetch client, pointed at a local double of the Stripe API that answers
// with Stripe's published fixtures. What the adapter sends (Express account, GB, transfers
// capability; the onboarding link's URLs; the transfer's pence, gbp, Idempotency-Key = the
// payout's id, metadata) and how it reads each answer, an error answer and a network failure.

let double: ConnectDouble;
let provider: PayoutProvider;
const KEY = "sk_test_double_0000000000000000";

beforeAll(async () => {
  double = await startConnectDouble();
  provider = stripePayoutProvider(KEY, { host: "127.0.0.1", port: double.port, protocol: "http" });
});
afterAll(() => double.close());
beforeEach(() => {
  double.requests.length = 0;
  double.account = {};
  double.failTransfers = null;
});

describe("connected accounts", () => {
  it("creates an Express account in GB with the transfers capability, the payee in the metadata, once per payee", async () => {
    const { accountId } = await provider.createAccount({
      type: "owner",
      id: "user_vendor",
      email: "vendor@closetloop.test",
      name: "VintageVera",
    });
    expect(accountId).toMatch(/^acct_double\d+$/);
    expect(double.requests).toHaveLength(1);
    const [request] = double.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v1/accounts" });
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.headers["idempotency-key"]).toBe("account:owner:user_vendor");
    expect(request!.form).toEqual({
      type: "express",
      country: "GB",
      default_currency: "gbp",
      email: "vendor@closetloop.test",
      business_type: "individual",
      "capabilities[transfers][requested]": "true",
      "metadata[payee_type]": "owner",
      "metadata[payee_id]": "user_vendor",
    });
  });

  it("a store is a company", async () => {
    await provider.createAccount({ type: "store", id: "store_kensington", email: null, name: "Kensington Closet" });
    expect(double.requests[0]!.form).toMatchObject({
      business_type: "company",
      "metadata[payee_type]": "store",
      "metadata[payee_id]": "store_kensington",
    });
    expect(double.requests[0]!.form.email).toBeUndefined();
  });

  it("asks for an onboarding link with the dashboard as return and refresh URLs, and answers its url", async () => {
    const { url } = await provider.onboardingLink("acct_double7", {
      returnUrl: "https://closetloop.example/vendor?payouts=return",
      refreshUrl: "https://closetloop.example/vendor?payouts=refresh",
    });
    expect(url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_double7\//);
    expect(double.requests[0]).toMatchObject({
      method: "POST",
      path: "/v1/account_links",
      form: {
        account: "acct_double7",
        type: "account_onboarding",
        return_url: "https://closetloop.example/vendor?payouts=return",
        refresh_url: "https://closetloop.example/vendor?payouts=refresh",
      },
    });
  });

  it.each([
    [
      {
        details_submitted: false,
        payouts_enabled: false,
        capabilities: { card_payments: "inactive", transfers: "inactive" },
      },
      "not_started",
    ],
    [
      {
        details_submitted: true,
        payouts_enabled: false,
        capabilities: { card_payments: "inactive", transfers: "pending" },
      },
      "pending_verification",
    ],
    [
      {
        details_submitted: true,
        payouts_enabled: true,
        capabilities: { card_payments: "active", transfers: "active" },
      },
      "active",
    ],
  ] as const)("reads an account %j as %s", async (account, status) => {
    double.account = account;
    expect(await provider.accountStatus("acct_double9")).toBe(status);
    expect(double.requests[0]).toMatchObject({ method: "GET", path: "/v1/accounts/acct_double9" });
  });

  it("reads the published fixture's account (details not submitted) as not started", async () => {
    expect(fixtures.account.details_submitted).toBe(false);
    expect(await provider.accountStatus("acct_double10")).toBe("not_started");
  });
});

describe("transfers", () => {
  const payout = {
    id: "payout_owner_user_vendor_1763337600000_0A1B2C3D",
    amount: 12150,
    periodStart: Date.UTC(2026, 10, 16),
  };

  it("sends the payout's due amount in pence, gbp, to the account, with Idempotency-Key = the payout's id and its id in the metadata", async () => {
    const { transferId } = await provider.createTransfer(transferFor(payout, "acct_double3"));
    expect(transferId).toMatch(/^tr_double\d+$/);
    expect(double.requests).toHaveLength(1);
    const [request] = double.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v1/transfers" });
    expect(request!.headers["idempotency-key"]).toBe(payout.id);
    expect(request!.form).toEqual({
      amount: "12150",
      currency: "gbp",
      destination: "acct_double3",
      "metadata[payout_id]": payout.id,
      transfer_group: payout.id,
      description: "Closetloop payout for the week of 2026-11-16",
    });
  });

  it("finds a transfer made earlier for a payout by its transfer group (before any attempt), and none for another", async () => {
    const made = await provider.createTransfer(transferFor(payout, "acct_double3"));
    expect(await provider.findTransfer(payout.id)).toEqual({ ...made, reversed: false });
    expect(double.requests.at(-1)).toMatchObject({ method: "GET", path: "/v1/transfers" });
    expect(double.requests.at(-1)!.query).toEqual({ transfer_group: payout.id, limit: "10" });
    expect(await provider.findTransfer("payout_never_sent")).toBeNull();
  });

  it("finds a transfer that was reversed since, and says so (the payout is not sent again; decision 0073)", async () => {
    const other = { ...payout, id: "payout_owner_user_vendor_1763942400000_R3V3RS3D" };
    const made = await provider.createTransfer(transferFor(other, "acct_double3"));
    double.reverse(made.transferId);
    expect(await provider.findTransfer(other.id)).toEqual({ transferId: made.transferId, reversed: true });
  });

  it("a retry sends the same request and key, and gets the same transfer back", async () => {
    const first = await provider.createTransfer(transferFor(payout, "acct_double3"));
    const again = await provider.createTransfer(transferFor(payout, "acct_double3"));
    expect(again.transferId).toBe(first.transferId);
    expect(double.requests.map((r) => r.headers["idempotency-key"])).toEqual([payout.id, payout.id]);
    expect(double.requests[1]!.form).toEqual(double.requests[0]!.form);
  });

  it("an error answer throws with Stripe's message (the job records the payout failed with it)", async () => {
    double.failTransfers = { status: 400, body: fixtures.error_balance_insufficient };
    const other = { ...payout, id: "payout_owner_user_vendor2_1763337600000_9Z8Y7X6W" };
    await expect(provider.createTransfer(transferFor(other, "acct_double3"))).rejects.toThrow(
      /insufficient available funds/,
    );
    // A 400 is not retried by the SDK: one request.
    expect(double.requests).toHaveLength(1);
  });

  it("a network failure throws (nothing is recorded paid)", async () => {
    const closed = await startConnectDouble();
    await closed.close();
    const unreachable = stripePayoutProvider(KEY, { host: "127.0.0.1", port: closed.port, protocol: "http" });
    await expect(unreachable.createTransfer(transferFor(payout, "acct_double3"))).rejects.toThrow();
  }, 20_000);
});
