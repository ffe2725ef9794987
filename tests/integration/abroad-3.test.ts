import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  earliestNeedBy,
  earliestNeedByTo,
  formatDay,
  needByPlan,
  NEED_BY_MESSAGES,
} from "../../app/domain/rental-dates";
import type { TrackingStatus } from "../../app/domain/tracking";
import { captureDue } from "../../app/services/payments.server";
import { signedInBrowser } from "./actors";
import { cartRows } from "./cart-helpers";
import { opened } from "./claims-helpers";
import { createProduct, eventually } from "./factories";
import { Browser } from "./http";
import { nextIp, runJob } from "./lifecycle-fixtures";
import { DAY, onPaymentPage } from "./orders";
import { services } from "./payouts-helpers";
import { PARIS } from "./abroad-helpers";

// Issue 45 item 4, what decision 0094 left (decision 0099): a rental's 'need it by' date to an
// address abroad counts its zone's days in the post, and a purchase sent back from abroad (a
// return, or a claim refunded in full) goes on a prepaid label priced within the zone's fee.

const ships = (userId: string, europeFee: number) =>
  env.DB.prepare("UPDATE users SET ship_reach = 'europe', ship_fee_europe = ? WHERE id = ?")
    .bind(europeFee, userId)
    .run();
const ordersOf = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;
const text = async (browser: Browser, path: string) =>
  (await (await browser.fetch(path)).text()).replace(/<!-- -->/g, "");

/** A seller who ships to Europe at £12.99, one of their items in a shopper's basket. */
async function basketToFrance(option: "rental" | "purchase") {
  const vendor = await signedInBrowser("vendor", { ip: nextIp() });
  await ships(vendor.id, 1299);
  const product = await createProduct(vendor.id, { rentalPrice: 2500, buyingPrice: 9000 });
  const shopper = await signedInBrowser("shopper", { ip: nextIp() });
  await shopper.browser.post("/cart", { intent: "add", productId: product.id, option, enhanced: "1" });
  return { vendor, product, shopper };
}
const checkoutToParis = (browser: Browser, extra: Record<string, string> = {}) =>
  browser.post("/cart", { intent: "checkout", idempotencyKey: crypto.randomUUID(), ...PARIS, ...extra });

