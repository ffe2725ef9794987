import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { payeeBalances } from "../../app/data/finance-report.server";
import { startOfWeekUTC, WEEK_MS } from "../../app/domain/dates";
import { captureDue } from "../../app/services/payments.server";
import { sendPayouts, type PayoutProvider } from "../../app/services/payouts-provider.server";
import { localPayoutProvider } from "../../app/services/payouts-local.server";
import { signedInBrowser } from "./actors";
import { createProduct, databaseFingerprint, eventually } from "./factories";
import { deliver, placeOrder, postBack } from "./orders";
import { activeSeller, calculatedPayout, nextIp, payoutRow, rows, runWeekly, services } from "./payouts-helpers";

// A payee's balance carried forward (issue 42 items 1 and 6; docs/decisions/0073-payout-balances.md):
// the seller, paid £81 for a £90 sale whose buyer then returns it for a full refund, is
// sent nothing and told of no negative payout; their next sales pay the £81 back before anything
// is sent again; the Financial tab shows the balance and what was offset. A transfer is looked up
// by its payout before every attempt, whatever the payout's last status, so none is made twice.

const HOUR = 3_600_000;
/** The Monday 06:00 UTC `n` weeks after this week's: each run closes the week before it. */
const monday = (n: number) => startOfWeekUTC(Date.now()) + n * WEEK_MS + 6 * HOUR;

type Seller = Awaited<ReturnType<typeof activeSeller>>;
type Shopper = Awaited<ReturnType<typeof signedInBrowser>>;

/** The seller sells an item at `price` pence, delivered and its payment collected, as the lifecycle does. */
async function sell(seller: Seller, shopper: Shopper, price: number) {
  const product = await createProduct(seller.id, { buyingPrice: price, rentalPrice: null });
  const { orderId, items } = await placeOrder(shopper, [{ productId: product.id, option: "purchase" }]);
  // Delivered 3 days ago: its 2-day claim window (decision 0078) has closed before any run here,
  // whatever day of the week the suite runs, so the weekly payout does not hold it.
  await deliver(orderId, Date.now() - 3 * 86_400_000);
  await captureDue(services(), Date.now(), orderId);
  return { orderId, itemId: items[0]!.id };
}

const payoutsOf = (sellerId: string) =>
  rows<{
    id: string;
    net: number;
    carriedIn: number;
    due: number;
    status: string;
    transfer: string | null;
    transferId: string | null;
  }>(
    "SELECT id, net_amount AS net, carried_in AS carriedIn, due_amount AS due, status, transfer_status AS transfer, transfer_id AS transferId FROM payouts WHERE recipient_type = 'owner' AND recipient_id = ? ORDER BY period_start",
    sellerId,
  );
const mailsTo = (to: string) =>
  rows<{ kind: string; subject: string; body: string }>(
    "SELECT kind, subject, body FROM notification_outbox WHERE recipient = ? AND kind LIKE 'payout_%' ORDER BY created_at, rowid",
    to,
  );
/** The Financial tab's payouts over the weeks of these runs (payouts are dated by when the job made them). */
const tab = async (browser: Shopper["browser"]) => {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const html = await (
    await browser.fetch(`/admin/financial?from=${day(Date.now())}&to=${day(monday(5))}&list=payouts`)
  ).text();
  return html.replace(/<!-- -->/g, "");
};

