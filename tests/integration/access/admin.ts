import { expect } from "vitest";
import { ACCESS_DENIED, ADMIN_TABS, adminLanding, mayOpenTab, type AdminTabId } from "../../../app/domain/admin-tabs";
import { roleFlags, type RoleRecord } from "../../../app/domain/roles";
import { ROLES, type Actor } from "../actors";
import { calculatedPayout, orderOf, returnedRental, sellerRequestRow, storeRequestRow } from "../admin-data";
import { png } from "../images";
import { createProduct, createUser, isSignedIn, page, redirectsTo, rows, type ActionRule, type AreaRules, type Outcome, type PageRule, type Who, expectShipped, orderToSend, shipForm } from "./kit";

// seller-store-admin.md §2 and §6, decision 0031: /admin is for staff. Signed out → sign in;
// signed in without a staff sub-role → 403 'Access Denied - You don't have permission to access
// the admin dashboard.'; each tab (page and actions) only for the sub-roles of §6, others 403 with
// the tab's message (the Roles tab's own). The expectations are written from the §6 list below,
// not from the app's registry.

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
    !isSignedIn(who) ? { redirect: `/auth?redirectTo=${encodeURIComponent(path)}` } : STAFF.includes(who) ? inside(who) : page(403, { shows: reason(ACCESS_DENIED) });

/** A tab: its §6 sub-roles see it (with `shows`), other staff get the tab's 403 message. */
const tab = (id: keyof typeof SECTION_6, shows: string): PageRule =>
  adminArea((who) => {
    if (SECTION_6[id].includes(who)) return page(200, { shows });
    const denied = ADMIN_TABS.find((t) => t.id === id)!.denied;
    return page(403, { shows: reason(denied) });
  });

// ---------------------------------------------------------------------------------------------
// Actions

const staffOf = (id: keyof typeof SECTION_6) => (who: Who) => isSignedIn(who) && SECTION_6[id].includes(who);

/** What a signed-in user who may not post to the tab gets: 403 and the reason (nothing changes; the matrix checks). */
const refusedFor = (id: keyof typeof SECTION_6, message?: string): ActionRule["refused"] => async (ctx, response) => {
  expect(response.status).toBe(403);
  const body = await response.text();
  if (message) expect(body).toContain(html(message));
  else if (!STAFF.includes(ctx.who as Actor) || !mayOpenTab(flagsOf(ctx.who as Actor), id)) expect(body).toContain(reason(ACCESS_DENIED));
};

const one = async <T>(sql: string, ...binds: unknown[]) => (await rows(sql, ...binds))[0] as T;

// Records the Brands, Brand Review and Content rules act on (a fresh one per case).
const fresh = (prefix: string) => `${prefix}_${crypto.randomUUID()}`;
async function brandRow() {
  const id = fresh("brand");
  await rows("INSERT INTO brands (id, name, created_at) VALUES (?, ?, ?)", id, `Brand ${id}`, Date.now());
  return { id };
}
async function postRow(status: "published" | "draft" = "published") {
  const id = fresh("post");
  await rows("INSERT INTO blog_posts (id, title, content, status, published_at, created_at) VALUES (?, ?, 'Body.', ?, ?, ?)", id, `Post ${id}`, status, Date.now(), Date.now());
  return { id };
}
async function suggestionRow() {
  const id = fresh("suggestion");
  await rows("INSERT INTO brand_suggestions (id, suggested_name, suggested_by, status, created_at) VALUES (?, ?, ?, 'pending', ?)", id, `Suggested ${id}`, (await createUser()).id, Date.now());
  return { id };
}
async function mediaRow() {
  const id = fresh("media");
  await rows("INSERT INTO media_library (id, file_name, file_url, file_type, file_size, media_type, category, created_at) VALUES (?, 'matrix.png', '/images/banners/matrix.png', 'image/png', 68, 'image', 'banner', ?)", id, Date.now());
  return { id };
}
async function categoryRow() {
  const id = fresh("cat");
  await rows("INSERT INTO categories (id, name, slug, is_active, sort_order, created_at) VALUES (?, ?, ?, 1, 0, ?)", id, `Category ${id}`, id.toLowerCase(), Date.now());
  return { id };
}

function rule(id: keyof typeof SECTION_6, spec: Omit<ActionRule, "allowed" | "refused"> & { allowed?: ActionRule["allowed"]; refused?: ActionRule["refused"] }): ActionRule {
  return { allowed: spec.allowed ?? staffOf(id), refused: spec.refused ?? refusedFor(id), form: spec.form, check: spec.check };
}

