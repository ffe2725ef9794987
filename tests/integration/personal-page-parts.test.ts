import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { forgetPages } from "../../app/services/page-cache.server";
import { notifiesIn, stitchPersonalPage } from "../../app/services/personal-page.server";
import { NOTIFY_ME_MESSAGES, reservedText } from "../../app/domain/alerts";
import { formatUkTime } from "../../app/domain/dates";
import { unpaidOrder } from "./checkout-payments-helpers";
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { expectSecureHtml } from "./http";
import { tag, get, settle, as, block, sharedParts, twoShoppers } from "./personal-page-helpers";

// Issue 17, item 2 (docs/decisions/0039-stitched-personal-pages.md): signed-in visitors of a
// shared page get the page every visitor shares, with their own header, basket count and hearts
// stitched in, on product pages, listings and home. The Worker as deployed (PAGE_CACHE_SECONDS on).

beforeEach(() => forgetPages());

describe("signed-in visitors of shared pages", () => {
  it("each get their own header, basket count and heart on the one shared product page", async () => {
    const { product, alice, bob, vendor } = await twoShoppers();
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
      user: {
        fullName: `Alice ${tag}`,
        email: alice.email,
        isVendor: false,
        isStore: false,
        isAdmin: false,
        avatarUrl: null,
        unread: 0,
        messages: 0,
      },
      cartCount: 2,
      favorites: { [product.id]: true },
      // The seller card's Follow button (decision 0090): neither follows the seller.
      follows: { [`seller:${vendor.id}`]: false },
    });

    // Bob gets the page Alice's request kept, with nothing of hers.
    const second = await as(bob.browser, path);
    expect(second.state).toBe("stitched-memory");
    expect(second.text).toContain(`Bob ${tag}`);
    expect(second.text).toContain(bob.email);
    expect(second.text).toContain("Seller Dashboard");
    expect(second.text).toContain('aria-label="Basket, 0 items"');
    expect(second.text).toMatch(/aria-pressed="false" aria-label="Save to favorites"/);
    for (const hers of [`Alice ${tag}`, alice.email, "Basket, 2 items", "Remove from favorites"])
      expect(second.text).not.toContain(hers);
    expect(block(second.text)).toEqual({
      user: {
        fullName: `Bob ${tag}`,
        email: bob.email,
        isVendor: true,
        isStore: false,
        isAdmin: false,
        avatarUrl: null,
        unread: 0,
        messages: 0,
      },
      cartCount: 0,
      favorites: { [product.id]: false },
      follows: { [`seller:${vendor.id}`]: false },
    });

    // An anonymous visitor gets the same shared page with no one's parts.
    const anonymous = await get(path);
    expect(anonymous.state).toBe("memory");
    expect(anonymous.response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30");
    expect(anonymous.text).toContain('aria-label="Sign in"');
    for (const theirs of [`Alice ${tag}`, `Bob ${tag}`, alice.email, bob.email, "cl-personal"])
      expect(anonymous.text).not.toContain(theirs);

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

  it("a visitor with a profile picture gets it in their stitched header, page after page", async () => {
    const { alice, bob } = await twoShoppers();
    const picture = `/images/avatars/${tag}.webp`;
    await env.DB.prepare("UPDATE users SET avatar_url = ? WHERE id = ?").bind(picture, alice.id).run();
    await settle(alice.browser, bob.browser);
    for (const path of [`/all-products?search=${tag}`, `/all-products?search=${tag}`, `/?${tag}`]) {
      const hers = await as(alice.browser, path);
      expect(hers.state).toMatch(/^stitched/);
      expect(hers.text).toContain(`<img src="${picture}" alt="" width="36" height="36"`);
      expect(block(hers.text)).toMatchObject({ user: { fullName: `Alice ${tag}`, avatarUrl: picture } });
      // Bob's header, kept by what it shows, is never hers.
      const his = await as(bob.browser, path);
      expect(his.text).not.toContain(picture);
      expect(his.text).toContain(`Bob ${tag}`);
    }
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
    expect(sharedParts(hers.text).replace(/<a data-personal="hero"[^>]*>[^<]*<\/a>/, "")).toBe(
      sharedParts(anonymous.text).replace(/<a data-personal="hero"[^>]*>[^<]*<\/a>/, ""),
    );
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
    const withoutNotify = (text: string) =>
      sharedParts(text).replace(
        /<(form|p) data-notify="[^"]*"[\s\S]*?<\/\1>|<form[^>]*data-notify="[^"]*"[\s\S]*?<\/form>/g,
        "",
      );
    expect(withoutNotify(first.text)).toBe(withoutNotify(anonymous.text));
    expect(withoutNotify(second.text)).toBe(withoutNotify(anonymous.text));
    // Stitching finds the anonymous 'Notify me' by its exact markup.
    expect(notifiesIn(anonymous.text)).toEqual([product.id]);
    const nobody = { user: null, cartCount: 0, favorites: {} };
    expect(
      await stitchPersonalPage(
        anonymous.text,
        `http://localhost${path}`,
        { ...nobody, backInStock: { [product.id]: true } },
        null,
      ),
    ).toContain(`${told}</p>`);
  });

  it("a reserved item tells the shopper whose checkout holds it how to pay or call it off, and everyone else that another shopper is paying (decision 0068)", async () => {
    const { product, buyer, placed, order } = await unpaidOrder();
    const other = await signedInBrowser("shopper");
    await settle(buyer.browser, other.browser);
    const path = `/product/${product.id}`;
    const told = `Reserved for you: your checkout holds this item until ${formatUkTime(order.expiresAt)}, waiting for your payment.`;
    const toOthers = reservedText(order.expiresAt);
    const toOrder = `href="/account/orders/${placed.orderId}"`;

    const hers = await as(buyer.browser, path);
    expect(hers.state).toMatch(/^stitched-/);
    expect(hers.text).toContain(told);
    expect(hers.text).toContain(toOrder);
    // (The page's hydration data is everyone's, and says so: the markup does not.)
    expect(hers.text).not.toContain(`>${toOthers}</p>`);
    expect(hers.text).not.toContain(`action="/product/${product.id}/notify"`);
    expect(block(hers.text).held).toEqual({
      [product.id]: { orderId: placed.orderId, until: order.expiresAt, zone: null, text: told },
    });

    const his = await as(other.browser, path);
    expect(his.text).toContain(`>${toOthers}</p>`);
    expect(his.text).toContain(`action="/product/${product.id}/notify"`);
    expect(his.text).not.toContain(told);
    expect(his.text).not.toContain(placed.orderId);
    expect(block(his.text).held).toBeUndefined();
    expect(sharedParts(his.text)).toBe(sharedParts((await get(path)).text));

    // Rendered for her (a client-side navigation's data): the same order, and no 'Notify me'.
    const data = await (await buyer.browser.fetch(`${path}.data`)).text();
    expect(data).toContain(placed.orderId);
    expect(await (await other.browser.fetch(`${path}.data`)).text()).not.toContain(placed.orderId);
  });
});
