import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { ownerEarnings } from "../../app/data/finance.server";
import { formatGBP } from "../../app/domain/money";
import { staffSetOrderStatus } from "../../app/services/order-lifecycle.server";
import { localFailKey } from "../../app/services/payments-local.server";
import { deliveryCaptureKey } from "../../app/services/payments.server";
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { DAY, placeOrder } from "./orders";
import { services, HOUR, nextIp, runJob, rental, paymentsOf, transactionsOf, orderAmounts } from "./lifecycle-fixtures";

// Issue 15: the payment seam (decisions 0035, 0036) through the Worker's own scheduled handler
// with a moved clock: captures, refunds and the delivery fee, retried by the daily job. Every
// assertion is about this test's own records: the jobs act on every order in the file.

describe("payments", () => {
  it("a failed capture leaves the transaction pending (not counted), the daily job retries it, and it is charged once", async () => {
    const deliveredAt = Date.UTC(2027, 2, 1, 12);
    const r = await rental(deliveredAt, { rentalPrice: 999, buyingPrice: 5000 }, { failCaptures: true });
    let [fee] = await transactionsOf(r.orderId);
    expect(fee).toMatchObject({ type: "rental_fee", gross: 999, status: "pending" });
    expect(await ownerEarnings(database(env.DB), r.owner.id)).toEqual({ gross: 0, net: 0, sales: 0 });

    // Still failing: another attempt, still pending.
    await runJob("daily", deliveredAt + DAY);
    expect((await transactionsOf(r.orderId))[0]!.status).toBe("pending");
    // The provider works again: captured once, however many runs.
    await env.CACHE.delete(localFailKey(r.orderId));
    await Promise.all([runJob("daily", deliveredAt + 2 * DAY), runJob("daily", deliveredAt + 2 * DAY)]);
    await runJob("daily", deliveredAt + 3 * DAY);
    [fee] = await transactionsOf(r.orderId);
    expect(fee).toMatchObject({ status: "completed" });
    const captures = (await paymentsOf(r.orderId)).filter((p) => p.key === `capture:${fee!.id}`);
    expect(captures.map((p) => p.status)).toEqual(["failed", "failed", "succeeded"]);
    // split: 10% of 999 is 99.9 → 100 (half up); the owner gets the rest.
    expect(await ownerEarnings(database(env.DB), r.owner.id)).toEqual({ gross: 999, net: 899, sales: 1 });
  });

  it("a cancelled order gives its whole authorization back, delivery fee included, once; its delivery fee is never captured", async () => {
    const owner = await createUser();
    const item = await createProduct(owner.id, { buyingPrice: 4200 });
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const order = await placeOrder(shopper, [{ productId: item.id, option: "purchase" }]);
    const staff = await createUser();
    const { subtotal, deliveryFee, total } = await orderAmounts(order.orderId);
    expect(deliveryFee).toBeGreaterThan(0);
    expect(total).toBe(subtotal + deliveryFee);
    await staffSetOrderStatus(services(), order.orderId, "cancelled", staff.id, Date.now());
    await staffSetOrderStatus(services(), order.orderId, "cancelled", staff.id, Date.now());
    await runJob("daily", Date.now() + DAY);
    expect((await paymentsOf(order.orderId)).map((p) => [p.operation, p.amount, p.status])).toEqual([
      ["authorize", total, "succeeded"],
      ["refund", total, "succeeded"],
    ]);
  });

  it("a failed refund is retried by the daily job for the whole authorization, and given back once", async () => {
    const owner = await createUser();
    const item = await createProduct(owner.id, { rentalPrice: 1100, buyingPrice: 9000 });
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const order = await placeOrder(shopper, [{ productId: item.id, option: "rental" }]);
    await env.CACHE.put(localFailKey(order.orderId), "refund");
    const staff = await createUser();
    const { total } = await orderAmounts(order.orderId);
    await staffSetOrderStatus(services(), order.orderId, "cancelled", staff.id, Date.now());
    await runJob("daily", Date.now() + DAY);
    await env.CACHE.delete(localFailKey(order.orderId));
    await Promise.all([runJob("daily", Date.now() + 2 * DAY), runJob("daily", Date.now() + 2 * DAY)]);
    await runJob("daily", Date.now() + 3 * DAY);
    expect((await paymentsOf(order.orderId)).map((p) => [p.operation, p.amount, p.status])).toEqual([
      ["authorize", total, "succeeded"],
      ["refund", total, "failed"],
      ["refund", total, "failed"],
      ["refund", total, "succeeded"],
    ]);
  });
});

