import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, eventually } from "./factories";
import { Browser } from "./http";
import { placeOrder } from "./orders";
import { ask, cast, unreadNotices } from "./conversations-helpers";
import { calculatedPayout, orderOf, returnedRental, sellerRequestRow, storeRequestRow } from "./admin-data";
import { routePaths } from "./routes";

// Issue 4: every page answers with at most three trips to D1 (a batch is one trip). The app
// reports its count in the Server-Timing header; every route of app/routes.ts is visited, with
// real records where it takes a parameter, anonymously and signed in (with a basket line).
const MAX_TRIPS = 3;
// The product page, the brand page and the seller's and store's profiles read what they show in
// one batch, each part keyed by what the address names (the item's or the store's id, the brand's
// or the seller's name; decision 0113).
const tag = `rt${Date.now().toString(36)}`;
const real: Record<string, string> = {};

beforeAll(async () => {
  const vendor = await createUser({ displayName: `Rita${tag}` });
  const product = await createProduct(vendor.id, {
    name: `Round Trip Coat ${tag}`,
    brand: `Brand${tag}`,
    category: "Coats",
  });
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO brands (id, name, created_at) VALUES (?, ?, ?)").bind(`b_${tag}`, `Brand${tag}`, now),
    env.DB.prepare(
      "INSERT INTO categories (id, name, slug, is_active, sort_order, created_at) VALUES (?, 'Coats', 'coats', 1, 1, ?) ON CONFLICT DO NOTHING",
    ).bind(`c_${tag}`, now),
    env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)").bind(
      `s_${tag}`,
      `Shop${tag}`,
      vendor.id,
      now,
    ),
    env.DB.prepare(
      "INSERT INTO blog_posts (id, title, content, status, published_at, created_at) VALUES (?, 'Trips', 'Body.', 'published', ?, ?)",
    ).bind(`post_${tag}`, now, now),
  ]);
  Object.assign(real, {
    "routes/shop/brand.tsx": `/brand/Brand${tag}`,
    "routes/shop/category.tsx": "/categories/coats",
    "routes/shop/product.tsx": `/product/${product.id}`,
    "routes/content/blog-post.tsx": `/blog/post_${tag}`,
    "routes/content/page.tsx": "/pages/about_us",
    "routes/shop/store-profile.tsx": `/store/s_${tag}`,
    "routes/shop/slug.tsx": `/Rita${tag}`,
    productId: product.id,
  });
});

const pages = () => [
  ...routePaths().map(({ path, file }) => real[file] ?? path),
  "/women",
  "/all-products?search=coat&category=Coats&sort=price_asc",
  "/all-products?brand=Acne&rental_min=5&rental_max=80&tag=wool&color=Black",
];

function tripsOf(response: Response) {
  const match = response.headers.get("server-timing")?.match(/d1;dur=\d+;desc="(\d+) round trips"/);
  if (!match) throw new Error(`no D1 Server-Timing on ${response.url}: ${response.headers.get("server-timing")}`);
  return Number(match[1]);
}

