import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HANDLER_ANSWER_MS } from "../../app/domain/claims";
import { captureDue } from "../../app/services/payments.server";
import { signedInBrowser } from "./actors";
import { createProduct } from "./factories";
import { png } from "./images";
import { runJob } from "./lifecycle-fixtures";
import { placeOrder, postBack } from "./orders";
import { services } from "./payouts-helpers";
import { admin, all, claimOf, claimTxns, delivered, mail, nextIp, opened, refunds } from "./claims-helpers";

// Buyer protection (issue 43 items 1 and 3; decision 0078): a claim that goes to staff — an offer
// declined, a dispute, no answer in time, a repair fee disputed, an item not received — and their
// decision, with the money checked. The seller's own answers: claims-answer.test.ts.

describe("a claim decided by staff", () => {
  it("an offer declined goes to staff, who decide a partial refund with a reason: refunded, both told", async () => {
    const t = await delivered();
    const claim = await opened(t);
    expect((await t.vendor.browser.post(claim.page, { intent: "offer", amount: "5" })).status).toBe(302);
    expect((await t.shopper.browser.post(claim.page, { intent: "decline_offer" })).status).toBe(302);
    expect(await claimOf(t.itemId)).toMatchObject({ status: "with_staff", escalated_because: "offer_declined" });
    const staff = await admin();
    expect(await (await staff.browser.fetch("/admin/claims")).text()).toContain("A large tear along the left sleeve.");
    const above = await staff.browser.post("/admin/claims", {
      intent: "decide",
      claimId: claim.id,
      outcome: "partial_refund",
      amount: "60",
      reason: "Photos show a tear.",
    });
    expect(above.status).toBe(400);
    expect(await above.text()).toContain("A partial refund must be less than what was paid: £50.00.");
    expect(await refunds(t.orderId)).toEqual([]);
    const decided = await staff.browser.post("/admin/claims", {
      intent: "decide",
      claimId: claim.id,
      outcome: "partial_refund",
      amount: "20",
      reason: "Photos show a repairable tear.",
    });
    expect(decided.status).toBe(302);
    expect(await refunds(t.orderId)).toEqual([{ amount: 2000, status: "succeeded", key: `refund:claim:${t.itemId}` }]);
    expect(await claimOf(t.itemId)).toMatchObject({
      status: "resolved",
      outcome: "partial_refund",
      refund_amount: 2000,
    });
    await mail(t.shopper.email, "claim_update", "is decided: Partial refund");
    await mail(t.vendor.email, "claim_handler", "is decided: Partial refund");
  });

  it("a dispute with the seller's text and photos goes to staff, who decide no refund: nothing is refunded", async () => {
    const t = await delivered();
    const claim = await opened(t);
    const disputed = await t.vendor.browser.post(claim.page, {
      intent: "dispute",
      text: "It left here without any tear; see my photo.",
      photos: png("before.png"),
    });
    expect(disputed.status).toBe(302);
    await mail(t.shopper.email, "claim_update", "The seller disputes your claim");
    const staff = await admin();
    const tab = await (await staff.browser.fetch("/admin/claims")).text();
    expect(tab).toContain("It left here without any tear; see my photo.");
    expect(tab).toMatch(new RegExp(`/images/claims/${claim.id}/handler-0\\.png`));
    expect(
      (
        await staff.browser.post("/admin/claims", {
          intent: "decide",
          claimId: claim.id,
          outcome: "no_refund",
          reason: "The seller's photo shows it whole when posted.",
        })
      ).status,
    ).toBe(302);
    expect(await refunds(t.orderId)).toEqual([]);
    expect(await claimOf(t.itemId)).toMatchObject({ status: "resolved", outcome: "no_refund", refund_amount: 0 });
    // Decided once: a second decision is refused.
    expect(
      (
        await staff.browser.post("/admin/claims", {
          intent: "decide",
          claimId: claim.id,
          outcome: "full_refund",
          reason: "Changed my mind here.",
        })
      ).status,
    ).toBe(409);
    expect(await refunds(t.orderId)).toEqual([]);
  });

  it("no answer in time: the daily job sends it to staff, who decide a full refund", async () => {
    const t = await delivered();
    const claim = await opened(t);
    await runJob("daily", Date.now() + HANDLER_ANSWER_MS + 60_000);
    expect(await claimOf(t.itemId)).toMatchObject({ status: "with_staff", escalated_because: "no_answer" });
    await mail(t.vendor.email, "claim_handler", "went to our team");
    // Too late for the seller now.
    expect((await t.vendor.browser.post(claim.page, { intent: "accept" })).status).toBe(409);
    const staff = await admin();
    expect(
      (
        await staff.browser.post("/admin/claims", {
          intent: "decide",
          claimId: claim.id,
          outcome: "full_refund",
          reason: "No answer from the seller.",
        })
      ).status,
    ).toBe(302);
    expect(await refunds(t.orderId)).toEqual([{ amount: 5000, status: "succeeded", key: `refund:claim:${t.itemId}` }]);
  });

  it("a repair fee disputed after a rental is decided by staff through the overturn: refunded under its overturn key", async () => {
    const t = await delivered("rental");
    const page = `/account/orders/${t.orderId}`;
    expect((await t.shopper.browser.post(page, { intent: "request_return", itemId: t.itemId })).status).toBe(302);
    // Inspected once posted back (decision 0076).
    await postBack(t.shopper.browser, t.orderId, t.itemId);
    expect(
      (
        await t.vendor.browser.post("/vendor?tab=orders", {
          intent: "inspect",
          itemId: t.itemId,
          outcome: "damaged",
          fee: "10.00",
          reason: "Torn hem",
        })
      ).status,
    ).toBe(302);
    await captureDue(services(), Date.now(), t.orderId);
    expect(await (await t.shopper.browser.fetch(page)).text()).toContain("Dispute the repair fee");
    const disputed = await t.shopper.browser.post(t.problem, {
      intent: "report",
      itemId: t.itemId,
      reason: "repair_fee",
      description: "The hem was torn when it arrived.",
    });
    expect(disputed.status).toBe(302);
    const claim = (
      await all<{ id: string; status: string }>(
        "SELECT id, status FROM claims WHERE order_item_id = ? AND kind = 'repair_fee'",
        t.itemId,
      )
    )[0]!;
    expect(claim.status).toBe("with_staff");
    const staff = await admin();
    expect(
      (
        await staff.browser.post("/admin/claims", {
          intent: "decide",
          claimId: claim.id,
          outcome: "full_refund",
          reason: "The arrival photos show the tear.",
        })
      ).status,
    ).toBe(302);
    expect(await refunds(t.orderId)).toEqual([
      { amount: 1000, status: "succeeded", key: `refund:overturn:${t.itemId}` },
    ]);
    expect(await claimTxns(t.orderId)).toEqual([{ type: "charge_reversal", gross: -1000, net: -900 }]);
  });

  it("not received, reported once the expected date passed, accepted: the item's price comes back", async () => {
    const vendor = await signedInBrowser("vendor", { ip: nextIp() });
    const product = await createProduct(vendor.id, { rentalPrice: 1500, buyingPrice: 5000 });
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const { orderId, items } = await placeOrder(shopper, [{ productId: product.id, option: "purchase" }]);
    const itemId = items[0]!.id;
    const problem = `/account/orders/${orderId}/problem`;
    // Not offered before the expected date.
    const early = await shopper.browser.post(problem, {
      intent: "report",
      itemId,
      reason: "not_received",
      description: "It never arrived at my door.",
    });
    expect(early.status).toBe(409);
    await env.DB.prepare("UPDATE orders SET created_at = created_at - ? WHERE id = ?")
      .bind(14 * 86_400_000, orderId)
      .run();
    expect(await (await shopper.browser.fetch(`${problem}?item=${itemId}`)).text()).toContain("Not received");
    expect(
      (
        await shopper.browser.post(problem, {
          intent: "report",
          itemId,
          reason: "not_received",
          description: "It never arrived at my door.",
        })
      ).status,
    ).toBe(302);
    const claim = (await claimOf(itemId))!;
    expect((await vendor.browser.post(`/account/claims/${claim.id}`, { intent: "accept" })).status).toBe(302);
    expect(await refunds(orderId)).toEqual([{ amount: 5000, status: "succeeded", key: `refund:claim:${itemId}` }]);
    // Nothing was recorded as sold, so nothing is taken back from the seller.
    expect(await claimTxns(orderId)).toEqual([]);
  });
});
