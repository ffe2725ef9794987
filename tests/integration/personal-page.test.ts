import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { forgetPages } from "../../app/services/page-cache.server";
import { heartsIn, notifiesIn, stitchPersonalPage } from "../../app/services/personal-page.server";
import { NOTIFY_ME_MESSAGES } from "../../app/domain/alerts";
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { expectSecureHtml, type Browser } from "./http";

// Issue 17, item 2 (docs/decisions/0039-stitched-personal-pages.md): signed-in visitors of a
// shared page get the page every visitor shares, with their own header, basket count and hearts
// stitched in. The Worker as deployed (PAGE_CACHE_SECONDS on).
const cachedEnv = { ...env, PAGE_CACHE_SECONDS: "30" } as unknown as Env;
const tag = `pp${Date.now().toString(36)}`;

async function get(path: string, headers: HeadersInit = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`http://localhost${path}`, { headers, redirect: "manual" }), cachedEnv, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text, state: response.headers.get("x-page-cache") };
}

/** Shows a page, as a browser does after a sign-in or a form: a toast waiting in a cookie is shown and ends. */
async function settle(...browsers: Browser[]) {
  for (const browser of browsers) expect((await browser.fetch("/cart")).status).toBe(200);
}

const cookieOf = (browser: Browser) => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
const as = (browser: Browser, path: string) => get(path, { cookie: cookieOf(browser) });

/** The visitor's values the page carries for the browser (the JSON data block). */
function block(text: string) {
  const json = /<script type="application\/json" id="cl-personal"[^>]*>([^<]*)<\/script>/.exec(text)?.[1];
  return json ? JSON.parse(json) : null;
}

/** The page without its personal parts: what every visitor must get alike. */
function sharedParts(text: string) {
  return text
    .replace(/<div data-personal="header"[\s\S]*?<\/header>/, "")
    .replace(/<form[^>]*data-favorite="[^"]*"[\s\S]*?<\/form>/g, "")
    .replace(/<script type="application\/json" id="cl-personal"[\s\S]*?<\/script>/, "")
    .replace(/nonce-?="?[A-Za-z0-9+/=_-]+"?/g, "");
}

/** Two shoppers with different names, baskets and favorites, and a product one of them saved. */
async function twoShoppers() {
  const vendor = await createUser();
  const product = await createProduct(vendor.id, { name: `Stitched Coat ${tag}`, buyingPrice: 5600 });
  const other = await createProduct(vendor.id, { name: `Basket Scarf ${tag}`, buyingPrice: 1200 });
  const alice = await signedInBrowser("shopper");
  const bob = await signedInBrowser("vendor");
  await env.DB.prepare("UPDATE users SET full_name = ? WHERE id = ?").bind(`Alice ${tag}`, alice.id).run();
  await env.DB.prepare("UPDATE users SET full_name = ? WHERE id = ?").bind(`Bob ${tag}`, bob.id).run();
  expect((await alice.browser.post("/favorites", { intent: "toggle", productId: product.id, returnTo: "/", enhanced: "1" })).status).toBe(200);
  for (const id of [product.id, other.id]) {
    expect((await alice.browser.post("/cart", { intent: "add", productId: id, option: "purchase", enhanced: "1" })).status).toBe(200);
  }
  await settle(alice.browser, bob.browser);
  return { product, alice, bob };
}

beforeEach(() => forgetPages());