describe("D1 round trips per page", () => {
  it("reports the count in Server-Timing", async () => {
    const response = await new Browser().fetch("/all-products");
    expect(tripsOf(response)).toBeGreaterThan(0);
  });

  it(`is at most ${MAX_TRIPS} for an anonymous visitor on every page`, async () => {
    const browser = new Browser();
    const over: string[] = [];
    for (const path of pages()) {
      const trips = tripsOf(await browser.fetch(path));
      if (trips > MAX_TRIPS) over.push(`${path}: ${trips}`);
    }
    expect(over).toEqual([]);
  });

  it(`is at most ${MAX_TRIPS} for a signed-in shopper with a basket on every page`, async () => {
    const { browser } = await signedInBrowser("shopper");
    const added = await browser.post("/cart", { intent: "add", productId: real.productId!, option: "rental" });
    expect(added.headers.get("location")).toBe(`/product/${real.productId}`);
    expect(await (await browser.fetch("/cart")).text()).toContain(`Round Trip Coat ${tag}`);
    const over: string[] = [];
    for (const path of pages()) {
      const trips = tripsOf(await browser.fetch(path));
      if (trips > MAX_TRIPS) over.push(`${path}: ${trips}`);
    }
    expect(over).toEqual([]);
  });

  it.each([
    ["product page", "routes/shop/product.tsx", `Round Trip Coat ${tag}`],
    ["brand page", "routes/shop/brand.tsx", `Round Trip Coat ${tag}`],
    ["seller's profile", "routes/shop/slug.tsx", `Round Trip Coat ${tag}`],
    ["store's profile", "routes/shop/store-profile.tsx", `Shop${tag}`],
  ])("is one for the %s, signed in too: the visit rides with the page's batch", async (_name, file, shown) => {
    const anonymous = await new Browser().fetch(real[file]!);
    const shared = await anonymous.text();
    expect(shared).toContain(shown);
    expect(shared).not.toContain('href="/account"');
    expect(tripsOf(anonymous)).toBe(1);
    // Decisions 0115, 0116: one trip, and the header is the visitor's (a page into their visit).
    const { browser } = await signedInBrowser("shopper");
    await (await browser.fetch("/account")).text();
    const signedIn = await browser.fetch(real[file]!);
    expect(tripsOf(signedIn)).toBe(1);
    const page = await signedIn.text();
    expect(page).toContain(shown);
    expect(page).toContain('href="/account"');
  });
});

// Issue 47 item 3: one round trip of batched statements per dashboard tab (decision 0100), the
// signed-in user's visit riding with it (decision 0116). The seller's tabs: one batch (figures, the
// tab, views, payouts). The store's: the same, with the store the visit kept and, on the
// overview, its inbox read in it (decision 0121).
const DASHBOARD_TRIPS: Record<string, number> = {
  "/vendor?tab=products": 1,
  "/vendor?tab=notifications": 1,
  "/vendor?tab=orders": 1,
  "/vendor?tab=upload": 1,
  "/store?tab=overview": 1,
  "/store?tab=requests": 1,
  "/store?tab=products": 1,
  "/store?tab=orders": 1,
  "/store?tab=settings": 1,
};

describe("D1 round trips per dashboard tab", () => {
  it("is one batch beside the sign-in (and the store) on every seller and store tab, with orders on them", async () => {
    const seller = await signedInBrowser("vendor");
    const owner = await signedInBrowser("storeOwner");
    const storeId = `s_dash_${tag}`;
    await env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)")
      .bind(storeId, `Dash${tag}`, owner.id, Date.now())
      .run();
    const own = await createProduct(seller.id, { name: `Own Coat ${tag}`, buyingPrice: 10000 });
    const concierge = await createProduct(seller.id, { name: `Concierge Coat ${tag}`, buyingPrice: 12000 });
    await env.DB.prepare("UPDATE products SET store_id = ?, status = 'approved', concierge_status = 'yes' WHERE id = ?")
      .bind(storeId, concierge.id)
      .run();
    const shopper = await signedInBrowser("shopper");
    await placeOrder(shopper, [
      { productId: own.id, option: "purchase" },
      { productId: concierge.id, option: "purchase" },
    ]);
    // Both Orders tabs list the order, the seller's and the store's item to send among it.
    const sellerOrders = await (await seller.browser.fetch("/vendor?tab=orders")).text();
    expect(sellerOrders).toContain(`Own Coat ${tag}`);
    const storeOrders = await (await owner.browser.fetch("/store?tab=orders")).text();
    expect(storeOrders).toContain(`Concierge Coat ${tag}`);
    const trips: Record<string, number> = {};
    for (const path of Object.keys(DASHBOARD_TRIPS)) {
      const response = await (path.startsWith("/vendor") ? seller : owner).browser.fetch(path);
      expect(response.status, path).toBe(200);
      trips[path] = tripsOf(response);
    }
    expect(trips).toEqual(DASHBOARD_TRIPS);
  });
});

