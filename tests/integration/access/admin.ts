import { expect } from "vitest";
import {
  ACCESS_DENIED,
  ADMIN_TABS,
  TAB_ACCESS_DENIED,
  adminLanding,
  mayOpenTab,
  type AdminTabId,
} from "../../../app/domain/admin-tabs";
import { roleFlags, type RoleRecord } from "../../../app/domain/roles";
import { ROLES, type Actor } from "../actors";
import { calculatedPayout, orderOf, returnedRental, sellerRequestRow, storeRequestRow } from "../admin-data";
import {
  createProduct,
  createUser,
  isSignedIn,
  page,
  redirectsTo,
  rows,
  type ActionRule,
  type AreaRules,
  type Outcome,
  type PageRule,
  type Who,
  expectShipped,
  orderToSend,
  shipForm,
} from "./kit";

// seller-store-admin.md §2 and §6, decision 0031: /admin is for staff. Signed out → sign in;
// signed in without a staff sub-role → 403 'Access Denied - You don't have permission to access
// the admin dashboard.'; each tab (page and actions) only for the sub-roles of §6, others 403 with
// the tab's message (the Roles tab's own). The expectations are written from the §6 list below,
// not from the app's registry. The Brands, Brand Review and Content tabs and the blog form have
// ./admin-content.ts, which takes the §6 list and the rule helpers from here.

