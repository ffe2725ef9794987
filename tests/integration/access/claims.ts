import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { rule, tab } from "./admin";
import {
  area,
  createProduct,
  createUser,
  page,
  redirectsTo,
  rows,
  tag,
  type ActionRule,
  type AreaRules,
  type Who,
} from "./kit";

// Buyer protection (issue 43; decision 0078). Reporting a problem is the order's own shopper's
// (anyone else, staff included, reads the order as missing). A claim is its shopper's, its
// handler's (the seller who owns the item) and staff's who handle orders; anyone else reads
// 'Claim not found'. Only its shopper answers an offer and only its handler answers the claim, so
// every other user posting to it gets 404 and nothing changes. The Claims tab is for customer
// support and admins (./admin.ts §6 list); they decide a claim that came to staff.

const ORDER_STAFF: Who[] = ["superadmin", "admin", "customerSupport"];
const itemName = `Claimed Skirt ${tag}`;
const description = `Matrix claim ${tag}: a torn seam.`;
const world = { orderId: `order_acl_${tag}`, itemId: `item_acl_${tag}`, claimId: `claim_acl_${tag}` };

/** An order of `shopperId` with one purchase of `productId`, delivered now (its claim window open). */
async function deliveredOrder(orderId: string, itemId: string, shopperId: string, productId: string, name: string) {
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
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, 'delivered', 4000, 399, 4399, ?, ?, ?, ?)",
    ).bind(orderId, shopperId, address, address, now, now),
    env.DB.prepare(
      "INSERT INTO order_items (id, order_id, product_id, name, type, price, buying_price, status, delivered_at, completed_at, created_at) VALUES (?, ?, ?, ?, 'purchase', 4000, 4000, 'completed', ?, ?, ?)",
    ).bind(itemId, orderId, productId, name, now, now, now),
  ]);
}

async function claimOn(claimId: string, orderId: string, itemId: string, shopperId: string, status: string) {
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO claims (id, order_id, order_item_id, shopper_id, kind, reason, description, status, due_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'problem', 'damaged', ?, ?, ?, ?, ?)",
  )
    .bind(
      claimId,
      orderId,
      itemId,
      shopperId,
      description,
      status,
      status === "with_staff" ? null : now + 86_400_000,
      now,
      now,
    )
    .run();
}

/** Not the order's shopper: 'Order not found', nothing changes. */
const notTheirOrder = (form: () => Record<string, string>): ActionRule => ({
  allowed: () => false,
  form: async () => form(),
  check: async () => {},
  refused: async (_ctx, response) => {
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Order not found");
  },
});

/** Not the claim's shopper or handler (the poster is always a fresh user): 'Claim not found', nothing changes. */
const notTheirClaim = (form: () => Record<string, string>): ActionRule => ({
  allowed: () => false,
  form: async () => form(),
  check: async () => {},
  refused: async (_ctx, response) => {
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Claim not found");
  },
});

export const rules: AreaRules = {
  pages: {
    "routes/account/claim-new.tsx": area(
      () => true,
      (who) =>
        who === "shopper" ? page(200, { shows: itemName }) : page(404, { shows: "Order not found", hides: itemName }),
    ),
    "routes/account/claim.tsx": area(
      () => true,
      (who) =>
        who === "shopper" || who === "vendor" || ORDER_STAFF.includes(who)
          ? page(200, { shows: description })
          : page(404, { shows: "Claim not found", hides: description }),
    ),
    "routes/admin/claims.tsx": tab("claims", "Claims"),
  },
  records: async (shared) => {
    const shopper = await shared.member("shopper");
    await deliveredOrder(world.orderId, world.itemId, shopper.id, shared.sellerProduct.id, itemName);
    await claimOn(world.claimId, world.orderId, world.itemId, shopper.id, "awaiting_handler");
    return {
      "/account/orders/:orderId/problem": `/account/orders/${world.orderId}/problem?item=${world.itemId}`,
      "/account/claims/:claimId": `/account/claims/${world.claimId}`,
    };
  },
  actions: {
    "routes/account/claim-new.tsx": {
      report: notTheirOrder(() => ({
        intent: "report",
        itemId: world.itemId,
        reason: "damaged",
        description: "Not my order, a torn seam.",
      })),
      everything_ok: notTheirOrder(() => ({ intent: "everything_ok", itemId: world.itemId })),
    },
    "routes/account/claim.tsx": {
      accept: notTheirClaim(() => ({ intent: "accept" })),
      offer: notTheirClaim(() => ({ intent: "offer", amount: "5.00" })),
      dispute: notTheirClaim(() => ({ intent: "dispute", text: "It was whole when it left." })),
      accept_offer: notTheirClaim(() => ({ intent: "accept_offer" })),
      decline_offer: notTheirClaim(() => ({ intent: "decline_offer" })),
      // A claim's prepaid return label (decision 0093) is its shopper's alone.
      return_label: notTheirClaim(() => ({ intent: "return_label" })),
    },
    "routes/admin/claims.tsx": {
      decide: rule("claims", {
        form: async () => {
          const shopper = await createUser();
          const owner = await createUser();
          const product = await createProduct(owner.id, { name: `Decided Coat ${crypto.randomUUID().slice(0, 8)}` });
          const id = crypto.randomUUID().slice(0, 12);
          await deliveredOrder(`order_acd_${id}`, `item_acd_${id}`, shopper.id, product.id, product.name);
          await claimOn(`claim_acd_${id}`, `order_acd_${id}`, `item_acd_${id}`, shopper.id, "with_staff");
          return {
            intent: "decide",
            claimId: `claim_acd_${id}`,
            outcome: "no_refund",
            reason: "The photos show no damage.",
          };
        },
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/claims");
          expect(await rows("SELECT status, outcome FROM claims WHERE id = ?", form.claimId!)).toEqual([
            { status: "resolved", outcome: "no_refund" },
          ]);
        },
      }),
    },
  },
};
