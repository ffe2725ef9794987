import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ACTORS, signedInBrowser, type Actor } from "./actors";
import { createProduct } from "./factories";
import { Browser } from "./http";
import { routePaths } from "./routes";

const paths = routePaths();

describe("the route table", () => {
  it("is read from app/routes.ts", () => {
    expect(paths.map((p) => p.path)).toEqual(expect.arrayContaining(["/", "/auth", "/account", "/vendor", "/store", "/admin", "/newsletter", "/no-such-page"]));
  });
});

describe("cross-site form posts", () => {
  it.each(paths.map((p) => p.path))("POST %s from another origin answers 403", async (path) => {
    const browser = new Browser();
    const foreignOrigin = await browser.fetch(path, { method: "POST", form: { intent: "signup", email: "csrf@example.test" }, headers: { origin: "https://evil.example" } });
    expect(foreignOrigin.status).toBe(403);
    const crossSite = await browser.fetch(path, { method: "POST", form: { intent: "signup" }, headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
  });

  it("changes nothing: a cross-site sign-up creates no account", async () => {
    const email = `csrf-${Date.now()}@example.test`;
    const response = await new Browser().fetch("/auth", {
      method: "POST",
      form: { intent: "signup", fullName: "Evil", email, password: "secret1", confirmPassword: "secret1" },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>();
    expect(row!.n).toBe(0);
  });

  it("lets a same-origin post through", async () => {
    const response = await new Browser().fetch("/newsletter", { method: "POST", form: { email: "" }, headers: { origin: "http://localhost" } });
    expect(response.status).toBe(400);
  });
});

type Outcome = 200 | 404 | "auth" | "home";
const ADMINS: Actor[] = ["superadmin", "admin", "productReviewer", "customerSupport"];
// shopper.md §2.2 and §6, seller-store-admin.md §6. Staff are team members, who are vendors too.
const ALLOWED: Record<string, Actor[]> = {
  account: [...ACTORS],
  vendor: ["vendor", "otherVendor", ...ADMINS],
  store: ["storeOwner", "otherStoreOwner", ...ADMINS],
  admin: ADMINS,
};
// Guarded pages are the ones inside an area layout (app/routes/{account,vendor,store,admin}/).
const guarded = paths.filter((p) => /^routes\/(account|vendor|store|admin)\//.test(p.file));

describe("guard matrix", () => {
  it("covers every guarded route", () => {
    expect(guarded.map((p) => p.path).sort()).toEqual(
      ["/account", "/admin", "/admin/blog/new", "/store", "/store/product/sample-id/edit", "/vendor", "/vendor/product/sample-id/edit"].sort(),
    );
  });

  const browsers = new Map<Actor, Promise<Browser>>();
  const browserFor = (actor: Actor) => {
    if (!browsers.has(actor)) browsers.set(actor, signedInBrowser(actor).then((u) => u.browser));
    return browsers.get(actor)!;
  };

  const cases = guarded.flatMap(({ path }) => {
    const area = path.split("/")[1]!;
    return (["anonymous", ...ACTORS] as const).map((actor) => {
      // Past the guard, a page about a record that does not exist answers 404.
      const expected: Outcome = actor === "anonymous" ? "auth" : ALLOWED[area]!.includes(actor) ? (path.includes("sample-id") ? 404 : 200) : "home";
      return [path, actor, expected] as const;
    });
  });

  it.each(cases)("%s as %s → %s", async (path, actor, expected) => {
    const browser = actor === "anonymous" ? new Browser() : await browserFor(actor);
    for (const url of [path, `${path === "/" ? "/_root" : path}.data`]) {
      const response = await browser.fetch(url);
      if (expected === 200 || expected === 404) {
        expect(response.status, url).toBe(expected);
      } else if (url.endsWith(".data")) {
        // Client navigations get React Router's redirect envelope instead of a 302.
        const body = await response.text();
        expect(body, url).toContain(expected === "auth" ? "/auth?redirectTo=" : '"/"');
      } else {
        expect(response.status, url).toBe(302);
        expect(response.headers.get("location"), url).toBe(expected === "auth" ? `/auth?redirectTo=${encodeURIComponent(path)}` : "/");
      }
    }
  });
});

describe("security headers", () => {
  it("gives every HTML page a CSP nonce that matches every inline script", async () => {
    for (const path of ["/", "/auth", "/no-such-page"]) {
      const response = await new Browser().fetch(path);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp, path).toBeTruthy();
      const nonce = csp.match(/'nonce-([^']+)'/)![1]!;
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("uses a fresh nonce per request", async () => {
    const a = (await new Browser().fetch("/")).headers.get("content-security-policy");
    const b = (await new Browser().fetch("/")).headers.get("content-security-policy");
    expect(a).not.toBe(b);
  });

  it("sets the headers on non-page endpoints too", async () => {
    const response = await new Browser().fetch("/healthz");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("other users' products and stores", () => {
  // seller-store-admin.md §1: a seller edits only their own products, a store owner only their
  // store's; staff who manage products (superadmin, admin, product reviewer) may open any.
  const STAFF_WITH_PRODUCTS: Actor[] = ["superadmin", "admin", "productReviewer"];
  const owners = new Map<Actor, Promise<{ id: string; browser: Browser }>>();
  const actor = (who: Actor) => {
    if (!owners.has(who)) owners.set(who, signedInBrowser(who));
    return owners.get(who)!;
  };
  let sellerProduct = "";
  let storeProduct = "";

  beforeAll(async () => {
    const vendor = await actor("vendor");
    const storeOwner = await actor("storeOwner");
    sellerProduct = (await createProduct(vendor.id, { name: "Owned Trench" })).id;
    storeProduct = (await createProduct(vendor.id, { name: "Concierge Blazer" })).id;
    const storeId = `store_${storeProduct}`;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)").bind(storeId, `Shop ${storeProduct}`, storeOwner.id, Date.now()),
      env.DB.prepare("UPDATE products SET store_id = ? WHERE id = ?").bind(storeId, storeProduct),
    ]);
  });

  const sellerCases = ACTORS.filter((a) => ALLOWED.vendor!.includes(a)).map((a) => [a, a === "vendor" || STAFF_WITH_PRODUCTS.includes(a) ? 200 : 404] as const);
  it.each(sellerCases)("/vendor/product/{someone's}/edit as %s → %s", async (who, status) => {
    const { browser } = await actor(who);
    const response = await browser.fetch(`/vendor/product/${sellerProduct}/edit`);
    expect(response.status).toBe(status);
    const text = await response.text();
    if (status === 200) {
      expect(text).toContain("Owned Trench");
      expect(text).toContain("Listing status");
      expect(text).toContain(`href="/product/${sellerProduct}"`);
    } else {
      expect(text).toContain("Product not found");
      expect(text).not.toContain("Owned Trench");
    }
  });

  const storeCases = ACTORS.filter((a) => ALLOWED.store!.includes(a)).map((a) => [a, a === "storeOwner" || STAFF_WITH_PRODUCTS.includes(a) ? 200 : 404] as const);
  it.each(storeCases)("/store/product/{another store's}/edit as %s → %s", async (who, status) => {
    const { browser } = await actor(who);
    const response = await browser.fetch(`/store/product/${storeProduct}/edit`);
    expect(response.status).toBe(status);
    const text = await response.text();
    if (status === 200) expect(text).toContain("Concierge Blazer");
    else expect(text).not.toContain("Concierge Blazer");
  });

  it("keeps a seller's own product out of the store area unless it is the store's", async () => {
    const { browser } = await actor("storeOwner");
    expect((await browser.fetch(`/store/product/${sellerProduct}/edit`)).status).toBe(404);
  });
});