describe("signed-in visitors of shared pages", () => {
  it("each get their own header, basket count and heart on the one shared product page", async () => {
    const { product, alice, bob } = await twoShoppers();
    const path = `/product/${product.id}`;

    const first = await as(alice.browser, path);
    expect(first.response.status).toBe(200);
    expect(first.state).toBe("stitched-miss");
    expect(first.response.headers.get("cache-control")).toBe("private, no-store");
    expectSecureHtml(first.response, first.text);
    expect(first.text).toContain(`Alice ${tag}`);
    expect(first.text).toContain(alice.email);
    expect(first.text).toContain('aria-label="Basket, 2 items"');
    expect(first.text).toMatch(/aria-pressed="true" aria-label="Remove from favorites"/);
    expect(first.text).not.toContain("Seller Dashboard");
    expect(first.text).not.toContain('aria-label="Sign in"');
    expect(block(first.text)).toEqual({
      user: { fullName: `Alice ${tag}`, email: alice.email, isVendor: false, isStore: false, isAdmin: false, avatarUrl: null, unread: 0, messages: 0 },
      cartCount: 2,
      favorites: { [product.id]: true },
    });

    // Bob gets the page Alice's request kept, with nothing of hers.
    const second = await as(bob.browser, path);
    expect(second.state).toBe("stitched-memory");
    expect(second.text).toContain(`Bob ${tag}`);
    expect(second.text).toContain(bob.email);
    expect(second.text).toContain("Seller Dashboard");
    expect(second.text).toContain('aria-label="Basket, 0 items"');
    expect(second.text).toMatch(/aria-pressed="false" aria-label="Save to favorites"/);
    for (const hers of [`Alice ${tag}`, alice.email, "Basket, 2 items", "Remove from favorites"]) expect(second.text).not.toContain(hers);
    expect(block(second.text)).toEqual({
      user: { fullName: `Bob ${tag}`, email: bob.email, isVendor: true, isStore: false, isAdmin: false, avatarUrl: null, unread: 0, messages: 0 },
      cartCount: 0,
      favorites: { [product.id]: false },
    });

    // An anonymous visitor gets the same shared page with no one's parts.
    const anonymous = await get(path);
    expect(anonymous.state).toBe("memory");
    expect(anonymous.response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30");
    expect(anonymous.text).toContain('aria-label="Sign in"');
    for (const theirs of [`Alice ${tag}`, `Bob ${tag}`, alice.email, bob.email, "cl-personal"]) expect(anonymous.text).not.toContain(theirs);

    // Apart from the personal parts, all three are the same page.
    expect(sharedParts(first.text)).toBe(sharedParts(anonymous.text));
    expect(sharedParts(second.text)).toBe(sharedParts(anonymous.text));
  });

  it("the same on listings, where the header is the only personal part", async () => {
    const { alice, bob } = await twoShoppers();
    const path = `/all-products?search=${tag}`;
    const hers = await as(alice.browser, path);
    const his = await as(bob.browser, path);
    expect([hers.state, his.state]).toEqual(["stitched-miss", "stitched-memory"]);
    expect(hers.text).toContain(`Stitched Coat ${tag}`);
    expect(hers.text).toContain('aria-label="Basket, 2 items"');
    expect(his.text).toContain('aria-label="Basket, 0 items"');
    expect(his.text).not.toContain(`Alice ${tag}`);
    expect(block(his.text)).toMatchObject({ user: { fullName: `Bob ${tag}` }, cartCount: 0, favorites: {} });
    expect(sharedParts(hers.text)).toBe(sharedParts(his.text));
  });

  it("the same on home, whose call to action is personal too", async () => {
    const { alice } = await twoShoppers();
    const path = `/?${tag}`;
    const anonymous = await get(path);
    expect(anonymous.text).toMatch(/<a data-personal="hero"[^>]*href="\/auth"[^>]*>Join Now<\/a>/);
    const hers = await as(alice.browser, path);
    expect(hers.state).toBe("stitched-memory");
    expect(hers.text).toMatch(/<a data-personal="hero"[^>]*href="\/all-products"[^>]*>Start Shopping<\/a>/);
    expect(hers.text).not.toContain("Join Now");
    expect(hers.text).toContain(`Alice ${tag}`);
    expect(sharedParts(hers.text).replace(/<a data-personal="hero"[^>]*>[^<]*<\/a>/, "")).toBe(sharedParts(anonymous.text).replace(/<a data-personal="hero"[^>]*>[^<]*<\/a>/, ""));
  });

  it("a rented item's 'Notify me' says 'We'll tell you when it's back' to the shopper who asked, on the one shared page (decision 0051, 2026-11-25)", async () => {
    const vendor = await createUser();
    const product = await createProduct(vendor.id, { name: `Rented Cape ${tag}` });
    await env.DB.prepare("UPDATE products SET availability = 'rented' WHERE id = ?").bind(product.id).run();
    const path = `/product/${product.id}`;
    const asked = await signedInBrowser("shopper");
    const other = await signedInBrowser("shopper");
    const told = NOTIFY_ME_MESSAGES.waiting.replaceAll("'", "&#x27;");
    const button = `action="/product/${product.id}/notify"`;
    const reply = await asked.browser.post(`/product/${product.id}/notify`, {});
    expect(reply.status).toBe(302);
    // The page after asking has a toast to show: rendered for the shopper, it says so too.
    const toasted = await as(asked.browser, path);
    expect(toasted.state ?? "rendered").not.toMatch(/^stitched/);
    expect(toasted.text).toContain(`data-notify="${product.id}" role="status"`);
    await settle(asked.browser, other.browser);

    const first = await as(asked.browser, path);
    expect(first.state).toBe("stitched-miss");
    expect(first.response.headers.get("cache-control")).toBe("private, no-store");
    expect(first.text).toContain(`${told}</p>`);
    expect(first.text).not.toContain(button);
    expect(block(first.text).backInStock).toEqual({ [product.id]: true });

    // Another shopper gets the page the first one's request kept, with the button.
    const second = await as(other.browser, path);
    expect(second.state).toBe("stitched-memory");
    expect(second.text).toContain(button);
    expect(second.text).not.toContain(`${told}</p>`);
    expect(block(second.text).backInStock).toEqual({ [product.id]: false });

    // Anonymous: the same shared page, with the button and no data block.
    const anonymous = await get(path);
    expect(anonymous.state).toBe("memory");
    expect(anonymous.text).toContain(button);
    expect(anonymous.text).not.toContain("cl-personal");
    const withoutNotify = (text: string) => sharedParts(text).replace(/<(form|p) data-notify="[^"]*"[\s\S]*?<\/\1>|<form[^>]*data-notify="[^"]*"[\s\S]*?<\/form>/g, "");
    expect(withoutNotify(first.text)).toBe(withoutNotify(anonymous.text));
    expect(withoutNotify(second.text)).toBe(withoutNotify(anonymous.text));
    // Stitching finds the anonymous 'Notify me' by its exact markup.
    expect(notifiesIn(anonymous.text)).toEqual([product.id]);
    const nobody = { user: null, cartCount: 0, favorites: {} };
    expect(await stitchPersonalPage(anonymous.text, `http://localhost${path}`, { ...nobody, backInStock: { [product.id]: true } }, null)).toContain(`${told}</p>`);
  });

  it("renders the personal parts exactly as the page does, and stitches nothing into a page whose parts changed", async () => {
    const vendor = await createUser();
    const product = await createProduct(vendor.id, { name: `Same Markup ${tag}` });
    const nobody = { user: null, cartCount: 0, favorites: {} };
    for (const path of ["/", `/product/${product.id}`, "/all-products", "/all-brands"]) {
      const page = await get(path);
      // Stitching finds each anonymous part by its exact markup: here it finds them all, and
      // putting an anonymous visitor's parts back changes nothing but adding the data block.
      const same = await stitchPersonalPage(page.text, `http://localhost${path}`, nobody, null);
      expect(same?.replace(/<script type="application\/json" id="cl-personal">[^<]*<\/script>/, ""), path).toBe(page.text);
      const hearts = heartsIn(page.text);
      expect(hearts).toEqual(path.startsWith("/product/") ? [product.id] : []);
      for (const id of hearts) {
        const saved = await stitchPersonalPage(page.text, `http://localhost${path}`, { ...nobody, favorites: { [id]: true } }, null);
        expect(saved).toMatch(/aria-pressed="true" aria-label="Remove from favorites"/);
      }
      // A part whose markup is not the components' own is never half replaced.
      const changed = page.text.replace('data-personal="header" class="', 'data-personal="header" class="changed ');
      expect(await stitchPersonalPage(changed, `http://localhost${path}`, nobody, null)).toBeNull();
    }
  });

  it("a page that is not shared, a client navigation's data and a toast to show are still rendered for the visitor", async () => {
    const { product, alice } = await twoShoppers();
    const cart = await as(alice.browser, "/cart");
    expect(cart.state).toBeNull();
    expect(cart.text).toContain(`Stitched Coat ${tag}`);
    const favorites = await as(alice.browser, "/favorites");
    expect(favorites.state).toBeNull();
    expect(favorites.text).toContain(`Alice ${tag}`);
    expect(favorites.text).toContain(`Stitched Coat ${tag}`);
    const data = await as(alice.browser, `/product/${product.id}.data`);
    expect(data.state).toBeNull();
    expect(data.response.headers.get("cache-control")).toBe("private, no-store");
    const toast = await get(`/product/${product.id}`, { cookie: `${cookieOf(alice.browser)}; cl_toast=abc` });
    expect(toast.state).toBeNull();
    expect(toast.text).toContain(`Alice ${tag}`);
  });

  it("a session that ended shows no one's parts, even right after its shared page was served", async () => {
    const { alice } = await twoShoppers();
    const cookie = cookieOf(alice.browser);
    const path = `/all-brands?ended${tag}`;
    expect((await get(path, { cookie })).text).toContain(`Alice ${tag}`);
    const ctx = createExecutionContext();
    const out = await worker.fetch(new Request("http://localhost/auth/logout", { method: "POST", headers: { cookie }, body: new URLSearchParams(), redirect: "manual" }), cachedEnv, ctx);
    await waitOnExecutionContext(ctx);
    expect(out.status).toBe(302);
    // The old cookie, sent again: its session is gone.
    const replayed = await get(path, { cookie });
    expect(replayed.text).not.toContain(`Alice ${tag}`);
    expect(replayed.text).not.toContain(alice.email);
    expect(replayed.text).toContain('aria-label="Sign in"');
  });

  it("a signed-in visitor's new favorite and basket show on the next shared page", async () => {
    const { product, bob } = await twoShoppers();
    const path = `/product/${product.id}`;
    expect((await as(bob.browser, path)).text).toContain('aria-label="Basket, 0 items"');
    await bob.browser.post("/favorites", { intent: "toggle", productId: product.id, returnTo: path, enhanced: "1" });
    await bob.browser.post("/cart", { intent: "add", productId: product.id, option: "rental", enhanced: "1" });
    await settle(bob.browser);
    const after = await as(bob.browser, path);
    expect(after.text).toContain('aria-label="Basket, 1 item"');
    expect(after.text).toMatch(/aria-pressed="true" aria-label="Remove from favorites"/);
  });

  it("the next shared page of a visit needs no D1 trip, and a write of the visitor's still shows on it at once", async () => {
    const { product, alice } = await twoShoppers();
    const trips = (response: Response) => Number(/d1;dur=\d+;desc="(\d+) round trips"/.exec(response.headers.get("server-timing") ?? "")?.[1]);
    const first = `/all-brands?visit${tag}`;
    const second = `/product/${product.id}`;
    await get(second); // the shared page, cached as an anonymous visitor's
    expect(trips((await as(alice.browser, first)).response)).toBe(1);
    const again = await as(alice.browser, second);
    expect(trips(again.response)).toBe(0);
    expect(again.text).toContain(`Alice ${tag}`);
    expect(again.text).toContain('aria-label="Basket, 2 items"');
    expect(again.text).toMatch(/aria-pressed="true" aria-label="Remove from favorites"/);
    // Her own writes: the next page reads them (the action forgot the visit, and moved her bookmark).
    await alice.browser.post("/favorites", { intent: "toggle", productId: product.id, returnTo: second, enhanced: "1" });
    await alice.browser.post("/cart", { intent: "remove", productId: product.id, enhanced: "1" });
    const after = await as(alice.browser, second);
    expect(after.text).toContain('aria-label="Basket, 1 item"');
    expect(after.text).toMatch(/aria-pressed="false" aria-label="Save to favorites"/);
    expect(trips(after.response)).toBe(1);
  });

  it("a write that moved the visitor's bookmark shows even where the visit was remembered before it", async () => {
    const { product, alice } = await twoShoppers();
    const path = `/product/${product.id}`;
    expect((await as(alice.browser, path)).text).toContain('aria-label="Basket, 2 items"');
    // Another isolate took her write: here only her new bookmark says so.
    await env.DB.prepare("DELETE FROM cart_items WHERE user_id = ? AND product_id = ?").bind(alice.id, product.id).run();
    expect((await as(alice.browser, path)).text).toContain('aria-label="Basket, 2 items"');
    alice.browser.cookies.set("cl_d1", "00000001-00000002-00000003");
    expect((await as(alice.browser, path)).text).toContain('aria-label="Basket, 1 item"');
  });

  it("a visitor who saved more items than are kept gets the right hearts on every page, read each time", async () => {
    const { product, bob } = await twoShoppers();
    // 501 saved items (copies of a product, not for sale), then the product on the page.
    const columns = (await env.DB.prepare("SELECT name FROM pragma_table_info('products') WHERE name <> 'id'").all<{ name: string }>()).results.map((c) => `"${c.name}"`).join(", ");
    await env.DB.prepare(
      `INSERT INTO products (id, ${columns}) SELECT ?1 || '_saved_' || n, ${columns.replace('"product_status"', "'draft'")} FROM products, (WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 501) SELECT n FROM k) WHERE id = ?1`,
    )
      .bind(product.id)
      .run();
    await env.DB.prepare("INSERT INTO favorites (id, user_id, product_id, created_at) SELECT 'fav_' || id, ?, id, 0 FROM products WHERE id LIKE ? || '_saved_%'").bind(bob.id, product.id).run();
    const path = `/product/${product.id}`;
    const trips = (response: Response) => Number(/d1;dur=\d+;desc="(\d+) round trips"/.exec(response.headers.get("server-timing") ?? "")?.[1]);
    await get(path);
    for (const saved of [false, true]) {
      if (saved) {
        await bob.browser.post("/favorites", { intent: "toggle", productId: product.id, returnTo: path, enhanced: "1" });
        await settle(bob.browser);
      }
      const first = await as(bob.browser, path);
      const again = await as(bob.browser, path);
      for (const page of [first, again]) {
        expect(page.text).toMatch(saved ? /aria-pressed="true" aria-label="Remove from favorites"/ : /aria-pressed="false" aria-label="Save to favorites"/);
        expect(block(page.text).favorites).toEqual({ [product.id]: saved });
      }
      expect(trips(again.response)).toBe(1);
    }
  });
});
