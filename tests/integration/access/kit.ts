import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { ACTORS, signedInBrowser, type Actor } from "../actors";
import { createProduct, createUser } from "../factories";
import { Browser, type FormFields } from "../http";
import { perFile } from "../per-file";

// What every area's access rules are written with (tests/integration/access/*.ts), and the world
// of records they are checked against. access-matrix-kit.ts reads every area file, and
// access-matrix.test.ts fails when a route, a route parameter or an action intent of
// app/routes.ts has no rule in any of them.

export type Who = "anonymous" | Actor;
export const WHO: Who[] = ["anonymous", ...ACTORS];
export const STAFF: Actor[] = ["superadmin", "admin", "productReviewer", "customerSupport"];
// seller-store-admin.md §6 and decision 0012: staff who manage products may open any product.
export const MANAGE_PRODUCTS: Who[] = ["superadmin", "admin", "productReviewer"];
export const isSignedIn = (who: Who): who is Actor => who !== "anonymous";

/** A page's answer: a status (403: the admin area's Access Denied page; 400: a link without its token) with text it shows or hides, or a redirect. */
export type Outcome = { page: 200 | 400 | 403 | 404; shows?: string; hides?: string } | { redirect: string };
export const page = (status: 200 | 400 | 403 | 404 = 200, text: { shows?: string; hides?: string } = {}): Outcome => ({
  page: status,
  ...text,
});
export const toHome: Outcome = { redirect: "/" };
export type PageRule = (who: Who, path: string) => Outcome;

export const everyone: PageRule = () => page(200);
/** A guarded area (shopper.md §2.2): signed out → sign in and come back; lacking the role → home. */
export const area =
  (members: (who: Actor) => boolean, inside: (who: Actor) => Outcome = () => page(200)): PageRule =>
  (who, path) =>
    !isSignedIn(who)
      ? { redirect: `/auth?redirectTo=${encodeURIComponent(path)}` }
      : members(who)
        ? inside(who)
        : toHome;
export const vendors = (who: Actor) => who === "vendor" || who === "otherVendor" || STAFF.includes(who);
/** Store owners and the staff who run stores (decision 0029: superadmin and admin). */
export const STORE_STAFF: Who[] = ["superadmin", "admin"];
export const stores = (who: Actor) => who === "storeOwner" || who === "otherStoreOwner" || STORE_STAFF.includes(who);
export const staff = (who: Actor) => STAFF.includes(who);
/** Past the guard, someone else's record reads as missing (seller-store-admin.md: 'Product not found'). */
export const ownerOrStaff =
  (owner: Actor, name: string, mayOpen: readonly Who[] = MANAGE_PRODUCTS, notFound = "Product not found") =>
  (who: Actor) =>
    who === owner || mayOpen.includes(who) ? page(200, { shows: name }) : page(404, { shows: notFound, hides: name });

export const tag = `am${Date.now().toString(36)}`;

