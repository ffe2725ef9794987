import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sendPayouts, startOnboarding, type PayoutProvider } from "../../app/services/payouts-provider.server";
import { localPayoutProvider, localTransferFailKey } from "../../app/services/payouts-local.server";
import { signedInBrowser } from "./actors";
import { createUser } from "./factories";
import {
  services,
  nextIp,
  accountOf,
  payoutRow,
  calculatedPayout,
  setUpFrom,
  localSeller,
  onboard,
  activeSeller,
  counting,
  runWeekly,
} from "./payouts-helpers";

// Payouts through Connect (issue 27 item 4; docs/decisions/0056-connect-payouts.md): the weekly
// job's transfers with and without onboarding, a rerun that pays nothing twice, a failed transfer
// retried, and switching from the local provider to Stripe.

describe("the weekly job's transfers", () => {
  it("pays payees whose account is active, leaves the others waiting for payout details, and a rerun pays nothing twice", async () => {
    const active = await activeSeller();
    const pending = await localSeller();
    await onboard(pending.browser, await setUpFrom(pending.browser, "/vendor"), "leave");
    const none = await createUser();
    const paidId = await calculatedPayout("owner", active.id, 12150);
    const pendingId = await calculatedPayout("owner", pending.id);
    const noneId = await calculatedPayout("owner", none.id);

    // Through the cron, as Monday's run does.
    await runWeekly(Date.UTC(2027, 5, 7, 6));
    const paid = await payoutRow(paidId);
    expect(paid).toMatchObject({
      status: "paid",
      transfer_status: "paid",
      transfer_id: expect.stringMatching(/^tr_local_/),
      transfer_error: null,
      paid_at: expect.any(Number),
    });
    expect(await payoutRow(pendingId)).toMatchObject({
      status: "calculated",
      transfer_status: "waiting_for_details",
      transfer_id: null,
    });
    expect(await payoutRow(noneId)).toMatchObject({
      status: "calculated",
      transfer_status: "waiting_for_details",
      transfer_id: null,
    });

    // Rerun, and two at once: no transfer for the paid payout is even asked for again.
    const spy = counting(localPayoutProvider(services()));
    await runWeekly(Date.UTC(2027, 5, 7, 7));
    await Promise.all([
      sendPayouts(services(), Date.now(), spy.provider),
      sendPayouts(services(), Date.now(), spy.provider),
    ]);
    expect(spy.calls).not.toContain(paidId);
    expect(await payoutRow(paidId)).toEqual(paid);
    expect(await payoutRow(pendingId)).toMatchObject({ transfer_status: "waiting_for_details" });

    // The pending seller finishes onboarding: the next run sends theirs, once.
    await onboard(pending.browser, await setUpFrom(pending.browser, "/vendor"), "complete");
    const after = counting(localPayoutProvider(services()));
    await Promise.all([
      sendPayouts(services(), Date.now(), after.provider),
      sendPayouts(services(), Date.now(), after.provider),
    ]);
    const nowPaid = await payoutRow(pendingId);
    expect(nowPaid).toMatchObject({
      status: "paid",
      transfer_status: "paid",
      transfer_id: expect.stringMatching(/^tr_local_/),
    });
    // Two runs at once may both ask; the idempotency key (the payout id) makes it one transfer.
    expect(after.calls.filter((k) => k === pendingId).length).toBeGreaterThanOrEqual(1);
    expect(await env.CACHE.get(`payouts:local:transfer:${pendingId}`)).toBe(nowPaid.transfer_id);
    await sendPayouts(services(), Date.now(), after.provider);
    expect(after.calls.filter((k) => k === pendingId).length).toBeLessThanOrEqual(2);
    expect(await payoutRow(noneId)).toMatchObject({ status: "calculated", transfer_status: "waiting_for_details" });
  });

  it("a failed transfer stays visibly failed with its error and the next run retries it", async () => {
    const seller = await activeSeller();
    const account = (await accountOf("owner", seller.id))!.provider_account_id;
    const id = await calculatedPayout("owner", seller.id, 4321);
    await env.CACHE.put(localTransferFailKey(account), "1");
    const summary = await sendPayouts(services(), Date.now());
    expect(summary.failed).toBeGreaterThanOrEqual(1);
    expect(await payoutRow(id)).toMatchObject({
      status: "calculated",
      transfer_status: "failed",
      transfer_error: "The local provider was told to fail transfers",
      transfer_id: null,
    });

    const superadmin = await signedInBrowser("superadmin", { ip: nextIp() });
    const html = await (await superadmin.browser.fetch("/admin/financial?list=payouts")).text();
    expect(html).toContain("Failed: The local provider was told to fail transfers");

    await env.CACHE.delete(localTransferFailKey(account));
    await sendPayouts(services(), Date.now());
    const paid = await payoutRow(id);
    expect(paid).toMatchObject({ status: "paid", transfer_status: "paid", transfer_error: null });
    const after = await (await superadmin.browser.fetch("/admin/financial?list=payouts")).text();
    expect(after).toContain(`Paid via transfer ${paid.transfer_id}`);
  });

  it("a transfer that went out while its answer was lost is found by its payout on the retry, not made again", async () => {
    const seller = await activeSeller();
    const id = await calculatedPayout("owner", seller.id, 3100);
    const local = localPayoutProvider(services());
    const lost: PayoutProvider = {
      ...local,
      createTransfer: async (request) => {
        await local.createTransfer(request);
        throw new Error("The connection closed before the answer");
      },
    };
    await sendPayouts(services(), Date.now(), lost);
    expect(await payoutRow(id)).toMatchObject({
      status: "calculated",
      transfer_status: "failed",
      transfer_error: "The connection closed before the answer",
    });
    const made = await env.CACHE.get(`payouts:local:transfer:${id}`);
    const spy = counting(local);
    await sendPayouts(services(), Date.now(), spy.provider);
    expect(spy.calls).not.toContain(id);
    expect(await payoutRow(id)).toMatchObject({ status: "paid", transfer_status: "paid", transfer_id: made });
  });

  it("the Financial tab says each payout's provider status; Mark paid stays with the local provider", async () => {
    const none = await createUser();
    const id = await calculatedPayout("owner", none.id, 777);
    await sendPayouts(services(), Date.now());
    const superadmin = await signedInBrowser("superadmin", { ip: nextIp() });
    const html = await (await superadmin.browser.fetch("/admin/financial?list=payouts")).text();
    expect(html).toContain("Waiting for payout details");
    expect(html).toContain(`Mark paid: payout ${id.slice(-8)}`);
    // Staff may still record it paid by hand locally; the job then sends nothing for it.
    const marked = await superadmin.browser.post("/admin/financial", { intent: "markPaid", payoutId: id });
    expect([302, 303]).toContain(marked.status);
    const spy = counting(localPayoutProvider(services()));
    await sendPayouts(services(), Date.now(), spy.provider);
    expect(spy.calls).not.toContain(id);
    expect(await payoutRow(id)).toMatchObject({
      status: "paid",
      transfer_status: "waiting_for_details",
      transfer_id: null,
    });
  });
});

