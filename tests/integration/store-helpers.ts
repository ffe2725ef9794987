import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { signedInBrowser, type Actor } from "./actors";
import { createProduct, createUser } from "./factories";
import { Browser } from "./http";

// Shared by the store tests (store-dashboard, store-product-edit, store-settings): a signed-in
// browser per actor, pages and toasts, a store owner with a store and a concierge product.

let ipSeq = 0;
export const as = (actor: Actor) => signedInBrowser(actor, { ip: `10.91.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
export const first = <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
export const page = async (browser: Browser, path: string) => {
  const response = await browser.fetch(path);
  return { status: response.status, html: (await response.text()).replace(/&#x27;/g, "'").replace(/&amp;/g, "&") };
};

/** The flash toast a redirect carries, as the next page shows it (title and description). */
export async function toastAfter(browser: Browser, response: Response) {
  expect([302, 303]).toContain(response.status);
  const html = await (await browser.fetch(response.headers.get("location")!)).text();
  const match = /role="(?:status|alert)"[^>]*><p class="font-semibold">([^<]*)<\/p>(?:<p[^>]*>([^<]*)<\/p>)?/.exec(
    html,
  );
  return [match?.[1], match?.[2]]
    .filter(Boolean)
    .join(" / ")
    .replace(/&#x27;/g, "'");
}

/** A store owner with a store of their own. */
export async function storeOwner(name = `Rails ${crypto.randomUUID().slice(0, 6)}`) {
  const owner = await as("storeOwner");
  const storeId = `store_t_${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare(
    "INSERT INTO stores (id, name, description, owner_id, contact_email, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(
      storeId,
      name,
      "Pre-loved rails.\n\nStore located at: 1 Old Street, London",
      owner.id,
      owner.email,
      Date.now(),
    )
    .run();
  return { ...owner, storeId, name };
}

/** A seller's product at `storeId`, waiting for the store (as the upload form makes it). */
export async function conciergeProduct(
  storeId: string,
  ownerId?: string,
  name = `Concierge Coat ${crypto.randomUUID().slice(0, 6)}`,
) {
  const owner = ownerId ?? (await createUser({ displayName: `seller-${crypto.randomUUID().slice(0, 6)}` })).id;
  const product = await createProduct(owner, {
    name,
    productStatus: "pending",
    images: ["/images/a.png", "/images/b.png", "/images/c.png", "/images/d.png"],
  });
  await env.DB.prepare(
    "UPDATE products SET store_id = ?, status = 'pending', concierge_status = 'pending' WHERE id = ?",
  )
    .bind(storeId, product.id)
    .run();
  return { ...product, ownerId: owner };
}