const SECTION_6: Record<AdminTabId, Actor[]> = {
  orders: ["superadmin", "admin", "customerSupport"],
  products: ["superadmin", "admin", "productReviewer"],
  stores: ["superadmin", "admin"],
  brands: ["superadmin", "admin"],
  "brand-review": ["superadmin", "admin"],
  content: ["superadmin", "admin"],
  users: ["superadmin", "admin"],
  roles: ["superadmin"],
  financial: ["superadmin"],
  // Issue 26: reported conversations, for staff who answer people (rules in ./messages.ts).
  messages: ["superadmin", "admin", "customerSupport"],
  // Issue 43: claims that came to staff, for the same staff (rules in ./claims.ts).
  claims: ["superadmin", "admin", "customerSupport"],
  // Issue 45: the exchange rates prices are shown at, for staff who run the shop and answer shoppers (rules in ./currency.ts).
  rates: ["superadmin", "admin", "customerSupport"],
};
const STAFF: Actor[] = ["superadmin", "admin", "productReviewer", "customerSupport"];
const html = (text: string) => text.replace(/'/g, "&#x27;");
const plainReason = (message: string) => message.split(" - ").slice(1).join(" - ");
const reason = (message: string) => html(plainReason(message));

const flagsOf = (who: Actor) => {
  const [role, adminSubrole, sellerRole] = ROLES[who];
  return roleFlags({ role, adminSubrole, sellerRole } as RoleRecord);
};

/** Signed out → sign in and back; not staff → the 403 page; staff → `inside`. */
const adminArea =
  (inside: (who: Actor) => Outcome): PageRule =>
  (who, path) =>
    !isSignedIn(who)
      ? { redirect: `/auth?redirectTo=${encodeURIComponent(path)}` }
      : STAFF.includes(who)
        ? inside(who)
        : page(403, { shows: reason(ACCESS_DENIED) });

/** A tab: its §6 sub-roles see it (with `shows`), other staff get the tab's 403 message. */
export const tab = (id: keyof typeof SECTION_6, shows: string): PageRule =>
  adminArea((who) => {
    if (SECTION_6[id].includes(who)) return page(200, { shows });
    const denied = ADMIN_TABS.find((t) => t.id === id)!.denied;
    return page(403, { shows: reason(denied) });
  });

// ---------------------------------------------------------------------------------------------
// Actions

const staffOf = (id: keyof typeof SECTION_6) => (who: Who) => isSignedIn(who) && SECTION_6[id].includes(who);

/** What a signed-in user who may not post to the tab gets: 403 and the reason (nothing changes; the matrix checks). */
const refusedFor =
  (id: keyof typeof SECTION_6, message?: string): ActionRule["refused"] =>
  async (ctx, response) => {
    expect(response.status).toBe(403);
    const body = await response.text();
    if (message) expect(body).toContain(html(message));
    else if (!STAFF.includes(ctx.who as Actor)) expect(body).toContain(reason(ACCESS_DENIED));
    else if (!mayOpenTab(flagsOf(ctx.who as Actor), id))
      expect(body).toContain(reason(ADMIN_TABS.find((t) => t.id === id)!.denied));
  };

export const one = async <T>(sql: string, ...binds: unknown[]) => (await rows(sql, ...binds))[0] as T;

/** A record id of its own for each case, with the table's prefix. */
export const fresh = (prefix: string) => `${prefix}_${crypto.randomUUID()}`;

export function rule(
  id: keyof typeof SECTION_6,
  spec: Omit<ActionRule, "allowed" | "refused"> & { allowed?: ActionRule["allowed"]; refused?: ActionRule["refused"] },
): ActionRule {
  return {
    allowed: spec.allowed ?? staffOf(id),
    refused: spec.refused ?? refusedFor(id),
    form: spec.form,
    check: spec.check,
  };
}

const superadminOnly = (who: Who) => who === "superadmin";
const deactivationRefused: ActionRule["refused"] = async (ctx, response) => {
  expect(response.status).toBe(403);
  const body = await response.text();
  expect(body).toContain(
    ctx.who === "admin"
      ? "Only superadmins can deactivate or reactivate accounts."
      : STAFF.includes(ctx.who as Actor)
        ? reason(TAB_ACCESS_DENIED)
        : reason(ACCESS_DENIED),
  );
};

export const rules: AreaRules = {
  pages: {
    "routes/admin/index.tsx": adminArea((who) => ({ redirect: adminLanding(flagsOf(who), null)! })),
    "routes/admin/orders.tsx": tab("orders", "Search orders"),
    "routes/admin/products.tsx": tab("products", "Search products"),
    "routes/admin/stores.tsx": tab("stores", "Store requests"),
    "routes/admin/users.tsx": tab("users", "Search users"),
    "routes/admin/roles.tsx": tab("roles", "Full access including deactivating accounts"),
    "routes/admin/financial.tsx": tab("financial", "Revenue by week"),
    // The tab's CSV downloads: whoever may see the tab (superadmins).
    // The tab's CSV download: as the tab, with its refusals in plain text.
    "routes/admin/financial-export.ts": (who, path) =>
      !isSignedIn(who)
        ? { redirect: `/auth?redirectTo=${encodeURIComponent(path)}` }
        : SECTION_6.financial.includes(who)
          ? page(200, { shows: "Transaction ID,Date (UTC),Type" })
          : page(403, {
              shows: plainReason(
                STAFF.includes(who) ? ADMIN_TABS.find((t) => t.id === "financial")!.denied : ACCESS_DENIED,
              ),
            }),
  },
  actions: {
    "routes/admin/orders.tsx": {
      status: rule("orders", {
        form: async () => ({ intent: "status", orderId: (await orderOf()).orderId, status: "processing" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/orders");
          expect(await one("SELECT status FROM orders WHERE id = ?", form.orderId)).toEqual({ status: "processing" });
        },
      }),
      // Staff post any order's items (issue 22).
      ship: rule("orders", {
        form: async () => shipForm(await orderToSend((await createUser()).id)),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/orders");
          await expectShipped(String(form.itemId));
        },
      }),
      inspect: rule("orders", {
        form: async () => ({ intent: "inspect", itemId: (await returnedRental("vendor")).itemId, condition: "good" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/orders");
          expect(await one("SELECT status, inspection FROM order_items WHERE id = ?", form.itemId)).toEqual({
            status: "returned",
            inspection: "good",
          });
        },
      }),
    },
    "routes/admin/products.tsx": Object.fromEntries(
      (["approve", "reject"] as const).map((intent) => [
        intent,
        rule("products", {
          form: async () => ({
            intent,
            productId: (await createProduct((await createUser()).id, { productStatus: "pending" })).id,
            ...(intent === "reject" ? { reason: "Photos are too dark" } : {}),
          }),
          check: async (_ctx, response, form) => {
            redirectsTo(response, "/admin/products");
            expect(await one("SELECT status FROM products WHERE id = ?", form.productId)).toEqual({
              status: intent === "approve" ? "approved" : "rejected",
            });
          },
        }),
      ]),
    ),
    "routes/admin/stores.tsx": {
      approve: rule("stores", {
        form: async () => ({ intent: "approve", requestId: (await storeRequestRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/stores");
          expect(await rows("SELECT id FROM stores WHERE request_id = ?", form.requestId)).toHaveLength(1);
        },
      }),
      reject: rule("stores", {
        form: async () => ({
          intent: "reject",
          requestId: (await storeRequestRow()).id,
          reason: "Outside the areas we serve",
        }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/stores");
          expect(await one("SELECT status FROM store_requests WHERE id = ?", form.requestId)).toEqual({
            status: "rejected",
          });
        },
      }),
    },
    "routes/admin/users.tsx": {
      subrole: rule("users", {
        form: async () => ({ intent: "subrole", userId: (await createUser()).id, subrole: "customer_support" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect(await one("SELECT role, admin_subrole FROM user_roles WHERE user_id = ?", form.userId)).toEqual({
            role: "team_member",
            admin_subrole: "customer_support",
          });
        },
      }),
      vendor: rule("users", {
        form: async () => ({ intent: "vendor", userId: (await createUser()).id, vendor: "grant" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect(await one("SELECT role, seller_role FROM user_roles WHERE user_id = ?", form.userId)).toEqual({
            role: "individual",
            seller_role: "vendor",
          });
        },
      }),
      reset: rule("users", {
        form: async () => ({ intent: "reset", userId: (await createUser()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect(await rows("SELECT purpose FROM auth_tokens WHERE user_id = ?", form.userId)).toEqual([
            { purpose: "reset_password" },
          ]);
        },
      }),
      deactivate: rule("users", {
        allowed: superadminOnly,
        refused: deactivationRefused,
        form: async () => ({ intent: "deactivate", userId: (await createUser()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect(
            (await one<{ deactivated_at: number | null }>("SELECT deactivated_at FROM users WHERE id = ?", form.userId))
              .deactivated_at,
          ).not.toBeNull();
        },
      }),
      // Requests to sell (issue 27 item 7): the Users tab's staff decide them.
      approve: rule("users", {
        form: async () => ({ intent: "approve", sellerId: await sellerRequestRow() }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect(await one("SELECT role, seller_role FROM user_roles WHERE user_id = ?", form.sellerId)).toEqual({
            role: "individual",
            seller_role: "vendor",
          });
        },
      }),
      reject: rule("users", {
        form: async () => ({
          intent: "reject",
          sellerId: await sellerRequestRow(),
          reason: "Please list your own items only",
        }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect(await one("SELECT status FROM seller_requests WHERE user_id = ?", form.sellerId)).toEqual({
            status: "declined",
          });
        },
      }),
      reactivate: rule("users", {
        allowed: superadminOnly,
        refused: deactivationRefused,
        form: async () => {
          const user = await createUser();
          await rows("UPDATE users SET deactivated_at = ? WHERE id = ?", Date.now(), user.id);
          return { intent: "reactivate", userId: user.id };
        },
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect(await one("SELECT deactivated_at FROM users WHERE id = ?", form.userId)).toEqual({
            deactivated_at: null,
          });
        },
      }),
    },
    "routes/admin/financial.tsx": {
      markPaid: rule("financial", {
        form: async () => ({ intent: "markPaid", payoutId: (await calculatedPayout()).id }),
        check: async (ctx, response, form) => {
          redirectsTo(response, "/admin/financial");
          expect(await one("SELECT status, paid_by FROM payouts WHERE id = ?", form.payoutId)).toEqual({
            status: "paid",
            paid_by: ctx.user!.id,
          });
        },
      }),
    },
  },
};
