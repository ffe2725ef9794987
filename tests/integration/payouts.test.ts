import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { appConfig, LOCAL_WEBHOOK_SECRET } from "../../app/env.server";
import { payoutEventHandlers, sendPayouts, startOnboarding, type PayoutProvider } from "../../app/services/payouts-provider.server";
import { localPayoutProvider, localTransferFailKey } from "../../app/services/payouts-local.server";
import worker from "../../workers/app";
import { CRON } from "../../workers/cron";
import { signedInBrowser } from "./actors";
import { createUser } from "./factories";
import { Browser } from "./http";
import { signStripeEvent } from "../../app/services/stripe.server";

// Payouts through Connect (issue 27 item 4; docs/decisions/0056-connect-payouts.md), with the
// local provider: 'Set up payouts' on the seller and store dashboards (a plain form, 303 to the
// hosted onboarding page), the local onboarding page (Complete / Leave unfinished), who may, the
// weekly job's transfers with and without onboarding, a rerun that pays nothing twice, a failed
// transfer retried, and the provider's events out of order.

const services = () => ({ env, config: appConfig(env), db: database(env.DB) });
const DAY = 86_400_000;
let ipSeq = 0;
const nextIp = () => `10.216.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
/** The local onboarding page answers this machine only (decision 0018). */
const loopback = () => `127.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const rows = async <T,>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;
const accountOf = async (type: "owner" | "store", id: string) =>
  (await rows<{ provider_account_id: string; status: string; provider: string }>("SELECT provider_account_id, status, provider FROM payee_accounts WHERE payee_type = ? AND payee_id = ?", type, id))[0] ?? null;
const payoutRow = async (id: string) =>
  (await rows<{ status: string; transfer_status: string | null; transfer_id: string | null; transfer_error: string | null; paid_at: number | null }>("SELECT status, transfer_status, transfer_id, transfer_error, paid_at FROM payouts WHERE id = ?", id))[0]!;

let periodSeq = 0;
/** A calculated payout (as the weekly job makes them), with a commission gathered by it. */
async function calculatedPayout(type: "owner" | "store", recipientId: string, net = 9000) {
  const id = `payout_t_${crypto.randomUUID().slice(0, 12)}`;
  const start = Date.UTC(2026, 0, 5) + ++periodSeq * 7 * DAY;
  await env.DB.prepare(
    "INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'calculated', ?)",
  )
    .bind(id, type, recipientId, start, start + 7 * DAY, type === "owner" ? net + 1000 : net, type === "owner" ? 1000 : net, net, Date.now())
    .run();
  return id;
}

async function setUpFrom(browser: Browser, path: string) {
  const response = await browser.post(path, { intent: "setup_payouts" });
  expect(response.status).toBe(303);
  const location = response.headers.get("location")!;
  expect(location).toMatch(/^http:\/\/localhost\/dev\/payments\/onboarding\/acct_local_[0-9a-f]{16}$/);
  return new URL(location).pathname;
}

/** A seller signed in from this machine (so the local onboarding page answers them). */
const localSeller = () => signedInBrowser("vendor", { ip: loopback() });

async function onboard(browser: Browser, path: string, choice: "complete" | "leave", back = "/vendor?payouts=return") {
  const page = await browser.fetch(path);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Complete");
  expect(html).toContain("Leave unfinished");
  const done = await browser.post(path, { intent: choice });
  expect(done.status).toBe(303);
  expect(done.headers.get("location")).toBe(back);
}

/** A payee whose connected account is active, through the dashboard and the onboarding page. */
async function activeSeller() {
  const seller = await localSeller();
  await onboard(seller.browser, await setUpFrom(seller.browser, "/vendor"), "complete");
  expect((await accountOf("owner", seller.id))?.status).toBe("active");
  return seller;
}

function counting(provider: PayoutProvider) {
  const calls: string[] = [];
  return { calls, provider: { ...provider, createTransfer: (request: Parameters<PayoutProvider["createTransfer"]>[0]) => (calls.push(request.idempotencyKey), provider.createTransfer(request)) } satisfies PayoutProvider };
}

