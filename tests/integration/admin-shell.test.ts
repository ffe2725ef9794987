import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { Actor } from "./actors";
import { calculatedPayout, orderOf } from "./admin-data";
import { databaseFingerprint } from "./factories";
import { Browser } from "./http";
import { DENIED, ROLES_DENIED, TAB_DENIED, as, tabsOf } from "./admin-fixtures";

// The admin back office (issue 14 items 1-3, 11; decision 0031): the shell and what each staff
// sub-role may see, and bad input refused with a clear message, nothing written and no 5xx. Each
// tab has its own file (admin-orders, admin-products-stores, admin-users); the store-account
// function has store-approval.test.ts; the access matrix tries every route and intent as every actor.

// Each case signs several actors in (PBKDF2) and waits for the queue: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe("the admin shell", () => {
  it("sends anonymous visitors to sign in and back; answers signed-in non-staff with Access Denied (403), on every admin URL and action", async () => {
    const anonymous = new Browser();
    const away = await anonymous.fetch("/admin/users?q=x");
    expect(away.status).toBe(302);
    expect(away.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent("/admin/users?q=x")}`);
    for (const actor of ["shopper", "vendor", "storeOwner"] as const) {
      const { browser } = await as(actor);
      for (const path of [
        "/admin",
        "/admin?tab=orders",
        "/admin/orders",
        "/admin/products",
        "/admin/stores",
        "/admin/users",
        "/admin/roles",
        "/admin/financial",
        "/admin/brands",
        "/admin/brand-review",
        "/admin/content",
        "/admin/blog/new",
      ]) {
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
      // Claims (issue 43, decision 0078): customer support and admins decide them.
      superadmin: [
        "/admin/orders",
        [
          "Orders",
          "Products",
          "Stores",
          "Brands",
          "Brand Review",
          "Content",
          "Users",
          "Roles",
          "Financial",
          "Reported messages",
          "Claims",
          "Exchange rates",
        ],
      ],
      admin: [
        "/admin/orders",
        [
          "Orders",
          "Products",
          "Stores",
          "Brands",
          "Brand Review",
          "Content",
          "Users",
          "Reported messages",
          "Claims",
          "Exchange rates",
        ],
      ],
      productReviewer: ["/admin/products", ["Products"]],
      customerSupport: ["/admin/orders", ["Orders", "Reported messages", "Claims", "Exchange rates"]],
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
      expect(await response.text()).toContain(TAB_DENIED);
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
      expect(await response.text()).toContain(TAB_DENIED);
    }
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("bad input as a superadmin (issue 14 item 11)", () => {
  // Every admin action with hostile values in every field it reads: never a 5xx, and a refusal
  // (4xx) writes nothing. Real ids are among the values, so some bodies reach the writes.
  const ROUTES = ["/admin/orders", "/admin/products", "/admin/stores", "/admin/users", "/admin/financial"];
  const FIELDS = [
    "intent",
    "orderId",
    "status",
    "itemId",
    "condition",
    "productId",
    "requestId",
    "userId",
    "subrole",
    "vendor",
    "payoutId",
    "returnTo",
  ];
  const INTENTS = [
    "status",
    "inspect",
    "approve",
    "reject",
    "subrole",
    "vendor",
    "reset",
    "deactivate",
    "reactivate",
    "markPaid",
  ];

  it.each(ROUTES)("POST %s", async (path) => {
    const { browser } = await as("superadmin");
    const order = await orderOf();
    const payout = await calculatedPayout();
    const nasty = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(
        "",
        " ",
        "0",
        "-1",
        "NaN",
        "null",
        "'; DROP TABLE users; --",
        "<script>alert(1)</script>",
        "//evil.example",
        "\u0000",
        "x".repeat(5000),
        "superadmin",
        "owner",
        "completed",
        "good",
        "grant",
        order.orderId,
        order.itemId,
        order.productId,
        order.shopperId,
        payout.id,
      ),
    );
    const body = fc
      .record({ intent: fc.oneof(fc.constantFrom(...INTENTS), fc.string({ maxLength: 12 })) })
      .chain((base) =>
        fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 6 }).map((rest) => ({ ...rest, ...base })),
      );
    await fc.assert(
      fc.asyncProperty(body, async (form) => {
        const before = await databaseFingerprint();
        const response = await browser.post(path, form);
        expect(response.status, `${path} ${JSON.stringify(form).slice(0, 300)}`).toBeLessThan(500);
        if (response.status >= 400)
          expect(await databaseFingerprint(), `${path} ${JSON.stringify(form).slice(0, 300)}`).toBe(before);
      }),
      { numRuns: 25 },
    );
  });
});
