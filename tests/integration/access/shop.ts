import { expect } from "vitest";
import { BILLING } from "../factories";
import { cartOf, everyone, inCart, isSignedIn, page, redirectsTo, rows, type AreaRules } from "./kit";

// shopper.md §2.1, §2.2, §6: the catalog is public; the basket and favorites are the visitor's own.
export const rules: AreaRules = {
  pages: {
    "routes/shop/home.tsx": everyone,
    "routes/shop/all-products.tsx": everyone,
    "routes/shop/all-brands.tsx": everyone,
    "routes/shop/brand.tsx": everyone,
    "routes/shop/category.tsx": everyone,
    "routes/shop/product.tsx": everyone,
    "routes/shop/cart.tsx": (who) =>
      page(200, isSignedIn(who) ? { shows: "Shopping Cart" } : { shows: "Please sign in to view your cart" }),
    "routes/shop/favorites.tsx": (who) =>
      page(200, isSignedIn(who) ? { shows: "0 favorites" } : { shows: "Sign in to view your favorites" }),
    "routes/shop/store-profile.tsx": everyone,
    "routes/shop/slug.tsx": everyone,
    // 'Ships to my country' (decision 0094): anyone, back to a listing with their country (the UK: no one here has an order abroad).
    "routes/shop/ships-to.ts": () => ({ redirect: "/all-products?ships_to=GB" }),
  },
  records: async (world) => ({
    "/product/:id": `/product/${world.sellerProduct.id}`,
    "/brand/:brandName": `/brand/${world.brandName}`,
    "/categories/:slug": "/categories/coats",
    "/store/:storeId": `/store/${world.storeId}`,
    "/:slug": `/${world.vendorDisplayName}`,
  }),
  actions: {
    "routes/shop/cart.tsx": {
      add: {
        allowed: isSignedIn,
        form: async (ctx) => ({ intent: "add", productId: (await ctx.product()).id, option: "rental" }),
        check: async (ctx, response, form) => {
          redirectsTo(response, `/product/${form.productId}`);
          expect(await cartOf(ctx.user!.id)).toEqual([{ product_id: form.productId, type: "rental" }]);
        },
      },
      switch: {
        allowed: isSignedIn,
        form: async (ctx) => ({
          intent: "switch",
          productId: (await inCart(ctx)).id,
          option: "purchase",
          returnTo: "/cart",
        }),
        check: async (ctx, response, form) => {
          redirectsTo(response, "/cart");
          expect(await cartOf(ctx.user!.id)).toEqual([{ product_id: form.productId, type: "purchase" }]);
        },
      },
      remove: {
        allowed: isSignedIn,
        form: async (ctx) => ({ intent: "remove", productId: (await inCart(ctx)).id }),
        check: async (ctx, response) => {
          redirectsTo(response, "/cart");
          expect(await cartOf(ctx.user!.id)).toEqual([]);
        },
      },
      clear: {
        allowed: isSignedIn,
        form: async (ctx) => (await inCart(ctx), await inCart(ctx), { intent: "clear" }),
        check: async (ctx, response) => {
          redirectsTo(response, "/cart");
          expect(await cartOf(ctx.user!.id)).toEqual([]);
        },
      },
      checkout: {
        allowed: isSignedIn,
        form: async (ctx) => (
          await inCart(ctx),
          { intent: "checkout", idempotencyKey: crypto.randomUUID(), ...BILLING }
        ),
        check: async (ctx, response) => {
          // Checkout goes on to the provider's hosted page (here the local one), the items reserved (decision 0055).
          redirectsTo(response, /^\/dev\/payments\/checkout\/cs_local_[0-9a-f]{32}$/);
          expect(
            await rows("SELECT id FROM orders WHERE user_id = ? AND status = 'awaiting_payment'", ctx.user!.id),
          ).toHaveLength(1);
          expect(await cartOf(ctx.user!.id)).toEqual([]);
        },
      },
    },
    "routes/shop/favorites.tsx": {
      toggle: {
        allowed: isSignedIn,
        form: async (ctx) => ({ intent: "toggle", productId: (await ctx.product()).id }),
        check: async (ctx, response, form) => {
          redirectsTo(response, "/favorites");
          expect(await rows("SELECT product_id FROM favorites WHERE user_id = ?", ctx.user!.id)).toEqual([
            { product_id: form.productId },
          ]);
        },
      },
    },
  },
};
