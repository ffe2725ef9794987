import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { appConfig } from "../../app/env.server";
import { confirmPaid } from "../../app/services/payment-confirmation.server";
import { signedInBrowser } from "./actors";
import {
  availability,
  completed,
  deliverEvent,
  orderRow,
  paymentRows,
  stripeEvent,
  unpaidOrder,
} from "./checkout-payments-helpers";

// Issue 41 item 6 and issue 42 item 6 (decision 0072): the webhook refuses what it cannot handle
// (400, recorded), checks a completed checkout's amount and currency against the order, confirms
// with one conditional update (a payment that loses to the reservation's end is refunded at once)
// and refuses a refund nobody asked for (4xx, nothing moves).

const eventRecord = (id: string) =>
  env.DB.prepare("SELECT type, outcome FROM payment_events WHERE id = ?")
    .bind(id)
    .first<{ type: string; outcome: string }>();
const rejectedCount = () =>
  env.DB.prepare("SELECT count(*) AS n FROM payment_events WHERE outcome LIKE 'rejected:%'")
    .first<{ n: number }>()
    .then((r) => r!.n);

describe("malformed events", () => {
  it("answers a signed body of `null` 400, records it as rejected, and answers its redelivery the same", async () => {
    const before = await rejectedCount();
    const response = await deliverEvent("null");
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Not an event: it needs an id and a type");
    expect(await rejectedCount()).toBe(before + 1);
    const again = await deliverEvent("null");
    expect(again.status).toBe(400);
    expect(await rejectedCount()).toBe(before + 1);
  });

  it("answers an event without data.object 400, records it under its id, and changes nothing", async () => {
    const { placed, order } = await unpaidOrder();
    const id = `evt_no_object_${Date.now()}`;
    const payload = JSON.stringify({
      id,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {},
    });
    const response = await deliverEvent(payload);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("The event has no data.object");
    expect(await eventRecord(id)).toEqual({
      type: "checkout.session.completed",
      outcome: "rejected: The event has no data.object",
    });
    const nullObject = await deliverEvent(
      JSON.stringify({ id: `${id}_null`, object: "event", type: "checkout.session.completed", data: { object: null } }),
    );
    expect(nullObject.status).toBe(400);
    expect((await orderRow(placed.orderId))!.status).toBe(order.status);
    expect(await paymentRows(placed.orderId)).toEqual([]);
  });
});

describe("a completed checkout's amount and currency", () => {
  it("holds an order paid 1p of its total: not confirmed, the 1p refunded, items back on sale, staff alerted on the Orders tab", async () => {
    const { product, placed, order } = await unpaidOrder("purchase", { rentalPrice: 2500, buyingPrice: 31799 });
    expect(order.total).toBe(32198);
    const response = await deliverEvent(completed(placed.orderId, order.sessionId, 1));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      outcome: "held: Paid £0.01 for an order total of £321.98; refunded",
    });
    // Not confirmed: cancelled (the money did arrive, so paid_at says when), its item back on sale.
    expect(await orderRow(placed.orderId)).toMatchObject({ status: "cancelled", paidAt: expect.any(Number) });
    expect(await availability(product.id)).toBe("available");
    expect(
      (await paymentRows(placed.orderId)).map(({ operation, amount, status }) => ({ operation, amount, status })),
    ).toEqual([
      { operation: "authorize", amount: 1, status: "succeeded" },
      { operation: "refund", amount: 1, status: "succeeded" },
    ]);

    const admin = await signedInBrowser("admin");
    const tab = await (await admin.browser.fetch("/admin/orders")).text();
    expect(tab).toContain("Payments that did not match their order");
    const line = tab.slice(tab.indexOf(placed.orderId, tab.indexOf("Payments that did not match")));
    expect(line.slice(0, 400)).toContain("Paid £0.01 for an order total of £321.98");
    expect(line.slice(0, 500)).toContain("Refunded");
  });

  it("holds an order paid in another currency", async () => {
    const { placed, order } = await unpaidOrder();
    const response = await deliverEvent(completed(placed.orderId, order.sessionId, order.total, { currency: "eur" }));
    expect(await response.json()).toMatchObject({ outcome: expect.stringMatching(/^held: Paid in EUR, not GBP/) });
    expect((await orderRow(placed.orderId))!.status).toBe("cancelled");
    expect(
      (await paymentRows(placed.orderId)).filter((p) => p.operation === "refund" && p.status === "succeeded"),
    ).toHaveLength(1);
  });

  it("confirms an order whose payment matches", async () => {
    const { placed, order } = await unpaidOrder();
    const response = await deliverEvent(completed(placed.orderId, order.sessionId, order.total));
    expect(await response.json()).toMatchObject({ outcome: "confirmed" });
    expect((await orderRow(placed.orderId))!.status).toBe("pending");
  });
});

