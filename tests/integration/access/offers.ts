import { env } from "cloudflare:workers";
import { expect } from "vitest";
import {
  area,
  isSignedIn,
  page,
  redirectsTo,
  rows,
  STORE_STAFF,
  stores,
  tag,
  vendors,
  type ActionRule,
  type AreaRules,
  type Who,
} from "./kit";

// Make an offer and bundle discounts (issue 43 items 4-5; decisions 0088, 0089). Any signed-in
// user makes an offer on someone else's item. An offer is its shopper's and its handler's (the
// world's "shopper" offered on the "vendor"'s item); anyone else reads 'Offer not found' and
// cannot answer it (the poster of an answer is always a fresh user: 404, nothing changes). Bundle
// discounts are set in the seller area by its members, and in the store area by a store's owner
// (staff who run stores own none: 'Store not found').

const offer = { id: `ofr_am_${tag}`, name: "" };

/** Not the offer's shopper or handler: 'Offer not found', nothing changes. */
const notTheirOffer = (form: () => Record<string, string>): ActionRule => ({
  allowed: () => false,
  form: async () => form(),
  check: async () => {},
  refused: async (_ctx, response) => {
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Offer not found");
    expect(await rows("SELECT status FROM offers WHERE id = ?", offer.id)).toEqual([{ status: "pending" }]);
  },
});

const saved = (handler: "vendor" | "store") => async (ctx: { user: { id: string } | null }, response: Response) => {
  redirectsTo(response, `/${handler}/bundle-discounts`);
  const id =
    handler === "vendor"
      ? ctx.user!.id
      : ((await rows("SELECT id FROM stores WHERE owner_id = ?", ctx.user!.id))[0] as { id: string }).id;
  expect(await rows("SELECT tiers FROM bundle_discounts WHERE handler = ? AND handler_id = ?", handler, id)).toEqual([
    {
      tiers: JSON.stringify([
        { minItems: 2, percent: 10 },
        { minItems: 3, percent: 15 },
      ]),
    },
  ]);
};

/** A fresh store owner has a store of their own (the matrix's poster is a fresh user of the kind). */
async function ownStore(userId: string) {
  await env.DB.prepare(
    "INSERT INTO stores (id, name, owner_id, created_at) SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM stores WHERE owner_id = ?3)",
  )
    .bind(`store_b_${crypto.randomUUID().slice(0, 8)}`, `Bundle Shop ${tag}`, userId, Date.now())
    .run();
}

const storeOwners = (who: Who) => who === "storeOwner" || who === "otherStoreOwner";

export const rules: AreaRules = {
  pages: {
    // Without an item to offer on there is nothing to offer: 'Product not found'.
    "routes/account/offer-new.tsx": area(
      () => true,
      () => page(404, { shows: "Product not found" }),
    ),
    "routes/account/offer.tsx": area(
      () => true,
      (who) =>
        who === "shopper" || who === "vendor"
          ? page(200, { shows: offer.name })
          : page(404, { shows: "Offer not found", hides: offer.name }),
    ),
    "routes/vendor/bundle-discounts.tsx": area(vendors, () => page(200, { shows: "Bundle discounts" })),
    "routes/store/bundle-discounts.tsx": area(stores, (who) =>
      who === "storeOwner" ? page(200, { shows: "Bundle discounts" }) : page(404, { shows: "Store not found" }),
    ),
  },
  records: async (world) => {
    const shopper = await world.member("shopper");
    const vendor = await world.member("vendor");
    offer.name = world.sellerProduct.name;
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO offers (id, product_id, shopper_id, seller_id, list_price, amount, status, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, 12000, 9000, 'pending', ?, ?, ?)",
    )
      .bind(offer.id, world.sellerProduct.id, shopper.id, vendor.id, now + 86_400_000, now, now)
      .run();
    return { "/account/offers/:offerId": `/account/offers/${offer.id}` };
  },
  actions: {
    // Any signed-in user offers on someone else's item: the offer is recorded and said in its conversation.
    "routes/account/offer-new.tsx": {
      "": {
        allowed: isSignedIn,
        form: async (ctx) => ({ productId: (await ctx.product()).id, amount: "80" }),
        check: async (ctx, response, form) => {
          expect(response.status).toBe(302);
          const found = (await rows(
            "SELECT amount, status, conversation_id FROM offers WHERE shopper_id = ? AND product_id = ?",
            ctx.user!.id,
            form.productId,
          )) as { amount: number; status: string; conversation_id: string }[];
          expect(found.map((o) => [o.amount, o.status])).toEqual([[8000, "pending"]]);
          expect(response.headers.get("location")).toBe(`/account/messages/${found[0]!.conversation_id}#offers`);
        },
      },
    },
    "routes/account/offer.tsx": {
      accept: notTheirOffer(() => ({ intent: "accept" })),
      decline: notTheirOffer(() => ({ intent: "decline" })),
      counter: notTheirOffer(() => ({ intent: "counter", amount: "100" })),
    },
    "routes/vendor/bundle-discounts.tsx": {
      "": {
        allowed: (who) => isSignedIn(who) && vendors(who),
        form: async () => ({ two: "10", three: "15" }),
        check: saved("vendor"),
      },
    },
    "routes/store/bundle-discounts.tsx": {
      "": {
        allowed: storeOwners,
        form: async (ctx) => {
          if (ctx.user && storeOwners(ctx.who)) await ownStore(ctx.user.id);
          return { two: "10", three: "15" };
        },
        check: saved("store"),
        refused: async (ctx, response) => {
          if (STORE_STAFF.includes(ctx.who)) {
            expect(response.status).toBe(404);
            expect(await response.text()).toContain("Store not found");
          } else redirectsTo(response, "/");
        },
      },
    },
  },
};
