import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { cachedEnv, cachedPage } from "./cached-page";

export { cachedEnv };
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { type Browser } from "./http";

// Shared by the stitched personal page tests (personal-page-parts, personal-page-freshness): the
// Worker as deployed (PAGE_CACHE_SECONDS on), requests as a visitor and two shoppers.

export const tag = `pp${Date.now().toString(36)}`;

export const get = (path: string, headers: HeadersInit = {}) => cachedPage(path, headers);

/** Shows a page, as a browser does after a sign-in or a form: a toast waiting in a cookie is shown and ends. */
export async function settle(...browsers: Browser[]) {
  for (const browser of browsers) expect((await browser.fetch("/cart")).status).toBe(200);
}

export const cookieOf = (browser: Browser) => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
export const as = (browser: Browser, path: string) => get(path, { cookie: cookieOf(browser) });

/** The visitor's values the page carries for the browser (the JSON data block). */
export function block(text: string) {
  const json = /<script type="application\/json" id="cl-personal"[^>]*>([^<]*)<\/script>/.exec(text)?.[1];
  return json ? JSON.parse(json) : null;
}

/** The page without its personal parts: what every visitor must get alike. */
export function sharedParts(text: string) {
  return text
    .replace(/<div data-personal="header"[\s\S]*?<\/header>/, "")
    .replace(/<form[^>]*data-favorite="[^"]*"[\s\S]*?<\/form>/g, "")
    .replace(/<script type="application\/json" id="cl-personal"[\s\S]*?<\/script>/, "")
    .replace(/nonce-?="?[A-Za-z0-9+/=_-]+"?/g, "");
}

/** Two shoppers with different names, baskets and favorites, and a product one of them saved. */
export async function twoShoppers() {
  const vendor = await createUser();
  const product = await createProduct(vendor.id, { name: `Stitched Coat ${tag}`, buyingPrice: 5600 });
  const other = await createProduct(vendor.id, { name: `Basket Scarf ${tag}`, buyingPrice: 1200 });
  const alice = await signedInBrowser("shopper");
  const bob = await signedInBrowser("vendor");
  await env.DB.prepare("UPDATE users SET full_name = ? WHERE id = ?").bind(`Alice ${tag}`, alice.id).run();
  await env.DB.prepare("UPDATE users SET full_name = ? WHERE id = ?").bind(`Bob ${tag}`, bob.id).run();
  expect(
    (await alice.browser.post("/favorites", { intent: "toggle", productId: product.id, returnTo: "/", enhanced: "1" }))
      .status,
  ).toBe(200);
  for (const id of [product.id, other.id]) {
    expect(
      (await alice.browser.post("/cart", { intent: "add", productId: id, option: "purchase", enhanced: "1" })).status,
    ).toBe(200);
  }
  await settle(alice.browser, bob.browser);
  return { product, alice, bob, vendor };
}
