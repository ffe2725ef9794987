import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signEasyPostEvent } from "../../app/services/easypost-signature.server";
import { LOCAL_SHIPPING_WEBHOOK_SECRET } from "../../app/env.server";
import { localTrackerEvent } from "../../app/services/shipping-dev.server";
import type { TrackingStatus } from "../../app/domain/tracking";
import { signedInBrowser } from "./actors";
import { createProduct, databaseFingerprint, eventually } from "./factories";
import { Browser } from "./http";
import { DAY, placeOrder, shownReference } from "./orders";
import { queueDrained } from "./queue-drained";

// Shipping labels and tracking (issue 44 items 2 and 3; decision 0082): the seller presses 'Get a
// label', the local provider makes it, the local provider's page sends the carrier's signed
// events to /webhooks/shipping, and 'delivered' starts the rental's 7 days without staff.

let ipSeq = 0;
const nextIp = () => `10.244.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const itemRow = (id: string) =>
  env.DB.prepare(
    "SELECT status, carrier, tracking_number, delivered_at, rental_starts_at, rental_ends_at FROM order_items WHERE id = ?",
  )
    .bind(id)
    .first<Record<string, unknown>>();
const labelsOf = (orderId: string) =>
  env.DB.prepare(
    "SELECT id, direction, status, tracking_number, tracking_status, cost, provider FROM shipping_labels WHERE order_id = ? ORDER BY direction",
  )
    .bind(orderId)
    .all<{
      id: string;
      direction: string;
      status: string;
      tracking_number: string;
      tracking_status: string | null;
      cost: number;
      provider: string;
    }>()
    .then((r) => r.results);
const eventsOf = (labelId: string) =>
  env.DB.prepare("SELECT status FROM tracking_events WHERE label_id = ? ORDER BY occurred_at")
    .bind(labelId)
    .all<{ status: string }>()
    .then((r) => r.results.map((e) => e.status));
const delivered = (to: string) =>
  env.DB.prepare("SELECT count(*) AS n FROM notification_outbox WHERE recipient = ? AND subject LIKE '%is delivered'")
    .bind(to)
    .first<{ n: number }>()
    .then((r) => r!.n);

async function trade(option: "rental" | "purchase" = "rental") {
  const vendor = await signedInBrowser("vendor", { ip: nextIp() });
  const dress = await createProduct(vendor.id, { rentalPrice: 2000, buyingPrice: 9000 });
  const shopper = await signedInBrowser("shopper", { ip: nextIp() });
  const { orderId, items } = await placeOrder(shopper, [{ productId: dress.id, option }]);
  return { vendor, shopper, dress, orderId, itemId: items[0]!.id };
}
type Trade = Awaited<ReturnType<typeof trade>>;

const getLabel = (t: Trade, browser = t.vendor.browser) =>
  browser.post("/vendor?tab=orders", { intent: "get_label", orderId: t.orderId });

/** The local provider's page, from this machine: one of its event buttons. */
const pressEvent = (trackingNumber: string, status: TrackingStatus) =>
  new Browser().fetch("/dev/shipping", {
    method: "POST",
    form: { intent: status, trackingNumber },
    headers: { "cf-connecting-ip": "127.0.0.1" },
  });

/** An event as the provider delivers it, signed with `secret` (or not at all). */
async function deliverEvent(body: string, secret: string | null = LOCAL_SHIPPING_WEBHOOK_SECRET) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (secret) headers["x-hmac-signature"] = await signEasyPostEvent(body, secret);
  return new Browser().fetch("/webhooks/shipping", { method: "POST", body, headers });
}

describe("a label through the local provider", () => {
  it("is printable, posts the order, and its signed 'delivered' starts the rental's 7 days with no staff step", async () => {
    const t = await trade();
    const orders = await (await t.vendor.browser.fetch("/vendor?tab=orders")).text();
    expect(orders).toContain("Get a label");

    const got = await getLabel(t);
    expect(got.status).toBe(303);
    const labelPath = got.headers.get("location")!;
    expect(labelPath).toMatch(/^\/account\/labels\/lbl_/);
    const [outbound, back] = await labelsOf(t.orderId);
    expect(outbound).toMatchObject({ direction: "outbound", status: "ready", provider: "local", cost: 320 });
    expect(back).toMatchObject({ direction: "return", status: "ready" });
    expect(outbound!.tracking_number).toMatch(/^[A-Z]{2}\d{9}GB$/);
    // Posted with the label's tracking, as 'Mark shipped' does.
    expect(await itemRow(t.itemId)).toMatchObject({
      status: "shipped",
      carrier: "royal_mail",
      tracking_number: outbound!.tracking_number,
    });

    const printable = await (await t.vendor.browser.fetch(labelPath)).text();
    expect(printable).toContain("Shipping label");
    expect(printable).toContain(`Barcode of ${outbound!.tracking_number}`);
    expect(printable).toContain("2 Return Lane");
    expect(printable).toContain("12 St James's Square");
    expect(printable).toContain("Royal Mail · Tracked 48");
    expect(printable).toContain("£3.20, paid from the order&#x27;s delivery fee");

    // The shopper follows it: the label made, no scan yet.
    let page = await (await t.shopper.browser.fetch(`/account/orders/${t.orderId}`)).text();
    expect(page).toContain("Tracking");
    expect(page).toContain("Label created");
    expect(page).not.toContain("Prepaid return label");

    const devPage = await (
      await new Browser().fetch("/dev/shipping", { headers: { "cf-connecting-ip": "127.0.0.1" } })
    ).text();
    expect(devPage).toContain(outbound!.tracking_number);
    for (const status of ["in_transit", "out_for_delivery"] as const)
      expect((await pressEvent(outbound!.tracking_number, status)).status).toBe(303);
    expect((await itemRow(t.itemId))!.status).toBe("shipped");
    const before = Date.now();
    expect((await pressEvent(outbound!.tracking_number, "delivered")).status).toBe(303);

    const item = (await itemRow(t.itemId))!;
    expect(item.status).toBe("active");
    expect(item.delivered_at as number).toBeGreaterThanOrEqual(before);
    expect(item.rental_ends_at).toBe((item.rental_starts_at as number) + 7 * DAY);
    const history = await env.DB.prepare(
      "SELECT actor_role FROM order_status_history WHERE order_item_id = ? AND to_status = 'active'",
    )
      .bind(t.itemId)
      .first<{ actor_role: string }>();
    expect(history?.actor_role).toBe("system");
    await eventually(async () => ((await delivered(t.shopper.email)) === 1 ? true : null));

    page = await (await t.shopper.browser.fetch(`/account/orders/${t.orderId}`)).text();
    expect(page).toMatch(/In transit[\s\S]*Out for delivery[\s\S]*Delivered/);
    expect(page).toContain("Prepaid return label");
    expect(page).toContain(`/account/labels/${back!.id}`);
    const returnLabel = await t.shopper.browser.fetch(`/account/labels/${back!.id}`);
    expect(returnLabel.status).toBe(200);
    expect(await returnLabel.text()).toContain("Your prepaid return label");
    // The outbound label is the seller's, not the shopper's.
    expect((await t.shopper.browser.fetch(labelPath)).status).toBe(404);
  });
});

describe("tracking events", () => {
  async function labelled() {
    const t = await trade();
    expect((await getLabel(t)).status).toBe(303);
    const [outbound] = await labelsOf(t.orderId);
    return { ...t, label: outbound! };
  }

  it("twice, or out of order, change nothing twice", async () => {
    const t = await labelled();
    const at = Date.now();
    const deliveredBody = localTrackerEvent(t.label.tracking_number, "delivered", at, "evt_twice");
    const first = await deliverEvent(deliveredBody);
    expect(first.status).toBe(200);
    expect((await first.json()) as object).toMatchObject({ outcome: "recorded: delivered; items delivered" });
    const window = await itemRow(t.itemId);

    // The same event again, and the same status in a new event: recorded once, nothing moves.
    const again = await deliverEvent(deliveredBody);
    expect(again.status).toBe(200);
    expect((await again.json()) as object).toMatchObject({ outcome: "duplicate: delivered" });
    expect((await deliverEvent(localTrackerEvent(t.label.tracking_number, "delivered", at + 60_000))).status).toBe(200);
    // A late 'in transit' (scanned before delivery, delivered after it) joins the timeline only.
    const late = await deliverEvent(localTrackerEvent(t.label.tracking_number, "in_transit", at - DAY));
    expect((await late.json()) as object).toMatchObject({ outcome: "recorded: in_transit" });

    expect(await itemRow(t.itemId)).toEqual(window);
    expect(await eventsOf(t.label.id)).toEqual(["in_transit", "delivered"]);
    expect((await labelsOf(t.orderId))[0]!.tracking_status).toBe("delivered");
    await queueDrained();
    expect(await delivered(t.shopper.email)).toBe(1);
    const page = await (await t.shopper.browser.fetch(`/account/orders/${t.orderId}`)).text();
    expect(page).toMatch(/In transit[\s\S]*Delivered/);
  });

  it("unsigned or forged are refused with a 400; one for an unknown label is answered 200 with nothing done", async () => {
    const t = await labelled();
    const body = localTrackerEvent(t.label.tracking_number, "delivered", Date.now());
    const before = await databaseFingerprint();
    for (const answer of [
      await deliverEvent(body, null),
      await deliverEvent(body, "a-forged-secret"),
      await new Browser().fetch("/webhooks/shipping", {
        method: "POST",
        body,
        headers: { "x-hmac-signature": "hmac-sha256-hex=00" },
      }),
    ]) {
      expect(answer.status).toBe(400);
      expect(await answer.text()).toBe("Missing or invalid X-Hmac-Signature");
    }
    const unknown = await deliverEvent(localTrackerEvent("ZZ000000000GB", "delivered", Date.now()));
    expect(unknown.status).toBe(200);
    expect((await unknown.json()) as object).toMatchObject({ outcome: "ignored: unknown label" });
    expect(await databaseFingerprint()).toBe(before);
    expect((await itemRow(t.itemId))!.status).toBe("shipped");
  });
});

describe("'Get a label' refused", () => {
  it("two at once make one label", async () => {
    const t = await trade();
    const answers = await Promise.all([getLabel(t), getLabel(t)]);
    for (const answer of answers) expect([303, 409]).toContain(answer.status);
    expect(answers.some((a) => a.status === 303)).toBe(true);
    const labels = await labelsOf(t.orderId);
    expect(labels.map((l) => l.direction)).toEqual(["outbound", "return"]);
    // Pressed again later: the same label, nothing new.
    const again = await getLabel(t);
    expect(again.headers.get("location")).toBe(`/account/labels/${labels[0]!.id}`);
    expect(await labelsOf(t.orderId)).toHaveLength(2);
  });

  it("for someone else's order, an order already sent or cancelled: a message and a 4xx, nothing made", async () => {
    const t = await trade();
    const other = await signedInBrowser("otherVendor", { ip: nextIp() });
    let before = await databaseFingerprint();
    const notYours = await getLabel(t, other.browser);
    expect(notYours.status).toBe(404);
    expect(await notYours.text()).toContain("Order not found");
    expect(await databaseFingerprint()).toBe(before);

    // Sent by hand with a typed tracking number (still possible): no label to get.
    expect(
      (
        await t.vendor.browser.post("/vendor?tab=orders", {
          intent: "ship",
          orderId: t.orderId,
          itemId: t.itemId,
          carrier: "dpd",
          trackingNumber: "15501234567890",
        })
      ).status,
    ).toBe(302);
    before = await databaseFingerprint();
    const sent = await getLabel(t);
    expect(sent.status).toBe(409);
    expect(await sent.text()).toContain("This order was already sent: there is nothing left to label.");

    const c = await trade("purchase");
    expect((await c.shopper.browser.post(`/account/orders/${c.orderId}`, { intent: "cancel_order" })).status).toBe(302);
    await queueDrained();
    before = await databaseFingerprint();
    const cancelled = await getLabel(c);
    expect(cancelled.status).toBe(409);
    expect(await cancelled.text()).toContain("This order was cancelled: there is nothing to send.");
    expect(await databaseFingerprint()).toBe(before);
    expect(await shownReference(c.orderId)).toMatch(/^#/);
  });
});