describe("the delivery fee", () => {
  const deliveryCaptures = async (orderId: string) =>
    (await paymentsOf(orderId)).filter((p) => p.key === deliveryCaptureKey(orderId));
  const succeededSum = async (orderId: string, operation: string) =>
    (await paymentsOf(orderId))
      .filter((p) => p.operation === operation && p.status === "succeeded")
      .reduce((sum, p) => sum + p.amount, 0);
  /** The row of the admin Financial tab's "Delivery fees not collected" list for this order, if any. */
  const owedRow = async (superadmin: { browser: { fetch(path: string): Promise<Response> } }, orderId: string) => {
    const page = await (await superadmin.browser.fetch("/admin/financial")).text();
    // Only the owed fees' table: the order also appears among the transactions.
    const start = page.indexOf("Delivery fees not collected");
    const html = start < 0 ? "" : page.slice(start, page.indexOf("</table>", start));
    const at = html.indexOf(`title="${orderId}"`);
    return at < 0 ? null : html.slice(at, html.indexOf("</tr>", at));
  };

  it("is captured once, under its own key, when staff mark the order delivered; a second delivery and the daily job capture nothing more", async () => {
    // Two sellers: two delivery groups. A purchase and a rental.
    const coat = await createProduct((await createUser()).id, { buyingPrice: 4200 });
    const dress = await createProduct((await createUser()).id, { rentalPrice: 1500, buyingPrice: 12000 });
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const order = await placeOrder(shopper, [
      { productId: coat.id, option: "purchase" },
      { productId: dress.id, option: "rental" },
    ]);
    const { subtotal, deliveryFee, total } = await orderAmounts(order.orderId);
    expect(deliveryFee).toBeGreaterThan(0);

    const admin = await signedInBrowser("admin", { ip: nextIp() });
    const deliver = () =>
      admin.browser.post("/admin/orders", { intent: "status", orderId: order.orderId, status: "delivered" });
    expect((await deliver()).status).toBe(302);
    expect(await deliveryCaptures(order.orderId)).toEqual([
      { operation: "capture", amount: deliveryFee, status: "succeeded", key: `capture:delivery:${order.orderId}` },
    ]);

    // Marked delivered again (twice at once, then once more), and the daily job twice at once, then again.
    await Promise.all([deliver(), deliver()]);
    expect((await deliver()).status).toBe(302);
    await Promise.all([runJob("daily", Date.now() + HOUR), runJob("daily", Date.now() + HOUR)]);
    await runJob("daily", Date.now() + DAY);
    expect(await deliveryCaptures(order.orderId)).toHaveLength(1);

    // Everything authorized at checkout was collected at delivery: the lines (the purchase's price,
    // the rental's fee) and the delivery fee; nothing is left to give back, and cancelling is refused.
    expect(await succeededSum(order.orderId, "authorize")).toBe(total);
    expect(await succeededSum(order.orderId, "capture")).toBe(subtotal + deliveryFee);
    const cancel = await admin.browser.post("/admin/orders", {
      intent: "status",
      orderId: order.orderId,
      status: "cancelled",
    });
    expect(cancel.status).toBe(409);
    expect(await succeededSum(order.orderId, "refund")).toBe(0);
  });

  it("a failed capture is shown as owed on the admin Financial tab, the daily job retries it, and it is charged once", async () => {
    const item = await createProduct((await createUser()).id, { buyingPrice: 6500 });
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const order = await placeOrder(shopper, [{ productId: item.id, option: "purchase" }]);
    const { deliveryFee } = await orderAmounts(order.orderId);
    await env.CACHE.put(localFailKey(order.orderId), "capture");
    const staff = await createUser();
    const deliveredAt = Date.now();
    expect(await staffSetOrderStatus(services(), order.orderId, "delivered", staff.id, deliveredAt)).toMatchObject({
      ok: true,
      changed: true,
    });
    expect((await deliveryCaptures(order.orderId)).map((p) => [p.amount, p.status])).toEqual([[deliveryFee, "failed"]]);
    // The order stands delivered (completed: a purchase) whatever the provider said.
    expect(
      (await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(order.orderId).first<{ status: string }>())!
        .status,
    ).toBe("completed");

    const superadmin = await signedInBrowser("superadmin", { ip: nextIp() });
    expect(await (await superadmin.browser.fetch("/admin/financial")).text()).toContain("Delivery fees not collected");
    let row = await owedRow(superadmin, order.orderId);
    expect(row).toContain(formatGBP(deliveryFee));
    expect(row).toContain("1 failed attempt(s)");
    expect(row).toContain("The local provider was told to fail capture calls");

    // Still failing: another attempt, still owed.
    await runJob("daily", deliveredAt + DAY);
    row = await owedRow(superadmin, order.orderId);
    expect(row).toContain("2 failed attempt(s)");

    // The provider works again: captured once, however many runs, and no longer owed.
    await env.CACHE.delete(localFailKey(order.orderId));
    await Promise.all([runJob("daily", deliveredAt + 2 * DAY), runJob("daily", deliveredAt + 2 * DAY)]);
    await runJob("daily", deliveredAt + 3 * DAY);
    expect((await deliveryCaptures(order.orderId)).map((p) => [p.amount, p.status])).toEqual([
      [deliveryFee, "failed"],
      [deliveryFee, "failed"],
      [deliveryFee, "succeeded"],
    ]);
    expect(await owedRow(superadmin, order.orderId)).toBeNull();
    // The sale itself was retried alike: everything authorized is collected, once.
    expect(await succeededSum(order.orderId, "capture")).toBe((await orderAmounts(order.orderId)).total);
  });
});