describe("a 'need it by' date for an address in France", () => {
  it("refuses a day only the UK could meet at its field, naming France's earliest day, and takes that day with France's post-by", async () => {
    const { vendor, product, shopper } = await basketToFrance("rental");
    const field = `needBy.${product.id}`;
    const ukEarliest = earliestNeedBy(Date.now());
    const franceEarliest = earliestNeedByTo(Date.now(), "FR");
    expect(franceEarliest > ukEarliest).toBe(true);

    // No address yet: the field starts from the UK's earliest day; the page says abroad takes longer.
    const basket = await text(shopper.browser, "/cart");
    expect(basket).toContain(`min="${ukEarliest}"`);
    expect(basket).toContain("Parcels abroad take longer");

    const refused = await checkoutToParis(shopper.browser, { [field]: ukEarliest });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const message = NEED_BY_MESSAGES.tooSoonTo(franceEarliest, "France");
    expect(message).toBe(
      `That is too early for delivery to France: the earliest date is ${formatDay(franceEarliest)}.`,
    );
    // At the field: its error, the input pointing to it.
    expect(html).toContain(`id="need-by-${product.id}-error"`);
    expect(html).toMatch(new RegExp(`id="need-by-${product.id}-error"[^>]*>${message}<`));
    expect(await ordersOf(shopper.id)).toBe(0);
    expect(await cartRows(shopper.id)).toHaveLength(1);

    const placed = await checkoutToParis(shopper.browser, { [field]: franceEarliest });
    expect(placed.status).toBe(303);
    expect((await onPaymentPage(shopper.browser, placed.headers.get("location")!)).status).toBe(303);
    const row = (await env.DB.prepare(
      "SELECT o.id, oi.need_by AS needBy, oi.post_by AS postBy FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE oi.product_id = ?",
    )
      .bind(product.id)
      .first<{ id: string; needBy: string; postBy: string }>())!;
    // Posted five working days before it arrives (Europe's transit), not the UK's two.
    const plan = needByPlan(franceEarliest, 5);
    expect(row).toMatchObject({ needBy: franceEarliest, postBy: plan.postBy });
    expect(plan.postBy < needByPlan(franceEarliest).postBy).toBe(true);
    expect(await text(shopper.browser, `/account/orders/${row.id}`)).toContain(
      `Arrives by ${formatDay(plan.arrivesBy)} (needed by ${formatDay(franceEarliest)})`,
    );

    // The handler is reminded the day before France's post-by day, with that day.
    const dayBefore = Date.parse(`${plan.postBy}T03:00:00Z`) - DAY;
    await runJob("daily", dayBefore);
    const notice = await eventually(async () =>
      env.DB.prepare("SELECT title FROM notifications WHERE user_id = ? AND kind = 'post_by_reminder'")
        .bind(vendor.id)
        .first<{ title: string }>(),
    );
    expect(notice.title).toBe(`Post ${product.name} by ${formatDay(plan.postBy)}`);

    // The next basket starts from the French address: its date field starts from France's earliest day.
    const hat = await createProduct(vendor.id, { rentalPrice: 1000, buyingPrice: 3000 });
    await shopper.browser.post("/cart", { intent: "add", productId: hat.id, option: "rental", enhanced: "1" });
    const next = await text(shopper.browser, "/cart");
    expect(next).toContain(`min="${earliestNeedByTo(Date.now(), "FR")}"`);
    expect(next).toContain(`the earliest is ${formatDay(earliestNeedByTo(Date.now(), "FR"))} for delivery to France`);
  });
});

type LabelRow = {
  id: string;
  direction: string;
  status: string;
  service: string;
  cost: number;
  tracking_number: string;
  from_address: string;
  claim_id: string | null;
};
const labelsOf = async (orderId: string) =>
  (
    await env.DB.prepare(
      "SELECT id, direction, status, service, cost, tracking_number, from_address, claim_id FROM shipping_labels WHERE order_id = ? ORDER BY claim_id IS NOT NULL, direction",
    )
      .bind(orderId)
      .all<LabelRow>()
  ).results;
/** The local provider's page, from this machine: one of its carrier events. */
const pressEvent = (trackingNumber: string, status: TrackingStatus) =>
  new Browser().fetch("/dev/shipping", {
    method: "POST",
    form: { intent: status, trackingNumber },
    headers: { "cf-connecting-ip": "127.0.0.1" },
  });

/** A purchase sent to Paris and paid. */
async function purchaseInParis() {
  const t = await basketToFrance("purchase");
  const placed = await checkoutToParis(t.shopper.browser);
  expect(placed.status).toBe(303);
  await onPaymentPage(t.shopper.browser, placed.headers.get("location")!);
  const item = (await env.DB.prepare(
    "SELECT id, order_id AS orderId, group_delivery_fee AS fee FROM order_items WHERE product_id = ?",
  )
    .bind(t.product.id)
    .first<{ id: string; orderId: string; fee: number }>())!;
  // A purchase pays Europe's fee once: no return postage at checkout (decision 0094).
  expect(item.fee).toBe(1299);
  return { ...t, orderId: item.orderId, itemId: item.id, problem: `/account/orders/${item.orderId}/problem` };
}