/** D1 as the app sees it, where the reservation's end lands just before the confirmation's update. */
function expiryLandsFirst(orderId: string): D1Database {
  let fired = false;
  return new Proxy(env.DB, {
    get(target, key) {
      if (key !== "prepare") return Reflect.get(target, key).bind(target);
      return (query: string) => {
        const statement = target.prepare(query);
        if (fired || !/^update "orders" set "status" = \?/.test(query)) return statement;
        return new Proxy(statement, {
          get(s, k) {
            if (k !== "bind") return Reflect.get(s, k).bind(s);
            return (...values: unknown[]) => {
              const bound = s.bind(...values);
              if (values[0] !== "pending") return bound;
              fired = true;
              const cancelFirst = async <T>(run: () => Promise<T>) => {
                await env.DB.prepare(
                  "UPDATE orders SET status = 'cancelled' WHERE id = ? AND status = 'awaiting_payment'",
                )
                  .bind(orderId)
                  .run();
                return run();
              };
              return new Proxy(bound, {
                get: (b, m) =>
                  m === "all" || m === "run" || m === "raw" || m === "first"
                    ? (...a: unknown[]) =>
                        cancelFirst(() => (Reflect.get(b, m) as (...x: unknown[]) => Promise<unknown>).apply(b, a))
                    : Reflect.get(b, m),
              });
            };
          },
        });
      };
    },
  });
}

describe("a payment racing the reservation's end", () => {
  it("is refunded at once when the expiry cancels the order between the read and the update", async () => {
    const { placed, order } = await unpaidOrder();
    const app = { env, config: appConfig(env), db: database(expiryLandsFirst(placed.orderId)) };
    const outcome = await confirmPaid(
      app,
      {
        orderId: placed.orderId,
        sessionId: order.sessionId,
        paymentIntentId: "pi_race",
        customerId: "cus_race",
        amount: order.total,
        currency: "gbp",
        provider: "local",
      },
      Date.now(),
    );
    expect(outcome).toBe("refunded: the reservation had ended");
    expect((await orderRow(placed.orderId))!.status).toBe("cancelled");
    expect(
      (await paymentRows(placed.orderId)).map(({ operation, amount, status }) => ({ operation, amount, status })),
    ).toEqual([
      { operation: "authorize", amount: order.total, status: "succeeded" },
      { operation: "refund", amount: order.total, status: "succeeded" },
    ]);
  });
});

describe("a refund nobody asked for", () => {
  it("answers 422 with a clear message, records nothing and moves nothing, however often it comes", async () => {
    const { placed, order } = await unpaidOrder();
    await deliverEvent(completed(placed.orderId, order.sessionId, order.total));
    const rows = await paymentRows(placed.orderId);
    const charge = {
      id: "ch_test_unasked",
      object: "charge",
      amount: order.total,
      amount_refunded: order.total,
      currency: "gbp",
      payment_intent: "pi_test_1",
      refunded: true,
      metadata: { order_id: placed.orderId },
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      const id = `evt_unasked_${Date.now()}_${attempt}`;
      const response = await deliverEvent(stripeEvent("charge.refunded", charge, id));
      expect(response.status).toBe(422);
      expect(await response.text()).toBe(
        `This event reports £${(order.total / 100).toFixed(2)} refunded, but Closetloop asked for no refund of this payment. Nothing was changed; staff should check the refund in the provider's dashboard.`,
      );
      expect(await eventRecord(id)).toBeNull();
    }
    const refund = await deliverEvent(
      stripeEvent("refund.updated", {
        id: "re_never_asked",
        object: "refund",
        amount: 500,
        status: "succeeded",
        payment_intent: "pi_test_1",
        metadata: { order_id: placed.orderId },
      }),
    );
    expect(refund.status).toBe(422);
    expect(await refund.text()).toContain("Closetloop asked for no refund of this payment");
    expect(await paymentRows(placed.orderId)).toEqual(rows);
    expect((await orderRow(placed.orderId))!.status).toBe("pending");
  });

  it("accepts the receipt of a refund Closetloop asked for", async () => {
    const { placed, order } = await unpaidOrder();
    await deliverEvent(completed(placed.orderId, order.sessionId, 1));
    const refund = (await paymentRows(placed.orderId)).find((p) => p.operation === "refund")!;
    const charge = await deliverEvent(
      stripeEvent("charge.refunded", {
        id: "ch_test_asked",
        object: "charge",
        amount: 1,
        amount_refunded: 1,
        currency: "gbp",
        payment_intent: "pi_test_1",
        metadata: { order_id: placed.orderId },
      }),
    );
    expect(charge.status).toBe(200);
    const own = await deliverEvent(
      stripeEvent("refund.updated", {
        id: refund.ref,
        object: "refund",
        amount: 1,
        status: "succeeded",
        payment_intent: "pi_test_1",
        metadata: {},
      }),
    );
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ outcome: "recorded: refund succeeded" });
  });
});
