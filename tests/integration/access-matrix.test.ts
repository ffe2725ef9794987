import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ACTORS, PASSWORD, signedInBrowser, type Actor } from "./actors";
import { BILLING, createProduct, createUser, databaseFingerprint } from "./factories";
import { Browser, expectSecureHtml } from "./http";
import { routeEntries } from "./routes";

// The authorization matrix (issue 6; DECISIONS.md, Security): every route of app/routes.ts — its
// page, the client navigation's .data request, and each intent its action accepts — as an
// anonymous visitor and as every kind of user, against what the specs allow (shopper.md §2.1,
// §2.2, §6; seller-store-admin.md §2, §6), including other people's products, stores, basket
// lines and favorites; each valid form is also sent cross-site (403, nothing changes). A route,
// a route parameter or an action intent with no rule here fails the suite, so a new one is
// covered the day it lands. No route shows an order yet; when one arrives it fails "has a rule
// for every page" until its rule (owner and staff only) is written.

type Who = "anonymous" | Actor;
const WHO: Who[] = ["anonymous", ...ACTORS];
const STAFF: Actor[] = ["superadmin", "admin", "productReviewer", "customerSupport"];
// seller-store-admin.md §6 and decision 0012: staff who manage products may open any product.
const MANAGE_PRODUCTS: Who[] = ["superadmin", "admin", "productReviewer"];
const isSignedIn = (who: Who): who is Actor => who !== "anonymous";

type Outcome = { page: 200 | 404; shows?: string; hides?: string } | { redirect: string };
const page = (status: 200 | 404 = 200, text: { shows?: string; hides?: string } = {}): Outcome => ({ page: status, ...text });
const toHome: Outcome = { redirect: "/" };
type PageRule = (who: Who, path: string) => Outcome;

const tag = `am${Date.now().toString(36)}`;
const NAMES = { sellerProduct: `Owned Trench ${tag}`, storeProduct: `Concierge Blazer ${tag}` };

const everyone: PageRule = () => page(200);
/** A guarded area (shopper.md §2.2): signed out → sign in and come back; lacking the role → home. */
const area =
  (members: (who: Actor) => boolean, inside: (who: Actor) => Outcome = () => page(200)): PageRule =>
  (who, path) =>
    !isSignedIn(who) ? { redirect: `/auth?redirectTo=${encodeURIComponent(path)}` } : members(who) ? inside(who) : toHome;
const vendors = (who: Actor) => who === "vendor" || who === "otherVendor" || STAFF.includes(who);
const stores = (who: Actor) => who === "storeOwner" || who === "otherStoreOwner" || STAFF.includes(who);
const staff = (who: Actor) => STAFF.includes(who);
/** Past the guard, someone else's product reads as missing (seller-store-admin.md: 'Product not found'). */
const ownerOrStaff = (owner: Actor, name: string) => (who: Actor) =>
  who === owner || MANAGE_PRODUCTS.includes(who) ? page(200, { shows: name }) : page(404, { shows: "Product not found", hides: name });