// The conversation page: one batch of reads keyed by the conversation's id, the reader's visit
// riding with it (decision 0124): the conversation itself (whose it is decides what the page
// shows), its messages, read states, offers, the reader's blocks, report and suspension, and how
// many of their notices lead to it. Only an opening that found notices unread marks them: a second trip.
describe("D1 round trips of a conversation", () => {
  it("reads a conversation page in one trip for either party; the opening that marks the seller's notice read takes two", async () => {
    const { seller, shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id, `Trips question ${tag}?`);
    // The seller is told of the question (by the queue), and their session keeps them from a first
    // page (decision 0116), as a visit goes on.
    await eventually(async () => (await unreadNotices(seller.id, `/account/messages/${id}`)) || null);
    await (await seller.browser.fetch("/account")).text();
    const first = await seller.browser.fetch(`/account/messages/${id}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(`Trips question ${tag}?`);
    expect(tripsOf(first)).toBe(2);
    expect(await unreadNotices(seller.id, `/account/messages/${id}`)).toBe(0);
    for (const reader of [seller, shopper]) {
      const response = await reader.browser.fetch(`/account/messages/${id}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`Trips question ${tag}?`);
      expect(tripsOf(response)).toBe(1);
    }
  });
});

// The order page (issue 47): the sign-in, then one batch of the order (who may see it in its
// WHERE), its money, payment, the charges it still owes, its claims and its parcels. Staff read it
// the same way; someone else's order is a 404 from the same batch.
describe("D1 round trips of an order page", () => {
  it("reads an order page in one trip (the visit rides with it), for its shopper and for staff, and answers 404 to another shopper", async () => {
    const vendor = await createUser();
    const product = await createProduct(vendor.id, { name: `Trips Dress ${tag}`, buyingPrice: 9000 });
    const shopper = await signedInBrowser("shopper");
    const { orderId } = await placeOrder(shopper, [{ productId: product.id, option: "purchase" }]);
    const staff = await signedInBrowser("admin");
    // The shell's kept site settings, links and rates, as any earlier page leaves them; the staff
    // member's session keeps them from a first page (decision 0116), as a visit goes on.
    await new Browser().fetch("/");
    await (await staff.browser.fetch("/account")).text();
    for (const reader of [shopper, staff]) {
      const response = await reader.browser.fetch(`/account/orders/${orderId}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`Trips Dress ${tag}`);
      expect(tripsOf(response)).toBe(1);
    }
    const other = await signedInBrowser("shopper");
    const refused = await other.browser.fetch(`/account/orders/${orderId}`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain(`Trips Dress ${tag}`);
  });
});

// Issue 47 item 3 for the admin tabs (decision 0106): every tab reads in one batch, the signed-in
// user's visit riding with it (decision 0116; beside it where the tab's reads are not one batch of
// reads: roles, claims, rates, messages, the export), with records on every panel (an order paid and one to send, a return to
// inspect, an item being prepared, a payment issue, requests, a payout, a suggestion, a reported
// conversation). Admin Financial is the superadmin's, so a superadmin visits them all; the
// reported conversation's page writes its read to the audit log in the same batch.
const ADMIN_TRIPS: Record<string, number> = {
  "/admin/orders": 1,
  "/admin/orders?page=2": 1,
  "/admin/orders?status=processing": 1,
  "/admin/orders?q=coat": 1,
  "/admin/products": 1,
  "/admin/products?q=coat&status=pending": 1,
  "/admin/stores": 1,
  "/admin/stores?page=2": 1,
  "/admin/brands": 1,
  "/admin/brand-review": 1,
  "/admin/content": 1,
  "/admin/users": 1,
  "/admin/users?q=test": 1,
  "/admin/roles": 2,
  "/admin/financial": 1,
  "/admin/financial?list=payouts": 1,
  "/admin/financial?list=commissions&from=2026-01-01&to=2026-12-31": 1,
  "/admin/financial?from=2026-01-01&to=2026-12-31": 1,
  "/admin/financial/export?kind=payouts": 2,
  "/admin/blog": 1,
  "/admin/blog?edit=BLOG": 1,
  "/admin/blog/new": 1,
  "/admin/messages": 2,
  "/admin/messages/REPORTED": 2,
  "/admin/claims": 2,
  "/admin/rates": 2,
};

describe("D1 round trips per admin tab", () => {
  it("is one batch beside the sign-in on every admin tab, with records on every panel", async () => {
    const admin = await signedInBrowser("superadmin");
    const seller = await createUser({ displayName: `Ada${tag}` });
    const coat = await createProduct(seller.id, { name: `Admin Coat ${tag}`, buyingPrice: 10000 });
    const shopper = await signedInBrowser("shopper");
    await placeOrder(shopper, [{ productId: coat.id, option: "purchase" }]);
    const returned = await returnedRental();
    const issue = await orderOf({ productName: `Mismatched Coat ${tag}` });
    const prepared = await createProduct(seller.id, { name: `Preparing Coat ${tag}` });
    const storeRequest = await storeRequestRow();
    const asker = await sellerRequestRow();
    const payout = await calculatedPayout();
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET payment_issue = 'amount', payment_issue_at = ? WHERE id = ?").bind(
        now,
        issue.orderId,
      ),
      env.DB.prepare("UPDATE products SET prepared_until = ? WHERE id = ?").bind(now + 86_400_000, prepared.id),
      env.DB.prepare(
        "INSERT INTO brand_suggestions (id, suggested_name, suggested_by, status, created_at) VALUES (?, ?, ?, 'pending', ?)",
      ).bind(`bs_${tag}`, `Suggested${tag}`, seller.id, now),
    ]);
    const talk = await cast();
    const conversationId = await ask(talk.shopper.browser, talk.item.id);
    const reported = await talk.seller.browser.post(`/account/messages/${conversationId}`, {
      intent: "report",
      reason: "Asks me to pay outside Closetloop",
    });
    expect(reported.status).toBe(302);
    const askerEmail = (await env.DB.prepare("SELECT email FROM users WHERE id = ?")
      .bind(asker)
      .first<{ email: string }>())!.email;
    // What each tab shows of the records, read from its one batch.
    const shows: Record<string, string[]> = {
      "/admin/orders": [`Admin Coat ${tag}`, returned.productName, `Preparing Coat ${tag}`, issue.orderId],
      "/admin/stores": [storeRequest.storeName],
      "/admin/brand-review": [`Suggested${tag}`],
      "/admin/users": [askerEmail],
      "/admin/financial": [payout.productName],
      "/admin/financial?list=payouts": [`Mark paid: payout ${payout.id.slice(-8)}`],
      "/admin/blog?edit=BLOG": ["Trips"],
      "/admin/messages": ["Asks me to pay outside Closetloop"],
      "/admin/messages/REPORTED": ["Does it fit a size 10?", "Asks me to pay outside Closetloop"],
    };
    // The first page after signing in (it still shows the sign-in's toast) takes more trips on any
    // page, whatever its reads: one page is opened first, as a staff member's visit goes on.
    await (await admin.browser.fetch("/admin/rates")).text();
    const trips: Record<string, number> = {};
    for (const path of Object.keys(ADMIN_TRIPS)) {
      const response = await admin.browser.fetch(
        path.replace("BLOG", `post_${tag}`).replace("REPORTED", conversationId),
      );
      expect(response.status, path).toBe(200);
      trips[path] = tripsOf(response);
      const page = await response.text();
      for (const shown of shows[path] ?? []) expect(page, path).toContain(shown);
    }
    expect(trips).toEqual(ADMIN_TRIPS);
    // The reported conversation's read is in the audit log, once for its one visit.
    const audited = await env.DB.prepare(
      "SELECT actor_id AS actor, target_type AS type, detail FROM audit_log WHERE action = 'conversation.read' AND target_id = ?",
    )
      .bind(conversationId)
      .all<{ actor: string; type: string; detail: string }>();
    expect(audited.results).toEqual([{ actor: admin.id, type: "conversation", detail: "{}" }]);
  });
});
