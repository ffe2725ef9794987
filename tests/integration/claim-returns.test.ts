import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signEasyPostEvent } from "../../app/services/easypost-signature.server";
import { LOCAL_SHIPPING_WEBHOOK_SECRET } from "../../app/env.server";
import { localTrackerEvent } from "../../app/services/shipping-dev.server";
import type { TrackingStatus } from "../../app/domain/tracking";
import { signedInBrowser } from "./actors";
import { Browser } from "./http";
import { admin, all, delivered, mail, nextIp, opened, refunds, report, type Trade } from "./claims-helpers";
import { runJob } from "./lifecycle-fixtures";

// A claim's return with tracking (issue 43 item 3; decision 0093): a purchase refunded in full on
// a claim goes back on a prepaid return label of its own, bought through the one label path; the
// shopper's order page shows it with its timeline; the carrier's signed events come to the one
// webhook, and 'delivered' marks the item received back by its handler, who is told. The refund
// never waits for the return.

type LabelRow = {
  id: string;
  direction: string;
  status: string;
  tracking_number: string;
  to_address: string;
  from_address: string;
  item_ids: string;
  claim_id: string | null;
};
const claimLabels = (orderId: string) =>
  all<LabelRow>(
    "SELECT id, direction, status, tracking_number, to_address, from_address, item_ids, claim_id FROM shipping_labels WHERE order_id = ? AND claim_id IS NOT NULL",
    orderId,
  );
const returnedAt = async (claimId: string) =>
  (await all<{ returned_at: number | null }>("SELECT returned_at FROM claims WHERE id = ?", claimId))[0]!.returned_at;

/** A tracking event as the provider delivers it, signed with the local secret. */
async function carrier(trackingNumber: string, status: TrackingStatus, at = Date.now()) {
  const body = localTrackerEvent(trackingNumber, status, at);
  const response = await new Browser().fetch("/webhooks/shipping", {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-hmac-signature": await signEasyPostEvent(body, LOCAL_SHIPPING_WEBHOOK_SECRET),
    },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { outcome: string }).outcome;
}

const page = async (browser: Trade["shopper"]["browser"], path: string) =>
  (await (await browser.fetch(path)).text()).replace(/<!-- -->/g, "");

describe("a claim refunded in full comes back with tracking", () => {
  it("accepted by the seller: a prepaid label to their return address, its timeline on the order page, and 'delivered' marks it received back", async () => {
    const t = await delivered();
    const claim = await opened(t);
    expect(await claimLabels(t.orderId)).toEqual([]);
    expect((await t.vendor.browser.post(claim.page, { intent: "accept" })).status).toBe(302);
    // The refund does not wait for the return.
    expect(await refunds(t.orderId)).toEqual([{ amount: 5000, status: "succeeded", key: `refund:claim:${t.itemId}` }]);

    const [label, ...more] = await claimLabels(t.orderId);
    expect(more).toEqual([]);
    expect(label).toMatchObject({
      direction: "return",
      status: "ready",
      claim_id: claim.id,
      item_ids: JSON.stringify([t.itemId]),
    });
    expect(JSON.parse(label!.to_address)).toMatchObject({ addressLine1: "2 Return Lane", city: "Leeds" });
    await mail(t.shopper.email, "claim_update", `Your claim about ${t.product.name} was accepted`);

    let order = await page(t.shopper.browser, `/account/orders/${t.orderId}`);
    expect(order).toContain("Prepaid return label for your claim");
    expect(order).toContain(`/account/labels/${label!.id}`);
    expect(order).toContain("Waiting to be sent back");
    const printable = await t.shopper.browser.fetch(`/account/labels/${label!.id}`);
    expect(printable.status).toBe(200);
    const printed = await printable.text();
    expect(printed).toContain("Your prepaid return label");
    expect(printed).toContain("2 Return Lane");
    expect(await page(t.shopper.browser, claim.page)).toContain("Print your return label");

    expect(await carrier(label!.tracking_number, "in_transit")).toBe("recorded: in_transit");
    expect(await page(t.vendor.browser, claim.page)).toContain("On its way back");
    expect(await returnedAt(claim.id)).toBeNull();

    const before = Date.now();
    expect(await carrier(label!.tracking_number, "delivered")).toBe("recorded: delivered; claim return received");
    expect(await returnedAt(claim.id)).toBeGreaterThanOrEqual(before);
    const handlerView = await page(t.vendor.browser, claim.page);
    expect(handlerView).toContain("Received back by the seller");
    expect(handlerView).toContain(label!.tracking_number);
    await mail(t.vendor.email, "claim_handler", `${t.product.name} is back with you`);
    order = await page(t.shopper.browser, `/account/orders/${t.orderId}`);
    expect(order).toMatch(/Prepaid return label for your claim[\s\S]*In transit[\s\S]*Delivered/);

    // The item itself is not moved by its return (it was bought and refunded), nor is anything refunded twice.
    expect(await all("SELECT status FROM order_items WHERE id = ?", t.itemId)).toEqual([{ status: "completed" }]);
    expect(await refunds(t.orderId)).toHaveLength(1);
    // A repeat of 'delivered' changes nothing twice.
    expect(await carrier(label!.tracking_number, "delivered")).toBe("duplicate: delivered");
  });

  it("decided as a full refund by staff, for a seller with no return address: the label goes to Closetloop's returns address", async () => {
    const t = await delivered();
    const claim = await opened(t);
    await env.DB.prepare("UPDATE users SET return_address = NULL WHERE id = ?").bind(t.vendor.id).run();
    expect(
      (await t.vendor.browser.post(claim.page, { intent: "dispute", text: "It left here in perfect condition." }))
        .status,
    ).toBe(302);
    const staff = await admin();
    const decided = await staff.browser.post("/admin/claims", {
      intent: "decide",
      claimId: claim.id,
      outcome: "full_refund",
      reason: "The photos show a large tear.",
    });
    expect(decided.status).toBe(302);
    const [label] = await claimLabels(t.orderId);
    expect(JSON.parse(label!.to_address)).toMatchObject({
      fullName: "Closetloop Returns",
      addressLine2: "88 Orsman Road",
    });
    expect(await page(t.shopper.browser, `/account/orders/${t.orderId}`)).toContain(
      "Prepaid return label for your claim",
    );
    expect(await page(staff.browser, claim.page)).toContain("88 Orsman Road");
  });

  it("an item that cannot go back (missing from the parcel) gets no label, and asking for one is refused", async () => {
    const missing = await delivered();
    expect(
      (await report(missing, { reason: "missing", description: "The parcel came without the belt." })).status,
    ).toBe(302);
    const [claim] = await all<{ id: string }>("SELECT id FROM claims WHERE order_item_id = ?", missing.itemId);
    expect((await missing.vendor.browser.post(`/account/claims/${claim!.id}`, { intent: "accept" })).status).toBe(302);
    expect(await claimLabels(missing.orderId)).toEqual([]);
    const asked = await missing.shopper.browser.post(`/account/claims/${claim!.id}`, { intent: "return_label" });
    expect(asked.status).toBe(409);
    expect(await asked.text()).toContain("This item does not go back: there is nothing to send.");
    expect(await claimLabels(missing.orderId)).toEqual([]);
  });
});

