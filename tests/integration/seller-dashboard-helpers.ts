import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { signedInBrowser as signIn, type Actor } from "./actors";
import { createUser } from "./factories";
import type { Browser } from "./http";

// What the seller dashboard's tests share: their own names, addresses, stores and price requests.

export const tag = `sd${Date.now().toString(36)}`;
export const DAY = 24 * 60 * 60 * 1000;
let ipSeq = 0;
export const signedInBrowser = (actor: Actor) =>
  signIn(actor, { ip: `10.78.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
export const one = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first()) as T | null;
let seq = 0;
export const next = () => `${tag}_${++seq}`;

export async function store() {
  const owner = await createUser();
  const id = `store_${next()}`;
  await env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)")
    .bind(id, `Closet ${id}`, owner.id, Date.now())
    .run();
  return id;
}

export async function priceRequest(
  productId: string,
  ownerId: string,
  storeId: string,
  rental = 3100,
  buying = 15500,
  createdAt = Date.now(),
  status = "pending",
) {
  const id = `pcr_${next()}`;
  await env.DB.prepare(
    "INSERT INTO price_change_requests (id, product_id, owner_id, store_id, suggested_rental_price, suggested_buying_price, reason, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, productId, ownerId, storeId, rental, buying, `Similar coats sell for less ${id}`, status, createdAt)
    .run();
  return id;
}

export async function follow(browser: Browser, response: Response) {
  expect(response.status).toBe(302);
  const location = response.headers.get("location")!;
  return { location, html: await (await browser.fetch(location)).text() };
}
