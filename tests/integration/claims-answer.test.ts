import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CLAIM_WINDOW_MS } from "../../app/domain/claims";
import { signedInBrowser } from "./actors";
import { toastAfter } from "./admin-content-fixtures";
import { bigPng, renamedText } from "./images";
import { all, claimOf, claimTxns, delivered, mail, nextIp, opened, refunds, report } from "./claims-helpers";

// Buyer protection (issue 43 items 1 and 3; decision 0078): a claim reported by the shopper and
// answered by the seller — accepted, or a partial offer the shopper accepts — with the money checked.
// Bad input answers at the field with a 4xx and changes nothing. Staff's decisions: claims-staff.test.ts.

describe("a claim answered by the seller", () => {
  it("reported with a photo, shown on the order page, accepted: the full price refunded under the claim's key, the seller's share taken back, the shopper told", async () => {
    const t = await delivered();
    const orderPage = await (await t.shopper.browser.fetch(`/account/orders/${t.orderId}`)).text();
    expect(orderPage).toContain("Report a problem");
    expect(orderPage).toContain("Everything is OK");
    const claim = await opened(t);
    expect(JSON.parse(claim.photos)).toEqual([
      expect.stringMatching(new RegExp(`^/images/claims/${claim.id}/0\\.png$`)),
    ]);
    // The seller's Orders tab lists it, with the way to it; they see the shopper's words and answer.
    const dashboard = (await (await t.vendor.browser.fetch("/vendor?tab=orders")).text()).replace(/<!-- -->/g, "");
    expect(dashboard).toContain(`href="${claim.page}"`);
    expect(dashboard).toContain(`Damaged: ${t.product.name}`);
    const page = await (await t.vendor.browser.fetch(claim.page)).text();
    expect(page).toContain("A large tear along the left sleeve.");
    const accepted = await t.vendor.browser.post(claim.page, { intent: "accept" });
    expect(accepted.status).toBe(302);
    expect(await toastAfter(t.vendor.browser, accepted)).toEqual([
      "Claim accepted",
      "£50.00 is refunded to the shopper.",
    ]);
    expect(await refunds(t.orderId)).toEqual([{ amount: 5000, status: "succeeded", key: `refund:claim:${t.itemId}` }]);
    expect(await claimTxns(t.orderId)).toEqual([{ type: "claim_refund", gross: -5000, net: -4500 }]);
    expect(await claimOf(t.itemId)).toMatchObject({ status: "resolved", outcome: "full_refund", refund_amount: 5000 });
    await mail(t.shopper.email, "claim_update", `Your claim about ${t.product.name} was accepted`);
    // The shopper's page says where it goes back; a second answer changes nothing.
    expect(await (await t.shopper.browser.fetch(claim.page)).text()).toContain("2 Return Lane");
    expect((await t.vendor.browser.post(claim.page, { intent: "accept" })).status).toBe(409);
    expect(await refunds(t.orderId)).toHaveLength(1);
  });

  it("a partial offer accepted by the shopper refunds that part; an offer of what was paid or more is refused at the field", async () => {
    const t = await delivered();
    const claim = await opened(t);
    const tooMuch = await t.vendor.browser.post(claim.page, { intent: "offer", amount: "50.00" });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toContain("A partial refund must be less than what was paid: £50.00.");
    expect(await claimOf(t.itemId)).toMatchObject({ status: "awaiting_handler" });
    expect((await t.vendor.browser.post(claim.page, { intent: "offer", amount: "12.50" })).status).toBe(302);
    await mail(t.shopper.email, "claim_update", `A partial refund is offered for ${t.product.name}`);
    // Only the shopper answers an offer.
    expect((await t.vendor.browser.post(claim.page, { intent: "accept_offer" })).status).toBe(404);
    expect((await t.shopper.browser.post(claim.page, { intent: "accept_offer" })).status).toBe(302);
    expect(await refunds(t.orderId)).toEqual([{ amount: 1250, status: "succeeded", key: `refund:claim:${t.itemId}` }]);
    expect(await claimTxns(t.orderId)).toEqual([{ type: "claim_refund", gross: -1250, net: -1125 }]);
    expect(await claimOf(t.itemId)).toMatchObject({
      status: "resolved",
      outcome: "partial_refund",
      refund_amount: 1250,
    });
    await mail(t.vendor.email, "claim_handler", `The shopper accepted your offer for ${t.product.name}`);
  });
});

describe("bad input", () => {
  it("someone else's order, after the window, twice, a file that is not an image, 20 MB of photos: a 4xx with a message, nothing changed", async () => {
    const t = await delivered();
    const stranger = await signedInBrowser("shopper", { ip: nextIp() });
    const theirs = await stranger.browser.post(t.problem, {
      intent: "report",
      itemId: t.itemId,
      reason: "damaged",
      description: "Not my order at all here.",
    });
    expect(theirs.status).toBe(404);
    expect(await (await t.vendor.browser.fetch(`${t.problem}?item=${t.itemId}`)).text()).toContain("Order not found");

    const notImage = await report(t, { photos: renamedText() });
    expect(notImage.status).toBe(400);
    expect(await notImage.text()).toContain("Only JPEG, PNG, and WebP photos are allowed");
    const huge = await report(t, { photos: bigPng(20 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const short = await report(t, { description: "bad" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Describe the problem in 10 to 2000 characters.");
    expect(await claimOf(t.itemId)).toBeUndefined();

    await opened(t);
    const twice = await report(t);
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("A problem was already reported for this item.");
    expect(await all("SELECT id FROM claims WHERE order_item_id = ?", t.itemId)).toHaveLength(1);

    const late = await delivered();
    await env.DB.prepare("UPDATE order_items SET delivered_at = ? WHERE id = ?")
      .bind(Date.now() - CLAIM_WINDOW_MS - 1000, late.itemId)
      .run();
    const after = await report(late);
    expect(after.status).toBe(409);
    expect(await after.text()).toContain("The time to report a problem with this item has passed.");
    expect(await claimOf(late.itemId)).toBeUndefined();
  });
});
