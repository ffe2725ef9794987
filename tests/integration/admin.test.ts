import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import fc from "fast-check";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { forgetPages } from "../../app/services/page-cache.server";
import { database } from "../../app/data/db.server";
import { deactivateUser, saveRoles, targetUser } from "../../app/data/admin-users.server";
import { PASSWORD, signedIn, signedInBrowser, type Actor } from "./actors";
import { calculatedPayout, orderOf, returnedRental, storeRequestRow } from "./admin-data";
import { createProduct, createUser, databaseFingerprint, eventually } from "./factories";
import { Browser } from "./http";

// Each case signs several actors in (PBKDF2) and waits for the queue: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

// The admin back office (issue 14 items 1-3, 7-9, 11; decision 0031): the shell and what each
// staff sub-role may see and do, every tab's data and actions, and bad input refused with a clear
// message, nothing written and no 5xx. The store-account function has its own file
// (store-approval.test.ts); the access matrix tries every route and intent as every actor.

const DENIED = "You don&#x27;t have permission to access the admin dashboard.";
const ROLES_DENIED = "Only superadmins can manage admin roles and permissions.";
const first = <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).first<T>();
const all = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;
let ip = 0;
const as = (actor: Actor) => signedInBrowser(actor, { ip: `10.90.${Math.floor(++ip / 250)}.${ip % 250}` });
const tabsOf = (html: string) => [...(/<nav aria-label="Admin sections"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "").matchAll(/href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => m[2]);

/** The active superadmins among `ids`. */
const activeSuperadmins = async (ids: string[]) =>
  (await all<{ id: string }>("SELECT u.id FROM users u JOIN user_roles r ON r.user_id = u.id WHERE r.role = 'team_member' AND r.admin_subrole = 'superadmin' AND u.deactivated_at IS NULL AND u.id IN (SELECT value FROM json_each(?))", JSON.stringify(ids))).map((r) => r.id);

/** Runs `work` while `ids` are the only active superadmins (every other one parked, then restored). */
async function withOnlySuperadmins(ids: string[], work: () => Promise<void>) {
  const others = await all<{ id: string }>("SELECT u.id FROM users u JOIN user_roles r ON r.user_id = u.id WHERE r.admin_subrole = 'superadmin' AND u.deactivated_at IS NULL AND u.id NOT IN (SELECT value FROM json_each(?))", JSON.stringify(ids));
  const park = (value: number | null) => env.DB.prepare("UPDATE users SET deactivated_at = ? WHERE id IN (SELECT value FROM json_each(?))").bind(value, JSON.stringify(others.map((o) => o.id))).run();
  await park(Date.now());
  try {
    await work();
  } finally {
    await park(null);
  }
}

/** The flash toast a redirect carries, as the next page shows it. */
async function toastAfter(browser: Browser, response: Response) {
  expect([302, 303]).toContain(response.status);
  const page = await (await browser.fetch(response.headers.get("location")!)).text();
  return /role="(?:status|alert)"[^>]*><p class="font-semibold">([^<]*)<\/p>/.exec(page)?.[1]?.replace(/&#x27;/g, "'");
}

describe("the admin shell", () => {
  it("sends anonymous visitors to sign in and back; answers signed-in non-staff with Access Denied (403), on every admin URL and action", async () => {
    const anonymous = new Browser();
    const away = await anonymous.fetch("/admin/users?q=x");
    expect(away.status).toBe(302);
    expect(away.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent("/admin/users?q=x")}`);
    for (const actor of ["shopper", "vendor", "storeOwner"] as const) {
      const { browser } = await as(actor);
      for (const path of ["/admin", "/admin?tab=orders", "/admin/orders", "/admin/products", "/admin/stores", "/admin/users", "/admin/roles", "/admin/financial", "/admin/brands", "/admin/brand-review", "/admin/content", "/admin/blog/new"]) {
        const response = await browser.fetch(path);
        expect(response.status, `${actor} ${path}`).toBe(403);
        const html = await response.text();
        expect(html).toContain("Access Denied");
        expect(html).toContain(DENIED);
      }
      const before = await databaseFingerprint();
      const post = await browser.post("/admin/products", { intent: "approve", productId: "anything" });
      expect(post.status).toBe(403);
      expect(await post.text()).toContain(DENIED);
      expect(await databaseFingerprint()).toBe(before);
    }
  });

  it("shows each sub-role exactly its §6 tabs and sends /admin to the first one", async () => {
    const expected: Record<string, [string, string[]]> = {
      superadmin: ["/admin/orders", ["Orders", "Products", "Stores", "Brands", "Brand Review", "Content", "Users", "Roles", "Financial", "Reported messages"]],
      admin: ["/admin/orders", ["Orders", "Products", "Stores", "Brands", "Brand Review", "Content", "Users", "Reported messages"]],
      productReviewer: ["/admin/products", ["Products"]],
      customerSupport: ["/admin/orders", ["Orders", "Reported messages"]],
    };
    for (const [actor, [landing, tabs]] of Object.entries(expected)) {
      const { browser } = await as(actor as Actor);
      const redirect = await browser.fetch("/admin");
      expect(redirect.status, actor).toBe(302);
      expect(redirect.headers.get("location")).toBe(landing);
      const html = await (await browser.fetch(landing)).text();
      expect(tabsOf(html), actor).toEqual(tabs);
    }
    const { browser } = await as("customerSupport");
    expect(await (await browser.fetch("/admin/orders")).text()).toContain("Admin Dashboard - Customer Support View");
  });

  it("honours /admin?tab=X only for a tab the user may see", async () => {
    const admin = await as("admin");
    expect((await admin.browser.fetch("/admin?tab=users")).headers.get("location")).toBe("/admin/users");
    expect((await admin.browser.fetch("/admin?tab=financial")).headers.get("location")).toBe("/admin/orders");
    const superadmin = await as("superadmin");
    expect((await superadmin.browser.fetch("/admin?tab=financial")).headers.get("location")).toBe("/admin/financial");
  });

  it("refuses a tab a sub-role may not see, its page and its actions, with a 403 (the Roles tab with its own message)", async () => {
    const reviewer = await as("productReviewer");
    for (const path of ["/admin/orders", "/admin/stores", "/admin/users", "/admin/financial"]) {
      const response = await reviewer.browser.fetch(path);
      expect(response.status, path).toBe(403);
      expect(await response.text()).toContain(DENIED);
    }
    const admin = await as("admin");
    const roles = await admin.browser.fetch("/admin/roles");
    expect(roles.status).toBe(403);
    expect(await roles.text()).toContain(ROLES_DENIED);
    expect((await admin.browser.fetch("/admin/financial")).status).toBe(403);

    const order = await orderOf();
    const payout = await calculatedPayout();
    const before = await databaseFingerprint();
    const attempts: [Browser, string, Record<string, string>][] = [
      [reviewer.browser, "/admin/orders", { intent: "status", orderId: order.orderId, status: "shipped" }],
      [reviewer.browser, "/admin/users", { intent: "reset", userId: order.shopperId }],
      [admin.browser, "/admin/financial", { intent: "markPaid", payoutId: payout.id }],
    ];
    for (const [browser, path, form] of attempts) {
      const response = await browser.post(path, form);
      expect(response.status, path).toBe(403);
      expect(await response.text()).toContain(DENIED);
    }
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("Orders", () => {
  it("lists id, shopper, date, items and total in £, searchable by shopper and filtered by status", async () => {
    const shopper = await createUser({ fullName: "Findable Fiona", email: `fiona-${Date.now()}@example.test` });
    const order = await orderOf({ shopperId: shopper.id });
    const { browser } = await as("customerSupport");
    const html = await (await browser.fetch(`/admin/orders?q=${encodeURIComponent("FINDABLE fio")}`)).text();
    expect(html).toContain(order.orderId);
    expect(html).toContain("Findable Fiona");
    expect(html).toContain("£93.99");
    expect(html).toContain(`href="/account/orders/${order.orderId}"`);
    expect(await (await browser.fetch(`/admin/orders?q=${encodeURIComponent("Findable Fiona")}&status=shipped`)).text()).not.toContain(order.orderId);
    // LIKE wildcards are taken literally.
    expect(await (await browser.fetch("/admin/orders?q=%25%25%25")).text()).toContain("No orders match your search.");
  });

  it("saves a status with its history, and queues the shipment notification once per change", async () => {
    const order = await orderOf();
    const support = await as("customerSupport");
    const response = await support.browser.post("/admin/orders", { intent: "status", orderId: order.orderId, status: "shipped", returnTo: "/admin/orders?page=1" });
    expect(response.headers.get("location")).toBe("/admin/orders?page=1");
    expect(await toastAfter(support.browser, response)).toBe("Order status changed to shipped");
    expect(await first("SELECT status FROM orders WHERE id = ?", order.orderId)).toEqual({ status: "shipped" });
    expect(await all("SELECT from_status, to_status, actor_id, actor_role FROM order_status_history WHERE order_id = ? AND order_item_id IS NULL", order.orderId)).toEqual([
      { from_status: "pending", to_status: "shipped", actor_id: support.id, actor_role: "staff" },
    ]);
    const shopper = (await first<{ email: string }>("SELECT email FROM users WHERE id = ?", order.shopperId))!.email;
    const event = await eventually(() => first<{ payload: string }>("SELECT payload FROM notification_outbox WHERE recipient = ? AND kind = 'track_event:shipment_status_updated'", shopper));
    expect(JSON.parse(event.payload).data).toMatchObject({ email: shopper, eventName: "shipment_status_updated", eventProperties: { orderId: order.orderId, status: "shipped" } });
    await eventually(() => first("SELECT id FROM notification_outbox WHERE recipient = ? AND kind = 'order_status_changed'", shopper));

    // The same change again (a double submit) changes nothing and sends nothing more.
    await support.browser.post("/admin/orders", { intent: "status", orderId: order.orderId, status: "shipped" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await all("SELECT kind FROM notification_outbox WHERE recipient = ? ORDER BY kind", shopper)).toEqual([{ kind: "order_status_changed" }, { kind: "track_event:shipment_status_updated" }]);
  });

  it("delivered opens a rental's 7-day window; cancelled puts the item back on sale", async () => {
    const rental = await orderOf({ option: "rental" });
    const admin = await as("admin");
    await admin.browser.post("/admin/orders", { intent: "status", orderId: rental.orderId, status: "delivered" });
    const item = await first<{ status: string; rental_starts_at: number; rental_ends_at: number }>("SELECT status, rental_starts_at, rental_ends_at FROM order_items WHERE id = ?", rental.itemId);
    expect(item!.status).toBe("active");
    expect(item!.rental_ends_at - item!.rental_starts_at).toBe(7 * 86_400_000);

    const purchase = await orderOf();
    await admin.browser.post("/admin/orders", { intent: "status", orderId: purchase.orderId, status: "cancelled" });
    expect(await first("SELECT status FROM orders WHERE id = ?", purchase.orderId)).toEqual({ status: "cancelled" });
    expect(await first("SELECT availability FROM products WHERE id = ?", purchase.productId)).toEqual({ availability: "available" });
  });

  it("refuses a change the lifecycle does not allow (409) and a status outside the list (400), writing nothing", async () => {
    const cancelled = await orderOf({ status: "cancelled" });
    const { browser } = await as("admin");
    const before = await databaseFingerprint();
    const reopen = await browser.post("/admin/orders", { intent: "status", orderId: cancelled.orderId, status: "pending" });
    expect(reopen.status).toBe(409);
    expect(await reopen.text()).toContain("A cancelled order cannot be reopened.");
    for (const status of ["completed", "active", "lost", ""]) {
      const bad = await browser.post("/admin/orders", { intent: "status", orderId: cancelled.orderId, status });
      expect(bad.status, status).toBe(400);
      expect(await bad.text()).toContain("Please choose one of: pending, processing, shipped, delivered, cancelled.");
    }
    const missing = await browser.post("/admin/orders", { intent: "status", orderId: "order_missing", status: "shipped" });
    expect(missing.status).toBe(404);
    expect(await browser.post("/admin/orders", { intent: "explode" }).then((r) => r.status)).toBe(400);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("lists returns the platform inspects, and records their condition; a store's returns are not ours", async () => {
    const ours = await returnedRental("vendor");
    const storeHandled = await returnedRental("store");
    const support = await as("customerSupport");
    const html = await (await support.browser.fetch("/admin/orders")).text();
    expect(html).toContain("Returns to inspect");
    expect(html).toContain(ours.productName);
    expect(html).not.toContain(storeHandled.productName);

    const good = await support.browser.post("/admin/orders", { intent: "inspect", itemId: ours.itemId, condition: "good" });
    expect(await toastAfter(support.browser, good)).toBe("Return received in good condition");
    expect(await first("SELECT status, inspection, inspected_by FROM order_items WHERE id = ?", ours.itemId)).toEqual({ status: "returned", inspection: "good", inspected_by: support.id });
    expect(await first("SELECT availability FROM products WHERE id = ?", ours.productId)).toEqual({ availability: "available" });

    const before = await databaseFingerprint();
    const theirs = await support.browser.post("/admin/orders", { intent: "inspect", itemId: storeHandled.itemId, condition: "damaged" });
    expect(theirs.status).toBe(404);
    const noCondition = await support.browser.post("/admin/orders", { intent: "inspect", itemId: ours.itemId, condition: "so-so" });
    expect(noCondition.status).toBe(400);
    expect(await databaseFingerprint()).toBe(before);
  });
});

/** An anonymous page from the Worker as deployed (the page cache on; the rest of the suite runs with it off). */
const cachedEnv = { ...env, PAGE_CACHE_SECONDS: "30" } as unknown as Env;
async function anonymousPage(path: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`http://localhost${path}`), cachedEnv, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { text, state: response.headers.get("x-page-cache") };
}

describe("Products", () => {
  beforeEach(() => forgetPages());

  it("approving a pending product makes it live at once on /all-products, even with the page cache on", async () => {
    const owner = await createUser({ displayName: `paula-${Date.now().toString(36)}` });
    const tag = `Approvable${Date.now().toString(36)}`;
    const product = await createProduct(owner.id, { name: `${tag} Coat`, productStatus: "pending" });
    const listing = `/all-products?search=${tag}`;
    expect((await anonymousPage(listing)).text).not.toContain(`${tag} Coat`);
    expect((await anonymousPage(listing)).state).toBe("memory");

    const reviewer = await as("productReviewer");
    const list = await (await reviewer.browser.fetch(`/admin/products?q=${tag}`)).text();
    expect(list).toContain(owner.displayName);
    expect(list).toContain(owner.email);
    expect(list).toContain(`aria-label="Approve ${tag} Coat"`);
    expect(list).toContain(`href="/product/${product.id}"`);
    const response = await reviewer.browser.post("/admin/products", { intent: "approve", productId: product.id });
    expect(await toastAfter(reviewer.browser, response)).toBe("Product approved successfully");
    expect(await first("SELECT status, product_status, concierge_status FROM products WHERE id = ?", product.id)).toEqual({ status: "approved", product_status: "live", concierge_status: "no" });
    expect(await first("SELECT actor_id, action FROM audit_log WHERE target_type = 'product' AND target_id = ?", product.id)).toEqual({ actor_id: reviewer.id, action: "product.approve" });

    const after = await anonymousPage(listing);
    expect(after.state).toBe("miss");
    expect(after.text).toContain(`${tag} Coat`);
  });

  it("rejects a pending product with a reason the seller sees (rejected, archived); only pending ones, and never twice", async () => {
    const owner = await as("vendor");
    const product = await createProduct(owner.id, { productStatus: "pending" });
    const { browser } = await as("admin");
    const unchanged = await databaseFingerprint();
    for (const reason of [undefined, "", "  ", "dark"]) {
      const refused = await browser.post("/admin/products", { intent: "reject", productId: product.id, ...(reason === undefined ? {} : { reason }) });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Please give a reason (at least 5 characters): the person is shown it.");
    }
    expect(await databaseFingerprint()).toBe(unchanged);
    const response = await browser.post("/admin/products", { intent: "reject", productId: product.id, reason: "The photos are too  dark to judge the condition." });
    expect(await toastAfter(browser, response)).toBe("Product rejected successfully");
    expect(await first("SELECT status, product_status, rejection_reason FROM products WHERE id = ?", product.id)).toEqual({ status: "rejected", product_status: "archived", rejection_reason: "The photos are too dark to judge the condition." });
    // The seller reads it, next to labelled badges, on their Products tab.
    const mine = (await (await owner.browser.fetch("/vendor?tab=products")).text()).replace(/<!-- -->/g, "");
    expect(mine).toContain("Review: rejected");
    expect(mine).toContain("Listing: archived");
    expect(mine).toContain("Reason: The photos are too dark to judge the condition.");
    const before = await databaseFingerprint();
    for (const intent of ["approve", "reject"]) {
      const again = await browser.post("/admin/products", { intent, productId: product.id, reason: "A second opinion" });
      expect(again.status).toBe(409);
      expect(await again.text()).toContain("Only pending products can be approved or rejected.");
    }
    expect((await browser.post("/admin/products", { intent: "approve", productId: "prod_missing" })).status).toBe(404);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("a customer-support user posting a product approval is refused, nothing written", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { productStatus: "pending" });
    const { browser } = await as("customerSupport");
    const before = await databaseFingerprint();
    const response = await browser.post("/admin/products", { intent: "approve", productId: product.id });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(DENIED);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("View opens the vendor edit route for a superadmin; the concierge column is derived", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { name: `Viewable ${Date.now()}` });
    const { browser } = await as("superadmin");
    const html = await (await browser.fetch(`/admin/products?q=${encodeURIComponent(product.name)}`)).text();
    expect(html).toContain(`href="/vendor/product/${product.id}/edit"`);
    expect(html).toContain("Concierge: no");
    expect(html).toContain("£15.00");
  });
});

describe("Stores", () => {
  it("approves a store request from the tab (the account is made) and rejects another", async () => {
    const request = await storeRequestRow();
    const rejected = await storeRequestRow();
    const { browser, id } = await as("admin");
    const html = await (await browser.fetch("/admin/stores")).text();
    expect(html).toContain(request.storeName);
    const response = await browser.post("/admin/stores", { intent: "approve", requestId: request.id });
    expect(await toastAfter(browser, response)).toBe("Store request approved and store account created successfully");
    expect(await first("SELECT s.name, u.email FROM stores s JOIN users u ON u.id = s.owner_id WHERE s.request_id = ?", request.id)).toEqual({ name: request.storeName, email: request.email });
    const unexplained = await browser.post("/admin/stores", { intent: "reject", requestId: rejected.id });
    expect(unexplained.status).toBe(400);
    expect(await first("SELECT status FROM store_requests WHERE id = ?", rejected.id)).toEqual({ status: "pending" });
    const reject = await browser.post("/admin/stores", { intent: "reject", requestId: rejected.id, reason: "We already have a partner on that street." });
    expect(await toastAfter(browser, reject)).toBe("Store request rejected");
    expect(await first("SELECT status, reviewed_by, rejection_reason FROM store_requests WHERE id = ?", rejected.id)).toEqual({ status: "rejected", reviewed_by: id, rejection_reason: "We already have a partner on that street." });
    const again = await browser.post("/admin/stores", { intent: "approve", requestId: request.id });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This store request was already approved.");
  });
});

describe("Users", () => {
  it("shows name, e-mail, type, roles, orders, joined and status; searchable", async () => {
    const person = await createUser({ fullName: "Tabled Tom", email: `tom-${Date.now()}@example.test` });
    await orderOf({ shopperId: person.id });
    await orderOf({ shopperId: person.id });
    const { browser } = await as("admin");
    const html = await (await browser.fetch(`/admin/users?q=${encodeURIComponent(person.email)}`)).text();
    const row = /<tr class="align-top">[\s\S]*?<\/tr>/.exec(html)![0];
    for (const text of ["Tabled Tom", person.email, "individual", "Shopper", ">2<", ">active<"]) expect(row).toContain(text);
    // An admin is not offered Superadmin; a superadmin is.
    expect(row).not.toContain('value="superadmin"');
    const superadmin = await as("superadmin");
    expect(await (await superadmin.browser.fetch(`/admin/users?q=${encodeURIComponent(person.email)}`)).text()).toContain('<option value="superadmin">Superadmin</option>');
  });

  it("assigns and removes an admin sub-role by §4's rule, with an audit row each", async () => {
    const person = await createUser();
    const admin = await as("admin");
    const assign = await admin.browser.post("/admin/users", { intent: "subrole", userId: person.id, subrole: "product_reviewer" });
    expect(await toastAfter(admin.browser, assign)).toBe("Admin role assigned successfully");
    expect(await first("SELECT role, admin_subrole, assigned_by FROM user_roles WHERE user_id = ?", person.id)).toEqual({ role: "team_member", admin_subrole: "product_reviewer", assigned_by: admin.id });
    const remove = await admin.browser.post("/admin/users", { intent: "subrole", userId: person.id, subrole: "none" });
    expect(await toastAfter(admin.browser, remove)).toBe("Admin role removed successfully");
    expect(await first("SELECT role, admin_subrole FROM user_roles WHERE user_id = ?", person.id)).toEqual({ role: "individual", admin_subrole: null });
    expect(await all("SELECT actor_id, action FROM audit_log WHERE target_type = 'user' AND target_id = ? ORDER BY created_at, rowid", person.id)).toEqual([
      { actor_id: admin.id, action: "user.subrole" },
      { actor_id: admin.id, action: "user.subrole" },
    ]);
  });

  it("grants and removes vendor access", async () => {
    const person = await signedIn("shopper");
    const admin = await as("admin");
    const grant = await admin.browser.post("/admin/users", { intent: "vendor", userId: person.id, vendor: "grant" });
    expect(await toastAfter(admin.browser, grant)).toBe("Role updated successfully");
    const seller = new Browser("10.91.0.1");
    await seller.signIn(person.email, PASSWORD);
    expect((await seller.fetch("/vendor")).status).toBe(200);
    await admin.browser.post("/admin/users", { intent: "vendor", userId: person.id, vendor: "revoke" });
    expect(await first("SELECT count(*) AS n FROM user_roles WHERE user_id = ?", person.id)).toEqual({ n: 0 });
    expect((await seller.fetch("/vendor")).status).toBe(302);
  });

  it("refuses an admin granting superadmin or changing a superadmin, a role outside the enum, and changes to oneself", async () => {
    const person = await createUser();
    const target = await signedIn("superadmin");
    const admin = await as("admin");
    const before = await databaseFingerprint();
    const grant = await admin.browser.post("/admin/users", { intent: "subrole", userId: person.id, subrole: "superadmin" });
    expect(grant.status).toBe(403);
    expect(await grant.text()).toContain("Only superadmins can assign the superadmin role.");
    const demote = await admin.browser.post("/admin/users", { intent: "subrole", userId: target.id, subrole: "none" });
    expect(demote.status).toBe(403);
    for (const subrole of ["owner", "SUPERADMIN", "", "team_member"]) {
      const bad = await admin.browser.post("/admin/users", { intent: "subrole", userId: person.id, subrole });
      expect(bad.status, subrole).toBe(400);
      expect(await bad.text()).toContain("Please choose one of: None, Admin, Product Reviewer, Customer Support, Superadmin.");
    }
    const badVendor = await admin.browser.post("/admin/users", { intent: "vendor", userId: person.id, vendor: "maybe" });
    expect(badVendor.status).toBe(400);
    const self = await admin.browser.post("/admin/users", { intent: "subrole", userId: admin.id, subrole: "none" });
    expect(self.status).toBe(403);
    expect(await self.text()).toContain("You cannot change your own roles.");
    expect((await admin.browser.post("/admin/users", { intent: "subrole", userId: "user_missing", subrole: "admin" })).status).toBe(404);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("sends a password reset e-mail through the queue", async () => {
    const person = await signedIn("vendor");
    const admin = await as("admin");
    const response = await admin.browser.post("/admin/users", { intent: "reset", userId: person.id });
    expect(await toastAfter(admin.browser, response)).toBe("Password reset email sent successfully");
    const mail = await eventually(() => first<{ body: string }>("SELECT body FROM notification_outbox WHERE recipient = ? AND kind = 'password_reset'", person.email));
    expect(mail.body).toContain("/auth/reset?token=");
    expect(await first("SELECT action FROM audit_log WHERE target_id = ? AND actor_id = ?", person.id, admin.id)).toEqual({ action: "user.password_reset_sent" });
  });

  it("deactivation (superadmin only): sessions end at once, sign-in is refused, the seller's items and profile leave the public pages; reactivation brings them back", async () => {
    const seller = await signedInBrowser("vendor", { ip: "10.92.0.1" });
    const name = `Deact${Date.now().toString(36)}`;
    await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(name, seller.id).run();
    const live = await createProduct(seller.id, { name: `${name} Jacket` });
    const pending = await createProduct(seller.id, { name: `${name} Scarf`, productStatus: "pending" });
    expect((await seller.browser.fetch("/account")).status).toBe(200);
    forgetPages();
    expect((await anonymousPage(`/all-products?search=${name}`)).text).toContain(`${name} Jacket`);
    expect((await anonymousPage(`/all-products?search=${name}`)).state).toBe("memory");

    const admin = await as("admin");
    const before = await databaseFingerprint();
    const refused = await admin.browser.post("/admin/users", { intent: "deactivate", userId: seller.id });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Access Denied");
    expect(await databaseFingerprint()).toBe(before);

    const superadmin = await as("superadmin");
    const response = await superadmin.browser.post("/admin/users", { intent: "deactivate", userId: seller.id });
    expect(await toastAfter(superadmin.browser, response)).toBe("User deactivated");
    // Signed out on the next request, and the sign-in form says why.
    const next = await seller.browser.fetch("/account");
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    const signIn = await new Browser("10.92.0.2").post("/auth", { intent: "signin", email: seller.email, password: PASSWORD });
    expect(await signIn.text()).toContain("This account has been deactivated.");
    // Public pages kept before the change are not served after it (decision 0022).
    const listing = await anonymousPage(`/all-products?search=${name}`);
    expect(listing.state).toBe("miss");
    expect(listing.text).not.toContain(`${name} Jacket`);
    expect((await new Browser().fetch(`/product/${live.id}`)).status).toBe(404);
    expect((await new Browser().fetch(`/${name}`)).status).toBe(404);
    // Approving the deactivated seller's pending item is refused: it would go public.
    const approve = await superadmin.browser.post("/admin/products", { intent: "approve", productId: pending.id });
    expect(approve.status).toBe(409);
    expect(await first("SELECT detail FROM audit_log WHERE target_id = ? AND action = 'user.deactivate'", seller.id)).toEqual({ detail: JSON.stringify({ hiddenProducts: [live.id] }) });

    const back = await superadmin.browser.post("/admin/users", { intent: "reactivate", userId: seller.id });
    expect(await toastAfter(superadmin.browser, back)).toBe("User reactivated");
    expect(await first("SELECT product_status FROM products WHERE id = ?", live.id)).toEqual({ product_status: "live" });
    expect(await first("SELECT product_status FROM products WHERE id = ?", pending.id)).toEqual({ product_status: "pending" });
    expect((await new Browser().fetch(`/product/${live.id}`)).status).toBe(200);
    await new Browser("10.92.0.3").signIn(seller.email, PASSWORD);
  });

  it("a deactivated store owner's store profile leaves the public pages until reactivation", async () => {
    const owner = await signedIn("storeOwner");
    const storeId = `store_deact_${Date.now().toString(36)}`;
    await env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'Closing Down Closet', ?, ?)").bind(storeId, owner.id, Date.now()).run();
    expect((await new Browser().fetch(`/store/${storeId}`)).status).toBe(200);
    const superadmin = await as("superadmin");
    await superadmin.browser.post("/admin/users", { intent: "deactivate", userId: owner.id });
    expect((await new Browser().fetch(`/store/${storeId}`)).status).toBe(404);
    await superadmin.browser.post("/admin/users", { intent: "reactivate", userId: owner.id });
    expect((await new Browser().fetch(`/store/${storeId}`)).status).toBe(200);
  });

  it("nobody deactivates themselves; of two superadmins demoting each other at once, one stays", async () => {
    const a = await as("superadmin");
    const b = await as("superadmin");
    const before = await databaseFingerprint();
    const self = await a.browser.post("/admin/users", { intent: "deactivate", userId: a.id });
    expect(self.status).toBe(403);
    expect(await self.text()).toContain("You cannot deactivate your own account.");
    expect(await databaseFingerprint()).toBe(before);

    await withOnlySuperadmins([a.id, b.id], async () => {
      const answers = await Promise.all([
        a.browser.post("/admin/users", { intent: "subrole", userId: b.id, subrole: "admin" }),
        b.browser.post("/admin/users", { intent: "subrole", userId: a.id, subrole: "admin" }),
      ]);
      expect(answers.map((r) => r.status).filter((s) => s === 302)).toHaveLength(1);
      expect(await activeSuperadmins([a.id, b.id])).toHaveLength(1);
    });
  });

  it("the batch guard keeps the last superadmin even when the check before it was outdated", async () => {
    const a = await signedIn("superadmin");
    const b = await signedIn("superadmin");
    const db = database(env.DB);
    await withOnlySuperadmins([a.id, b.id], async () => {
      // Planned while a was still a superadmin; a was demoted before the write.
      const snapshot = (await targetUser(db, b.id))!;
      await env.DB.prepare("UPDATE user_roles SET admin_subrole = 'admin' WHERE user_id = ?").bind(a.id).run();
      const before = await databaseFingerprint();
      expect(await saveRoles(db, snapshot, { role: "team_member", adminSubrole: "admin", sellerRole: null }, a.id, "user.subrole", Date.now())).toBe(false);
      expect(await deactivateUser(db, snapshot, a.id, Date.now())).toEqual({ ok: false });
      expect(await databaseFingerprint()).toBe(before);
      expect(await activeSuperadmins([b.id])).toEqual([b.id]);
      // And a role record changed by someone else meanwhile is not overwritten.
      const person = await createUser();
      const stale = (await targetUser(db, person.id))!;
      await env.DB.prepare("INSERT INTO user_roles (user_id, role, admin_subrole, assigned_at) VALUES (?, 'team_member', 'admin', ?)").bind(person.id, Date.now()).run();
      expect(await saveRoles(db, stale, { role: "individual", adminSubrole: null, sellerRole: "vendor" }, b.id, "user.vendor_grant", Date.now())).toBe(false);
      expect(await first("SELECT role, admin_subrole FROM user_roles WHERE user_id = ?", person.id)).toEqual({ role: "team_member", admin_subrole: "admin" });
    });
  });

  it("marks a calculated payout paid (superadmin), once, with who and when", async () => {
    const payout = await calculatedPayout();
    const { browser, id } = await as("superadmin");
    const html = await (await browser.fetch("/admin/financial")).text();
    expect(html).toContain("Revenue by week");
    expect(html).toContain(payout.id.slice(-8));
    const response = await browser.post("/admin/financial", { intent: "markPaid", payoutId: payout.id });
    expect(await toastAfter(browser, response)).toBe("Payout marked paid");
    const row = await first<{ status: string; paid_at: number; paid_by: string }>("SELECT status, paid_at, paid_by FROM payouts WHERE id = ?", payout.id);
    expect(row).toMatchObject({ status: "paid", paid_by: id });
    expect(await first("SELECT status FROM commissions WHERE id = ?", payout.commissionId)).toEqual({ status: "paid" });
    expect(await first("SELECT actor_id FROM audit_log WHERE target_type = 'payout' AND target_id = ?", payout.id)).toEqual({ actor_id: id });
    const before = await databaseFingerprint();
    const again = await browser.post("/admin/financial", { intent: "markPaid", payoutId: payout.id });
    expect(again.status).toBe(409);
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("the Financial tab, readable (issue 24, item 4)", () => {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it("names payees with links to their pages, shows ids whose last 8 differ, and totals the period it says", async () => {
    const payout = await calculatedPayout();
    const name = `Payee${Date.now().toString(36)}`;
    await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(name, payout.ownerId).run();
    const { browser } = await as("superadmin");
    const today = day(Date.now());
    const html = (await (await browser.fetch(`/admin/financial?from=${today}&to=${today}`)).text()).replace(/<!-- -->/g, "");
    expect(html).toContain(`href="/${name}"`);
    expect(html).not.toContain(`>${payout.ownerId.slice(-8)}<`);
    // The transaction's item and the payout's sum explain the rows; the whole id is there for screen readers and on hover.
    expect(html).toContain(payout.productName);
    expect(html).toContain("£90.00 gross − £9.00 commission = £81.00");
    expect(html).toContain(`title="${payout.id}"`);
    const period = html.match(/cover (\d+ \w+ \d{4}) – (\d+ \w+ \d{4}) \(UTC days\)/);
    expect(period?.[1]).toBe(period?.[2]);
    // The ids a row shows differ between rows (the spec's last 8 characters).
    const shown = [...html.matchAll(/<span aria-hidden="true">([^<]{8})<\/span>/g)].map((m) => m[1]);
    const transactionIds = await env.DB.prepare("SELECT id FROM transactions ORDER BY created_at DESC LIMIT 50").all<{ id: string }>();
    expect(new Set(transactionIds.results.filter((t) => shown.includes(t.id.slice(-8))).map((t) => t.id.slice(-8))).size).toBe(transactionIds.results.filter((t) => shown.includes(t.id.slice(-8))).length);
  });

  it("downloads the transactions, commissions and payouts of a chosen period as CSV, and refuses a bad period with a 400", async () => {
    const payout = await calculatedPayout();
    const { browser } = await as("superadmin");
    const today = day(Date.now());
    const csv = await browser.fetch(`/admin/financial/export?kind=payouts&from=${today}&to=${today}`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="closetloop-payouts-${today}-to-${today}.csv"`);
    const rows = (await csv.text()).split("\r\n");
    expect(rows[0]).toBe("Payout ID,Payee type,Payee,Period start (UTC),Period end (UTC),Gross (GBP),Commission (GBP),Net (GBP),Status,Paid (UTC)");
    expect(rows.find((r) => r.startsWith(`${payout.id},`))).toContain(",90.00,9.00,81.00,calculated,");
    const transactions = await (await browser.fetch(`/admin/financial/export?kind=transactions&from=${today}&to=${today}`)).text();
    expect(transactions).toContain(`${payout.transactionId},`);
    const commissions = await (await browser.fetch(`/admin/financial/export?kind=commissions&from=${today}&to=${today}`)).text();
    expect(commissions).toContain(`${payout.commissionId},`);
    const past = await (await browser.fetch("/admin/financial/export?kind=payouts&from=2020-01-01&to=2020-01-31")).text();
    expect(past).not.toContain(payout.id);

    for (const [path, message] of [
      ["/admin/financial/export?kind=payouts&from=2026-13-01", "Please enter a date as YYYY-MM-DD."],
      ["/admin/financial/export?kind=everything", "Please choose what to download: transactions, commissions or payouts."],
      ["/admin/financial?from=2026-11-02&to=2026-11-01", "The start date must be on or before the end date."],
    ]) {
      const refused = await browser.fetch(path!);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
    }
  });
});

describe("bad input as a superadmin (issue 14 item 11)", () => {
  // Every admin action with hostile values in every field it reads: never a 5xx, and a refusal
  // (4xx) writes nothing. Real ids are among the values, so some bodies reach the writes.
  const ROUTES = ["/admin/orders", "/admin/products", "/admin/stores", "/admin/users", "/admin/financial"];
  const FIELDS = ["intent", "orderId", "status", "itemId", "condition", "productId", "requestId", "userId", "subrole", "vendor", "payoutId", "returnTo"];
  const INTENTS = ["status", "inspect", "approve", "reject", "subrole", "vendor", "reset", "deactivate", "reactivate", "markPaid"];

  it.each(ROUTES)("POST %s", async (path) => {
    const { browser } = await as("superadmin");
    const order = await orderOf();
    const payout = await calculatedPayout();
    const nasty = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom("", " ", "0", "-1", "NaN", "null", "'; DROP TABLE users; --", "<script>alert(1)</script>", "//evil.example", "\u0000", "x".repeat(5000), "superadmin", "owner", "completed", "good", "grant", order.orderId, order.itemId, order.productId, order.shopperId, payout.id),
    );
    const body = fc.record({ intent: fc.oneof(fc.constantFrom(...INTENTS), fc.string({ maxLength: 12 })) }).chain((base) => fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 6 }).map((rest) => ({ ...rest, ...base })));
    await fc.assert(
      fc.asyncProperty(body, async (form) => {
        const before = await databaseFingerprint();
        const response = await browser.post(path, form);
        expect(response.status, `${path} ${JSON.stringify(form).slice(0, 300)}`).toBeLessThan(500);
        if (response.status >= 400) expect(await databaseFingerprint(), `${path} ${JSON.stringify(form).slice(0, 300)}`).toBe(before);
      }),
      { numRuns: 25 },
    );
  });
});
