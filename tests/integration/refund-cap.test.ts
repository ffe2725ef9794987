import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { moneyInputOf } from "../../app/data/order-money.server";
import { appConfig } from "../../app/env.server";
import { itemLedgers } from "../../app/domain/refund-cap";
import { captureDue } from "../../app/services/payments.server";
import { localFailKey } from "../../app/services/payments-local.server";
import { refundPayment } from "../../app/services/refunds.server";
import { signedInBrowser } from "./actors";
import { toastAfter } from "./admin-content-fixtures";
import { createProduct, eventually } from "./factories";
import { runJob } from "./lifecycle-fixtures";
import { DAY, deliver, placeOrder, postBack } from "./orders";

// Money that always adds up (issue 42 items 2–5; decision 0074): only what was collected is
// refunded, an item is refunded at most what was captured for it whichever path asks, a handler
// group cancelled whole gets its delivery back, and 'Total paid' is captured less refunded.

let ipSeq = 0;
const nextIp = () => `10.226.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const app = () => ({ env, config: appConfig(env), db: database(env.DB) });
const all = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .all<T>()
    .then((r) => r.results);
const refunds = (orderId: string) =>
  all<{ amount: number; status: string; key: string }>(
    "SELECT amount, status, idempotency_key AS key FROM payments WHERE order_id = ? AND operation = 'refund' ORDER BY created_at, rowid",
    orderId,
  );
const transactionsOf = (orderId: string) =>
  all<{ type: string; gross: number; status: string }>(
    "SELECT transaction_type AS type, gross_amount AS gross, status FROM transactions WHERE order_id = ? ORDER BY created_at, rowid",
    orderId,
  );
/**
 * The newest e-mail of a kind to `to` (with `subject`, when given: the queue delivers a moment
 * later, so an earlier e-mail of the same kind may still be the newest when first asked).
 */
const mail = (to: string, kind: string, subject?: string) =>
  eventually(async () =>
    (
      await all<{ subject: string; body: string }>(
        "SELECT subject, body FROM notification_outbox WHERE recipient = ? AND kind = ? ORDER BY created_at DESC, rowid DESC",
        to,
        kind,
      )
    ).find((m) => subject === undefined || m.subject === subject),
  );

/** The money table's rows as a shopper reads them: label, status, amount. */
function moneyRows(html: string) {
  const table = html.slice(html.indexOf("<caption"), html.indexOf("</table>", html.indexOf("<caption")));
  return [
    ...table.matchAll(/<tr[^>]*><th scope="row"[^>]*>(.*?)<\/th>(?:<td[^>]*>(.*?)<\/td>)?<td[^>]*>(.*?)<\/td><\/tr>/g),
  ].map((m) => [m[1], m[2] ?? null, m[3]].map((s) => (s === null ? null : s!.replace(/<!-- -->/g, ""))));
}

/** One item bought or rented, delivered, and what delivery recorded collected. */
async function delivered(option: "purchase" | "rental", prices = { rentalPrice: 1500, buyingPrice: 5000 }) {
  const vendor = await signedInBrowser("vendor", { ip: nextIp() });
  const product = await createProduct(vendor.id, prices);
  const shopper = await signedInBrowser("shopper", { ip: nextIp() });
  const { orderId, items } = await placeOrder(shopper, [{ productId: product.id, option }]);
  await deliver(orderId);
  await captureDue(app(), Date.now(), orderId);
  const page = `/account/orders/${orderId}`;
  return { vendor, shopper, product, orderId, itemId: items[0]!.id, page };
}

type Delivered = Awaited<ReturnType<typeof delivered>>;
const sendBack = async (t: Delivered) => {
  expect(
    (await t.shopper.browser.post(t.page, { intent: "request_return", itemId: t.itemId, reason: "Not for me" })).status,
  ).toBe(302);
  await postBack(t.shopper.browser, t.orderId, t.itemId);
};
const inspect = (t: Delivered, fields: Record<string, string>) =>
  t.vendor.browser.post("/vendor?tab=orders", { intent: "inspect", itemId: t.itemId, ...fields });

describe("an overturned charge", () => {
  it("never collected (its capture declined) is cancelled: no refund, no retry, no card prompt, no payout change", async () => {
    const t = await delivered("rental");
    await sendBack(t);
    await env.CACHE.put(localFailKey(t.orderId), "capture");
    expect((await inspect(t, { outcome: "damaged", fee: "10.00", reason: "Torn hem" })).status).toBe(302);
    expect(await (await t.shopper.browser.fetch(t.page)).text()).toContain("Update your card");

    const [admin, other] = await Promise.all([
      signedInBrowser("admin", { ip: nextIp() }),
      signedInBrowser("admin", { ip: nextIp() }),
    ]);
    // Asked twice at once (two staff): one overturn, the other answered 409 with a message.
    const [a, b] = await Promise.all([
      admin.browser.post(t.page, { intent: "overturn", itemId: t.itemId }),
      other.browser.post(t.page, { intent: "overturn", itemId: t.itemId }),
    ]);
    expect([a.status, b.status].sort()).toEqual([302, 409]);
    expect(await (a.status === 409 ? a : b).text()).toContain("There is no charge to overturn");
    const [title, description] = await toastAfter(
      a.status === 302 ? admin.browser : other.browser,
      a.status === 302 ? a : b,
    );
    expect([title, description]).toEqual([
      "Charge overturned",
      "It was never collected, so it is cancelled: nothing is refunded or charged later. The shopper is told.",
    ]);

    expect(await refunds(t.orderId)).toEqual([]);
    // No reversal lowers the owner's payout: the charge never counted, and now it is cancelled.
    expect(await transactionsOf(t.orderId)).toEqual([
      { type: "rental_fee", gross: 1500, status: "completed" },
      { type: "damage_charge", gross: 1000, status: "cancelled" },
    ]);
    // The card works again and the daily job runs: the cancelled fee is never charged.
    await env.CACHE.delete(localFailKey(t.orderId));
    await runJob("daily", Date.now() + DAY);
    expect(
      await all(
        "SELECT status FROM payments WHERE order_id = ? AND operation = 'capture' AND amount = 1000 AND status = 'succeeded'",
        t.orderId,
      ),
    ).toEqual([]);

    const page = await (await t.shopper.browser.fetch(t.page)).text();
    expect(page).not.toContain("Update your card");
    expect(moneyRows(page)).toContainEqual([`Repair fee: ${t.product.name}`, "Cancelled", "£10.00"]);
    expect(moneyRows(page).find((r) => r[0] === "Total paid")).toEqual(["Total paid", null, "£18.99"]);
    // The inspection's e-mail came first; this one says the charge is cancelled.
    const told = await mail(t.shopper.email, "return_inspected", `The charge for ${t.product.name} was cancelled`);
    expect(told.body).toContain("It was never taken from your card, and now it never will be");
  });
});

describe("one return per item, one refund per pound", () => {
  it("a not-returnable purchase whose charge is overturned is refunded once: it cannot come back again, and no path refunds it twice", async () => {
    const t = await delivered("purchase");
    await sendBack(t);
    expect((await inspect(t, { outcome: "not_returnable", reason: "Worn and washed" })).status).toBe(302);
    const admin = await signedInBrowser("admin", { ip: nextIp() });
    expect((await admin.browser.post(t.page, { intent: "overturn", itemId: t.itemId })).status).toBe(302);
    expect(await refunds(t.orderId)).toEqual([
      { amount: 5000, status: "succeeded", key: `refund:overturn:${t.itemId}` },
    ]);
    expect(await env.DB.prepare("SELECT status FROM order_items WHERE id = ?").bind(t.itemId).first()).toEqual({
      status: "returned",
    });

    // Within its 14 days, a second return is refused with a message, and nothing changes.
    const again = await t.shopper.browser.post(t.page, { intent: "request_return", itemId: t.itemId, reason: "Again" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("cannot be returned again");
    // Whatever path asks, the cap holds: a return's refund for the same item is refused before any call.
    const asked = await refundPayment(
      app(),
      { orderId: t.orderId, transactionId: null, amount: 5000, idempotencyKey: `refund:return:${t.itemId}` },
      Date.now(),
    );
    expect(asked).toMatchObject({ ok: false, refused: true });
    expect(await refunds(t.orderId)).toHaveLength(1);
    const ledger = itemLedgers((await moneyInputOf(app().db, t.orderId))!).get(t.itemId)!;
    expect([ledger.captured, ledger.refunded]).toEqual([5000, 5000]);
  });
});

describe("a handler group cancelled whole", () => {
  it("gets its delivery back; the money lines, the toast and the e-mail say the same; the rest of the order later gives back the rest", async () => {
    const [a, b, shopper] = await Promise.all([
      signedInBrowser("vendor", { ip: nextIp() }),
      signedInBrowser("otherVendor", { ip: nextIp() }),
      signedInBrowser("shopper", { ip: nextIp() }),
    ]);
    const coat = await createProduct(a.id, { buyingPrice: 4500, rentalPrice: 900 });
    const gown = await createProduct(b.id, { buyingPrice: 9000, rentalPrice: 2649 });
    const { orderId, items } = await placeOrder(shopper, [
      { productId: coat.id, option: "purchase" },
      { productId: gown.id, option: "rental" },
    ]);
    const page = `/account/orders/${orderId}`;
    const gownLine = items.find((i) => i.productId === gown.id)!;
    const coatLine = items.find((i) => i.productId === coat.id)!;
    const cancelled = await shopper.browser.post(page, { intent: "cancel_item", itemId: gownLine.id });
    const words =
      "Nothing was taken for it: £26.49 held on your card for it and £3.99 for its delivery (£30.48 in all) is given back.";
    expect(await toastAfter(shopper.browser, cancelled)).toEqual(["Item cancelled", words]);
    expect((await mail(shopper.email, "order_cancelled")).body).toContain(words);
    expect(await refunds(orderId)).toEqual([
      { amount: 2649, status: "succeeded", key: `refund:cancel:${gownLine.id}` },
      { amount: 399, status: "succeeded", key: `refund:delivery:${gownLine.id}` },
    ]);
    const rows = moneyRows(await (await shopper.browser.fetch(page)).text());
    expect(rows).toContainEqual([`Rental fee: ${gown.name}`, "Cancelled", "£26.49"]);
    expect(rows).toContainEqual([`Refund: ${gown.name} cancelled`, "Refunded", "-£26.49"]);
    expect(rows).toContainEqual([`Refund: delivery of ${gown.name} cancelled`, "Refunded", "-£3.99"]);
    expect(rows.at(-1)).toEqual(["Total held on your card", null, "£48.99"]);

    // The rest cancelled: what is left (the coat and the other delivery) comes back, nothing twice.
    expect((await shopper.browser.post(page, { intent: "cancel_item", itemId: coatLine.id })).status).toBe(302);
    const given = await refunds(orderId);
    expect(given.reduce((sum, r) => sum + r.amount, 0)).toBe(2649 + 4500 + 798);
    expect(moneyRows(await (await shopper.browser.fetch(page)).text()).at(-1)?.[2]).toBe("£0.00");
  });
});

describe("'Total paid'", () => {
  it("is what was paid: a declined Buy it now is shown apart, not counted", async () => {
    const t = await delivered("rental", { rentalPrice: 2000, buyingPrice: 12000 });
    await env.CACHE.put(localFailKey(t.orderId), "capture");
    expect((await t.shopper.browser.post(t.page, { intent: "buy_now", itemId: t.itemId })).status).toBe(302);
    const rows = moneyRows(await (await t.shopper.browser.fetch(t.page)).text());
    expect(rows).toContainEqual([`Buy it now: ${t.product.name}`, "Payment pending", "£120.00"]);
    expect(rows.slice(-2)).toEqual([
      ["Total paid", null, "£23.99"],
      ["Payment pending, not in the total", null, "£120.00"],
    ]);
    const list = await (await t.shopper.browser.fetch("/account?tab=orders")).text();
    const row = list.slice(list.indexOf(`href="/account/orders/${t.orderId}"`));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain("£23.99");
  });
});
