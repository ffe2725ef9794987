import { describe, expect, it } from "vitest";
import { LOCAL_WEBHOOK_SECRET } from "../../app/env.server";
import { payoutEventHandlers, sendPayouts } from "../../app/services/payouts-provider.server";
import { localPayoutProvider } from "../../app/services/payouts-local.server";
import { createUser } from "./factories";
import { Browser } from "./http";
import { signStripeEvent } from "../../app/services/stripe.server";
import { services, rows, accountOf, payoutRow, calculatedPayout, activeSeller, counting } from "./payouts-helpers";

// Payouts through Connect (issue 27 item 4; docs/decisions/0056-connect-payouts.md): the
// provider's events, out of order too.

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
      data: {
        object: {
          id: "tr_webhook_1",
          object: "transfer",
          amount: 7000,
          currency: "gbp",
          reversed: false,
          metadata: { payout_id: id },
        },
      },
    });
    const deliver = async () =>
      new Browser().fetch("/webhooks/stripe", {
        method: "POST",
        body: payload,
        headers: {
          "content-type": "application/json",
          "stripe-signature": await signStripeEvent(payload, LOCAL_WEBHOOK_SECRET),
        },
      });
    expect((await deliver()).status).toBe(200);
    expect(await payoutRow(id)).toMatchObject({ status: "paid", transfer_status: "paid", transfer_id: "tr_webhook_1" });
    expect((await deliver()).status).toBe(200);
    expect(
      await rows("SELECT id FROM payment_events WHERE type = 'transfer.created' AND id = ?", JSON.parse(payload).id),
    ).toHaveLength(1);
  });

  it("transfer events are idempotent and a late 'created' does not undo a reversal", async () => {
    const owner = await createUser();
    const id = await calculatedPayout("owner", owner.id, 5000);
    const transfer = {
      id: "tr_event_1",
      object: "transfer",
      amount: 5000,
      amount_reversed: 0,
      reversed: false,
      metadata: { payout_id: id },
    };
    await payoutEventHandlers["transfer.reversed"]!(
      services(),
      { ...transfer, amount_reversed: 5000, reversed: true },
      Date.now(),
    );
    await payoutEventHandlers["transfer.created"]!(services(), transfer, Date.now());
    await payoutEventHandlers["transfer.updated"]!(services(), transfer, Date.now());
    expect(await payoutRow(id)).toMatchObject({
      status: "calculated",
      transfer_status: "reversed",
      transfer_id: "tr_event_1",
    });
    // Never sent again by the job.
    const spy = counting(localPayoutProvider(services()));
    await sendPayouts(services(), Date.now(), spy.provider);
    expect(spy.calls).not.toContain(id);

    const other = await calculatedPayout("owner", owner.id, 6000);
    const created = {
      id: "tr_event_2",
      object: "transfer",
      amount: 6000,
      reversed: false,
      metadata: { payout_id: other },
    };
    for (let i = 0; i < 3; i++) await payoutEventHandlers["transfer.created"]!(services(), created, Date.now());
    expect(await payoutRow(other)).toMatchObject({
      status: "paid",
      transfer_status: "paid",
      transfer_id: "tr_event_2",
    });
    // Unknown payouts, missing metadata and unknown accounts change nothing.
    await payoutEventHandlers["transfer.created"]!(services(), { id: "tr_x", metadata: {} }, Date.now());
    await payoutEventHandlers["transfer.created"]!(
      services(),
      { id: "tr_y", metadata: { payout_id: "payout_missing" } },
      Date.now(),
    );
    await payoutEventHandlers["account.updated"]!(
      services(),
      { id: "acct_unknown", payouts_enabled: true },
      Date.now(),
    );
    await payoutEventHandlers["payout.paid"]!(services(), { id: "po_1", status: "paid" }, Date.now());
  });

  it("account.updated reads the account afresh, so an old event delivered late cannot lower an active account", async () => {
    const seller = await activeSeller();
    const account = (await accountOf("owner", seller.id))!.provider_account_id;
    // A stale event from before onboarding was finished.
    await payoutEventHandlers["account.updated"]!(
      services(),
      { id: account, object: "account", details_submitted: false, payouts_enabled: false },
      Date.now(),
    );
    expect((await accountOf("owner", seller.id))?.status).toBe("active");
  });
});
