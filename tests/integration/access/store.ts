import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createProduct, createUser } from "../factories";
import { area, ownerOrStaff, redirectsTo, rows, stores, tag, type AreaRules, type Ctx } from "./kit";

// seller-store-admin.md §6: stores or admins; a store owner opens only their own store's products.
// A store inspects the concierge rentals it handles (decision 0021): only the owner of that store.
const storeOwners = (who: string) => who === "storeOwner" || who === "otherStoreOwner";

/** A concierge rental sent back to a store: the poster's own store when they own stores, else someone else's. */
async function returnedConciergeRental(ctx: Ctx) {
  const storeOwnerId = ctx.user && storeOwners(ctx.who) ? ctx.user.id : (await createUser()).id;
  const owner = await createUser();
  const shopper = await createUser();
  const product = await createProduct(owner.id, { name: `Matrix Returned ${crypto.randomUUID().slice(0, 8)}` });
  const suffix = crypto.randomUUID().slice(0, 8);
  const storeId = `store_ret_${suffix}`;
  const orderId = `order_ret_${suffix}`;
  const itemId = `item_ret_${suffix}`;
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)").bind(storeId, `Returns ${tag}`, storeOwnerId, now),
    env.DB.prepare("UPDATE products SET store_id = ?, status = 'approved', concierge_status = 'yes', availability = 'rented' WHERE id = ?").bind(storeId, product.id),
    env.DB.prepare("INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, 'active', 1000, 0, 1000, '{}', '{}', ?, ?)").bind(orderId, shopper.id, now, now),
    env.DB.prepare(
      "INSERT INTO order_items (id, order_id, product_id, name, type, price, buying_price, seller_id, seller_type, handler, status, delivered_at, rental_starts_at, rental_ends_at, return_requested_at, created_at) VALUES (?, ?, ?, ?, 'rental', 1000, 5000, ?, 'store', 'store', 'return_requested', ?, ?, ?, ?, ?)",
    ).bind(itemId, orderId, product.id, product.name, storeId, now - 86_400_000, now - 86_400_000, now + 6 * 86_400_000, now, now),
  ]);
  return { itemId, productId: product.id };
}

export const rules: AreaRules = {
  pages: {
    "routes/store/index.tsx": area(stores),
    "routes/store/product-edit.tsx": area(stores, ownerOrStaff("storeOwner", `Concierge Blazer ${tag}`)),
  },
  records: async (world) => ({ "/store/product/:productId/edit": `/store/product/${world.storeProduct.id}/edit` }),
  actions: {
    "routes/store/index.tsx": {
      inspect: {
        allowed: storeOwners,
        form: async (ctx) => {
          const { itemId } = await returnedConciergeRental(ctx);
          return { intent: "inspect", itemId, condition: "good" };
        },
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/store");
          expect(await rows("SELECT o.status, p.availability FROM order_items o JOIN products p ON p.id = o.product_id WHERE o.id = ?", form.itemId)).toEqual([{ status: "returned", availability: "available" }]);
        },
        // Staff may open the store area but inspect on the admin Orders tab; another store's item reads as missing.
        refused: async (ctx, response) => {
          if (ctx.who !== "anonymous" && stores(ctx.who)) {
            expect(response.status).toBe(404);
            expect(await response.text()).toContain("Order item not found");
          } else redirectsTo(response, "/");
        },
      },
    },
  },
};
