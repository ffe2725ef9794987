import { env } from "cloudflare:workers";
import { expect } from "vitest";
import {
  area,
  createProduct,
  createUser,
  expectShipped,
  isSignedIn,
  MANAGE_PRODUCTS,
  orderToSend,
  ownerOrStaff,
  redirectsTo,
  rows,
  shipForm,
  tag,
  vendors,
  world,
  type ActionRule,
  type AreaRules,
  type Ctx,
  type Who,
} from "./kit";

// seller-store-admin.md §6: vendors or admins; a vendor opens only their own products (decision
// 0012: staff who manage products may open and save any); the product owner answers price-change
// requests. The world's seller product belongs to the shared "vendor" member, so every user the
// action matrix signs in (a fresh one per case) is "another vendor" to it.

const inArea = (who: Who) => isSignedIn(who) && vendors(who);

/** A returned rental being prepared, of a seller nobody in the matrix is (decision 0080). */
async function preparedItemOfSomeoneElse() {
  const product = await createProduct((await createUser()).id, {
    name: `Matrix Prepared ${crypto.randomUUID().slice(0, 8)}`,
  });
  await env.DB.prepare("UPDATE products SET availability = 'rented', prepared_until = ? WHERE id = ?")
    .bind(Date.now() + 86_400_000, product.id)
    .run();
  return product.id;
}
const mayEditAny = (who: Who) => MANAGE_PRODUCTS.includes(who);

/** Area members who may not touch the record get 'not found'; everyone else the area guard's answer. */
const notFoundInArea = (text: string) => async (ctx: Ctx, response: Response) => {
  if (inArea(ctx.who)) {
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(text);
  } else redirectsTo(response, "/");
};

const productForm = (name: string, brand: string) => ({
  name,
  brand,
  productType: "Women",
  category: "Coats",
  condition: "Almost New",
  originalPrice: "240",
  rentalPrice: "18",
  buyingPrice: "120",
  size: "UK 12",
});

async function pendingRequest(productId: string, ownerId: string) {
  const shared = await world();
  const id = `pcr_${crypto.randomUUID()}`;
  // One request per product and store waits at a time (migration 0046): the last case's is answered.
  await env.DB.prepare(
    "UPDATE price_change_requests SET status = 'rejected' WHERE product_id = ? AND status = 'pending'",
  )
    .bind(productId)
    .run();
  await env.DB.prepare(
    "INSERT INTO price_change_requests (id, product_id, owner_id, store_id, suggested_rental_price, suggested_buying_price, reason, status, created_at) VALUES (?, ?, ?, ?, 1700, 11500, 'Matrix', 'pending', ?)",
  )
    .bind(id, productId, ownerId, shared.storeId, Date.now())
    .run();
  return id;
}

const suggestion = (where: string): ActionRule => ({
  allowed: where === "dashboard" ? inArea : mayEditAny,
  form: async () => ({ intent: "suggest_brand", suggestedName: `Matrix Label ${crypto.randomUUID().slice(0, 8)}` }),
  check: async (ctx, response, form) => {
    expect(response.status).toBe(200);
    expect(
      await rows(
        "SELECT status FROM brand_suggestions WHERE suggested_by = ? AND suggested_name = ?",
        ctx.user!.id,
        form.suggestedName,
      ),
    ).toEqual([{ status: "pending" }]);
  },
  refused: where === "dashboard" ? undefined : notFoundInArea("Product not found"),
});