const PAGES: Record<string, PageRule> = {
  "routes/shop/home.tsx": everyone,
  "routes/shop/all-products.tsx": everyone,
  "routes/shop/all-brands.tsx": everyone,
  "routes/shop/brand.tsx": everyone,
  "routes/shop/category.tsx": everyone,
  "routes/shop/product.tsx": everyone,
  "routes/shop/cart.tsx": (who) => page(200, isSignedIn(who) ? { shows: "Shopping Cart" } : { shows: "Please sign in to view your cart" }),
  "routes/shop/favorites.tsx": (who) => page(200, isSignedIn(who) ? { shows: "0 favorite(s)" } : { shows: "Sign in to view your favorites" }),
  "routes/shop/store-profile.tsx": everyone,
  "routes/shop/slug.tsx": everyone,
  "routes/auth/auth.tsx": (who) => (isSignedIn(who) ? toHome : page(200)),
  "routes/auth/logout.ts": () => toHome,
  "routes/auth/verify.tsx": everyone,
  "routes/auth/forgot.tsx": everyone,
  "routes/auth/reset.tsx": everyone,
  "routes/account/index.tsx": area(() => true),
  "routes/vendor/index.tsx": area(vendors),
  "routes/vendor/product-edit.tsx": area(vendors, ownerOrStaff("vendor", NAMES.sellerProduct)),
  "routes/store/index.tsx": area(stores),
  "routes/store/product-edit.tsx": area(stores, ownerOrStaff("storeOwner", NAMES.storeProduct)),
  "routes/admin/index.tsx": area(staff),
  "routes/admin/blog-new.tsx": area(staff),
  "routes/content/blog-post.tsx": everyone,
  "routes/content/privacy-policy.tsx": everyone,
  "routes/content/cookie-policy.tsx": everyone,
  "routes/content/page.tsx": everyone,
  "routes/content/sitemap.ts": everyone,
  "routes/content/robots.ts": everyone,
  "routes/resources/newsletter.tsx": everyone,
  "routes/resources/consent.ts": () => ({ redirect: "/cookie-policy" }),
  // Local development only (tests run as development; platform.test.ts checks the 404 in production).
  "routes/dev/outbox.tsx": everyone,
  "routes/not-found.tsx": () => page(404),
};

// Real records for every route parameter, made in beforeAll.
const real: Record<string, string> = {};
let sellerProductId = "";

beforeAll(async () => {
  const vendor = await signedInBrowser("vendor", { ip: "10.200.0.1" });
  vendorOwner.resolve(vendor);
  const storeOwner = await signedInBrowser("storeOwner", { ip: "10.200.0.2" });
  storeOwnerUser.resolve(storeOwner);
  await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(`Vera${tag}`, vendor.id).run();
  sellerProductId = (await createProduct(vendor.id, { name: NAMES.sellerProduct, brand: `Brand${tag}` })).id;
  const storeProductId = (await createProduct(vendor.id, { name: NAMES.storeProduct })).id;
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)").bind(`store_${tag}`, `Shop ${tag}`, storeOwner.id, now),
    env.DB.prepare("UPDATE products SET store_id = ? WHERE id = ?").bind(`store_${tag}`, storeProductId),
    env.DB.prepare("INSERT INTO brands (id, name, created_at) VALUES (?, ?, ?)").bind(`brand_${tag}`, `Brand${tag}`, now),
    env.DB.prepare("INSERT INTO categories (id, name, slug, is_active, sort_order, created_at) VALUES (?, 'Coats', ?, 1, 1, ?) ON CONFLICT DO NOTHING").bind(`cat_${tag}`, "coats", now),
    env.DB.prepare("INSERT INTO blog_posts (id, title, content, status, published_at, created_at) VALUES (?, 'Matrix', 'Body.', 'published', ?, ?)").bind(`post_${tag}`, now, now),
    env.DB.prepare("INSERT INTO site_content (id, content_type, content_key, title, content, updated_at) VALUES (?, 'page', 'about_us', 'About us', 'We love clothes.', ?) ON CONFLICT DO NOTHING").bind(`sc_${tag}`, now),
  ]);
  Object.assign(real, {
    "/product/:id": `/product/${sellerProductId}`,
    "/brand/:brandName": `/brand/Brand${tag}`,
    "/categories/:slug": "/categories/coats",
    "/blog/:postId": `/blog/post_${tag}`,
    "/pages/:key": "/pages/about_us",
    "/store/:storeId": `/store/store_${tag}`,
    "/:slug": `/Vera${tag}`,
    "/vendor/product/:id/edit": `/vendor/product/${sellerProductId}/edit`,
    "/store/product/:productId/edit": `/store/product/${storeProductId}/edit`,
    "/*": `/no/such-page-${tag}`,
  });
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
const vendorOwner = deferred<{ id: string; browser: Browser }>();
const storeOwnerUser = deferred<{ id: string; browser: Browser }>();