describe("a purchase sent back from France", () => {
  it("has a prepaid return label priced within Europe's fee, with tracking, once its return is asked for", async () => {
    const t = await purchaseInParis();
    // 'To send' shows where it goes as France writes an address (its lines made on the server).
    const orders = await (await t.vendor.browser.fetch("/vendor?tab=orders")).text();
    expect(orders).toMatch(
      /Ship to<\/h4><address[^>]*>(<span[^>]*>[^<]*<\/span>)*<span[^>]*>12 rue de la Paix<\/span><span[^>]*>75002 Paris<\/span><span[^>]*>FRANCE<\/span><\/address>/,
    );
    expect(
      (await t.vendor.browser.post("/vendor?tab=orders", { intent: "get_label", orderId: t.orderId })).status,
    ).toBe(303);
    const [outbound, back] = await labelsOf(t.orderId);
    // Royal Mail's international service, dearer than the UK's £3.99 allows and within Europe's £12.99.
    for (const label of [outbound, back])
      expect(label).toMatchObject({ status: "ready", service: "International Tracked", cost: 850 });
    expect(outbound!.direction).toBe("outbound");
    expect(back!.direction).toBe("return");
    expect(JSON.parse(back!.from_address)).toMatchObject({ city: "Paris", country: "FR" });

    expect((await pressEvent(outbound!.tracking_number, "delivered")).status).toBe(303);
    await eventually(async () =>
      (await env.DB.prepare("SELECT status FROM order_items WHERE id = ?").bind(t.itemId).first<{ status: string }>())
        ?.status === "completed"
        ? true
        : null,
    );
    let page = await text(t.shopper.browser, `/account/orders/${t.orderId}`);
    expect(page).not.toContain("Prepaid return label");

    const asked = await t.shopper.browser.post(`/account/orders/${t.orderId}`, {
      intent: "request_return",
      itemId: t.itemId,
      reason: "Too small",
    });
    expect(asked.status).toBe(302);
    page = await text(t.shopper.browser, `/account/orders/${t.orderId}`);
    expect(page).toContain("Prepaid return label");
    expect(page).toContain(`/account/labels/${back!.id}`);
    const printable = await t.shopper.browser.fetch(`/account/labels/${back!.id}`);
    expect(printable.status).toBe(200);
    const printed = await printable.text();
    expect(printed).toContain("Your prepaid return label");
    expect(printed).toContain("Royal Mail · International Tracked");
    expect(printed).toContain("12 rue de la Paix");
    // Its cost, like the UK label's, is paid from the order's delivery fee (the handler's label says so).
    const handlers = await text(t.vendor.browser, `/account/labels/${outbound!.id}`);
    expect(handlers).toContain("Royal Mail · International Tracked");
    expect(handlers).toContain("£8.50, paid from the order&#x27;s delivery fee");

    expect((await pressEvent(back!.tracking_number, "in_transit")).status).toBe(303);
    page = await text(t.shopper.browser, `/account/orders/${t.orderId}`);
    expect(page).toContain(`Tracking of your return ${back!.tracking_number}`);
    expect(page).toMatch(/Prepaid return label[\s\S]*In transit/);
  });

  it("refunded in full on a claim: its own prepaid label from Paris, within Europe's fee, with tracking", async () => {
    const t = await purchaseInParis();
    await env.DB.prepare("UPDATE order_items SET status = 'completed', delivered_at = ? WHERE id = ?")
      .bind(Date.now(), t.itemId)
      .run();
    await captureDue(services(), Date.now(), t.orderId);
    const claim = await opened(t);
    expect((await t.vendor.browser.post(claim.page, { intent: "accept" })).status).toBe(302);
    const label = (await labelsOf(t.orderId)).find((l) => l.claim_id === claim.id);
    expect(label).toMatchObject({
      direction: "return",
      status: "ready",
      service: "International Tracked",
      cost: 850,
    });
    expect(JSON.parse(label!.from_address)).toMatchObject({ addressLine1: "12 rue de la Paix", country: "FR" });
    expect(label!.tracking_number).toMatch(/^[A-Z]{2}\d{9}GB$/);
    const page = await text(t.shopper.browser, `/account/orders/${t.orderId}`);
    expect(page).toContain("Prepaid return label for your claim");
    expect(page).toContain(`/account/labels/${label!.id}`);
    expect((await pressEvent(label!.tracking_number, "in_transit")).status).toBe(303);
    expect(await text(t.shopper.browser, claim.page)).toContain("On its way back");
  });
});