describe("a refund after a payout", () => {
  it("is carried into the seller's next payouts until it is cleared: nothing negative is sent or announced, and the Financial tab shows the balance and the offset", async () => {
    const seller = await activeSeller();
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const superadmin = await signedInBrowser("superadmin", { ip: nextIp() });

    // Week 1: a £90 sale, £81 to the seller, paid by transfer.
    const coat = await sell(seller, shopper, 9000);
    await runWeekly(monday(1));
    const [first] = await payoutsOf(seller.id);
    expect(first).toMatchObject({ net: 8100, carriedIn: 0, due: 8100, status: "paid", transfer: "paid" });
    await eventually(async () =>
      (await mailsTo(seller.email)).find((m) => m.subject === "Your payout of £81.00 is paid"),
    );

    // The buyer returns it for a full refund: −£81 in week 2.
    expect(
      (
        await shopper.browser.post(`/account/orders/${coat.orderId}`, {
          intent: "request_return",
          itemId: coat.itemId,
          reason: "Too big",
        })
      ).status,
    ).toBe(302);
    // Inspected once posted back (decision 0076).
    await postBack(shopper.browser, coat.orderId, coat.itemId);
    expect(
      (await seller.browser.post("/vendor?tab=orders", { intent: "inspect", itemId: coat.itemId, outcome: "good" }))
        .status,
    ).toBe(302);
    await runWeekly(monday(2));
    const second = (await payoutsOf(seller.id))[1]!;
    expect(second).toMatchObject({
      net: -8100,
      carriedIn: 0,
      due: -8100,
      status: "calculated",
      transfer: null,
      transferId: null,
    });
    expect(await env.CACHE.get(`payouts:local:transfer:${second.id}`)).toBeNull();
    const told = await eventually(async () =>
      (await mailsTo(seller.email)).find((m) => m.subject.startsWith("No Closetloop payout for the week of")),
    );
    expect(told.body).toContain(
      "came to £81.00 more than your sales, after commission. Nothing is paid this week. £81.00 is still to recover: it is taken from your next payouts.",
    );
    // No e-mail to anyone ever announces a negative payout.
    const everyPayoutMail = await rows<{ subject: string; body: string }>(
      "SELECT subject, body FROM notification_outbox WHERE kind LIKE 'payout_%'",
    );
    expect(everyPayoutMail.filter((m) => /[-−]£/.test(`${m.subject}\n${m.body}`))).toEqual([]);

    // Week 3: a £45 sale (£40.50) goes toward it; nothing is sent, £40.50 still owed.
    await sell(seller, shopper, 4500);
    await runWeekly(monday(3));
    const third = (await payoutsOf(seller.id))[2]!;
    expect(third).toMatchObject({ net: 4050, carriedIn: -8100, due: -4050, status: "calculated", transfer: null });
    const html = await tab(superadmin.browser);
    expect(html).toContain("Payee balances");
    expect(html).toContain("£40.50 owed by the payee");
    expect(html).toContain("£81.00 owed from earlier payouts, £40.50 offset, £40.50 carried to the next payout");
    expect(html).toContain("Nothing to send: £40.50 owed, taken from the next payouts");
    expect(html).not.toContain(`Mark paid: payout ${third.id.slice(-8)}`);
    // The seller sees it on their dashboard.
    const dashboard = async () => (await (await seller.browser.fetch("/vendor")).text()).replace(/<!-- -->/g, "");
    expect(await dashboard()).toContain(
      "You owe £40.50 from refunds after earlier payouts: it is taken from your next payouts before anything is sent.",
    );
    const [balance] = (await payeeBalances(services().db, 1000)).filter((b) => b.recipientId === seller.id);
    expect(balance).toMatchObject({ owed: 4050, paid: 8100, toPay: 0, carried: -4050, offset: 4050 });

    // Staff cannot mark a payout that sends nothing paid: a clear 409, nothing changes.
    const before = await databaseFingerprint();
    const refused = await superadmin.browser.post("/admin/financial", { intent: "markPaid", payoutId: third.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Only a calculated payout with something to pay can be marked paid");
    expect(await databaseFingerprint()).toBe(before);

    // Week 4: a £100 sale (£90): £40.50 is offset and £49.50 sent, once, though the job runs twice at once.
    await sell(seller, shopper, 10000);
    await Promise.all([runWeekly(monday(4)), runWeekly(monday(4))]);
    // Run again for the same week: people are told nothing new was made.
    const log = vi.spyOn(console, "log");
    await runWeekly(monday(4) + HOUR);
    expect(log.mock.calls.map((c) => String(c[0]))).toContainEqual(
      expect.stringMatching(
        /^job weekly: the payouts of the week of .+ were made already \(\d+\): nothing is made, sent or announced twice$/,
      ),
    );
    log.mockRestore();
    const all = await payoutsOf(seller.id);
    expect(all).toHaveLength(4);
    expect(all[3]).toMatchObject({ net: 9000, carriedIn: -4050, due: 4950, status: "paid", transfer: "paid" });
    expect(await env.CACHE.get(`payouts:local:transfer:${all[3]!.id}`)).toBe(all[3]!.transferId);
    await eventually(async () =>
      (await mailsTo(seller.email)).find((m) => m.subject === "Your payout of £49.50 is paid"),
    );
    const fourth = (await mailsTo(seller.email)).filter((m) => m.subject.endsWith(": £49.50"));
    expect(fourth).toHaveLength(1);
    expect(fourth[0]!.body).toContain(
      "Your share: £90.00\nTaken off for refunds after earlier payouts: £40.50\nYour payout: £49.50",
    );

    // What the seller was paid plus their balance is what they are owed; each payout sent at most once.
    const paid = all.filter((p) => p.status === "paid").reduce((sum, p) => sum + p.due, 0);
    const owed = all.reduce((sum, p) => sum + p.net, 0);
    const [cleared] = (await payeeBalances(services().db, 1000)).filter((b) => b.recipientId === seller.id);
    expect(cleared).toBeUndefined();
    expect(paid).toBe(owed);
    expect(paid).toBe(8100 + 4950);
    for (const p of all) expect(Boolean(await env.CACHE.get(`payouts:local:transfer:${p.id}`))).toBe(p.due > 0);
    expect(await tab(superadmin.browser)).not.toContain("£40.50 owed by the payee");
    expect(await dashboard()).not.toContain("You owe");
  }, 60_000);
});

/** A provider that, like Stripe after 24 hours, no longer knows an idempotency key: each call makes a new transfer. */
function forgetful(options: { loseFirstAnswer: boolean }) {
  const made = new Map<string, { transferId: string; reversed: boolean }>();
  let created = 0;
  const provider: PayoutProvider = {
    ...localPayoutProvider(services()),
    async createTransfer(request) {
      const transfer = { transferId: `tr_forgetful_${++created}`, reversed: false };
      made.set(request.transferGroup, transfer);
      if (options.loseFirstAnswer && created === 1) throw new Error("The connection closed before the answer");
      return { transferId: transfer.transferId };
    },
    async findTransfer(payoutId) {
      return made.get(payoutId) ?? null;
    },
  };
  return { provider, made, created: () => created };
}

describe("a transfer to a connected account", () => {
  it("sends the due amount (the week's net less the balance carried in), never the week's net, and nothing for a payout at or below zero", async () => {
    const seller = await activeSeller();
    const owing = await calculatedPayout("owner", seller.id, 9000);
    const nothing = await calculatedPayout("owner", seller.id, 3000);
    await env.DB.batch([
      env.DB.prepare("UPDATE payouts SET carried_in = -4050 WHERE id = ?").bind(owing),
      env.DB.prepare("UPDATE payouts SET carried_in = -3000 WHERE id = ?").bind(nothing),
    ]);
    const asked: { key: string; amount: number }[] = [];
    const local = localPayoutProvider(services());
    const spy: PayoutProvider = {
      ...local,
      createTransfer: (request) => (
        asked.push({ key: request.idempotencyKey, amount: request.amount }),
        local.createTransfer(request)
      ),
    };
    await sendPayouts(services(), Date.now(), spy);
    expect(asked).toEqual([{ key: owing, amount: 4950 }]);
    expect(await payoutRow(nothing)).toMatchObject({ status: "calculated", transfer_status: null });
  });
});

describe("a transfer looked up before any attempt", () => {
  it("whose answer was lost, then whose payee's details were missing: found by its reference when the payee is active again, never made twice", async () => {
    const seller = await activeSeller();
    const id = await calculatedPayout("owner", seller.id, 5400);
    const stripeLike = forgetful({ loseFirstAnswer: true });
    await sendPayouts(services(), Date.now(), stripeLike.provider);
    expect(await payoutRow(id)).toMatchObject({
      status: "calculated",
      transfer_status: "failed",
      transfer_error: "The connection closed before the answer",
    });

    // The payee's account needs details again: the next run leaves it waiting.
    await env.DB.prepare(
      "UPDATE payee_accounts SET status = 'pending_verification' WHERE payee_type = 'owner' AND payee_id = ?",
    )
      .bind(seller.id)
      .run();
    await sendPayouts(services(), Date.now(), stripeLike.provider);
    expect(await payoutRow(id)).toMatchObject({ status: "calculated", transfer_status: "waiting_for_details" });

    // Active again, days later (the key is forgotten): the transfer made is found and recorded.
    await env.DB.prepare("UPDATE payee_accounts SET status = 'active' WHERE payee_type = 'owner' AND payee_id = ?")
      .bind(seller.id)
      .run();
    await Promise.all([
      sendPayouts(services(), Date.now(), stripeLike.provider),
      sendPayouts(services(), Date.now(), stripeLike.provider),
    ]);
    expect(stripeLike.created()).toBe(1);
    expect(await payoutRow(id)).toMatchObject({
      status: "paid",
      transfer_status: "paid",
      transfer_id: "tr_forgetful_1",
    });
  });

  it("one found reversed is recorded reversed and not sent again", async () => {
    const seller = await activeSeller();
    const id = await calculatedPayout("owner", seller.id, 2200);
    const stripeLike = forgetful({ loseFirstAnswer: true });
    await sendPayouts(services(), Date.now(), stripeLike.provider);
    stripeLike.made.get(id)!.reversed = true;
    await sendPayouts(services(), Date.now(), stripeLike.provider);
    await sendPayouts(services(), Date.now(), stripeLike.provider);
    expect(stripeLike.created()).toBe(1);
    expect(await payoutRow(id)).toMatchObject({
      status: "calculated",
      transfer_status: "reversed",
      transfer_id: "tr_forgetful_1",
    });
  });
});