async function runWeekly(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: CRON.weekly, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("Set up payouts on the seller dashboard", () => {
  it("shows Not started, answers the form with a 303 to the hosted onboarding, and Complete makes it Active", async () => {
    const seller = await localSeller();
    const before = await (await seller.browser.fetch("/vendor")).text();
    expect(before).toContain("Set up payouts");
    expect(before).toMatch(/Payouts: <strong[^>]*>Not started</);
    const path = await setUpFrom(seller.browser, "/vendor");
    const account = await accountOf("owner", seller.id);
    expect(account).toMatchObject({ provider: "local", status: "not_started", provider_account_id: path.split("/").pop() });
    // Sent again (a second tab, a double click): the same account, a fresh link.
    expect(await setUpFrom(seller.browser, "/vendor")).toBe(path);
    expect(await rows("SELECT count(*) AS n FROM payee_accounts WHERE payee_id = ?", seller.id)).toEqual([{ n: 1 }]);

    await onboard(seller.browser, path, "complete");
    const after = await (await seller.browser.fetch("/vendor?payouts=return")).text();
    expect(after).toMatch(/Payouts: <strong[^>]*>Active</);
    expect(after).not.toContain("Before you can be paid");
    expect((await accountOf("owner", seller.id))?.status).toBe("active");
  });

  it("Leave unfinished leaves it pending verification, shown on the dashboard as still missing", async () => {
    const seller = await localSeller();
    const path = await setUpFrom(seller.browser, "/vendor");
    await onboard(seller.browser, path, "leave");
    expect((await accountOf("owner", seller.id))?.status).toBe("pending_verification");
    const html = await (await seller.browser.fetch("/vendor?payouts=return")).text();
    expect(html).toContain("Before you can be paid");
    expect(html).toContain("Your payout details are being verified");
    expect(html).toMatch(/Payouts: <strong[^>]*>Pending verification</);
    expect(html).toContain("Continue payout setup");
  });

  it("sets up the signed-in seller's own account only, whatever the form names", async () => {
    const other = await createUser();
    const seller = await signedInBrowser("vendor", { ip: nextIp() });
    const response = await seller.browser.post("/vendor", { intent: "setup_payouts", payeeId: other.id, payeeType: "owner" });
    expect(response.status).toBe(303);
    expect(await accountOf("owner", other.id)).toBeNull();
    expect(await accountOf("owner", seller.id)).not.toBeNull();
  });

  it("is not there for a shopper (the area guard) nor for anyone signed out", async () => {
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const refused = await shopper.browser.post("/vendor", { intent: "setup_payouts" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/");
    expect(await accountOf("owner", shopper.id)).toBeNull();
  });

  it("the onboarding page is not there from another machine, nor for an unknown account", async () => {
    const seller = await signedInBrowser("vendor", { ip: nextIp() });
    const path = await setUpFrom(seller.browser, "/vendor");
    expect((await seller.browser.fetch(path)).status).toBe(404);
    expect((await seller.browser.post(path, { intent: "complete" })).status).toBe(404);
    expect((await accountOf("owner", seller.id))?.status).toBe("not_started");
    const local = await localSeller();
    expect((await local.browser.fetch("/dev/payments/onboarding/acct_local_0000000000000000")).status).toBe(404);
    expect((await local.browser.fetch("/dev/payments/onboarding/not-an-account")).status).toBe(404);
    expect((await local.browser.post(path, { intent: "nonsense" })).status).toBe(400);
  });
});

describe("Set up payouts on the store dashboard", () => {
  async function storeOwnerWithStore(ip = loopback()) {
    const owner = await signedInBrowser("storeOwner", { ip });
    const storeId = `store_p_${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("INSERT INTO stores (id, name, owner_id, contact_email, created_at) VALUES (?, 'Payout Store', ?, ?, ?)").bind(storeId, owner.id, `${storeId}@example.test`, Date.now()).run();
    return { ...owner, storeId };
  }

  it("the store's owner sets up the store's account and comes back to the store dashboard", async () => {
    const owner = await storeOwnerWithStore();
    expect(await (await owner.browser.fetch("/store")).text()).toMatch(/Payouts: <strong[^>]*>Not started</);
    const path = await setUpFrom(owner.browser, "/store");
    expect(await accountOf("store", owner.storeId)).toMatchObject({ status: "not_started" });
    await onboard(owner.browser, path, "complete", "/store?payouts=return");
    expect(await (await owner.browser.fetch("/store?payouts=return")).text()).toMatch(/Payouts: <strong[^>]*>Active</);
  });

  it("another store's owner cannot reach it (their own store is the only one they act for), and staff running the store get a 403", async () => {
    const victim = await storeOwnerWithStore(nextIp());
    const other = await storeOwnerWithStore(nextIp());
    // ?store= is ignored for store owners (decision 0029): this sets up their own store.
    const own = await other.browser.post(`/store?store=${victim.storeId}`, { intent: "setup_payouts" });
    expect(own.status).toBe(303);
    expect(await accountOf("store", victim.storeId)).toBeNull();
    expect(await accountOf("store", other.storeId)).not.toBeNull();

    for (const who of ["superadmin", "admin"] as const) {
      const staff = await signedInBrowser(who, { ip: nextIp() });
      const refused = await staff.browser.post(`/store?store=${victim.storeId}`, { intent: "setup_payouts" });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Only the store&#x27;s owner can set up its payouts");
      // They see the status, without the button.
      const page = await (await staff.browser.fetch(`/store?store=${victim.storeId}`)).text();
      expect(page).toMatch(/Payouts: <strong[^>]*>Not started</);
    }
    expect(await accountOf("store", victim.storeId)).toBeNull();
    // Staff without a store chosen: there is no store to act for.
    const staff = await signedInBrowser("superadmin", { ip: nextIp() });
    expect((await staff.browser.post("/store?store=no-such-store", { intent: "setup_payouts" })).status).toBe(404);
    // A seller without a store: the store area is not theirs.
    const seller = await signedInBrowser("vendor", { ip: nextIp() });
    expect((await seller.browser.post(`/store?store=${victim.storeId}`, { intent: "setup_payouts" })).status).toBe(302);
    expect(await accountOf("store", victim.storeId)).toBeNull();
  });
});

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
    expect(paid).toMatchObject({ status: "paid", transfer_status: "paid", transfer_id: expect.stringMatching(/^tr_local_/), transfer_error: null, paid_at: expect.any(Number) });
    expect(await payoutRow(pendingId)).toMatchObject({ status: "calculated", transfer_status: "waiting_for_details", transfer_id: null });
    expect(await payoutRow(noneId)).toMatchObject({ status: "calculated", transfer_status: "waiting_for_details", transfer_id: null });

    // Rerun, and two at once: no transfer for the paid payout is even asked for again.
    const spy = counting(localPayoutProvider(services()));
    await runWeekly(Date.UTC(2027, 5, 7, 7));
    await Promise.all([sendPayouts(services(), Date.now(), spy.provider), sendPayouts(services(), Date.now(), spy.provider)]);
    expect(spy.calls).not.toContain(paidId);
    expect(await payoutRow(paidId)).toEqual(paid);
    expect(await payoutRow(pendingId)).toMatchObject({ transfer_status: "waiting_for_details" });

    // The pending seller finishes onboarding: the next run sends theirs, once.
    await onboard(pending.browser, (await setUpFrom(pending.browser, "/vendor")), "complete");
    const after = counting(localPayoutProvider(services()));
    await Promise.all([sendPayouts(services(), Date.now(), after.provider), sendPayouts(services(), Date.now(), after.provider)]);
    const nowPaid = await payoutRow(pendingId);
    expect(nowPaid).toMatchObject({ status: "paid", transfer_status: "paid", transfer_id: expect.stringMatching(/^tr_local_/) });
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
    expect(await payoutRow(id)).toMatchObject({ status: "calculated", transfer_status: "failed", transfer_error: "The local provider was told to fail transfers", transfer_id: null });

    const superadmin = await signedInBrowser("superadmin", { ip: nextIp() });
    const html = await (await superadmin.browser.fetch("/admin/financial")).text();
    expect(html).toContain("Failed: The local provider was told to fail transfers");

    await env.CACHE.delete(localTransferFailKey(account));
    await sendPayouts(services(), Date.now());
    const paid = await payoutRow(id);
    expect(paid).toMatchObject({ status: "paid", transfer_status: "paid", transfer_error: null });
    const after = await (await superadmin.browser.fetch("/admin/financial")).text();
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
    expect(await payoutRow(id)).toMatchObject({ status: "calculated", transfer_status: "failed", transfer_error: "The connection closed before the answer" });
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
    const html = await (await superadmin.browser.fetch("/admin/financial")).text();
    expect(html).toContain("Waiting for payout details");
    expect(html).toContain(`Mark paid: payout ${id.slice(-8)}`);
    // Staff may still record it paid by hand locally; the job then sends nothing for it.
    const marked = await superadmin.browser.post("/admin/financial", { intent: "markPaid", payoutId: id });
    expect([302, 303]).toContain(marked.status);
    const spy = counting(localPayoutProvider(services()));
    await sendPayouts(services(), Date.now(), spy.provider);
    expect(spy.calls).not.toContain(id);
    expect(await payoutRow(id)).toMatchObject({ status: "paid", transfer_status: "waiting_for_details", transfer_id: null });
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
    const started = await startOnboarding(services(), { type: "owner", id: seller.id, email: seller.email, name: null }, { returnUrl: "http://localhost/vendor?payouts=return", refreshUrl: "http://localhost/vendor?payouts=refresh" }, Date.now(), stripe);
    expect(started).toEqual({ ok: true, url: "https://connect.stripe.com/setup/e/acct_1Switched/x" });
    expect(await accountOf("owner", seller.id)).toEqual({ provider: "stripe", provider_account_id: "acct_1Switched", status: "not_started" });
  });
});

describe("the provider's events", () => {
  it("reach the payouts module through /webhooks/stripe, signed like the checkout's, once per event id", async () => {
    const owner = await createUser();
    const id = await calculatedPayout("owner", owner.id, 7000);
    const payload = JSON.stringify({
      id: `evt_payout_${crypto.randomUUID().slice(0, 12)}`,
      object: "event",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type: "transfer.created",
      data: { object: { id: "tr_webhook_1", object: "transfer", amount: 7000, currency: "gbp", reversed: false, metadata: { payout_id: id } } },
    });
    const deliver = async () => new Browser().fetch("/webhooks/stripe", { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": await signStripeEvent(payload, LOCAL_WEBHOOK_SECRET) } });
    expect((await deliver()).status).toBe(200);
    expect(await payoutRow(id)).toMatchObject({ status: "paid", transfer_status: "paid", transfer_id: "tr_webhook_1" });
    expect((await deliver()).status).toBe(200);
    expect(await rows("SELECT id FROM payment_events WHERE type = 'transfer.created' AND id = ?", JSON.parse(payload).id)).toHaveLength(1);
  });

  it("transfer events are idempotent and a late 'created' does not undo a reversal", async () => {
    const owner = await createUser();
    const id = await calculatedPayout("owner", owner.id, 5000);
    const transfer = { id: "tr_event_1", object: "transfer", amount: 5000, amount_reversed: 0, reversed: false, metadata: { payout_id: id } };
    await payoutEventHandlers["transfer.reversed"]!(services(), { ...transfer, amount_reversed: 5000, reversed: true }, Date.now());
    await payoutEventHandlers["transfer.created"]!(services(), transfer, Date.now());
    await payoutEventHandlers["transfer.updated"]!(services(), transfer, Date.now());
    expect(await payoutRow(id)).toMatchObject({ status: "calculated", transfer_status: "reversed", transfer_id: "tr_event_1" });
    // Never sent again by the job.
    const spy = counting(localPayoutProvider(services()));
    await sendPayouts(services(), Date.now(), spy.provider);
    expect(spy.calls).not.toContain(id);

    const other = await calculatedPayout("owner", owner.id, 6000);
    const created = { id: "tr_event_2", object: "transfer", amount: 6000, reversed: false, metadata: { payout_id: other } };
    for (let i = 0; i < 3; i++) await payoutEventHandlers["transfer.created"]!(services(), created, Date.now());
    expect(await payoutRow(other)).toMatchObject({ status: "paid", transfer_status: "paid", transfer_id: "tr_event_2" });
    // Unknown payouts, missing metadata and unknown accounts change nothing.
    await payoutEventHandlers["transfer.created"]!(services(), { id: "tr_x", metadata: {} }, Date.now());
    await payoutEventHandlers["transfer.created"]!(services(), { id: "tr_y", metadata: { payout_id: "payout_missing" } }, Date.now());
    await payoutEventHandlers["account.updated"]!(services(), { id: "acct_unknown", payouts_enabled: true }, Date.now());
    await payoutEventHandlers["payout.paid"]!(services(), { id: "po_1", status: "paid" }, Date.now());
  });

  it("account.updated reads the account afresh, so an old event delivered late cannot lower an active account", async () => {
    const seller = await activeSeller();
    const account = (await accountOf("owner", seller.id))!.provider_account_id;
    // A stale event from before onboarding was finished.
    await payoutEventHandlers["account.updated"]!(services(), { id: account, object: "account", details_submitted: false, payouts_enabled: false }, Date.now());
    expect((await accountOf("owner", seller.id))?.status).toBe("active");
  });
});