export const rules: AreaRules = {
  pages: {
    "routes/vendor/index.tsx": area(vendors),
    "routes/vendor/product-edit.tsx": area(vendors, ownerOrStaff("vendor", `Owned Trench ${tag}`)),
  },
  records: async (world) => ({ "/vendor/product/:id/edit": `/vendor/product/${world.sellerProduct.id}/edit` }),
  actions: {
    "routes/vendor/index.tsx": {
      create_product: {
        allowed: inArea,
        form: async () => ({
          intent: "create_product",
          ...productForm(`Matrix Listing ${crypto.randomUUID().slice(0, 8)}`, (await world()).brandName),
        }),
        check: async (ctx, response, form) => {
          redirectsTo(response, "/vendor");
          expect(
            await rows(
              "SELECT status, product_status FROM products WHERE owner_id = ? AND name = ?",
              ctx.user!.id,
              form.name,
            ),
          ).toEqual([{ status: "pending", product_status: "pending" }]);
        },
      },
      suggest_brand: suggestion("dashboard"),
      // Set up payouts (decision 0056): every member of the area, for their own account only, whatever the form names.
      setup_payouts: {
        allowed: inArea,
        form: async () => ({ intent: "setup_payouts", payeeId: (await (await world()).member("vendor")).id }),
        check: async (ctx, response) => {
          expect(response.status).toBe(303);
          expect(response.headers.get("location")).toMatch(/\/dev\/payments\/onboarding\/acct_local_[0-9a-f]{16}$/);
          expect(await rows("SELECT payee_type, status FROM payee_accounts WHERE payee_id = ?", ctx.user!.id)).toEqual([
            { payee_type: "owner", status: "not_started" },
          ]);
          expect(
            await rows(
              "SELECT count(*) AS n FROM payee_accounts WHERE payee_id = ?",
              (await (await world()).member("vendor")).id,
            ),
          ).toEqual([{ n: 0 }]);
        },
      },
      // The owner answering their own request (every member of the area may have products).
      // A seller posts their own items (issue 22); staff of the area post their own too.
      ship: {
        allowed: inArea,
        form: async (ctx) => shipForm(await orderToSend(ctx.user?.id ?? (await createUser()).id)),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/vendor?tab=orders");
          await expectShipped(String(form.itemId));
        },
      },
      // 'Get a label' (issue 44): a seller's own items; staff of the area for their own too.
      get_label: {
        allowed: inArea,
        form: async (ctx) => {
          const order = await orderToSend(ctx.user?.id ?? (await createUser()).id);
          return { intent: "get_label", orderId: order.orderId, itemId: order.itemId };
        },
        check: async (_ctx, response, form) => {
          redirectsTo(response, /^\/account\/labels\/lbl_/);
          expect(await rows("SELECT status, carrier FROM order_items WHERE id = ?", form.itemId)).toEqual([
            { status: "shipped", carrier: "royal_mail" },
          ]);
        },
      },
      // Turnaround (decision 0080): someone else's item being prepared is nobody's to mark ready here.
      mark_ready: {
        allowed: () => false,
        form: async () => ({ intent: "mark_ready", productId: await preparedItemOfSomeoneElse() }),
        check: async () => {
          throw new Error("nobody marks ready an item that is not theirs");
        },
        refused: notFoundInArea("That item is not one of yours being prepared."),
      },
      // Every member of the area sets their own turnaround, whatever the form names.
      set_turnaround: {
        allowed: inArea,
        form: async () => ({
          intent: "set_turnaround",
          turnaroundDays: "3",
          userId: (await (await world()).member("vendor")).id,
        }),
        check: async (ctx, response) => {
          redirectsTo(response, "/vendor?tab=orders");
          expect(await rows("SELECT turnaround_days FROM users WHERE id = ?", ctx.user!.id)).toEqual([
            { turnaround_days: 3 },
          ]);
        },
      },
      // Nobody inspects an item that is not theirs (issue 22): area members get 'not found'.
      inspect: {
        allowed: () => false,
        form: async () => ({
          intent: "inspect",
          itemId: `item_missing_${crypto.randomUUID().slice(0, 8)}`,
          outcome: "good",
        }),
        check: async () => {
          throw new Error("nobody inspects an item that is not theirs");
        },
        refused: notFoundInArea("Order item not found"),
      },
      accept_price: {
        allowed: inArea,
        form: async (ctx) => {
          const ownerId = ctx.user?.id ?? (await createUser()).id;
          const product = await createProduct(ownerId, { name: `Matrix Priced ${crypto.randomUUID().slice(0, 8)}` });
          return { intent: "accept_price", requestId: await pendingRequest(product.id, ownerId) };
        },
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/vendor?tab=notifications");
          expect(await rows("SELECT status FROM price_change_requests WHERE id = ?", form.requestId)).toEqual([
            { status: "accepted" },
          ]);
        },
      },
      // Someone else's request (the world's seller product): nobody else may answer it, staff included.
      reject_price: {
        allowed: () => false,
        form: async () => {
          const shared = await world();
          return {
            intent: "reject_price",
            requestId: await pendingRequest(shared.sellerProduct.id, (await shared.member("vendor")).id),
          };
        },
        check: async () => {
          throw new Error("nobody but the owner may answer");
        },
        refused: async (ctx, response) => {
          if (inArea(ctx.who)) {
            expect(response.status).toBe(404);
            expect(await response.text()).toContain("Failed to reject the request.");
          } else redirectsTo(response, "/");
        },
      },
    },
    "routes/vendor/product-edit.tsx": {
      // The world's seller product: its owner is the shared "vendor" member, so staff of decision 0012 may save it and every other vendor gets 'Product not found'.
      save: {
        allowed: mayEditAny,
        form: async () => {
          const shared = await world();
          const [row] = (await rows("SELECT images FROM products WHERE id = ?", shared.sellerProduct.id)) as {
            images: string;
          }[];
          return {
            intent: "save",
            ...productForm(shared.sellerProduct.name, shared.brandName),
            description: `Saved by staff ${crypto.randomUUID()}`,
            imagesKeep: JSON.parse(row!.images) as string[],
          };
        },
        check: async (_ctx, response, form) => {
          const shared = await world();
          redirectsTo(response, "/vendor");
          expect(
            await rows("SELECT name, description, owner_id FROM products WHERE id = ?", shared.sellerProduct.id),
          ).toEqual([
            {
              name: shared.sellerProduct.name,
              description: form.description,
              owner_id: (await shared.member("vendor")).id,
            },
          ]);
        },
        refused: notFoundInArea("Product not found"),
      },
      suggest_brand: suggestion("edit"),
    },
  },
};
