import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { forgetPages } from "../../app/services/page-cache.server";
import { heartsIn, stitchPersonalPage } from "../../app/services/personal-page.server";
import { createProduct, createUser } from "./factories";
import { cachedEnv, tag, get, settle, cookieOf, as, block, twoShoppers } from "./personal-page-helpers";

// Issue 17, item 2 (docs/decisions/0039-stitched-personal-pages.md): the stitched personal parts
// are exactly the page's, never stale or someone else's: pages that changed or are not shared,
// ended sessions, new writes and bookmarks. The Worker as deployed (PAGE_CACHE_SECONDS on).

beforeEach(() => forgetPages());

describe("signed-in visitors of shared pages", () => {
  it("renders the personal parts exactly as the page does, and stitches nothing into a page whose parts changed", async () => {
    const vendor = await createUser();
    const product = await createProduct(vendor.id, { name: `Same Markup ${tag}` });
    const nobody = { user: null, cartCount: 0, favorites: {} };
    for (const path of ["/", `/product/${product.id}`, "/all-products", "/all-brands"]) {
      const page = await get(path);
      // Stitching finds each anonymous part by its exact markup: here it finds them all, and
      // putting an anonymous visitor's parts back changes nothing but adding the data block.
      const same = await stitchPersonalPage(page.text, `http://localhost${path}`, nobody, null);
      expect(same?.replace(/<script type="application\/json" id="cl-personal">[^<]*<\/script>/, ""), path).toBe(
        page.text,
      );
      const hearts = heartsIn(page.text);
      expect(hearts).toEqual(path.startsWith("/product/") ? [product.id] : []);
      for (const id of hearts) {
        const saved = await stitchPersonalPage(
          page.text,
          `http://localhost${path}`,
          { ...nobody, favorites: { [id]: true } },
          null,
        );
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
    const out = await worker.fetch(
      new Request("http://localhost/auth/logout", {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams(),
        redirect: "manual",
      }),
      cachedEnv,
      ctx,
    );
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
    const trips = (response: Response) =>
      Number(/d1;dur=\d+;desc="(\d+) round trips"/.exec(response.headers.get("server-timing") ?? "")?.[1]);
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
    await alice.browser.post("/favorites", {
      intent: "toggle",
      productId: product.id,
      returnTo: second,
      enhanced: "1",
    });
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
    await env.DB.prepare("DELETE FROM cart_items WHERE user_id = ? AND product_id = ?")
      .bind(alice.id, product.id)
      .run();
    expect((await as(alice.browser, path)).text).toContain('aria-label="Basket, 2 items"');
    alice.browser.cookies.set("cl_d1", "00000001-00000002-00000003");
    expect((await as(alice.browser, path)).text).toContain('aria-label="Basket, 1 item"');
  });

  it("a visitor who saved more items than are kept gets the right hearts on every page, read each time", async () => {
    const { product, bob } = await twoShoppers();
    // 501 saved items (copies of a product, not for sale), then the product on the page.
    const columns = (
      await env.DB.prepare("SELECT name FROM pragma_table_info('products') WHERE name <> 'id'").all<{ name: string }>()
    ).results
      .map((c) => `"${c.name}"`)
      .join(", ");
    await env.DB.prepare(
      `INSERT INTO products (id, ${columns}) SELECT ?1 || '_saved_' || n, ${columns.replace('"product_status"', "'draft'")} FROM products, (WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 501) SELECT n FROM k) WHERE id = ?1`,
    )
      .bind(product.id)
      .run();
    await env.DB.prepare(
      "INSERT INTO favorites (id, user_id, product_id, created_at) SELECT 'fav_' || id, ?, id, 0 FROM products WHERE id LIKE ? || '_saved_%'",
    )
      .bind(bob.id, product.id)
      .run();
    const path = `/product/${product.id}`;
    const trips = (response: Response) =>
      Number(/d1;dur=\d+;desc="(\d+) round trips"/.exec(response.headers.get("server-timing") ?? "")?.[1]);
    await get(path);
    for (const saved of [false, true]) {
      if (saved) {
        await bob.browser.post("/favorites", {
          intent: "toggle",
          productId: product.id,
          returnTo: path,
          enhanced: "1",
        });
        await settle(bob.browser);
      }
      const first = await as(bob.browser, path);
      const again = await as(bob.browser, path);
      for (const page of [first, again]) {
        expect(page.text).toMatch(
          saved
            ? /aria-pressed="true" aria-label="Remove from favorites"/
            : /aria-pressed="false" aria-label="Save to favorites"/,
        );
        expect(block(page.text).favorites).toEqual({ [product.id]: saved });
      }
      expect(trips(again.response)).toBe(1);
    }
  });
});
