import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { PASSWORD } from "../actors";
import { Browser } from "../http";
import { png } from "../images";
import {
  area,
  vendors,
  createUser,
  isSignedIn,
  nextIp,
  page,
  redirectsTo,
  rows,
  type ActionRule,
  type AreaRules,
  type Ctx,
  type Who,
} from "./kit";

// seller-store-admin.md §6: /account is for any signed-in user, each on their own data. An order
// page is its shopper's, or staff's who handle orders (superadmin, admin, customer support);
// anyone else reads it as missing. Only the order's own shopper buys, returns or reviews.

/** Whoever may list items posts their own parcels (issue 45 item 4): sellers, and staff, who may list too. */
const shipsParcels = (who: Who) => who !== "anonymous" && vendors(who);
const user = (ctx: Ctx) =>
  rows("SELECT display_name, avatar_url FROM users WHERE id = ?", ctx.user!.id).then(
    (r) => r[0] as { display_name: string | null; avatar_url: string | null } | undefined,
  );

/** An unread notification of a user. */
async function notificationOf(userId: string) {
  const id = `ntf_${crypto.randomUUID()}`;
  await env.DB.prepare(
    "INSERT INTO notifications (id, user_id, event_key, kind, category, title, body, link, created_at) VALUES (?, ?, ?, 'product_approved', 'selling', 'Matrix notice', 'Body', '/account', ?)",
  )
    .bind(id, userId, `matrix:${id}`, Date.now())
    .run();
  return id;
}

/** Acting on a notification: the poster's own works; another user's reads as missing and stays unread. */
const notifiedOf = (intent: "open" | "mark_read", ok: (response: Response) => void): ActionRule => ({
  allowed: isSignedIn,
  form: async (ctx) => ({ intent, id: await notificationOf(ctx.user?.id ?? (await createUser()).id) }),
  check: async (ctx, response, form) => {
    ok(response);
    expect(await rows("SELECT read_at IS NOT NULL AS read FROM notifications WHERE id = ?", form.id!)).toEqual([
      { read: 1 },
    ]);
    // Another person's: 404, unchanged.
    const theirs = await notificationOf((await createUser()).id);
    const refused = await ctx.browser.post("/account/notifications", { intent, id: theirs });
    expect(refused.status).toBe(404);
    expect(await rows("SELECT read_at FROM notifications WHERE id = ?", theirs)).toEqual([{ read_at: null }]);
  },
});

