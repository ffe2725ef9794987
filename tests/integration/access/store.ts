import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { png } from "../images";
import { STORE_ADDRESS_MARKER } from "../../../app/data/profiles.server";
import {
  area,
  createProduct,
  createUser,
  isSignedIn,
  ownerOrStaff,
  redirectsTo,
  rows,
  STORE_STAFF,
  stores,
  tag,
  world,
  type ActionRule,
  type AreaRules,
  type Ctx,
  type Who,
  expectShipped,
  orderToSend,
  shipForm,
} from "./kit";

// seller-store-admin.md §6: stores or the staff who run stores (decision 0029); a store owner
// opens and acts on only their own store's products, requests and orders. The world's concierge
// product belongs to the shared "storeOwner" member's store, so every user the action matrix
// signs in (a fresh one per case) is "another store" to it.

const inArea = (who: Who) => isSignedIn(who) && stores(who);
const isStoreOwner = (who: Who) => who === "storeOwner" || who === "otherStoreOwner";

/** Area members who may not touch the record get a 404 with `text`; everyone else the area guard's answer. */
const notFoundInArea = (text: string) => async (ctx: Ctx, response: Response) => {
  if (inArea(ctx.who)) {
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(text);
  } else redirectsTo(response, "/");
};

/** A store of the posting user's own (store owners only), so their refusals are about someone else's records. */
async function ownStore(ctx: Ctx) {
  if (!ctx.user || !isStoreOwner(ctx.who)) return null;
  const id = `store_m_${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare(
    "INSERT INTO stores (id, name, description, owner_id, created_at) VALUES (?, ?, 'Matrix store', ?, ?)",
  )
    .bind(id, `Matrix Store ${id}`, ctx.user.id, Date.now())
    .run();
  return id;
}

async function conciergeRequest(storeId: string) {
  const owner = await createUser();
  const product = await createProduct(owner.id, {
    name: `Matrix Concierge ${crypto.randomUUID().slice(0, 8)}`,
    productStatus: "pending",
  });
  await env.DB.prepare(
    "UPDATE products SET store_id = ?, status = 'pending', concierge_status = 'pending' WHERE id = ?",
  )
    .bind(storeId, product.id)
    .run();
  return product.id;
}

const answer = (intent: "approve_request" | "reject_request"): ActionRule =>
  intent === "approve_request"
    ? {
        // A request at the poster's own store.
        allowed: isStoreOwner,
        form: async (ctx) => {
          const storeId = (await ownStore(ctx)) ?? (await world()).storeId;
          return { intent, productId: await conciergeRequest(storeId) };
        },
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/store?tab=requests");
          expect(await rows("SELECT status, concierge_status FROM products WHERE id = ?", form.productId)).toEqual([
            { status: "approved", concierge_status: "yes" },
          ]);
        },
        // Staff without a store of their own post without ?store=: there is no store to act for.
        refused: notFoundInArea("Store not found"),
      }
    : {
        // A request at someone else's store (the world's): nobody posting at /store may answer it.
        allowed: () => false,
        form: async (ctx) => {
          await ownStore(ctx);
          return { intent, productId: await conciergeRequest((await world()).storeId), reason: "Not a brand we stock" };
        },
        check: async () => {
          throw new Error("another store's request is never answered");
        },
        refused: async (ctx, response) => {
          if (!inArea(ctx.who)) return redirectsTo(response, "/");
          expect(response.status).toBe(404);
          expect(await response.text()).toContain(
            isStoreOwner(ctx.who) ? "Failed to reject request" : "Store not found",
          );
        },
      };

export const rules: AreaRules = {
  pages: {
    "routes/store/index.tsx": area(stores),
    "routes/store/product-edit.tsx": area(stores, ownerOrStaff("storeOwner", `Concierge Blazer ${tag}`, STORE_STAFF)),
  },
  records: async (world) => ({ "/store/product/:productId/edit": `/store/product/${world.storeProduct.id}/edit` }),
  actions: {
    "routes/store/index.tsx": {
      approve_request: answer("approve_request"),
      reject_request: answer("reject_request"),
      // An item this store does not handle (none of the poster's): the lifecycle refuses it.
      inspect: {
        allowed: () => false,
        form: async (ctx) => {
          await ownStore(ctx);
          return { intent: "inspect", itemId: `item_missing_${crypto.randomUUID().slice(0, 8)}`, condition: "good" };
        },
        check: async () => {
          throw new Error("nobody inspects an item that is not their store's");
        },
        refused: async (ctx, response) => {
          if (!inArea(ctx.who)) return redirectsTo(response, "/");
          expect(response.status).toBe(404);
        },
      },
      // Turnaround (decision 0080): an item this store does not handle is nobody's to mark ready here.
      mark_ready: {
        allowed: () => false,
        form: async (ctx) => {
          await ownStore(ctx);
          const product = await createProduct((await createUser()).id, {
            name: `Matrix Prepared ${crypto.randomUUID().slice(0, 8)}`,
          });
          await env.DB.prepare("UPDATE products SET availability = 'rented', prepared_until = ? WHERE id = ?")
            .bind(Date.now() + 86_400_000, product.id)
            .run();
          return { intent: "mark_ready", productId: product.id };
        },
        check: async () => {
          throw new Error("nobody marks ready an item that is not their store's");
        },
        refused: async (ctx, response) => {
          if (!inArea(ctx.who)) return redirectsTo(response, "/");
          expect(response.status).toBe(404);
        },
      },
      // A store owner sets their own store's turnaround.
      set_turnaround: {
        allowed: isStoreOwner,
        form: async (ctx) => {
          await ownStore(ctx);
          return { intent: "set_turnaround", turnaroundDays: "4" };
        },
        check: async (ctx, response) => {
          redirectsTo(response, "/store?tab=orders");
          expect(await rows("SELECT turnaround_days FROM stores WHERE owner_id = ?", ctx.user!.id)).toEqual([
            { turnaround_days: 4 },
          ]);
        },
        refused: notFoundInArea("Store not found"),
      },
      // A store posts the concierge items it handles: the poster's own store's order (issue 22).
      ship: {
        allowed: isStoreOwner,
        form: async (ctx) => {
          const storeId = await ownStore(ctx);
          return shipForm(await orderToSend((await createUser()).id, storeId ?? (await world()).storeId));
        },
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/store?tab=orders");
          await expectShipped(String(form.itemId));
        },
        refused: async (ctx, response) => {
          if (!inArea(ctx.who)) return redirectsTo(response, "/");
          // Staff who run stores act on the store they chose: without one, there is none to act for.
          expect([404]).toContain(response.status);
        },
      },
      // 'Get a label' (issue 44): the concierge items the poster's own store handles.
      get_label: {
        allowed: isStoreOwner,
        form: async (ctx) => {
          const storeId = await ownStore(ctx);
          // The sender's address on the label: the store's (Settings).
          if (storeId)
            await env.DB.prepare("UPDATE stores SET description = ? WHERE id = ?")
              .bind(`Matrix store${STORE_ADDRESS_MARKER}1 Store Street, London, N1 1AA`, storeId)
              .run();
          const order = await orderToSend((await createUser()).id, storeId ?? (await world()).storeId);
          return { intent: "get_label", orderId: order.orderId, itemId: order.itemId };
        },
        check: async (_ctx, response, form) => {
          redirectsTo(response, /^\/account\/labels\/lbl_/);
          expect(await rows("SELECT status, carrier FROM order_items WHERE id = ?", form.itemId)).toEqual([
            { status: "shipped", carrier: "royal_mail" },
          ]);
        },
        refused: async (ctx, response) => {
          if (!inArea(ctx.who)) return redirectsTo(response, "/");
          expect([404]).toContain(response.status);
        },
      },
      // Set up payouts (decision 0056): the store's owner, for their own store. Staff who run stores
      // post without ?store= here (no store to act for: 404); with one they get a 403 (payouts-onboarding.test.ts).
      setup_payouts: {
        allowed: isStoreOwner,
        form: async (ctx) => {
          await ownStore(ctx);
          return { intent: "setup_payouts" };
        },
        check: async (ctx, response) => {
          expect(response.status).toBe(303);
          expect(response.headers.get("location")).toMatch(/\/dev\/payments\/onboarding\/acct_local_[0-9a-f]{16}$/);
          expect(
            await rows(
              "SELECT a.payee_type, a.status FROM payee_accounts a JOIN stores s ON s.id = a.payee_id WHERE s.owner_id = ?",
              ctx.user!.id,
            ),
          ).toEqual([{ payee_type: "store", status: "not_started" }]);
        },
        refused: notFoundInArea("Store not found"),
      },
      save_settings: {
        allowed: isStoreOwner,
        form: async (ctx) => {
          await ownStore(ctx);
          // The store's address in the fields of every address (decision 0094).
          const address = {
            "address.fullName": "Matrix Rails",
            "address.addressLine1": "1 Matrix Road",
            "address.city": "London",
            "address.postalCode": "n1 1aa",
            "address.country": "GB",
          };
          return {
            intent: "save_settings",
            description: `Matrix description ${crypto.randomUUID().slice(0, 8)}`,
            ...address,
            logo: png(),
          };
        },
        check: async (ctx, response, form) => {
          redirectsTo(response, "/store?tab=settings");
          const [store] = (await rows(
            "SELECT description, logo_url, address FROM stores WHERE owner_id = ?",
            ctx.user!.id,
          )) as { description: string; logo_url: string; address: string }[];
          expect(store!.description).toBe(`${form.description}\n\nStore located at: 1 Matrix Road, London, N1 1AA`);
          expect(JSON.parse(store!.address)).toEqual({
            fullName: "Matrix Rails",
            addressLine1: "1 Matrix Road",
            city: "London",
            postalCode: "N1 1AA",
            country: "GB",
          });
          expect(store!.logo_url).toMatch(
            /^\/images\/store-logos\/store_m_[\w-]+\/store_m_[\w-]+-logo\.png\?v=[0-9a-z]+$/,
          );
        },
        refused: notFoundInArea("Store not found"),
      },
    },
    "routes/store/product-edit.tsx": {
      // The world's concierge product: its store's owner is the shared "storeOwner" member, so only
      // the staff who run stores may act on it here; every other store gets 'Product not found'.
      update_status: {
        allowed: (who) => STORE_STAFF.includes(who),
        form: async () => {
          const shared = await world();
          await env.DB.prepare("UPDATE products SET status = 'approved', concierge_status = 'yes' WHERE id = ?")
            .bind(shared.storeProduct.id)
            .run();
          return { intent: "update_status", status: "pending" };
        },
        check: async (_ctx, response) => {
          const shared = await world();
          redirectsTo(response, `/store/product/${shared.storeProduct.id}/edit`);
          expect(
            await rows("SELECT status, concierge_status, store_id FROM products WHERE id = ?", shared.storeProduct.id),
          ).toEqual([{ status: "pending", concierge_status: "pending", store_id: shared.storeId }]);
          await env.DB.prepare("UPDATE products SET status = 'approved', concierge_status = 'yes' WHERE id = ?")
            .bind(shared.storeProduct.id)
            .run();
        },
        refused: notFoundInArea("Product not found"),
      },
      request_price: {
        allowed: (who) => STORE_STAFF.includes(who),
        form: async () => {
          // One request per product and store waits at a time (migration 0046): the last case's is answered.
          await env.DB.prepare(
            "UPDATE price_change_requests SET status = 'rejected' WHERE product_id = ? AND status = 'pending'",
          )
            .bind((await world()).storeProduct.id)
            .run();
          return {
            intent: "request_price",
            suggestedRentalPrice: "12.50",
            suggestedBuyingPrice: "",
            reason: `Matrix reason ${crypto.randomUUID().slice(0, 8)}`,
          };
        },
        check: async (_ctx, response, form) => {
          const shared = await world();
          redirectsTo(response, `/store/product/${shared.storeProduct.id}/edit`);
          expect(
            await rows(
              "SELECT suggested_rental_price, status, store_id FROM price_change_requests WHERE product_id = ? AND reason = ?",
              shared.storeProduct.id,
              form.reason,
            ),
          ).toEqual([{ suggested_rental_price: 1250, status: "pending", store_id: shared.storeId }]);
        },
        refused: notFoundInArea("Product not found"),
      },
    },
  },
};