const superadminOnly = (who: Who) => who === "superadmin";
const deactivationRefused: ActionRule["refused"] = async (ctx, response) => {
  expect(response.status).toBe(403);
  const body = await response.text();
  expect(body).toContain(ctx.who === "admin" ? "Only superadmins can deactivate or reactivate accounts." : reason(ACCESS_DENIED));
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
          : page(403, { shows: plainReason(STAFF.includes(who) ? ADMIN_TABS.find((t) => t.id === "financial")!.denied : ACCESS_DENIED) }),
    "routes/admin/brands.tsx": tab("brands", "Add brand"),
    "routes/admin/brand-review.tsx": tab("brand-review", "Brand suggestions"),
    "routes/admin/content.tsx": tab("content", "Home banner"),
    // §6: admins only; the blog is content, so the Content tab's sub-roles (decision 0034).
    "routes/admin/blog-new.tsx": tab("content", "New Blog Post"),
    "routes/admin/blog.tsx": tab("content", "Blog posts"),
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
          expect(await one("SELECT status, inspection FROM order_items WHERE id = ?", form.itemId)).toEqual({ status: "returned", inspection: "good" });
        },
      }),
    },
    "routes/admin/products.tsx": Object.fromEntries(
      (["approve", "reject"] as const).map((intent) => [
        intent,
        rule("products", {
          form: async () => ({ intent, productId: (await createProduct((await createUser()).id, { productStatus: "pending" })).id, ...(intent === "reject" ? { reason: "Photos are too dark" } : {}) }),
          check: async (_ctx, response, form) => {
            redirectsTo(response, "/admin/products");
            expect(await one("SELECT status FROM products WHERE id = ?", form.productId)).toEqual({ status: intent === "approve" ? "approved" : "rejected" });
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
        form: async () => ({ intent: "reject", requestId: (await storeRequestRow()).id, reason: "Outside the areas we serve" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/stores");
          expect(await one("SELECT status FROM store_requests WHERE id = ?", form.requestId)).toEqual({ status: "rejected" });
        },
      }),
    },
    "routes/admin/users.tsx": {
      subrole: rule("users", {
        form: async () => ({ intent: "subrole", userId: (await createUser()).id, subrole: "customer_support" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect(await one("SELECT role, admin_subrole FROM user_roles WHERE user_id = ?", form.userId)).toEqual({ role: "team_member", admin_subrole: "customer_support" });
        },
      }),
      vendor: rule("users", {
        form: async () => ({ intent: "vendor", userId: (await createUser()).id, vendor: "grant" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect(await one("SELECT role, seller_role FROM user_roles WHERE user_id = ?", form.userId)).toEqual({ role: "individual", seller_role: "vendor" });
        },
      }),
      reset: rule("users", {
        form: async () => ({ intent: "reset", userId: (await createUser()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect(await rows("SELECT purpose FROM auth_tokens WHERE user_id = ?", form.userId)).toEqual([{ purpose: "reset_password" }]);
        },
      }),
      deactivate: rule("users", {
        allowed: superadminOnly,
        refused: deactivationRefused,
        form: async () => ({ intent: "deactivate", userId: (await createUser()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect((await one<{ deactivated_at: number | null }>("SELECT deactivated_at FROM users WHERE id = ?", form.userId)).deactivated_at).not.toBeNull();
        },
      }),
      // Requests to sell (issue 27 item 7): the Users tab's staff decide them.
      approve: rule("users", {
        form: async () => ({ intent: "approve", sellerId: await sellerRequestRow() }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect(await one("SELECT role, seller_role FROM user_roles WHERE user_id = ?", form.sellerId)).toEqual({ role: "individual", seller_role: "vendor" });
        },
      }),
      reject: rule("users", {
        form: async () => ({ intent: "reject", sellerId: await sellerRequestRow(), reason: "Please list your own items only" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/users");
          expect(await one("SELECT status FROM seller_requests WHERE user_id = ?", form.sellerId)).toEqual({ status: "declined" });
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
          expect(await one("SELECT deactivated_at FROM users WHERE id = ?", form.userId)).toEqual({ deactivated_at: null });
        },
      }),
    },
    "routes/admin/brands.tsx": {
      create: rule("brands", {
        form: async () => ({ intent: "create", name: `Matrix Brand ${crypto.randomUUID()}` }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brands");
          expect(await rows("SELECT id FROM brands WHERE name = ?", form.name)).toHaveLength(1);
        },
      }),
      update: rule("brands", {
        form: async () => ({ intent: "update", brandId: (await brandRow()).id, name: `Renamed ${crypto.randomUUID()}` }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brands");
          expect(await one("SELECT name FROM brands WHERE id = ?", form.brandId)).toEqual({ name: form.name });
        },
      }),
      logo: rule("brands", {
        form: async () => ({ intent: "logo", brandId: (await brandRow()).id, logo: png() }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brands");
          expect((await one<{ logo_url: string }>("SELECT logo_url FROM brands WHERE id = ?", form.brandId)).logo_url).toMatch(/^\/images\/brand-logos\/.+\.png$/);
        },
      }),
      delete: rule("brands", {
        form: async () => ({ intent: "delete", brandId: (await brandRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brands");
          expect(await rows("SELECT id FROM brands WHERE id = ?", form.brandId)).toHaveLength(0);
        },
      }),
      merge: rule("brands", {
        form: async () => ({ intent: "merge", brandId: (await brandRow()).id, intoBrandId: (await brandRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brands");
          expect(await rows("SELECT id FROM brands WHERE id = ?", form.brandId)).toHaveLength(0);
          expect(await one("SELECT brand_id FROM brand_redirects WHERE brand_id = ?", form.intoBrandId)).toEqual({ brand_id: form.intoBrandId });
        },
      }),
      popular: rule("brands", {
        form: async () => ({ intent: "popular", brandId: (await brandRow()).id, popular: "true" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brands");
          expect(await one("SELECT is_popular FROM brands WHERE id = ?", form.brandId)).toEqual({ is_popular: 1 });
        },
      }),
    },
    "routes/admin/brand-review.tsx": {
      approve: rule("brand-review", {
        form: async () => ({ intent: "approve", suggestionId: (await suggestionRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brand-review");
          const { status, suggested_name } = await one<{ status: string; suggested_name: string }>("SELECT status, suggested_name FROM brand_suggestions WHERE id = ?", form.suggestionId);
          expect(status).toBe("approved");
          expect(await rows("SELECT id FROM brands WHERE name = ?", suggested_name)).toHaveLength(1);
        },
      }),
      merge: rule("brand-review", {
        form: async () => ({ intent: "merge", suggestionId: (await suggestionRow()).id, brandId: (await brandRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brand-review");
          expect(await one("SELECT status, merged_with_brand_id FROM brand_suggestions WHERE id = ?", form.suggestionId)).toEqual({ status: "merged", merged_with_brand_id: form.brandId });
        },
      }),
      reject: rule("brand-review", {
        form: async () => ({ intent: "reject", suggestionId: (await suggestionRow()).id, reason: "Not a fashion brand" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brand-review");
          expect(await one("SELECT status, rejection_reason FROM brand_suggestions WHERE id = ?", form.suggestionId)).toEqual({ status: "rejected", rejection_reason: "Not a fashion brand" });
        },
      }),
    },
    "routes/admin/content.tsx": {
      bannerPick: rule("content", {
        form: async () => ({ intent: "bannerPick", mediaId: (await mediaRow()).id }),
        check: async (_ctx, response) => {
          redirectsTo(response, "/admin/content#banner");
          expect(await one("SELECT image_url FROM site_content WHERE content_type = 'banner' AND content_key = 'home_hero'")).toEqual({ image_url: "/images/banners/matrix.png" });
        },
      }),
      bannerUrl: rule("content", {
        form: async () => ({ intent: "bannerUrl", bannerUrl: "https://cdn.example.test/hero.jpg" }),
        check: async (_ctx, response) => {
          redirectsTo(response, "/admin/content#banner");
          expect(await one("SELECT image_url FROM site_content WHERE content_type = 'banner' AND content_key = 'home_hero'")).toEqual({ image_url: "https://cdn.example.test/hero.jpg" });
        },
      }),
      bannerUpload: rule("content", {
        form: async () => ({ intent: "bannerUpload", banner: png("hero.png") }),
        check: async (ctx, response) => {
          redirectsTo(response, "/admin/content#banner");
          expect(await rows("SELECT file_name FROM media_library WHERE uploaded_by = ?", ctx.user!.id)).toEqual([{ file_name: "hero.png" }]);
        },
      }),
      page: rule("content", {
        form: async () => ({ intent: "page", pageKey: "faq", title: "FAQ", content: `Answers ${crypto.randomUUID()}` }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/content?page=faq#pages");
          expect(await one("SELECT content FROM site_content WHERE content_type = 'page' AND content_key = 'faq'")).toEqual({ content: form.content });
        },
      }),
      ...Object.fromEntries(
        (
          [
            ["site", { site_title: "Closetloop", site_description: "Pre-owned fashion." }, "site_title", "Closetloop"],
            ["contact", { contact_email: "hello@closetloop.test", support_email: "", phone_number: "" }, "contact_email", "hello@closetloop.test"],
            ["social", { facebook_url: "https://facebook.com/closetloop" }, "facebook_url", "https://facebook.com/closetloop"],
            ["seo", { meta_title: "Closetloop", meta_description: "Rent or buy.", meta_keywords: "fashion" }, "meta_keywords", "fashion"],
            ["selling", { seller_signup: "open" }, "seller_signup", "open"],
          ] as const
        ).map(([intent, fields, key, value]) => [
          intent,
          rule("content", {
            form: async () => ({ intent, ...fields }),
            check: async (_ctx, response) => {
              redirectsTo(response, "/admin/content#settings");
              expect(await one("SELECT content FROM site_content WHERE content_type = 'site_settings' AND content_key = ?", key)).toEqual({ content: value });
            },
          }),
        ]),
      ),
      favicon: rule("content", {
        form: async () => ({ intent: "favicon", favicon: png("favicon.png") }),
        check: async (_ctx, response) => {
          redirectsTo(response, "/admin/content#settings");
          expect((await one<{ image_url: string }>("SELECT image_url FROM site_content WHERE content_type = 'site_settings' AND content_key = 'favicon'")).image_url).toMatch(/^\/images\/favicons\/favicon_\d+\.png$/);
        },
      }),
      categoryCreate: rule("content", {
        form: async () => ({ intent: "categoryCreate", name: `Matrix ${crypto.randomUUID()}`, sortOrder: "3", isActive: "on" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/content#categories");
          expect(await one("SELECT slug, sort_order, is_active FROM categories WHERE name = ?", form.name)).toEqual({ slug: form.name!.toLowerCase().replace(" ", "-"), sort_order: 3, is_active: 1 });
        },
      }),
      categoryUpdate: rule("content", {
        form: async () => ({ intent: "categoryUpdate", categoryId: (await categoryRow()).id, name: `Edited ${crypto.randomUUID()}`, sortOrder: "7" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/content#categories");
          expect(await one("SELECT name, sort_order, is_active FROM categories WHERE id = ?", form.categoryId)).toEqual({ name: form.name, sort_order: 7, is_active: 0 });
        },
      }),
      categoryDelete: rule("content", {
        form: async () => ({ intent: "categoryDelete", categoryId: (await categoryRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/content#categories");
          expect(await rows("SELECT id FROM categories WHERE id = ?", form.categoryId)).toHaveLength(0);
        },
      }),
    },
    "routes/admin/blog-new.tsx": {
      preview: rule("content", {
        form: async () => ({ intent: "preview", title: "Preview me", content: "<b>Bold?</b>" }),
        check: async (_ctx, response) => {
          expect(response.status).toBe(200);
          const html = await response.text();
          expect(html).toContain("Preview me");
          expect(html).toContain("&lt;b&gt;Bold?&lt;/b&gt;");
        },
      }),
      save: rule("content", {
        form: async () => ({ intent: "save", title: `Matrix post ${crypto.randomUUID()}`, content: "Body.", tags: " a, ,b " }),
        check: async (_ctx, response, form) => {
          const post = await one<{ id: string; tags: string; status: string }>("SELECT id, tags, status FROM blog_posts WHERE title = ?", form.title);
          redirectsTo(response, `/blog/${post.id}`);
          expect(post).toMatchObject({ tags: JSON.stringify(["a", "b"]), status: "published" });
        },
      }),
    },
    "routes/admin/blog.tsx": {
      unpublish: rule("content", {
        form: async () => ({ intent: "unpublish", postId: (await postRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/blog");
          expect(await one("SELECT status FROM blog_posts WHERE id = ?", form.postId)).toEqual({ status: "draft" });
        },
      }),
      publish: rule("content", {
        form: async () => ({ intent: "publish", postId: (await postRow("draft")).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/blog");
          expect(await one("SELECT status FROM blog_posts WHERE id = ?", form.postId)).toEqual({ status: "published" });
        },
      }),
      delete: rule("content", {
        form: async () => ({ intent: "delete", postId: (await postRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/blog");
          expect(await rows("SELECT id FROM blog_posts WHERE id = ?", form.postId)).toHaveLength(0);
        },
      }),
      preview: rule("content", {
        form: async () => ({ intent: "preview", postId: (await postRow()).id, title: "Edited preview", content: "<i>x</i>" }),
        check: async (_ctx, response) => {
          expect(response.status).toBe(200);
          expect(await response.text()).toContain("&lt;i&gt;x&lt;/i&gt;");
        },
      }),
      save: rule("content", {
        form: async () => ({ intent: "save", postId: (await postRow()).id, title: `Edited ${crypto.randomUUID()}`, content: "New body." }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/blog");
          expect(await rows("SELECT id FROM blog_posts WHERE title = ?", form.title)).toHaveLength(1);
        },
      }),
    },
    "routes/admin/financial.tsx": {
      markPaid: rule("financial", {
        form: async () => ({ intent: "markPaid", payoutId: (await calculatedPayout()).id }),
        check: async (ctx, response, form) => {
          redirectsTo(response, "/admin/financial");
          expect(await one("SELECT status, paid_by FROM payouts WHERE id = ?", form.payoutId)).toEqual({ status: "paid", paid_by: ctx.user!.id });
        },
      }),
    },
  },
};