export const rules: AreaRules = {
  pages: {
    "routes/account/index.tsx": area(
      () => true,
      () => page(200, { shows: "Account Management" }),
    ),
    "routes/account/export.ts": area(
      () => true,
      () => ({ redirect: "/account?tab=profile" }),
    ),
    "routes/account/notifications.tsx": area(
      () => true,
      () => page(200, { shows: "Notifications" }),
    ),
    "routes/account/start-selling.tsx": area(
      () => true,
      () => page(200, { shows: "Start selling" }),
    ),
    // Issue 45 item 4: where a handler ships: sellers for their items, a store's owner for the store; nobody else.
    "routes/account/shipping.tsx": area(
      () => true,
      (who) => (shipsParcels(who) || who === "storeOwner" ? page(200, { shows: "Where you ship" }) : page(404)),
    ),
    // Issue 25, item 3: anyone signed in saves their own sizes; 'Show my sizes' without saved sizes asks for them first.
    "routes/account/sizes.tsx": area(
      () => true,
      () => page(200, { shows: "My sizes" }),
    ),
    "routes/account/sizes-show.ts": area(
      () => true,
      () => ({ redirect: "/account/sizes?return=%2Fall-products" }),
    ),
  },
  actions: {
    "routes/account/index.tsx": {
      avatar: {
        allowed: isSignedIn,
        form: async () => ({ intent: "avatar", avatar: png("me.png") }),
        check: async (ctx, response) => {
          redirectsTo(response, "/account?tab=profile");
          expect((await user(ctx))!.avatar_url).toMatch(new RegExp(`^/images/avatars/${ctx.user!.id}/\\d+\\.png$`));
        },
      },
      profile: {
        allowed: isSignedIn,
        form: async (ctx) => ({
          intent: "profile",
          fullName: "Matrix Person",
          displayName: `Matrix${crypto.randomUUID().slice(0, 8)}`,
          email: ctx.user?.email ?? "anonymous@example.test",
        }),
        check: async (ctx, response, form) => {
          redirectsTo(response, "/account?tab=profile");
          expect((await user(ctx))!.display_name).toBe(form.displayName);
        },
      },
      password: {
        allowed: isSignedIn,
        form: async () => ({
          intent: "password",
          currentPassword: PASSWORD,
          newPassword: "matrix-new-secret",
          confirmPassword: "matrix-new-secret",
        }),
        check: async (ctx, response) => {
          redirectsTo(response, "/account?tab=security");
          // The old password no longer signs in; the new one does.
          expect(
            (
              await new Browser(nextIp()).post("/auth", {
                intent: "signin",
                email: ctx.user!.email,
                password: PASSWORD,
              })
            ).status,
          ).toBe(401);
          expect(
            (
              await new Browser(nextIp()).post("/auth", {
                intent: "signin",
                email: ctx.user!.email,
                password: "matrix-new-secret",
              })
            ).status,
          ).toBe(302);
        },
      },
      return_address: {
        allowed: isSignedIn,
        form: async () => ({
          intent: "return_address",
          "return.fullName": "Matrix Seller",
          "return.addressLine1": "1 Matrix Row",
          "return.city": "London",
          "return.postalCode": "N1 1AA",
          "return.country": "United Kingdom",
        }),
        check: async (ctx, response) => {
          redirectsTo(response, "/account?tab=profile");
          expect(
            JSON.parse(
              String((await rows("SELECT return_address FROM users WHERE id = ?", ctx.user!.id))[0]!.return_address),
            ),
          ).toMatchObject({ addressLine1: "1 Matrix Row" });
        },
      },
      notification_preferences: {
        allowed: isSignedIn,
        form: async () => ({ intent: "notification_preferences", email: "store" }),
        check: async (ctx, response) => {
          redirectsTo(response, "/account?tab=profile#notification-settings");
          expect(
            await rows(
              "SELECT category FROM notification_preferences WHERE user_id = ? AND email = 0 ORDER BY category",
              ctx.user!.id,
            ),
          ).toEqual(
            ["alerts", "following", "marketing", "messages", "payouts", "selling"].map((category) => ({ category })),
          );
        },
      },
      delete_account: {
        allowed: isSignedIn,
        form: async () => ({ intent: "delete_account", password: PASSWORD }),
        check: async (ctx, response) => {
          redirectsTo(response, "/");
          expect(await user(ctx)).toBeUndefined();
        },
      },
    },
    // Issue 45 item 4: a seller saves where their own items ship; anyone else finds nothing to save.
    "routes/account/shipping.tsx": {
      save_shipping: {
        allowed: shipsParcels,
        form: async () => ({ intent: "save_shipping", scope: "seller", reach: "europe", europeFee: "12.99" }),
        check: async (ctx, response) => {
          redirectsTo(response, "/account/shipping");
          expect(await rows("SELECT ship_reach, ship_fee_europe FROM users WHERE id = ?", ctx.user!.id)).toEqual([
            { ship_reach: "europe", ship_fee_europe: 1299 },
          ]);
        },
        refused: async (_ctx, response) => expect(response.status).toBe(404),
      },
    },
    // Issue 27 item 7: shoppers and store owners start selling; sellers and staff already sell (409).
    "routes/account/start-selling.tsx": {
      start_selling: {
        allowed: (who) => who === "shopper" || who === "storeOwner" || who === "otherStoreOwner",
        form: async () => ({
          intent: "start_selling",
          displayName: `Matrix${crypto.randomUUID().slice(0, 8)}`,
          "return.fullName": "Matrix Seller",
          "return.addressLine1": "1 Matrix Row",
          "return.city": "London",
          "return.postalCode": "N1 1AA",
          "return.country": "United Kingdom",
          acceptTerms: "on",
        }),
        check: async (ctx, response) => {
          redirectsTo(response, "/vendor");
          expect((await rows("SELECT role FROM user_roles WHERE user_id = ?", ctx.user!.id))[0]).toEqual({
            role: "individual",
          });
        },
        refused: async (_ctx, response) => {
          expect(response.status).toBe(409);
        },
      },
    },
    // Someone else's notification reads as missing (404); one's own is marked read.
    "routes/account/notifications.tsx": {
      open: notifiedOf("open", (response) => expect(response.status).toBe(303)),
      mark_read: notifiedOf("mark_read", (response) => redirectsTo(response, "/account/notifications")),
      mark_all_read: {
        allowed: isSignedIn,
        form: async (ctx) => {
          if (ctx.user) await notificationOf(ctx.user.id);
          return { intent: "mark_all_read" };
        },
        check: async (ctx, response) => {
          redirectsTo(response, "/account/notifications");
          expect(
            await rows("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL", ctx.user!.id),
          ).toEqual([{ n: 0 }]);
        },
      },
    },
    "routes/account/sizes.tsx": {
      save_sizes: {
        allowed: isSignedIn,
        form: async () => ({ intent: "save_sizes", size_women: "UK 10", size_shoes: "Shoe UK 5.5" }),
        check: async (ctx, response) => {
          redirectsTo(response, "/account/sizes");
          expect(
            await rows("SELECT size_system, size FROM user_sizes WHERE user_id = ? ORDER BY size_system", ctx.user!.id),
          ).toEqual([
            { size_system: "shoes", size: "Shoe UK 5.5" },
            { size_system: "women", size: "UK 10" },
          ]);
        },
      },
    },
    "routes/account/export.ts": {
      "": {
        allowed: isSignedIn,
        form: async () => ({}),
        check: async (ctx, response) => {
          expect(response.status).toBe(200);
          expect(response.headers.get("content-disposition")).toMatch(
            /^attachment; filename="closetloop-data-\d{4}-\d{2}-\d{2}\.json"$/,
          );
          expect(((await response.json()) as { profile: { email: string } }).profile.email).toBe(ctx.user!.email);
        },
      },
    },
  },
};
