import { env } from "cloudflare:workers";
import { expect } from "vitest";
import {
  anyone,
  area,
  createProduct,
  createUser,
  isSignedIn,
  page,
  redirectsTo,
  rows,
  tag,
  type AreaRules,
  type Ctx,
} from "./kit";

// Alerts (issue 25, items 6 and 7): 'Notify me' and the saved searches are any signed-in
// person's, each on their own records; signed out, sign in and come back. The one-click link of
// a saved search's e-mail works signed out, from anywhere, on its signed token alone.

const rentedName = `Matrix Rented Dress ${tag}`;
let rentedId = "";

/** A saved search, or a waiting 'Notify me', of this user (or of someone else when anonymous). */
async function savedSearchOf(ctx: Ctx) {
  const userId = ctx.user?.id ?? (await createUser()).id;
  const id = `ss_am_${crypto.randomUUID()}`;
  await env.DB.prepare(
    "INSERT INTO saved_searches (id, user_id, name, url, created_at) VALUES (?, ?, 'Matrix coats', '/categories/coats', ?)",
  )
    .bind(id, userId, Date.now())
    .run();
  return id;
}
async function waitingOf(userId: string) {
  const product = await createProduct((await createUser()).id, {
    name: `Matrix Away ${crypto.randomUUID().slice(0, 8)}`,
  });
  await env.DB.prepare("UPDATE products SET availability = 'rented' WHERE id = ?").bind(product.id).run();
  const id = `bis_am_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO back_in_stock_requests (id, user_id, product_id, created_at) VALUES (?, ?, ?, ?)")
    .bind(id, userId, product.id, Date.now())
    .run();
  return id;
}

export const rules: AreaRules = {
  pages: {
    "routes/alerts/notify-me.tsx": area(
      () => true,
      () => page(200, { shows: rentedName }),
    ),
    "routes/account/saved-searches.tsx": area(
      () => true,
      () => page(200, { shows: "Saved searches" }),
    ),
    // Without its signed token the link says so (400), to everyone.
    "routes/alerts/saved-search-unsubscribe.tsx": () => page(400, { shows: "This link is not valid." }),
  },
  records: async () => {
    const product = await createProduct((await createUser()).id, { name: rentedName });
    await env.DB.prepare("UPDATE products SET availability = 'rented' WHERE id = ?").bind(product.id).run();
    rentedId = product.id;
    return { "/product/:id/notify": `/product/${product.id}/notify` };
  },
  actions: {
    "routes/alerts/notify-me.tsx": {
      "": {
        allowed: isSignedIn,
        form: async () => ({}),
        check: async (ctx, response) => {
          redirectsTo(response, `/product/${rentedId}`);
          expect(
            await rows(
              "SELECT count(*) AS n FROM back_in_stock_requests WHERE user_id = ? AND product_id = ? AND notified_at IS NULL",
              ctx.user!.id,
              rentedId,
            ),
          ).toEqual([{ n: 1 }]);
        },
      },
    },
    "routes/account/saved-searches.tsx": {
      save: {
        allowed: isSignedIn,
        form: async () => ({ intent: "save", name: "Matrix black coats", url: "/all-products?color=Black" }),
        check: async (ctx, response) => {
          redirectsTo(response, "/account/saved-searches");
          expect(await rows("SELECT name, url FROM saved_searches WHERE user_id = ?", ctx.user!.id)).toEqual([
            { name: "Matrix black coats", url: "/all-products?color=Black" },
          ]);
        },
      },
      delete: {
        allowed: isSignedIn,
        form: async (ctx) => ({ intent: "delete", id: await savedSearchOf(ctx) }),
        check: async (ctx, response, form) => {
          redirectsTo(response, "/account/saved-searches");
          expect(await rows("SELECT id FROM saved_searches WHERE id = ?", form.id!)).toEqual([]);
          // Someone else's: 404, kept.
          const theirs = await savedSearchOf({ ...ctx, user: null });
          expect((await ctx.browser.post("/account/saved-searches", { intent: "delete", id: theirs })).status).toBe(
            404,
          );
          expect(await rows("SELECT id FROM saved_searches WHERE id = ?", theirs)).toEqual([{ id: theirs }]);
        },
      },
      stop_waiting: {
        allowed: isSignedIn,
        form: async (ctx) => ({ intent: "stop_waiting", id: await waitingOf(ctx.user?.id ?? (await createUser()).id) }),
        check: async (ctx, response, form) => {
          redirectsTo(response, "/account/saved-searches");
          expect(await rows("SELECT id FROM back_in_stock_requests WHERE id = ?", form.id!)).toEqual([]);
          const theirs = await waitingOf((await createUser()).id);
          expect(
            (await ctx.browser.post("/account/saved-searches", { intent: "stop_waiting", id: theirs })).status,
          ).toBe(404);
          expect(await rows("SELECT id FROM back_in_stock_requests WHERE id = ?", theirs)).toEqual([{ id: theirs }]);
        },
      },
    },
    // One-click: anyone may post, from anywhere; without a valid token nothing changes.
    "routes/alerts/saved-search-unsubscribe.tsx": {
      "": {
        allowed: anyone,
        crossSite: "judged",
        form: async () => ({ "List-Unsubscribe": "One-Click" }),
        check: async (_ctx, response: Response) => {
          expect(response.status).toBe(400);
          // React Router itself refuses an action whose Origin is another site's ('Bad Request').
          expect(await response.text()).toMatch(/This link is not valid\.|^Bad Request$/);
        },
      },
    },
  },
};