describe("switching from the local provider to Stripe", () => {
  it("an account made with the local provider is not paid into by the other one, and setting up again replaces it", async () => {
    const seller = await activeSeller();
    const id = await calculatedPayout("owner", seller.id, 2500);
    const calls: string[] = [];
    const stripe: PayoutProvider = {
      name: "stripe",
      createAccount: async () => ({ accountId: "acct_1Switched" }),
      onboardingLink: async (accountId) => ({ url: `https://connect.stripe.com/setup/e/${accountId}/x` }),
      accountStatus: async () => "not_started",
      createTransfer: async (request) => (calls.push(request.idempotencyKey), { transferId: "tr_1Never" }),
      findTransfer: async () => null,
    };
    await sendPayouts(services(), Date.now(), stripe);
    expect(calls).toEqual([]);
    expect(await payoutRow(id)).toMatchObject({ status: "calculated", transfer_status: "waiting_for_details" });
    const started = await startOnboarding(
      services(),
      { type: "owner", id: seller.id, email: seller.email, name: null },
      { returnUrl: "http://localhost/vendor?payouts=return", refreshUrl: "http://localhost/vendor?payouts=refresh" },
      Date.now(),
      stripe,
    );
    expect(started).toEqual({ ok: true, url: "https://connect.stripe.com/setup/e/acct_1Switched/x" });
    expect(await accountOf("owner", seller.id)).toEqual({
      provider: "stripe",
      provider_account_id: "acct_1Switched",
      status: "not_started",
    });
  });
});
