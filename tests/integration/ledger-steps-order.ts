import fc from "fast-check";
import { expect } from "vitest";
import { loadOrder } from "../../app/data/order-lifecycle.server";
import { expireReservation } from "../../app/services/checkout-payment.server";
import { inspectFromForm } from "../../app/services/inspect-form.server";
import { changeOrderItem, staffSetOrderStatus } from "../../app/services/order-lifecycle.server";
import { cancelItems, confirmDelivery, overturnItemCharge, shipItems } from "../../app/services/trade.server";
import { services } from "./lifecycle-fixtures";
import { onPaymentPage } from "./orders";
import { BEFORE_DELIVERY, by, item, itemIs, itemOf, mine, shopperOf, staffOf, step } from "./ledger-step-kit";

// The ledger property's steps on one order (issue 42 item 7): paying or declining on the hosted page,
// cancelling, posting, delivery, Buy it now, returns, inspections and an overturned charge.

export const onPage = (intent: "pay" | "decline") =>
  fc.constant(intent).map(() =>
    step(
      intent,
      async (real) => {
        const answer = await onPaymentPage(real.life.shopper.browser, real.life.paymentPage, intent);
        expect(answer.status, `${intent} on the payment page`).toBeLessThan(500);
      },
      { when: (m) => m.order === "awaiting_payment" },
    ),
  );

export const cancelItem = fc
  .tuple(item, by)
  .map(([i, who]) =>
    step(
      `cancel item ${i} by ${who}`,
      (real, now) =>
        cancelItems(
          services(),
          real.life.orderId,
          [itemOf(real, i).id],
          who === "shopper" ? shopperOf(real) : staffOf(real),
          now,
          who === "shopper" ? mine(real.life) : undefined,
        ),
      { when: itemIs(i, ...BEFORE_DELIVERY) },
    ),
  );

export const cancelOrder = by.map((who) =>
  step(
    `cancel the order by ${who}`,
    async (real, now) => {
      if (who === "staff") return staffSetOrderStatus(services(), real.life.orderId, "cancelled", real.staffId, now);
      // As the order page does it: not paid yet, the reservation ends; paid, every live item is cancelled.
      const order = (await loadOrder(services().db, real.life.orderId))!;
      if (order.status === "awaiting_payment")
        return expireReservation(services(), real.life.orderId, now, { byShopper: real.life.shopper.id });
      const live = order.items.filter((i) => i.status !== "cancelled").map((i) => i.id);
      return cancelItems(services(), real.life.orderId, live, shopperOf(real), now, mine(real.life));
    },
    { when: (m) => m.order === "awaiting_payment" || BEFORE_DELIVERY.includes(m.order) },
  ),
);

export const ship = item.map((i) =>
  step(
    `ship item ${i}`,
    (real, now) =>
      shipItems(
        services(),
        real.life.orderId,
        [itemOf(real, i).id],
        { carrier: "royal_mail", trackingNumber: `AB${now}GB` },
        staffOf(real),
        now,
      ),
    {
      when: itemIs(i, "pending", "processing"),
    },
  ),
);

export const deliver = by.map((who) =>
  step(
    `deliver by ${who}`,
    async (real, now) => {
      if (who === "staff") return staffSetOrderStatus(services(), real.life.orderId, "delivered", real.staffId, now);
      // 'I have received it': the shopper confirms what was posted.
      const shipped = (await loadOrder(services().db, real.life.orderId))!.items
        .filter((i) => i.status === "shipped")
        .map((i) => i.id);
      return shipped.length
        ? confirmDelivery(services(), real.life.orderId, shipped, shopperOf(real), now, mine(real.life))
        : null;
    },
    { when: (m) => BEFORE_DELIVERY.includes(m.order) },
  ),
);

export const buyNow = item.map((i) =>
  step(
    `buy item ${i} now`,
    (real, now) =>
      changeOrderItem(services(), itemOf(real, i).id, { type: "buy_now" }, shopperOf(real), now, mine(real.life)),
    {
      when: itemIs(i, "active"),
    },
  ),
);

export const sendBack = item.map((i) =>
  step(
    `return item ${i}`,
    (real, now) =>
      changeOrderItem(
        services(),
        itemOf(real, i).id,
        { type: "request_return", reason: "Not for me" },
        shopperOf(real),
        now,
        mine(real.life),
      ),
    {
      when: itemIs(i, "active", "completed"),
    },
  ),
);

/** The inspection form every Orders tab posts (a repair fee in pounds), as staff. */
export const inspect = fc
  .tuple(item, fc.constantFrom("good", "damaged", "not_returnable"), fc.integer({ min: 1, max: 5000 }))
  .map(([i, outcome, fee]) =>
    step(
      `inspect item ${i}: ${outcome}${outcome === "damaged" ? `, repair fee ${fee}p` : ""}`,
      (real, now) => {
        const form = new FormData();
        for (const [name, value] of Object.entries({
          itemId: itemOf(real, i).id,
          outcome,
          fee: (fee / 100).toFixed(2),
          reason: "Found on arrival",
        }))
          form.set(name, value);
        return inspectFromForm(services(), form, staffOf(real), "/admin/orders", () => true, now);
      },
      { when: itemIs(i, "return_requested") },
    ),
  );

export const overturn = item.map((i) =>
  step(
    `overturn item ${i}'s charge`,
    (real, now) => overturnItemCharge(services(), real.life.orderId, itemOf(real, i).id, real.staffId, now),
    {
      when: (m) => m.items[i % m.items.length]!.inspected,
    },
  ),
);
