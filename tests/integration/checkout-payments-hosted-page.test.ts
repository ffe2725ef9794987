import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { formatUkTime } from "../../app/domain/dates";
import { CRON } from "../../workers/cron";
import { BILLING, createProduct, createUser, eventually } from "./factories";
import { onPaymentPage, placeOrder } from "./orders";
import {
  shopper,
  orderRow,
  availability,
  paymentRows,
  runCron,
  stripeEvent,
  deliverEvent,
  completed,
  unpaidOrder,
} from "./checkout-payments-helpers";

// Issue 27 items 1, 2 and 5 (docs/decisions/0055-stripe-payments.md): checkout pays through the
// provider's hosted page (here the local provider's), an order awaits its payment, and
// reservations end with their session.

describe("checkout through the local provider's hosted page", () => {
  it("reserves the items, waits for the signed event, then confirms, records the payment and announces the order", async () => {
    const { product, buyer, placed, order } = await unpaidOrder();
    // Placed awaiting payment, reserved for 30 minutes and one (Stripe's shortest session plus a margin).
    expect(order.status).toBe("awaiting_payment");
    expect(order.expiresAt - Date.now()).toBeGreaterThan(30 * 60_000);
    expect(await availability(product.id)).toBe("sold");
    expect(placed.paymentPage).toBe(`/dev/payments/checkout/${order.sessionId}`);
    // The browser's return alone confirms nothing: the page says it waits, and links back to the payment page.
    const waiting = await (await buyer.browser.fetch(`/account/orders/${placed.orderId}?placed=1`)).text();
    expect(waiting).toContain("Waiting for payment confirmation");
    // Until when, on a UK clock (decision 0067).
    expect(waiting.replace(/<!-- -->/g, "")).toContain(
      `Your items are reserved until ${formatUkTime(order.expiresAt)} while we wait`,
    );
    expect(waiting).toContain(`href="/dev/payments/checkout/${order.sessionId}"`);
    // My Orders shows what it will cost, not the nothing paid so far.
    const list = (await (await buyer.browser.fetch("/account?tab=orders")).text()).replace(/<!-- -->/g, "");
    const row = list.slice(list.indexOf(`href="/account/orders/${placed.orderId}"`));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain("£93.99");
    expect(waiting).not.toContain("Thank you for your order");
    // Handlers are not asked to post an unpaid order.
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM notification_outbox WHERE message_key LIKE ?")
        .bind(`order_placed:${placed.orderId}:%`)
        .first<{ n: number }>(),
    ).toEqual({ n: 0 });

    // The hosted page shows the lines and the total; someone else's machine does not see it.
    const page = await (
      await buyer.browser.fetch(placed.paymentPage, { headers: { "cf-connecting-ip": "127.0.0.1" } })
    ).text();
    expect(page).toContain("Pay for your order");
    expect(page).toContain("£93.99");
    expect(
      (await buyer.browser.fetch(placed.paymentPage, { headers: { "cf-connecting-ip": "203.0.113.9" } })).status,
    ).toBe(404);

    // A refused card sends nothing.
    const declined = await onPaymentPage(buyer.browser, placed.paymentPage, "decline");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined");
    expect((await orderRow(placed.orderId))!.status).toBe("awaiting_payment");

    const paid = await onPaymentPage(buyer.browser, placed.paymentPage);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/account/orders/${placed.orderId}?placed=1`);
    const after = (await orderRow(placed.orderId))!;
    expect(after).toMatchObject({
      status: "pending",
      intent: expect.stringMatching(/^pi_local_/),
      customer: expect.stringMatching(/^cus_local_/),
      method: expect.stringMatching(/^pm_local_/),
    });
    expect(await paymentRows(placed.orderId)).toEqual([
      {
        operation: "authorize",
        amount: 9399,
        status: "succeeded",
        ref: after.intent,
        key: `authorize:${placed.orderId}`,
      },
    ]);
    const confirmation = await (await buyer.browser.fetch(`/account/orders/${placed.orderId}?placed=1`)).text();
    expect(confirmation).toContain("Thank you for your order");
    expect(confirmation).not.toContain("Waiting for payment confirmation");
    const thanks = await eventually(() =>
      env.DB.prepare("SELECT body FROM notification_outbox WHERE message_key = ?")
        .bind(`order_placed:${placed.orderId}:email`)
        .first<{ body: string }>(),
    );
    // A purchase alone: nothing about rentals.
    expect(thanks.body).not.toContain("Rentals last 7 days");
    // The page cannot be paid twice.
    expect((await onPaymentPage(buyer.browser, placed.paymentPage)).status).toBe(410);
  });

  it("shows another shopper a reserved item as reserved, lets them ask to be told, and stops once it is paid", async () => {
    const { product, buyer, placed } = await unpaidOrder("purchase");
    const other = await shopper();
    const reserved = await other.browser.fetch(`/product/${product.id}`);
    expect(reserved.status).toBe(200);
    const html = await reserved.text();
    expect(html).toContain(">Reserved<");
    // With the time the hold ends (decision 0069).
    const { until } = (await env.DB.prepare("SELECT payment_expires_at AS until FROM orders WHERE id = ?")
      .bind(placed.orderId)
      .first<{ until: number }>())!;
    expect(html).toContain(
      `Reserved: another shopper is paying for it now. If they have not paid by ${formatUkTime(until)} (UK time), it is back on sale.`,
    );
    expect(html).not.toContain("ADD TO BASKET");
    // Added anyway (a page opened before): refused with why, not 'currently rented'.
    const add = await other.browser.post("/cart", { intent: "add", productId: product.id, option: "purchase" });
    expect(add.status).toBe(409);
    const refused = await add.text();
    expect(refused).toContain(`If they have not paid by ${formatUkTime(until)}`);
    // Without JavaScript the answer is the basket page: it leads back to the item (decision 0069).
    expect(refused).toMatch(new RegExp(`<a [^>]*href="/product/${product.id}"[^>]*>Back to the item</a>`));
    // 'Notify me' is taken: it may be back when the reservation ends.
    expect((await other.browser.post(`/product/${product.id}/notify`, {})).status).toBe(302);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM back_in_stock_requests WHERE user_id = ? AND product_id = ?")
        .bind(other.id, product.id)
        .first(),
    ).toEqual({ n: 1 });
    // Paid: bought, so no longer on the shop.
    expect((await onPaymentPage(buyer.browser, placed.paymentPage)).status).toBe(303);
    expect((await other.browser.fetch(`/product/${product.id}`)).status).toBe(404);
  });

  it("a reserved rental's card says 'Reserved' in the listings, as its page does (decision 0068)", async () => {
    const { product } = await unpaidOrder("rental");
    const listing = (
      await (
        await shopper()
      ).browser
        .fetch(`/all-products?search=${encodeURIComponent(product.name)}`)
        .then((r) => r.text())
    ).replace(/<!-- -->/g, "");
    const card = listing.slice(listing.indexOf(product.name));
    expect(card.slice(0, card.indexOf("</article>"))).toContain(">Reserved</p>");
    expect(card.slice(0, card.indexOf("</article>"))).not.toContain("Currently rented");
  });

  it("offers no cancelling of an item while the order waits for its payment (nothing was paid, nothing can be refunded)", async () => {
    const owner = await createUser();
    const [a, b] = [await createProduct(owner.id), await createProduct(owner.id)];
    const buyer = await shopper();
    const placed = await placeOrder(
      buyer,
      [
        { productId: a.id, option: "purchase" },
        { productId: b.id, option: "rental" },
      ],
      { pay: false },
    );
    const page = await (await buyer.browser.fetch(`/account/orders/${placed.orderId}`)).text();
    // Reached from My Orders (or back from the payment page unpaid): nothing says a payment was made (decision 0068).
    expect(page).toContain("Waiting for your payment");
    expect(page).not.toContain("Waiting for payment confirmation");
    expect(page).not.toContain("Cancel this item");
    expect(page).not.toContain("refunded to your card");
  });

  it("tells the shopper at checkout that the card is saved for the order's later charges", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id);
    const buyer = await shopper();
    await buyer.browser.post("/cart", { intent: "add", productId: product.id, option: "rental", enhanced: "1" });
    const cart = await (await buyer.browser.fetch("/cart")).text();
    expect(cart).toContain("Your card is saved for this order&#x27;s later charges");
  });

  it("sends a second submit of the same form back to the same hosted page, and keeps one order", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id);
    const buyer = await shopper();
    await buyer.browser.post("/cart", { intent: "add", productId: product.id, option: "purchase", enhanced: "1" });
    const key = crypto.randomUUID();
    const first = await buyer.browser.post("/cart", { intent: "checkout", idempotencyKey: key, ...BILLING });
    const second = await buyer.browser.post("/cart", { intent: "checkout", idempotencyKey: key, ...BILLING });
    expect(first.status).toBe(303);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE user_id = ?").bind(buyer.id).first<{ n: number }>(),
    ).toEqual({ n: 1 });
  });

  it("gives one order when 20 shoppers race for one item with the payment in between, also after a reservation ends unpaid", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { name: "Only One Camel Coat" });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    for (const s of shoppers)
      await s.browser.post("/cart", { intent: "add", productId: product.id, option: "purchase", enhanced: "1" });
    const race = async (who: typeof shoppers) => {
      const answers = await Promise.all(
        who.map((s) =>
          s.browser.post("/cart", { intent: "checkout", idempotencyKey: crypto.randomUUID(), ...BILLING }),
        ),
      );
      expect(answers.filter((r) => r.status === 303)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(who.length - 1);
      const i = answers.findIndex((r) => r.status === 303);
      return { winner: who[i]!, page: answers[i]!.headers.get("location")! };
    };
    // The first winner does not pay: the reservation ends and the item is back on sale.
    const first = await race(shoppers);
    const firstOrder = await env.DB.prepare("SELECT id, payment_expires_at AS expiresAt FROM orders WHERE user_id = ?")
      .bind(first.winner.id)
      .first<{ id: string; expiresAt: number }>();
    await runCron(CRON.reservations, firstOrder!.expiresAt + 1);
    expect(await availability(product.id)).toBe("available");
    // The other 19 race again (their baskets still hold it); the winner pays.
    const rest = shoppers.filter((s) => s !== first.winner);
    const second = await race(rest);
    expect((await onPaymentPage(second.winner.browser, second.page)).status).toBe(303);
    // The first winner's old page is dead.
    expect((await onPaymentPage(first.winner.browser, first.page)).status).toBe(410);
    const orders = await env.DB.prepare(
      "SELECT o.status AS status FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.product_id = ? ORDER BY o.created_at",
    )
      .bind(product.id)
      .all<{ status: string }>();
    expect(orders.results.map((o) => o.status)).toEqual(["cancelled", "pending"]);
    expect(await availability(product.id)).toBe("sold");
  });
});

describe("an order awaiting its payment", () => {
  it("cannot be moved by staff, a handler or the shopper until the provider's event confirms it", async () => {
    const { placed } = await unpaidOrder();
    const { setOrderStatus, changeItem } = await import("../../app/data/order-lifecycle.server");
    const staffSet = await setOrderStatus(
      database(env.DB),
      placed.orderId,
      "processing",
      { id: null, role: "staff" },
      Date.now(),
    );
    expect(staffSet).toMatchObject({ ok: false, httpStatus: 409 });
    const cancelled = await changeItem(
      database(env.DB),
      placed.items[0]!.id,
      { type: "cancel" },
      { id: null, role: "staff" },
      Date.now(),
    );
    expect(cancelled).toMatchObject({ ok: false, httpStatus: 409 });
    expect((await orderRow(placed.orderId))!.status).toBe("awaiting_payment");
  });
});

describe("reservations end with their session", () => {
  it("the Cron job puts the items back on sale, cancels the order and tells the shopper; earlier it changes nothing", async () => {
    const { product, placed, order } = await unpaidOrder("rental");
    expect(await availability(product.id)).toBe("rented");
    await runCron(CRON.reservations, order.expiresAt - 1000);
    expect((await orderRow(placed.orderId))!.status).toBe("awaiting_payment");
    await runCron(CRON.reservations, order.expiresAt);
    expect((await orderRow(placed.orderId))!.status).toBe("cancelled");
    expect(await availability(product.id)).toBe("available");
    expect(
      await env.DB.prepare("SELECT status FROM order_items WHERE order_id = ?").bind(placed.orderId).first(),
    ).toEqual({ status: "cancelled" });
    const notice = await eventually(() =>
      env.DB.prepare("SELECT title, link FROM notifications WHERE event_key = ?")
        .bind(`reservation_expired:${placed.orderId}`)
        .first(),
    );
    expect(notice).toEqual({ title: "Your reservation has ended", link: "/cart" });
    // Nothing was taken, so nothing is refunded.
    expect(await paymentRows(placed.orderId)).toEqual([]);
  });

  it("the shopper may call it off before paying: back on sale at once, nothing charged; a payment arriving after is refunded", async () => {
    const { product, buyer, placed, order } = await unpaidOrder();
    expect(await (await buyer.browser.fetch(`/account/orders/${placed.orderId}`)).text()).toContain(
      'aria-label="Cancel this order"',
    );
    // Someone else's order reads as missing.
    const stranger = await shopper();
    expect((await stranger.browser.post(`/account/orders/${placed.orderId}`, { intent: "cancel_order" })).status).toBe(
      404,
    );
    expect((await orderRow(placed.orderId))!.status).toBe("awaiting_payment");

    const response = await buyer.browser.post(`/account/orders/${placed.orderId}`, { intent: "cancel_order" });
    expect(response.status).toBe(302);
    const next = (await (await buyer.browser.fetch(response.headers.get("location")!)).text()).replace(/<!-- -->/g, "");
    expect(next).toContain("Nothing was charged, and its items are back on sale.");
    expect(next).toContain("Cancelled before paying");
    expect((await orderRow(placed.orderId))!.status).toBe("cancelled");
    expect(await availability(product.id)).toBe("available");
    expect(await paymentRows(placed.orderId)).toEqual([]);
    const late = await deliverEvent(completed(placed.orderId, order.sessionId, order.total));
    expect(late.status).toBe(200);
    expect((await paymentRows(placed.orderId)).map((p) => [p.operation, p.status])).toEqual([
      ["authorize", "succeeded"],
      ["refund", "succeeded"],
    ]);
  });

  it("checkout.session.expired does the same; a payment that arrives after the end is refunded at once", async () => {
    const { product, placed, order } = await unpaidOrder();
    const expired = await deliverEvent(
      stripeEvent("checkout.session.expired", {
        id: order.sessionId,
        object: "checkout.session",
        mode: "payment",
        status: "expired",
        metadata: { order_id: placed.orderId },
      }),
    );
    expect(expired.status).toBe(200);
    expect((await orderRow(placed.orderId))!.status).toBe("cancelled");
    expect(await availability(product.id)).toBe("available");
    const late = await deliverEvent(completed(placed.orderId, order.sessionId, order.total));
    expect(late.status).toBe(200);
    expect((await orderRow(placed.orderId))!.status).toBe("cancelled");
    expect((await paymentRows(placed.orderId)).map((p) => [p.operation, p.amount, p.status])).toEqual([
      ["authorize", order.total, "succeeded"],
      ["refund", order.total, "succeeded"],
    ]);
  });
});