let ipSeq = 0;
export const nextIp = () => `10.201.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

export interface Member {
  id: string;
  email: string;
  browser: Browser;
}

/**
 * The records the page matrix visits: one signed-in user per kind of visitor (the "vendor" owns
 * the seller's product, the "storeOwner" owns the store that manages the concierge product; every
 * other user is someone else), made once and shared by every area's rules.
 */
export interface World {
  member: (who: Actor) => Promise<Member>;
  browser: (who: Who) => Promise<Browser>;
  sellerProduct: { id: string; name: string };
  storeProduct: { id: string; name: string };
  storeId: string;
  brandName: string;
  vendorDisplayName: string;
}

const members = perFile(() => new Map<Actor, Promise<Member>>());
function member(who: Actor) {
  const signedIn = members();
  if (!signedIn.has(who)) signedIn.set(who, signedInBrowser(who, { ip: nextIp() }));
  return signedIn.get(who)!;
}
const anonymous = perFile(() => new Browser(nextIp()));

/** The shared records, made on first use in each test file. */
export const world = perFile((): Promise<World> =>
  (async () => {
    const vendor = await member("vendor");
    const storeOwner = await member("storeOwner");
    const vendorDisplayName = `Vera${tag}`;
    const brandName = `Brand${tag}`;
    await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(vendorDisplayName, vendor.id).run();
    const sellerProduct = await createProduct(vendor.id, { name: `Owned Trench ${tag}`, brand: brandName });
    const storeProduct = await createProduct(vendor.id, { name: `Concierge Blazer ${tag}` });
    const storeId = `store_${tag}`;
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)").bind(
        storeId,
        `Shop ${tag}`,
        storeOwner.id,
        now,
      ),
      env.DB.prepare(
        "UPDATE products SET store_id = ?, status = 'approved', concierge_status = 'yes' WHERE id = ?",
      ).bind(storeId, storeProduct.id),
      env.DB.prepare("INSERT INTO brands (id, name, created_at) VALUES (?, ?, ?)").bind(`brand_${tag}`, brandName, now),
    ]);
    return {
      member,
      browser: (who: Who) => (who === "anonymous" ? Promise.resolve(anonymous()) : member(who).then((m) => m.browser)),
      sellerProduct: { id: sellerProduct.id, name: sellerProduct.name },
      storeProduct: { id: storeProduct.id, name: storeProduct.name },
      storeId,
      brandName,
      vendorDisplayName,
    };
  })(),
);

// ---------------------------------------------------------------------------------------------
// Actions

export interface Ctx {
  who: Who;
  browser: Browser;
  /** The user posting (a fresh one per case), or null when anonymous. */
  user: { id: string; email: string } | null;
  /** A fresh live product nobody else has touched (owned by a fresh user). */
  product: () => Promise<{ id: string; name: string }>;
}

export interface ActionRule {
  /** May this kind of user do it? If not: signed out → sign in; signed in → `refused` (default: home); nothing changes. */
  allowed: (who: Who) => boolean;
  /** A valid form for this user, after any setup it needs. */
  form: (ctx: Ctx) => Promise<FormFields>;
  /** What an allowed post does. */
  check: (ctx: Ctx, response: Response, form: Record<string, string>) => Promise<void>;
  /**
   * What a signed-in user who may not do it gets back, when it is not the area guard's redirect
   * home (for example 'Product not found' for someone else's product). Nothing changes either way.
   */
  refused?: (ctx: Ctx, response: Response) => Promise<void>;
  /**
   * Posted from other sites by design (one-click unsubscribe, RFC 8058): a token in the URL is its
   * authority, not a cookie. The cross-site post is then judged like any other (`check`).
   */
  crossSite?: "judged";
}

export interface AreaRules {
  /** Page rules by route module file (as in app/routes.ts). */
  pages: Record<string, PageRule>;
  /** Real URLs for this area's route patterns that take parameters. */
  records?: (world: World) => Promise<Record<string, string>>;
  /** Action rules by route module file, then by intent ("" for an action without intents). */
  actions?: Record<string, Record<string, ActionRule>>;
}

export const anyone = () => true;
export const rows = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all()
  ).results;
export const cartOf = (userId: string) =>
  rows("SELECT product_id, type FROM cart_items WHERE user_id = ? ORDER BY product_id", userId);
export const redirectsTo = (response: Response, location: string | RegExp) => {
  expect([302, 303]).toContain(response.status);
  if (typeof location === "string") expect(response.headers.get("location")).toBe(location);
  else expect(response.headers.get("location")).toMatch(location);
};
export const inCart = async (ctx: Ctx, option: "rental" | "purchase" = "rental") => {
  const product = await ctx.product();
  await ctx.browser.post("/cart", { intent: "add", productId: product.id, option, enhanced: "1" });
  return product;
};
/** A fresh verified shopper's e-mail (the password is actors.PASSWORD). */
export async function verifiedAccount() {
  const user = await signedInBrowser("shopper", { ip: nextIp() });
  return user.email;
}
export { createProduct, createUser };

/**
 * An order waiting to be posted (issue 22), with one item of `ownerId`'s handled by them, or by
 * `storeId` for a concierge item: the Orders tabs' 'Mark shipped' forms act on it.
 */
export async function orderToSend(ownerId: string, storeId: string | null = null) {
  const shopper = await createUser();
  const product = await createProduct(ownerId, { name: `Matrix Parcel ${crypto.randomUUID().slice(0, 8)}` });
  const orderId = `order_send_${crypto.randomUUID().slice(0, 12)}`;
  const itemId = `item_send_${crypto.randomUUID().slice(0, 12)}`;
  const now = Date.now();
  const address = JSON.stringify({
    fullName: "Matrix Shopper",
    addressLine1: "1 Matrix Row",
    city: "London",
    postalCode: "N1 1AA",
    country: "United Kingdom",
  });
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, 'pending', 5000, 399, 5399, ?, ?, ?, ?)",
    ).bind(orderId, shopper.id, address, address, now, now),
    env.DB.prepare(
      "INSERT INTO order_items (id, order_id, product_id, name, type, price, buying_price, seller_id, seller_type, handler, status, created_at) VALUES (?, ?, ?, 'Matrix Parcel', 'purchase', 5000, 5000, ?, ?, ?, 'pending', ?)",
    ).bind(
      itemId,
      orderId,
      product.id,
      storeId ?? ownerId,
      storeId ? "store" : "vendor",
      storeId ? "store" : "vendor",
      now,
    ),
  ]);
  return { orderId, itemId };
}

/** The 'Mark shipped' form for an order to send. */
export const shipForm = (order: { orderId: string; itemId: string }) => ({
  intent: "ship",
  orderId: order.orderId,
  itemId: order.itemId,
  carrier: "dpd",
  trackingNumber: "15501234567890",
});

/** The item was posted with the form's tracking. */
export async function expectShipped(itemId: string) {
  expect(await rows("SELECT status, carrier, tracking_number FROM order_items WHERE id = ?", itemId)).toEqual([
    { status: "shipped", carrier: "dpd", tracking_number: "15501234567890" },
  ]);
}
