import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { NOTIFY_ME_MESSAGES } from "../../app/domain/alerts";
import { tellBackOnSale } from "../../app/services/alerts.server";
import { runRentingDaily } from "../../app/services/renting-jobs.server";
import { backAroundAt, backAroundText } from "../../app/domain/rental-dates";
import { changeOrderItem } from "../../app/services/order-lifecycle.server";
import { createProduct, createUser, databaseFingerprint, eventually } from "./factories";
import { Browser } from "./http";
import { placeOrder } from "./orders";
import { app, DAY, tag, nextIp, shopper, noticesOf, count, settle, rentedItem } from "./alerts-helpers";

// Issue 25, item 6: a rented item's expected return and 'Notify me' (told once when it is back on
// sale), with its refusals.

describe("a rented item's page", () => {
  it("says when it is back around (the window's end, the return's transit and the turnaround) and offers 'Notify me'", async () => {
    const { product } = await rentedItem();
    const endsAt = (await env.DB.prepare("SELECT rental_ends_at AS e FROM order_items WHERE product_id = ?")
      .bind(product.id)
      .first<{ e: number }>())!.e;
    const html = await (await new Browser(nextIp()).fetch(`/product/${product.id}`)).text();
    expect(html).toContain("Currently rented");
    // The window's end, 2 working days back in the post and 2 days' turnaround (decision 0080).
    expect(html).toContain(
      backAroundText(
        backAroundAt(
          {
            status: "active",
            placedAt: 0,
            shippedAt: null,
            arrivesBy: null,
            rentalEndsAt: endsAt,
            returnRequestedAt: null,
          },
          2,
        ),
        Date.now(),
      ),
    );
    expect(html).toMatch(/Back around \d{1,2} \w+/);
    expect(html).toContain(`action="/product/${product.id}/notify"`);
    // An item on sale says neither.
    const onSale = await createProduct((await createUser()).id);
    const plain = await (await new Browser(nextIp()).fetch(`/product/${onSale.id}`)).text();
    expect(plain).not.toContain("Back around");
    expect(plain).not.toContain("/notify");
  });
});

describe("'Notify me'", () => {
  it("signed out: sign in, then back to the item's notify page", async () => {
    const { product } = await rentedItem();
    const response = await new Browser(nextIp()).post(`/product/${product.id}/notify`, {});
    expect(response.headers.get("location")).toBe(
      `/auth?redirectTo=${encodeURIComponent(`/product/${product.id}/notify`)}`,
    );
    expect(await count("SELECT count(*) AS n FROM back_in_stock_requests WHERE product_id = ?", product.id)).toBe(0);
  });

  it("is told once when the item is back on sale after its return, however often they ask or it is told", async () => {
    const { product, renter, itemId } = await rentedItem();
    const waiting = await shopper();
    for (let i = 0; i < 2; i++) {
      const asked = await waiting.browser.post(`/product/${product.id}/notify`, {});
      expect(asked.status).toBe(302);
      expect(asked.headers.get("location")).toBe(`/product/${product.id}`);
    }
    expect(
      await count(
        "SELECT count(*) AS n FROM back_in_stock_requests WHERE product_id = ? AND user_id = ?",
        product.id,
        waiting.id,
      ),
    ).toBe(1);
    const page = await (await waiting.browser.fetch(`/product/${product.id}/notify`)).text();
    expect(page).toContain(NOTIFY_ME_MESSAGES.waiting.replaceAll("'", "&#x27;"));
    // Returned: nothing yet while it is on its way back.
    const now = Date.now();
    expect(
      (await changeOrderItem(app(), itemId, { type: "request_return" }, { id: renter.id, role: "shopper" }, now)).ok,
    ).toBe(true);
    await settle();
    expect(await noticesOf(waiting.id, "back_in_stock")).toEqual([]);
    // Inspected in good condition: being prepared, so nothing yet (decision 0080) ...
    expect(
      (await changeOrderItem(app(), itemId, { type: "inspect", outcome: "good" }, { id: null, role: "staff" }, now + 1))
        .ok,
    ).toBe(true);
    await settle();
    expect(await noticesOf(waiting.id, "back_in_stock")).toEqual([]);
    // ... until the daily job makes it live when its turnaround is over: then the waiting shopper is told.
    await runRentingDaily(app(), now + 2 * DAY + 2);
    const [notice] = await eventually(async () => {
      const rows = await noticesOf(waiting.id, "back_in_stock");
      return rows.length ? rows : null;
    });
    expect(notice).toMatchObject({ title: `${product.name} is back`, link: `/product/${product.id}` });
    // Told again, the inspection repeated: still once.
    await tellBackOnSale(app(), [product.id], now + 2);
    await changeOrderItem(app(), itemId, { type: "inspect", outcome: "good" }, { id: null, role: "staff" }, now + 3);
    await settle();
    expect(await noticesOf(waiting.id, "back_in_stock")).toHaveLength(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM notification_outbox WHERE recipient = ? AND kind = 'back_in_stock'",
        waiting.email,
      ),
    ).toBe(1);
  });

  it("a cancelled rental puts the item back and tells the shopper waiting for it", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id);
    const renter = await shopper();
    const order = await placeOrder(renter, [{ productId: product.id, option: "rental" }]);
    const waiting = await shopper();
    expect((await waiting.browser.post(`/product/${product.id}/notify`, {})).status).toBe(302);
    const cancelled = await renter.browser.post(`/account/orders/${order.orderId}`, { intent: "cancel_order" });
    expect(cancelled.status).toBeLessThan(400);
    await eventually(async () => (await noticesOf(waiting.id, "back_in_stock"))[0]);
  });

  it("refuses a sold item, an item on sale and a missing one, writing nothing", async () => {
    const user = await shopper();
    const sold = await createProduct((await createUser()).id);
    await env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(sold.id).run();
    const onSale = await createProduct((await createUser()).id);
    const before = await databaseFingerprint();
    const soldReply = await user.browser.post(`/product/${sold.id}/notify`, {});
    expect(soldReply.status).toBe(409);
    expect(await soldReply.text()).toContain(NOTIFY_ME_MESSAGES.sold);
    const onSaleReply = await user.browser.post(`/product/${onSale.id}/notify`, {});
    expect(onSaleReply.status).toBe(409);
    expect(await onSaleReply.text()).toContain(NOTIFY_ME_MESSAGES.available);
    expect((await user.browser.post(`/product/missing-${tag}/notify`, {})).status).toBe(404);
    expect(await databaseFingerprint()).toBe(before);
  });
});