// One signed-in browser per kind of user for the page matrix (pages change nothing). The owners
// of the records above are the "vendor" and "storeOwner" rows; the others are someone else.
let ipSeq = 0;
const nextIp = () => `10.201.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const browsers = new Map<Who, Promise<Browser>>();
function browserOf(who: Who): Promise<Browser> {
  if (!browsers.has(who)) {
    const made =
      who === "vendor"
        ? vendorOwner.promise.then((u) => u.browser)
        : who === "storeOwner"
          ? storeOwnerUser.promise.then((u) => u.browser)
          : who === "anonymous"
            ? Promise.resolve(new Browser(nextIp()))
            : signedInBrowser(who, { ip: nextIp() }).then((u) => u.browser);
    browsers.set(who, made);
  }
  return browsers.get(who)!;
}

const modules = import.meta.glob("../../app/routes/**/*.{ts,tsx}", { eager: true }) as Record<string, { default?: unknown; action?: unknown; intents?: readonly string[] }>;
const moduleOf = (file: string) => modules[`../../app/${file}`]!;
const entries = routeEntries();

/** The concrete URL of a pattern: its real record, or (missing = true) a record that does not exist. */
function urlOf(pattern: string, missing = false) {
  if (!/[:*]/.test(pattern)) return pattern;
  if (missing) return pattern.replace(/:[A-Za-z]+/g, `missing-${tag}`).replace(/\*$/, `missing-${tag}`);
  return real[pattern];
}

async function expectOutcome(browser: Browser, path: string, outcome: Outcome, dataRequest: boolean) {
  const url = dataRequest ? `${path === "/" ? "/_" : path}.data` : path;
  const response = await browser.fetch(url);
  const body = await response.text();
  if ("redirect" in outcome) {
    if (dataRequest) {
      // Client navigations get React Router's redirect envelope instead of a 302.
      expect(body, url).toContain(JSON.stringify(outcome.redirect).slice(0, -1));
    } else {
      expect([301, 302], url).toContain(response.status);
      expect(response.headers.get("location"), url).toBe(outcome.redirect);
    }
    return;
  }
  expect(response.status, url).toBe(outcome.page);
  if (response.headers.get("content-type")?.startsWith("text/html")) expectSecureHtml(response, body);
  else expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
  // A .data answer carries the loader data, not the page's words; what must stay hidden stays hidden in both.
  if (outcome.shows && !dataRequest) expect(body, url).toContain(outcome.shows);
  if (outcome.hides) expect(body, url).not.toContain(outcome.hides);
}

describe("the access matrix", () => {
  it("has a rule for every page of the route table, and no rule for a page that is gone", () => {
    const files = [...new Set(entries.map((e) => e.file))];
    expect(files.filter((f) => !PAGES[f]), "routes without an access rule").toEqual([]);
    expect(Object.keys(PAGES).filter((f) => !files.includes(f)), "rules for routes that no longer exist").toEqual([]);
  });

  it("has a real record for every route parameter", () => {
    expect(entries.filter((e) => /[:*]/.test(e.pattern) && !real[e.pattern]).map((e) => e.pattern)).toEqual([]);
  });

  const pageCases = entries.flatMap(({ pattern, file }) => WHO.map((who) => [pattern, file, who] as const));
  it.each(pageCases)("GET %s (%s) as %s", async (pattern, file, who) => {
    const browser = await browserOf(who);
    const isPage = Boolean(moduleOf(file).default);
    const variants = /[:*]/.test(pattern) && pattern !== "/*" ? [false, true] : [false];
    for (const missing of variants) {
      const path = urlOf(pattern, missing)!;
      let outcome = PAGES[file]!(who, path);
      // A record that does not exist: wherever the real one would show, the page answers 404.
      if (missing && "page" in outcome) outcome = page(404, { hides: outcome.page === 200 ? outcome.shows : undefined });
      await expectOutcome(browser, path, outcome, false);
      if (isPage) await expectOutcome(browser, path, outcome, true);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Actions: every intent of every action, as every kind of user.

interface Ctx {
  who: Who;
  browser: Browser;
  user: { id: string; email: string } | null;
  /** A fresh live product nobody else has touched. */
  product: () => Promise<{ id: string; name: string }>;
}

interface ActionRule {
  /** May this kind of user do it? If not: signed out → sign in (and nothing changes). */
  allowed: (who: Who) => boolean;
  /** A valid form for this user, after any setup it needs. */
  form: (ctx: Ctx) => Promise<Record<string, string>>;
  /** What an allowed post does. */
  check: (ctx: Ctx, response: Response, form: Record<string, string>) => Promise<void>;
}

const anyone = () => true;
const rows = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all()).results;
const cartOf = (userId: string) => rows("SELECT product_id, type FROM cart_items WHERE user_id = ? ORDER BY product_id", userId);
const redirectsTo = (response: Response, location: string | RegExp) => {
  expect([302, 303]).toContain(response.status);
  if (typeof location === "string") expect(response.headers.get("location")).toBe(location);
  else expect(response.headers.get("location")).toMatch(location);
};
const inCart = async (ctx: Ctx, option: "rental" | "purchase" = "rental") => {
  const product = await ctx.product();
  await ctx.browser.post("/cart", { intent: "add", productId: product.id, option, enhanced: "1" });
  return product;
};

const ACTIONS: Record<string, Record<string, ActionRule>> = {
  "routes/shop/cart.tsx": {
    add: {
      allowed: isSignedIn,
      form: async (ctx) => ({ intent: "add", productId: (await ctx.product()).id, option: "rental" }),
      check: async (ctx, response, form) => {
        redirectsTo(response, `/product/${form.productId}`);
        expect(await cartOf(ctx.user!.id)).toEqual([{ product_id: form.productId, type: "rental" }]);
      },
    },
    switch: {
      allowed: isSignedIn,
      form: async (ctx) => ({ intent: "switch", productId: (await inCart(ctx)).id, option: "purchase", returnTo: "/cart" }),
      check: async (ctx, response, form) => {
        redirectsTo(response, "/cart");
        expect(await cartOf(ctx.user!.id)).toEqual([{ product_id: form.productId, type: "purchase" }]);
      },
    },
    remove: {
      allowed: isSignedIn,
      form: async (ctx) => ({ intent: "remove", productId: (await inCart(ctx)).id }),
      check: async (ctx, response) => {
        redirectsTo(response, "/cart");
        expect(await cartOf(ctx.user!.id)).toEqual([]);
      },
    },
    clear: {
      allowed: isSignedIn,
      form: async (ctx) => (await inCart(ctx), await inCart(ctx), { intent: "clear" }),
      check: async (ctx, response) => {
        redirectsTo(response, "/cart");
        expect(await cartOf(ctx.user!.id)).toEqual([]);
      },
    },
    checkout: {
      allowed: isSignedIn,
      form: async (ctx) => (await inCart(ctx), { intent: "checkout", idempotencyKey: crypto.randomUUID(), ...BILLING }),
      check: async (ctx, response) => {
        redirectsTo(response, "/cart");
        expect(await rows("SELECT id FROM orders WHERE user_id = ?", ctx.user!.id)).toHaveLength(1);
        expect(await cartOf(ctx.user!.id)).toEqual([]);
      },
    },
  },
  "routes/shop/favorites.tsx": {
    toggle: {
      allowed: isSignedIn,
      form: async (ctx) => ({ intent: "toggle", productId: (await ctx.product()).id }),
      check: async (ctx, response, form) => {
        redirectsTo(response, "/favorites");
        expect(await rows("SELECT product_id FROM favorites WHERE user_id = ?", ctx.user!.id)).toEqual([{ product_id: form.productId }]);
      },
    },
  },
  "routes/auth/auth.tsx": {
    signin: {
      allowed: anyone,
      // Anyone may sign in (again): the answer is a new session for the account named.
      form: async (ctx) => ({ intent: "signin", email: ctx.user?.email ?? (await verifiedAccount()), password: PASSWORD }),
      check: async (_ctx, response) => {
        redirectsTo(response, "/");
        expect(response.headers.getSetCookie().join(";")).toMatch(/cl_session=[^;]+/);
      },
    },
    signup: {
      allowed: anyone,
      form: async () => ({ intent: "signup", fullName: "New Person", email: `new-${crypto.randomUUID()}@example.test`, password: "secret1", confirmPassword: "secret1" }),
      check: async (_ctx, response, form) => {
        redirectsTo(response, "/auth?tab=signin");
        expect(await rows("SELECT id FROM users WHERE email = ?", form.email)).toHaveLength(1);
      },
    },
    store_request: {
      allowed: anyone,
      form: async () => ({ intent: "store_request", contactName: "Sam", storeName: `Shop ${crypto.randomUUID()}`, storeAddress: "1 High St", contactEmail: `sam-${crypto.randomUUID()}@example.test` }),
      check: async (_ctx, response, form) => {
        redirectsTo(response, "/");
        expect(await rows("SELECT id FROM store_requests WHERE store_name = ?", form.storeName)).toHaveLength(1);
      },
    },
    resend: {
      allowed: anyone,
      form: async () => ({ intent: "resend", email: `nobody-${crypto.randomUUID()}@example.test` }),
      check: async (_ctx, response) => redirectsTo(response, "/auth"),
    },
  },
  "routes/auth/logout.ts": {
    "": {
      allowed: anyone,
      form: async () => ({}),
      check: async (ctx, response) => {
        redirectsTo(response, "/");
        // The session is gone: a guarded page now asks to sign in.
        redirectsTo(await ctx.browser.fetch("/account"), "/auth?redirectTo=%2Faccount");
      },
    },
  },
  "routes/auth/forgot.tsx": {
    "": {
      allowed: anyone,
      form: async (ctx) => ({ email: ctx.user?.email ?? `nobody-${crypto.randomUUID()}@example.test` }),
      check: async (_ctx, response) => redirectsTo(response, "/auth?tab=signin"),
    },
  },
  "routes/auth/reset.tsx": {
    "": {
      allowed: anyone,
      // Only the e-mailed token resets a password, whoever sends the form (auth.test.ts has the happy path).
      form: async () => ({ token: "a".repeat(64), password: "secret12", confirmPassword: "secret12" }),
      check: async (_ctx, response) => {
        expect(response.status).toBe(400);
        expect(await response.text()).toContain("This reset link has expired or was already used");
      },
    },
  },
  "routes/resources/newsletter.tsx": {
    "": {
      allowed: anyone,
      form: async () => ({ email: `news-${crypto.randomUUID()}@example.test`, returnTo: "/" }),
      check: async (_ctx, response) => redirectsTo(response, "/"),
    },
  },
  "routes/not-found.tsx": {
    "": {
      allowed: anyone,
      form: async () => ({ intent: "add", productId: "anything" }),
      check: async (_ctx, response) => expect(response.status).toBe(404),
    },
  },
  "routes/resources/consent.ts": Object.fromEntries(
    (["accept_all", "reject_non_essential", "save"] as const).map((intent) => [
      intent,
      {
        allowed: anyone,
        form: async () => ({ intent, analytics: "on", returnTo: "/" }),
        check: async (_ctx, response: Response) => {
          redirectsTo(response, "/");
          expect(response.headers.getSetCookie().join(";")).toMatch(/cl_consent=/);
        },
      } satisfies ActionRule,
    ]),
  ),
};

async function verifiedAccount() {
  const user = await signedInBrowser("shopper", { ip: nextIp() });
  return user.email;
}

describe("the action matrix", () => {
  const actionRoutes = entries.filter((e) => moduleOf(e.file).action);

  it("has a rule for every intent of every action, and none for an intent that is gone", () => {
    for (const { file } of actionRoutes) {
      const declared = moduleOf(file).intents ?? [""];
      expect(Object.keys(ACTIONS[file] ?? {}).sort(), `${file}: rules vs. the intents it exports`).toEqual([...declared].sort());
    }
    expect(Object.keys(ACTIONS).filter((f) => !actionRoutes.some((e) => e.file === f))).toEqual([]);
  });

  const cases = actionRoutes.flatMap(({ pattern, file }) => Object.keys(ACTIONS[file] ?? {}).flatMap((intent) => WHO.map((who) => [pattern, intent || "(form)", who, file, intent] as const)));

  it.each(cases)("POST %s %s as %s", async (path, _label, who, file, intent) => {
    const rule = ACTIONS[file]![intent]!;
    const ip = nextIp();
    const user = isSignedIn(who) ? await signedInBrowser(who, { ip }) : null;
    const owner = await createUser();
    const ctx: Ctx = {
      who,
      browser: user?.browser ?? new Browser(ip),
      user,
      product: async () => {
        const made = await createProduct(owner.id, { name: `Matrix Item ${crypto.randomUUID().slice(0, 8)}` });
        return { id: made.id, name: made.name };
      },
    };
    const form = await rule.form(ctx);
    const url = urlOf(path)!;
    // The same valid form sent from another site is refused before the action runs.
    const untouched = await databaseFingerprint();
    const crossSite: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of crossSite) {
      const refused = await ctx.browser.post(url, form, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await databaseFingerprint(), "a cross-site post changes nothing").toBe(untouched);
    if (rule.allowed(who)) {
      const response = await ctx.browser.post(url, form);
      await rule.check(ctx, response, form);
    } else {
      const before = await databaseFingerprint();
      const response = await ctx.browser.post(url, form);
      redirectsTo(response, /^\/auth\?redirectTo=/);
      expect(await databaseFingerprint(), "a refused post changes nothing").toBe(before);
    }
  });
});

describe("other users' basket lines and favorites", () => {
  // The victim keeps a basket line and a favorite; each kind of user then names that product in
  // every cart and favorites intent. Only their own basket and favorites may change.
  const victim = deferred<{ id: string; browser: Browser; productId: string }>();
  beforeAll(async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { name: `Victim Coat ${tag}` });
    const user = await signedInBrowser("shopper", { ip: nextIp() });
    await user.browser.post("/cart", { intent: "add", productId: product.id, option: "rental", enhanced: "1" });
    await user.browser.post("/favorites", { intent: "toggle", productId: product.id, enhanced: "1" });
    victim.resolve({ ...user, productId: product.id });
  });

  it.each(ACTORS)("as %s", async (who) => {
    const { id, productId } = await victim.promise;
    const before = JSON.stringify([await cartOf(id), await rows("SELECT product_id FROM favorites WHERE user_id = ?", id)]);
    const { browser } = await signedInBrowser(who, { ip: nextIp() });
    expect((await browser.post("/cart", { intent: "remove", productId, enhanced: "1" })).status).toBe(404);
    expect((await browser.post("/cart", { intent: "switch", productId, option: "purchase", enhanced: "1" })).status).toBe(404);
    await browser.post("/cart", { intent: "clear", enhanced: "1" });
    // Toggling the same product twice saves it to their own favorites and takes it off again.
    for (let i = 0; i < 2; i++) expect((await browser.post("/favorites", { intent: "toggle", productId, enhanced: "1" })).status).toBe(200);
    expect(await (await browser.fetch("/cart")).text()).not.toContain(`Victim Coat ${tag}`);
    expect(JSON.stringify([await cartOf(id), await rows("SELECT product_id FROM favorites WHERE user_id = ?", id)])).toBe(before);
  });
});