describe("a rental refunded in full", () => {
  it("gets no second label: it goes back as every rental does, and its claim's page says so", async () => {
    const t = await delivered("rental");
    const claim = await opened(t);
    expect((await t.vendor.browser.post(claim.page, { intent: "accept" })).status).toBe(302);
    expect(await claimLabels(t.orderId)).toEqual([]);
    const view = await page(t.shopper.browser, claim.page);
    expect(view).toContain("It goes back as every rental does");
    expect(view).not.toContain("Get a prepaid return label");
  });

  it("is not turned into a purchase when its window ends: the shopper was refunded, and sends it back", async () => {
    const t = await delivered("rental");
    const claim = await opened(t);
    expect((await t.vendor.browser.post(claim.page, { intent: "accept" })).status).toBe(302);
    const [item] = await all<{ rental_ends_at: number }>(
      "SELECT rental_ends_at FROM order_items WHERE id = ?",
      t.itemId,
    );
    await runJob("daily", item!.rental_ends_at + 60_000);
    expect(await all("SELECT status FROM order_items WHERE id = ?", t.itemId)).toEqual([{ status: "active" }]);
    expect(
      await all("SELECT id FROM transactions WHERE order_item_id = ? AND transaction_type = 'sale'", t.itemId),
    ).toEqual([]);
  });
});

describe("bad input", () => {
  it("someone else's claim, or its handler asking: 'Claim not found', nothing made; twice at once: one label", async () => {
    const t = await delivered();
    const claim = await opened(t);
    expect((await t.vendor.browser.post(claim.page, { intent: "accept" })).status).toBe(302);
    // As if the provider had failed when the claim was settled: the shopper gets the label on the claim's page.
    await env.DB.prepare("DELETE FROM shipping_labels WHERE claim_id = ?").bind(claim.id).run();
    expect(await page(t.shopper.browser, claim.page)).toContain("Get a prepaid return label");

    const stranger = await signedInBrowser("shopper", { ip: nextIp() });
    const theirs = await stranger.browser.post(claim.page, { intent: "return_label" });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toContain("Claim not found");
    expect((await t.vendor.browser.post(claim.page, { intent: "return_label" })).status).toBe(404);
    expect(await claimLabels(t.orderId)).toEqual([]);

    const answers = await Promise.all([1, 2].map(() => t.shopper.browser.post(claim.page, { intent: "return_label" })));
    for (const answer of answers) expect([303, 409]).toContain(answer.status);
    expect(answers.some((a) => a.status === 303)).toBe(true);
    const labels = await claimLabels(t.orderId);
    expect(labels).toHaveLength(1);
    expect(labels[0]!.status).toBe("ready");
    // A later press answers the same label.
    const again = await t.shopper.browser.post(claim.page, { intent: "return_label" });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/account/labels/${labels[0]!.id}`);
  });

  it("an event for a label we did not make is answered 200 and changes no claim", async () => {
    const t = await delivered();
    const claim = await opened(t);
    expect((await t.vendor.browser.post(claim.page, { intent: "accept" })).status).toBe(302);
    expect(await carrier("ZZ000000000GB", "delivered")).toBe("ignored: unknown label");
    expect(await returnedAt(claim.id)).toBeNull();
  });
});
