import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { localFailKey } from "../../app/services/payments-local.server";
import worker from "../../workers/app";
import { CRON } from "../../workers/cron";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, databaseFingerprint, eventually } from "./factories";
import { concierge } from "./lifecycle-fixtures";
import { placeOrder, shownReference } from "./orders";
import { toastAfter } from "./admin-content-fixtures";

// A trade between two people (issue 22): the seller posts the items with a tracking number, the
// shopper sees it and confirms delivery, or cancels before it is posted; each party is told, the
// money follows, a replay changes nothing and a race has one winner.

let ipSeq = 0;
const nextIp = () => `10.222.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const item = (id: string) =>
  env.DB.prepare(
    "SELECT status, carrier, tracking_number, shipped_by, cancelled_by, rental_ends_at FROM order_items WHERE id = ?",
  )
    .bind(id)
    .first<Record<string, unknown>>();
const product = (id: string) =>
  env.DB.prepare("SELECT availability FROM products WHERE id = ?").bind(id).first<{ availability: string }>();
const outbox = (to: string) =>
  env.DB.prepare("SELECT kind, subject, body FROM notification_outbox WHERE recipient = ? ORDER BY created_at")
    .bind(to)
    .all<{ kind: string; subject: string; body: string }>()
    .then((r) => r.results);
const refunds = (orderId: string) =>
  env.DB.prepare(
    "SELECT amount, status, idempotency_key AS key FROM payments WHERE order_id = ? AND operation = 'refund' ORDER BY created_at, rowid",
  )
    .bind(orderId)
    .all<{ amount: number; status: string; key: string }>()
    .then((r) => r.results);

async function trade(option: "rental" | "purchase" = "rental") {
  const vendor = await signedInBrowser("vendor", { ip: nextIp() });
  const dress = await createProduct(vendor.id, { rentalPrice: 2000, buyingPrice: 9000 });
  const shopper = await signedInBrowser("shopper", { ip: nextIp() });
  const { orderId, items } = await placeOrder(shopper, [{ productId: dress.id, option }]);
  return { vendor, shopper, dress, orderId, itemId: items[0]!.id };
}

const ship = (t: Awaited<ReturnType<typeof trade>>, fields: Record<string, string> = {}) =>
  t.vendor.browser.post("/vendor?tab=orders", {
    intent: "ship",
    orderId: t.orderId,
    itemId: t.itemId,
    carrier: "royal_mail",
    trackingNumber: "AB123456789GB",
    ...fields,
  });

describe("posting with tracking", () => {
  it("shows the seller what to send, where and by when; a bad number is refused at its field; shipped, the shopper sees the tracking and is told", async () => {
    const t = await trade();
    const orders = await (await t.vendor.browser.fetch("/vendor?tab=orders")).text();
    expect(orders).toContain(`Order ${await shownReference(t.orderId)}`);
    expect(orders).toContain("12 St James&#x27;s Square");
    expect(orders).toMatch(/Post by [A-Z][a-z]+day \d+ [A-Z][a-z]+/);

    for (const [number, message] of [
      ["AB 1234 5678 9GB", "Enter the tracking number without spaces."],
      ["12345", "That does not look like a Royal Mail tracking number"],
    ] as const) {
      const before = await databaseFingerprint();
      const refused = await ship(t, { trackingNumber: number });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
      expect(await databaseFingerprint()).toBe(before);
    }

    const shipped = await ship(t, { trackingNumber: "ab123456789gb" });
    expect(shipped.status).toBe(302);
    expect(shipped.headers.get("location")).toBe("/vendor?tab=orders");
    expect(await item(t.itemId)).toMatchObject({
      status: "shipped",
      carrier: "royal_mail",
      tracking_number: "AB123456789GB",
      shipped_by: t.vendor.id,
    });
    // The same form again: the same answer, nothing new.
    expect((await ship(t)).status).toBe(302);

    const page = await (await t.shopper.browser.fetch(`/account/orders/${t.orderId}`)).text();
    expect(page).toContain("Royal Mail");
    expect(page).toContain('href="https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB"');
    expect(page).toContain("I have received it");
    await eventually(async () =>
      (await outbox(t.shopper.email)).find((m) => (m.subject ?? "").endsWith("is on its way")),
    );
    const mail = (await outbox(t.shopper.email)).filter((m) => (m.subject ?? "").endsWith("is on its way"));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain("Tracking: Royal Mail AB123456789GB");
    expect(mail[0]!.body).toContain(`http://localhost:4173/account/orders/${t.orderId}`);
    const event = await eventually(() =>
      env.DB.prepare(
        "SELECT payload FROM notification_outbox WHERE recipient = ? AND kind = 'track_event:shipment_status_updated'",
      )
        .bind(t.shopper.email)
        .first<{ payload: string }>(),
    );
    expect(JSON.parse(event.payload).data.eventProperties).toEqual({
      orderId: t.orderId,
      status: "shipped",
      trackingNumber: "AB123456789GB",
    });
  });

  it("refuses to post someone else's order, for another seller and for the shopper", async () => {
    const t = await trade();
    const other = await signedInBrowser("otherVendor", { ip: nextIp() });
    const before = await databaseFingerprint();
    const answer = await other.browser.post("/vendor?tab=orders", {
      intent: "ship",
      orderId: t.orderId,
      itemId: t.itemId,
      carrier: "dpd",
      trackingNumber: "15501234567890",
    });
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain("Order not found");
    expect(await databaseFingerprint()).toBe(before);
  });

  it("starts the rental when the shopper confirms delivery, once", async () => {
    const t = await trade();
    await ship(t);
    const confirmed = await t.shopper.browser.post(`/account/orders/${t.orderId}`, { intent: "confirm_delivery" });
    expect(confirmed.status).toBe(302);
    const row = await item(t.itemId);
    expect(row).toMatchObject({ status: "active" });
    const again = await t.shopper.browser.post(`/account/orders/${t.orderId}`, {
      intent: "confirm_delivery",
      itemId: t.itemId,
    });
    expect(again.status).toBe(302);
    expect(await item(t.itemId)).toEqual(row);
    // Told as when staff mark it delivered: the 7 days start today (one e-mail: the second confirm changed nothing).
    const subject = `Your Closetloop order ${await shownReference(t.orderId)} is delivered`;
    const delivered = await eventually(async () =>
      (await outbox(t.shopper.email)).filter((m) => m.subject === subject).at(0),
    );
    expect(delivered!.body).toContain("Your 7-day rental window starts today");
    expect((await outbox(t.shopper.email)).filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it("completes a purchase when the shopper confirms delivery: its sale is recorded and taken from the card, as when staff mark it delivered", async () => {
    const t = await trade("purchase");
    await ship(t);
    const confirmed = await t.shopper.browser.post(`/account/orders/${t.orderId}`, { intent: "confirm_delivery" });
    // Thanked without a word about rentals: it is a purchase.
    expect(await toastAfter(t.shopper.browser, confirmed)).toEqual(["Delivery confirmed", "Thank you! Enjoy it."]);
    expect(await item(t.itemId)).toMatchObject({ status: "completed" });
    const sale = await env.DB.prepare(
      "SELECT id, gross_amount AS gross, owner_id AS owner FROM transactions WHERE order_item_id = ? AND transaction_type = 'sale'",
    )
      .bind(t.itemId)
      .first<{ id: string; gross: number; owner: string }>();
    expect(sale).toMatchObject({ gross: 9000, owner: t.vendor.id });
    const capture = await eventually(() =>
      env.DB.prepare("SELECT amount FROM payments WHERE idempotency_key = ? AND status = 'succeeded'")
        .bind(`capture:${sale!.id}`)
        .first<{ amount: number }>(),
    );
    expect(capture).toEqual({ amount: 9000 });
    const page = await (await t.shopper.browser.fetch(`/account/orders/${t.orderId}`)).text();
    expect(page).not.toContain("Authorised");
  });
});

describe("cancelling", () => {
  it("a concierge item: the store is told not to send it, and its owner that the sale is undone", async () => {
    const owner = await createUser();
    const item = await createProduct(owner.id);
    const store = await concierge(item.id);
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const { orderId } = await placeOrder(shopper, [{ productId: item.id, option: "purchase" }]);
    expect((await shopper.browser.post(`/account/orders/${orderId}`, { intent: "cancel_order" })).status).toBe(302);
    const toStore = await eventually(async () =>
      (await outbox(store.email)).find((m) => m.kind === "handler_order_cancelled"),
    );
    expect(toStore.subject).toBe(`Order ${await shownReference(orderId)} was cancelled: do not send it`);
    const toOwner = await eventually(async () =>
      (await outbox(owner.email)).find(
        (m) => m.kind === "owner_item_update" && m.subject === `${item.name} was cancelled`,
      ),
    );
    expect(toOwner.body).toContain(
      "before it was posted. It is back on sale, and the sale no longer counts toward your payout.",
    );
  });

  it("one item of two: the seller is told not to send that one, and that the other still needs posting", async () => {
    const vendor = await signedInBrowser("vendor", { ip: nextIp() });
    const [kept, dropped] = await Promise.all([
      createProduct(vendor.id, { name: `Kept Jacket ${nextIp()}` }),
      createProduct(vendor.id, { name: `Dropped Skirt ${nextIp()}` }),
    ]);
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const { orderId, items } = await placeOrder(shopper, [
      { productId: kept.id, option: "rental" },
      { productId: dropped.id, option: "purchase" },
    ]);
    const droppedItem = items.find((i) => i.productId === dropped.id)!;
    expect(
      (await shopper.browser.post(`/account/orders/${orderId}`, { intent: "cancel_item", itemId: droppedItem.id }))
        .status,
    ).toBe(302);
    const told = await eventually(async () =>
      (await outbox(vendor.email)).find((m) => m.kind === "handler_order_cancelled"),
    );
    expect(told.subject).toBe(
      `${dropped.name} was cancelled from order ${await shownReference(orderId)}: do not send it`,
    );
    expect(told.body).toContain(`${dropped.name} was cancelled by the shopper before it was posted: do not send it.`);
    expect(told.body).toContain(`The rest of the order still needs posting: ${kept.name}.`);
    // Its Orders tab marks the cancelled item as such, beside the one still to send.
    const reference = await shownReference(orderId);
    const tab = (await (await vendor.browser.fetch("/vendor?tab=orders")).text()).replace(/<!-- -->/g, "");
    const order = tab
      .split('data-testid="seller-order"')
      .slice(1)
      .find((part) => part.includes(`Order ${reference}`))!;
    const line = (name: string) => order.slice(order.indexOf(`${name}</span>`)).split("</li>")[0]!;
    expect(line(dropped.name)).toContain(">cancelled</span>");
    expect(line(kept.name)).not.toContain(">cancelled</span>");
  });

  it("before it is posted: back on sale, refunded, shopper and seller told, no sale recorded; a second cancel changes nothing", async () => {
    const t = await trade("purchase");
    expect(await product(t.dress.id)).toEqual({ availability: "sold" });
    const cancelled = await t.shopper.browser.post(`/account/orders/${t.orderId}`, { intent: "cancel_order" });
    expect(cancelled.status).toBe(302);
    expect(await item(t.itemId)).toMatchObject({ status: "cancelled", cancelled_by: t.shopper.id });
    expect(await product(t.dress.id)).toEqual({ availability: "available" });
    expect(await refunds(t.orderId)).toEqual([
      { amount: 9000, status: "succeeded", key: `refund:cancel:${t.itemId}` },
      { amount: 399, status: "succeeded", key: `refund:${t.orderId}` },
    ]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM transactions WHERE order_id = ?").bind(t.orderId).first(),
    ).toEqual({ n: 0 });
    const cancelledMail = await eventually(async () =>
      (await outbox(t.shopper.email)).find((m) => m.kind === "order_cancelled"),
    );
    // Held at checkout, taken only at delivery: nothing was taken, and the hold is given back (decision 0068).
    // With the amounts the order's money lines show (issue 42 item 4, decision 0074).
    expect(cancelledMail.body).toContain(
      "Nothing was taken for it: £90.00 held on your card for it and £3.99 for its delivery (£93.99 in all) is given back.",
    );
    const told = await eventually(async () =>
      (await outbox(t.vendor.email)).find((m) => m.kind === "handler_order_cancelled"),
    );
    expect(told.subject).toBe(`Order ${await shownReference(t.orderId)} was cancelled: do not send it`);
    expect(told.body).toContain("There is nothing else of this order to send.");

    const page = await (await t.shopper.browser.fetch(`/account/orders/${t.orderId}`)).text();
    expect(page).toContain("Refund: ");
    expect(page).toMatch(/Total paid<\/th><td[^>]*>£0\.00</);

    const before = await databaseFingerprint();
    const again = await t.shopper.browser.post(`/account/orders/${t.orderId}`, { intent: "cancel_order" });
    expect(again.status).toBe(302);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("is refused once the item was posted (409), and a race with the seller has one winner", async () => {
    const posted = await trade("purchase");
    await ship(posted);
    const before = await databaseFingerprint();
    const refused = await posted.shopper.browser.post(`/account/orders/${posted.orderId}`, {
      intent: "cancel_item",
      itemId: posted.itemId,
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This item has been posted, so it can no longer be cancelled.");
    expect(await databaseFingerprint()).toBe(before);

    const race = await trade("purchase");
    const [cancel, shipped] = await Promise.all([
      race.shopper.browser.post(`/account/orders/${race.orderId}`, { intent: "cancel_order" }),
      ship(race),
    ]);
    const status = (await item(race.itemId))!.status;
    expect(["cancelled", "shipped"]).toContain(status);
    // The loser is told: a 409 with the reason, or (when its batch found the change already made) the current state.
    if (status === "cancelled") expect([302, 409]).toContain(shipped.status);
    else expect([302, 409]).toContain(cancel.status);
    expect((await refunds(race.orderId)).length > 0).toBe(status === "cancelled");
  });

  it("retries a failed refund with the daily job, once", async () => {
    const t = await trade("purchase");
    await env.CACHE.put(localFailKey(t.orderId), "refund");
    await t.shopper.browser.post(`/account/orders/${t.orderId}`, { intent: "cancel_order" });
    expect((await refunds(t.orderId)).map((r) => r.status)).toEqual(["failed", "failed"]);
    await env.CACHE.delete(localFailKey(t.orderId));
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: CRON.daily, scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const after = await refunds(t.orderId);
    // The item's price and the delivery, each given back once: never the whole order on top.
    const given = after.filter((r) => r.status === "succeeded").map((r) => `${r.key}=${r.amount}`);
    expect(given.sort()).toEqual([`refund:${t.orderId}=399`, `refund:cancel:${t.itemId}=9000`].sort());
  });
});
