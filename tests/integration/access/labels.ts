import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { area, page, rows, tag, type ActionRule, type AreaRules, type Who } from "./kit";

// Shipping labels (issue 44; decision 0082). A label's page is its handler's (the seller who
// posts it, or who got it) and staff's who handle orders; the order's shopper sees its prepaid
// return label; anyone else reads 'Label not found'. 'Get a label' is on the sellers' and stores'
// Orders tabs (./vendor.ts, ./store.ts). The local provider's page and its event buttons are not
// there from any address but this machine (dev-surfaces.test.ts and labels.test.ts use loopback).

const ORDER_STAFF: Who[] = ["superadmin", "admin", "customerSupport"];
const world = { orderId: `order_lbl_${tag}`, labelId: `lbl_matrix_${tag}` };
const trackingNumber = `MX${String(Date.now()).slice(-9)}GB`;

const notHere = (intent: string): ActionRule => ({
  allowed: () => true,
  form: async () => ({ intent, trackingNumber }),
  check: async (_ctx, response) => {
    expect(response.status).toBe(404);
    expect(await rows("SELECT count(*) AS n FROM tracking_events WHERE label_id = ?", world.labelId)).toEqual([
      { n: 0 },
    ]);
  },
});

export const rules: AreaRules = {
  pages: {
    "routes/account/label.tsx": area(
      () => true,
      (who) =>
        who === "shopper" || who === "vendor" || ORDER_STAFF.includes(who)
          ? page(200, { shows: trackingNumber })
          : page(404, { shows: "Label not found", hides: trackingNumber }),
    ),
    "routes/dev/shipping.tsx": () => page(404, { hides: "Local shipping" }),
  },
  records: async (shared) => {
    const shopper = await shared.member("shopper");
    const vendor = await shared.member("vendor");
    const now = Date.now();
    const address = JSON.stringify({
      fullName: "Matrix Shopper",
      addressLine1: "1 Matrix Row",
      city: "London",
      postalCode: "N1 1AA",
      country: "United Kingdom",
    });
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, 'shipped', 4000, 399, 4399, ?, ?, ?, ?)",
      ).bind(world.orderId, shopper.id, address, address, now, now),
      env.DB.prepare(
        "INSERT INTO shipping_labels (id, order_id, handler_key, direction, status, provider, carrier, service, tracking_number, cost, from_address, to_address, item_ids, created_at, updated_at) VALUES (?, ?, ?, 'return', 'ready', 'local', 'royal_mail', 'Tracked 48', ?, 320, ?, ?, '[]', ?, ?)",
      ).bind(world.labelId, world.orderId, `vendor:${vendor.id}`, trackingNumber, address, address, now, now),
    ]);
    return { "/account/labels/:labelId": `/account/labels/${world.labelId}` };
  },
  actions: {
    "routes/dev/shipping.tsx": Object.fromEntries(
      (["in_transit", "out_for_delivery", "delivered", "returned_to_sender"] as const).map((intent) => [
        intent,
        notHere(intent),
      ]),
    ),
  },
};
