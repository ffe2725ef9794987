import { describe, expect, it } from "vitest";
import { LOCAL_WEBHOOK_SECRET } from "../../app/env.server";
import { signStripeEvent } from "../../app/services/stripe.server";
import { Browser } from "./http";
import {
  orderRow,
  availability,
  paymentRows,
  eventCount,
  historyCount,
  stripeEvent,
  deliverEvent,
  completed,
  unpaidOrder,
} from "./checkout-payments-helpers";

// Issue 27 items 1, 2 and 5 (docs/decisions/0055-stripe-payments.md): the order is confirmed only
// by the signed event at /webhooks/stripe.

describe("the webhook", () => {
  it("handles an event once: a replay is answered from the record and changes nothing", async () => {
    const { placed, order } = await unpaidOrder();
    const payload = completed(placed.orderId, order.sessionId, order.total);
    const first = await deliverEvent(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: true, outcome: "confirmed" });
    const history = await historyCount(placed.orderId);
    const replay = await deliverEvent(payload);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ received: true, replay: true });
    // The same fact under a new event id (Stripe may send both) is ignored by the state it finds.
    const again = await deliverEvent(completed(placed.orderId, order.sessionId, order.total));
    expect(await again.json()).toMatchObject({ outcome: "ignored: already confirmed" });
    expect(await historyCount(placed.orderId)).toBe(history);
    expect((await paymentRows(placed.orderId)).filter((p) => p.operation === "authorize")).toHaveLength(1);
  });

  it("tolerates events out of order: the card before the session, an 'expired' after 'completed' is ignored", async () => {
    const { product, placed, order } = await unpaidOrder();
    const card = await deliverEvent(
      stripeEvent("payment_intent.succeeded", {
        id: "pi_test_1",
        object: "payment_intent",
        status: "succeeded",
        amount: order.total,
        currency: "gbp",
        customer: "cus_test_1",
        payment_method: "pm_test_card",
        metadata: { order_id: placed.orderId },
      }),
    );
    expect(card.status).toBe(200);
    expect((await orderRow(placed.orderId))!.status).toBe("awaiting_payment");
    expect((await deliverEvent(completed(placed.orderId, order.sessionId, order.total))).status).toBe(200);
    const expired = await deliverEvent(
      stripeEvent("checkout.session.expired", {
        id: order.sessionId,
        object: "checkout.session",
        mode: "payment",
        status: "expired",
        metadata: { order_id: placed.orderId },
      }),
    );
    expect(await expired.json()).toMatchObject({ outcome: "ignored: not awaiting payment" });
    expect(await orderRow(placed.orderId)).toMatchObject({
      status: "pending",
      intent: "pi_test_1",
      customer: "cus_test_1",
      method: "pm_test_card",
    });
    expect(await availability(product.id)).toBe("sold");
  });

  it("answers an unknown event type 200 and does nothing", async () => {
    const before = await eventCount();
    const response = await deliverEvent(stripeEvent("customer.created", { id: "cus_x", object: "customer" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "ignored: event type not handled" });
    expect(await eventCount()).toBe(before + 1);
  });

  it("refuses a forged, unsigned, stale or oversized event with a 4xx and changes nothing", async () => {
    const { placed, order } = await unpaidOrder();
    const payload = completed(placed.orderId, order.sessionId, order.total);
    const before = await eventCount();
    const forged = await deliverEvent(payload, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    const unsigned = await new Browser().fetch("/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    // Signed well, but more than 300 seconds ago (a replayed capture of an old delivery).
    const stale = await deliverEvent(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(400);
    // A body altered after signing.
    const signature = await signStripeEvent(payload, LOCAL_WEBHOOK_SECRET);
    const altered = await new Browser().fetch("/webhooks/stripe", {
      method: "POST",
      body: payload.replace(String(order.total), "1"),
      headers: { "stripe-signature": signature },
    });
    expect(altered.status).toBe(400);
    const huge = JSON.stringify({ ...JSON.parse(payload), padding: "x".repeat(1024 * 1024) });
    const oversized = await deliverEvent(huge);
    expect(oversized.status).toBe(413);
    expect((await new Browser().fetch("/webhooks/stripe")).status).toBe(405);
    expect(await eventCount()).toBe(before);
    expect((await orderRow(placed.orderId))!.status).toBe("awaiting_payment");
    expect(await paymentRows(placed.orderId)).toEqual([]);
  });

  it("is posted by the provider's servers: exempt from the cross-site form check", async () => {
    const { placed, order } = await unpaidOrder();
    const response = await deliverEvent(completed(placed.orderId, order.sessionId, order.total), {
      headers: { "sec-fetch-site": "cross-site", origin: "https://stripe.example" },
    });
    expect(response.status).toBe(200);
    expect((await orderRow(placed.orderId))!.status).toBe("pending");
  });
});
