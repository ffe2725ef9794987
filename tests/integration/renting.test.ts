import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { changeItem } from "../../app/data/order-lifecycle.server";
import {
  addWorkingDays,
  earliestNeedBy,
  formatDay,
  needByPlan,
  NEED_BY_MESSAGES,
  ukDay,
} from "../../app/domain/rental-dates";
import { PROTECTION_MESSAGES } from "../../app/domain/damage-protection";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, eventually } from "./factories";
import { cartRows, checkout } from "./cart-helpers";
import { nextIp, outbox, rental, runJob } from "./lifecycle-fixtures";
import { deliver, onPaymentPage } from "./orders";

// Renting (issue 44, items 1, 4, 5 and 6; decision 0080).
const db = () => database(env.DB);
const DAY = 86_400_000;

async function basket(option: "rental" | "purchase" = "rental") {
  const owner = await createUser();
  const product = await createProduct(owner.id, { rentalPrice: 1500, buyingPrice: 12000 });
  const shopper = await signedInBrowser("shopper", { ip: nextIp() });
  await shopper.browser.post("/cart", { intent: "add", productId: product.id, option, enhanced: "1" });
  return { owner, product, shopper };
}
const ordersOf = (userId: string) =>
  env.DB.prepare("SELECT count(*) AS n FROM orders WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>()
    .then((r) => r!.n);

describe("checkout with a need-by date and damage protection", () => {
  it("records the date, the post-by day and the fee, and the order page says when it arrives", async () => {
    const { product, shopper } = await basket();
    const needBy = addWorkingDays(earliestNeedBy(Date.now()), 3);
    const response = await checkout(shopper.browser, undefined, {
      [`needBy.${product.id}`]: needBy,
      [`protect.${product.id}`]: "on",
    });
    expect(response.status).toBe(303);
    expect((await onPaymentPage(shopper.browser, response.headers.get("location")!)).status).toBe(303);
    const row = await env.DB.prepare(
      "SELECT o.id, o.total_amount AS total, oi.need_by AS needBy, oi.post_by AS postBy, oi.protection_fee AS fee FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE oi.product_id = ?",
    )
      .bind(product.id)
      .first<{ id: string; total: number; needBy: string; postBy: string; fee: number }>();
    expect(row).toMatchObject({ needBy, postBy: needByPlan(needBy).postBy, fee: 250, total: 1500 + 399 + 250 });
    const page = await (await shopper.browser.fetch(`/account/orders/${row!.id}`)).text();
    expect(page).toContain("Arrives by ");
    expect(page).toContain("Damage protection: ");
    expect(page).toContain("£2.50");
  });

  it.each([
    ["a date in the past", (): string => ukDay(Date.now() - 2 * DAY), NEED_BY_MESSAGES.past],
    ["a date too soon", (): string => ukDay(Date.now() + DAY), null],
    ["an unparseable date", (): string => "18/12/2026", NEED_BY_MESSAGES.unparseable],
  ])("refuses %s at its field with a 400 and places nothing", async (_name, value, message) => {
    const { product, shopper } = await basket();
    const response = await checkout(shopper.browser, undefined, { [`needBy.${product.id}`]: value() });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message ?? "That is sooner than we can deliver: the earliest date is ");
    expect(await ordersOf(shopper.id)).toBe(0);
    expect(await cartRows(shopper.id)).toHaveLength(1);
  });

  it("refuses protection on a purchase with a 400 and places nothing", async () => {
    const { product, shopper } = await basket("purchase");
    const response = await checkout(shopper.browser, undefined, { [`protect.${product.id}`]: "on" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(PROTECTION_MESSAGES.purchaseOnly(product.name).replace(/"/g, "&quot;"));
    expect(await ordersOf(shopper.id)).toBe(0);
  });
});

describe("turnaround and the daily job", () => {
  it("a rental back in good condition is being prepared, says when it is back, and the daily job makes it live", async () => {
    const delivered = Date.now() - 8 * DAY;
    const r = await rental(delivered);
    expect(
      (
        await changeItem(
          db(),
          r.itemId,
          { type: "request_return" },
          { id: r.shopper.id, role: "shopper" },
          delivered + DAY,
        )
      ).ok,
    ).toBe(true);
    const inspectedAt = Date.now();
    expect(
      (await changeItem(db(), r.itemId, { type: "inspect", outcome: "good" }, { id: null, role: "staff" }, inspectedAt))
        .ok,
    ).toBe(true);
    const product = () =>
      env.DB.prepare("SELECT availability, prepared_until AS preparedUntil FROM products WHERE id = ?")
        .bind(r.productId)
        .first<{ availability: string; preparedUntil: number | null }>();
    expect(await product()).toEqual({ availability: "rented", preparedUntil: inspectedAt + 2 * DAY });
    const page = await (await signedInBrowser("shopper", { ip: nextIp() })).browser.fetch(`/product/${r.productId}`);
    const html = await page.text();
    expect(html).toContain("Being prepared");
    expect(html).toContain("Back around ");
    await runJob("daily", inspectedAt + DAY);
    expect((await product())!.availability).toBe("rented");
    await runJob("daily", inspectedAt + 2 * DAY + 1);
    expect(await product()).toEqual({ availability: "available", preparedUntil: null });
  });

  it("reminds the handler the day before the post-by day, once", async () => {
    const { product, shopper, owner } = await basket();
    const needBy = addWorkingDays(earliestNeedBy(Date.now()), 5);
    const response = await checkout(shopper.browser, undefined, { [`needBy.${product.id}`]: needBy });
    await onPaymentPage(shopper.browser, response.headers.get("location")!);
    const postBy = needByPlan(needBy).postBy;
    const dayBefore = Date.parse(`${postBy}T03:00:00Z`) - DAY;
    const notices = () =>
      env.DB.prepare("SELECT title FROM notifications WHERE user_id = ? AND kind = 'post_by_reminder'")
        .bind(owner.id)
        .all<{ title: string }>()
        .then((r) => r.results);
    const stamp = () =>
      env.DB.prepare("SELECT post_by_reminded_at AS at FROM order_items WHERE product_id = ?")
        .bind(product.id)
        .first<{ at: number | null }>()
        .then((r) => r!.at);
    await runJob("daily", dayBefore - DAY);
    expect(await stamp()).toBeNull();
    await runJob("daily", dayBefore);
    expect(await stamp()).toBe(dayBefore);
    await runJob("daily", dayBefore + 60_000);
    expect(await stamp()).toBe(dayBefore);
    await eventually(async () => ((await notices()).length > 0 ? true : null));
    expect(await notices()).toEqual([{ title: `Post ${product.name} by ${formatDay(postBy)}` }]);
    // And by e-mail, through the queue.
    const mail = await eventually(async () => (await outbox(owner.email)).find((m) => m.kind === "post_by_reminder"));
    expect(mail.subject).toContain(`Post ${product.name} by`);
  });
});

describe("damage protection's cover", () => {
  it("waives a protected rental's repair fee up to £50 before any charge", async () => {
    const { product, shopper } = await basket();
    const response = await checkout(shopper.browser, undefined, { [`protect.${product.id}`]: "on" });
    await onPaymentPage(shopper.browser, response.headers.get("location")!);
    const item = await env.DB.prepare("SELECT id, order_id AS orderId FROM order_items WHERE product_id = ?")
      .bind(product.id)
      .first<{ id: string; orderId: string }>();
    await deliver(item!.orderId);
    expect(
      (await changeItem(db(), item!.id, { type: "request_return" }, { id: shopper.id, role: "shopper" }, Date.now()))
        .ok,
    ).toBe(true);
    expect(
      (
        await changeItem(
          db(),
          item!.id,
          { type: "inspect", outcome: "damaged", charge: 3000, reason: "A torn seam" },
          { id: null, role: "staff" },
          Date.now() + 1,
        )
      ).ok,
    ).toBe(true);
    const row = await env.DB.prepare(
      "SELECT damage_charge AS charge, damage_waived AS waived FROM order_items WHERE id = ?",
    )
      .bind(item!.id)
      .first();
    expect(row).toEqual({ charge: 0, waived: 3000 });
    const charges = await env.DB.prepare(
      "SELECT count(*) AS n FROM transactions WHERE order_item_id = ? AND transaction_type = 'damage_charge'",
    )
      .bind(item!.id)
      .first<{ n: number }>();
    expect(charges!.n).toBe(0);
    expect(await (await shopper.browser.fetch(`/account/orders/${item!.orderId}`)).text()).toContain(
      "Damage protection waived £30.00 of the repair fee",
    );
  });
});
