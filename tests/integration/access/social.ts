import { env } from "cloudflare:workers";
import { expect } from "vitest";
import {
  area,
  createProduct,
  createUser,
  isSignedIn,
  page,
  redirectsTo,
  rows,
  tag,
  type AreaRules,
  type World,
} from "./kit";

// Following and ratings (issue 46 items 1-2; decisions 0090, 0091). The Following list and every
// Follow button's post are any signed-in person's, each on their own follows. Rating a shopper is
// the trade's seller's only: anyone else, staff included, reads it as missing.

let itemId = "";

/** A completed trade of the world's vendor, bought by someone else. */
async function completedTrade(world: World) {
  const vendor = await world.member("vendor");
  const shopper = await createUser();
  const product = await createProduct(vendor.id, { name: `Matrix Rated Coat ${tag}` });
  const orderId = `order_rate_${tag}`;
  itemId = `item_rate_${tag}`;
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
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, 'completed', 5000, 399, 5399, ?, ?, ?, ?)",
    ).bind(orderId, shopper.id, address, address, now, now),
    env.DB.prepare(
      "INSERT INTO order_items (id, order_id, product_id, name, type, price, buying_price, status, delivered_at, completed_at, created_at) VALUES (?, ?, ?, 'Matrix Rated Coat', 'purchase', 5000, 5000, 'completed', ?, ?, ?)",
    ).bind(itemId, orderId, product.id, now, now, now),
    env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(product.id),
  ]);
}

const followsOf = (userId: string) => rows("SELECT seller_id, store_id FROM follows WHERE follower_id = ?", userId);

export const rules: AreaRules = {
  pages: {
    "routes/account/following.tsx": area(
      () => true,
      () => page(200, { shows: "Sellers and stores you follow" }),
    ),
    "routes/account/rate-shopper.tsx": area(
      () => true,
      (who) =>
        who === "vendor" ? page(200, { shows: "Rate the shopper" }) : page(404, { hides: "Matrix Rated Coat" }),
    ),
  },
  records: async (world) => {
    await completedTrade(world);
    return { "/account/ratings/:itemId": `/account/ratings/${itemId}` };
  },
  actions: {
    "routes/account/following.tsx": {
      follow: {
        allowed: isSignedIn,
        form: async () => ({
          intent: "follow",
          kind: "seller",
          id: (await createUser()).id,
          returnTo: "/account/following",
        }),
        check: async (ctx, response, form) => {
          redirectsTo(response, "/account/following");
          expect(await followsOf(ctx.user!.id)).toEqual([{ seller_id: form.id, store_id: null }]);
        },
      },
      unfollow: {
        allowed: isSignedIn,
        form: async (ctx) => {
          const seller = await createUser();
          if (ctx.user)
            await env.DB.prepare("INSERT INTO follows (id, follower_id, seller_id, created_at) VALUES (?, ?, ?, ?)")
              .bind(`follow_am_${crypto.randomUUID()}`, ctx.user.id, seller.id, Date.now())
              .run();
          return { intent: "unfollow", kind: "seller", id: seller.id };
        },
        check: async (ctx, response) => {
          redirectsTo(response, "/account/following");
          expect(await followsOf(ctx.user!.id)).toEqual([]);
        },
      },
    },
    // Only the trade's seller rates its shopper: everyone else gets 404 and nothing is written.
    "routes/account/rate-shopper.tsx": {
      rate: {
        allowed: () => false,
        form: async () => ({ intent: "rate", rating: "5", comment: "Not my trade" }),
        check: async () => {},
        refused: async (_ctx, response) => {
          expect(response.status).toBe(404);
          expect(await rows("SELECT id FROM reviews WHERE order_item_id = ?", itemId)).toEqual([]);
        },
      },
    },
  },
};
