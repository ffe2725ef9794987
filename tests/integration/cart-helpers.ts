import { env } from "cloudflare:workers";
import { BILLING, createUser } from "./factories";
import type { Browser } from "./http";

// What the basket and checkout tests share (cart.test.ts, checkout.test.ts).

export async function seller() {
  return createUser({ displayName: `seller-${crypto.randomUUID().slice(0, 8)}` });
}

export async function cartRows(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT product_id, type, price, quantity, seller_type, handler FROM cart_items WHERE user_id = ? ORDER BY created_at",
  )
    .bind(userId)
    .all();
  return results;
}

export const checkout = (browser: Browser, key = crypto.randomUUID(), extra: Record<string, string> = {}) =>
  browser.post("/cart", { intent: "checkout", idempotencyKey: key, ...BILLING, ...extra });
