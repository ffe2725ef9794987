import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CLAIM_WINDOW_MS, HANDLER_ANSWER_MS } from "../../app/domain/claims";
import { captureDue } from "../../app/services/payments.server";
import { signedInBrowser } from "./actors";
import { toastAfter } from "./admin-content-fixtures";
import { createProduct, eventually } from "./factories";
import { bigPng, png, renamedText } from "./images";
import { runJob } from "./lifecycle-fixtures";
import { deliver, placeOrder, postBack } from "./orders";
import { services } from "./payouts-helpers";

// Buyer protection (issue 43 items 1 and 3; decision 0078): a claim through every path to every
// decision, with the money checked — what the payment provider was asked to give back (the
// payments table), what the money engine recorded (transactions), and what each side was told.
// Bad input answers at the field with a 4xx and changes nothing.

let ipSeq = 0;
const nextIp = () => `10.231.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const all = async <T,>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;
const refunds = (orderId: string) => all<{ amount: number; status: string; key: string }>("SELECT amount, status, idempotency_key AS key FROM payments WHERE order_id = ? AND operation = 'refund' ORDER BY created_at, rowid", orderId);
const claimTxns = (orderId: string) => all<{ type: string; gross: number; net: number }>("SELECT transaction_type AS type, gross_amount AS gross, net_amount AS net FROM transactions WHERE order_id = ? AND gross_amount < 0 ORDER BY created_at", orderId);
const claimOf = async (itemId: string) => (await all<{ id: string; status: string; outcome: string | null; refund_amount: number | null; escalated_because: string | null; photos: string }>("SELECT id, status, outcome, refund_amount, escalated_because, photos FROM claims WHERE order_item_id = ?", itemId))[0];
const mail = (to: string, kind: string, subject: string) => eventually(async () => (await all<{ subject: string }>("SELECT subject FROM notification_outbox WHERE recipient = ? AND kind = ?", to, kind)).find((m) => m.subject.includes(subject)));

/** A purchase (or rental) of £50 (£15 to rent) delivered now, its payment collected. */
async function delivered(option: "purchase" | "rental" = "purchase") {
  const vendor = await signedInBrowser("vendor", { ip: nextIp() });
  const product = await createProduct(vendor.id, { rentalPrice: 1500, buyingPrice: 5000 });
  const shopper = await signedInBrowser("shopper", { ip: nextIp() });
  const { orderId, items } = await placeOrder(shopper, [{ productId: product.id, option }]);
  await deliver(orderId);
  await captureDue(services(), Date.now(), orderId);
  const itemId = items[0]!.id;
  return { vendor, shopper, product, orderId, itemId, problem: `/account/orders/${orderId}/problem` };
}
type Trade = Awaited<ReturnType<typeof delivered>>;

async function report(t: Trade, fields: Record<string, string | File | File[]> = {}) {
  const response = await t.shopper.browser.post(t.problem, { intent: "report", itemId: t.itemId, reason: "damaged", description: "A large tear along the left sleeve.", photos: png("tear.png"), ...fields });
  return response;
}
async function opened(t: Trade) {
  const response = await report(t);
  expect(response.status).toBe(302);
  const claim = (await claimOf(t.itemId))!;
  expect(response.headers.get("location")).toBe(`/account/claims/${claim.id}?reported=1`);
  await mail(t.vendor.email, "claim_handler", `A problem was reported with ${t.product.name}`);
  return { ...claim, page: `/account/claims/${claim.id}` };
}
const admin = () => signedInBrowser("customerSupport", { ip: nextIp() });

describe("a claim answered by the seller", () => {
  it("reported with a photo, shown on the order page, accepted: the full price refunded under the claim's key, the seller's share taken back, the shopper told", async () => {
    const t = await delivered();
    const orderPage = await (await t.shopper.browser.fetch(`/account/orders/${t.orderId}`)).text();
    expect(orderPage).toContain("Report a problem");
    expect(orderPage).toContain("Everything is OK");
    const claim = await opened(t);
    expect(JSON.parse(claim.photos)).toEqual([expect.stringMatching(new RegExp(`^/images/claims/${claim.id}/0\\.png$`))]);
    // The seller's Orders tab lists it, with the way to it; they see the shopper's words and answer.
    const dashboard = (await (await t.vendor.browser.fetch("/vendor?tab=orders")).text()).replace(/<!-- -->/g, "");
    expect(dashboard).toContain(`href="${claim.page}"`);
    expect(dashboard).toContain(`Damaged: ${t.product.name}`);
    const page = await (await t.vendor.browser.fetch(claim.page)).text();
    expect(page).toContain("A large tear along the left sleeve.");
    const accepted = await t.vendor.browser.post(claim.page, { intent: "accept" });
    expect(accepted.status).toBe(302);
    expect(await toastAfter(t.vendor.browser, accepted)).toEqual(["Claim accepted", "£50.00 is refunded to the shopper."]);
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
    expect(await claimOf(t.itemId)).toMatchObject({ status: "resolved", outcome: "partial_refund", refund_amount: 1250 });
    await mail(t.vendor.email, "claim_handler", `The shopper accepted your offer for ${t.product.name}`);
  });
});

describe("a claim decided by staff", () => {
  it("an offer declined goes to staff, who decide a partial refund with a reason: refunded, both told", async () => {
    const t = await delivered();
    const claim = await opened(t);
    expect((await t.vendor.browser.post(claim.page, { intent: "offer", amount: "5" })).status).toBe(302);
    expect((await t.shopper.browser.post(claim.page, { intent: "decline_offer" })).status).toBe(302);
    expect(await claimOf(t.itemId)).toMatchObject({ status: "with_staff", escalated_because: "offer_declined" });
    const staff = await admin();
    expect(await (await staff.browser.fetch("/admin/claims")).text()).toContain("A large tear along the left sleeve.");
    const above = await staff.browser.post("/admin/claims", { intent: "decide", claimId: claim.id, outcome: "partial_refund", amount: "60", reason: "Photos show a tear." });
    expect(above.status).toBe(400);
    expect(await above.text()).toContain("A partial refund must be less than what was paid: £50.00.");
    expect(await refunds(t.orderId)).toEqual([]);
    const decided = await staff.browser.post("/admin/claims", { intent: "decide", claimId: claim.id, outcome: "partial_refund", amount: "20", reason: "Photos show a repairable tear." });
    expect(decided.status).toBe(302);
    expect(await refunds(t.orderId)).toEqual([{ amount: 2000, status: "succeeded", key: `refund:claim:${t.itemId}` }]);
    expect(await claimOf(t.itemId)).toMatchObject({ status: "resolved", outcome: "partial_refund", refund_amount: 2000 });
    await mail(t.shopper.email, "claim_update", "is decided: Partial refund");
    await mail(t.vendor.email, "claim_handler", "is decided: Partial refund");
  });

  it("a dispute with the seller's text and photos goes to staff, who decide no refund: nothing is refunded", async () => {
    const t = await delivered();
    const claim = await opened(t);
    const disputed = await t.vendor.browser.post(claim.page, { intent: "dispute", text: "It left here without any tear; see my photo.", photos: png("before.png") });
    expect(disputed.status).toBe(302);
    await mail(t.shopper.email, "claim_update", "The seller disputes your claim");
    const staff = await admin();
    const tab = await (await staff.browser.fetch("/admin/claims")).text();
    expect(tab).toContain("It left here without any tear; see my photo.");
    expect(tab).toMatch(new RegExp(`/images/claims/${claim.id}/handler-0\\.png`));
    expect((await staff.browser.post("/admin/claims", { intent: "decide", claimId: claim.id, outcome: "no_refund", reason: "The seller's photo shows it whole when posted." })).status).toBe(302);
    expect(await refunds(t.orderId)).toEqual([]);
    expect(await claimOf(t.itemId)).toMatchObject({ status: "resolved", outcome: "no_refund", refund_amount: 0 });
    // Decided once: a second decision is refused.
    expect((await staff.browser.post("/admin/claims", { intent: "decide", claimId: claim.id, outcome: "full_refund", reason: "Changed my mind here." })).status).toBe(409);
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
    expect((await staff.browser.post("/admin/claims", { intent: "decide", claimId: claim.id, outcome: "full_refund", reason: "No answer from the seller." })).status).toBe(302);
    expect(await refunds(t.orderId)).toEqual([{ amount: 5000, status: "succeeded", key: `refund:claim:${t.itemId}` }]);
  });

  it("a repair fee disputed after a rental is decided by staff through the overturn: refunded under its overturn key", async () => {
    const t = await delivered("rental");
    const page = `/account/orders/${t.orderId}`;
    expect((await t.shopper.browser.post(page, { intent: "request_return", itemId: t.itemId })).status).toBe(302);
    // Inspected once posted back (decision 0076).
    await postBack(t.shopper.browser, t.orderId, t.itemId);
    expect((await t.vendor.browser.post("/vendor?tab=orders", { intent: "inspect", itemId: t.itemId, outcome: "damaged", fee: "10.00", reason: "Torn hem" })).status).toBe(302);
    await captureDue(services(), Date.now(), t.orderId);
    expect(await (await t.shopper.browser.fetch(page)).text()).toContain("Dispute the repair fee");
    const disputed = await t.shopper.browser.post(t.problem, { intent: "report", itemId: t.itemId, reason: "repair_fee", description: "The hem was torn when it arrived." });
    expect(disputed.status).toBe(302);
    const claim = (await all<{ id: string; status: string }>("SELECT id, status FROM claims WHERE order_item_id = ? AND kind = 'repair_fee'", t.itemId))[0]!;
    expect(claim.status).toBe("with_staff");
    const staff = await admin();
    expect((await staff.browser.post("/admin/claims", { intent: "decide", claimId: claim.id, outcome: "full_refund", reason: "The arrival photos show the tear." })).status).toBe(302);
    expect(await refunds(t.orderId)).toEqual([{ amount: 1000, status: "succeeded", key: `refund:overturn:${t.itemId}` }]);
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
    const early = await shopper.browser.post(problem, { intent: "report", itemId, reason: "not_received", description: "It never arrived at my door." });
    expect(early.status).toBe(409);
    await env.DB.prepare("UPDATE orders SET created_at = created_at - ? WHERE id = ?").bind(14 * 86_400_000, orderId).run();
    expect(await (await shopper.browser.fetch(`${problem}?item=${itemId}`)).text()).toContain("Not received");
    expect((await shopper.browser.post(problem, { intent: "report", itemId, reason: "not_received", description: "It never arrived at my door." })).status).toBe(302);
    const claim = (await claimOf(itemId))!;
    expect((await vendor.browser.post(`/account/claims/${claim.id}`, { intent: "accept" })).status).toBe(302);
    expect(await refunds(orderId)).toEqual([{ amount: 5000, status: "succeeded", key: `refund:claim:${itemId}` }]);
    // Nothing was recorded as sold, so nothing is taken back from the seller.
    expect(await claimTxns(orderId)).toEqual([]);
  });
});

describe("bad input", () => {
  it("someone else's order, after the window, twice, a file that is not an image, 20 MB of photos: a 4xx with a message, nothing changed", async () => {
    const t = await delivered();
    const stranger = await signedInBrowser("shopper", { ip: nextIp() });
    const theirs = await stranger.browser.post(t.problem, { intent: "report", itemId: t.itemId, reason: "damaged", description: "Not my order at all here." });
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
    await env.DB.prepare("UPDATE order_items SET delivered_at = ? WHERE id = ?").bind(Date.now() - CLAIM_WINDOW_MS - 1000, late.itemId).run();
    const after = await report(late);
    expect(after.status).toBe(409);
    expect(await after.text()).toContain("The time to report a problem with this item has passed.");
    expect(await claimOf(late.itemId)).toBeUndefined();
  });
});
