import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct } from "./factories";
import type { Browser } from "./http";

// Shared by the conversations tests (conversations-asking, -websocket, -safety): the cast of
// shopper and seller, asking about an item and the conversation's WebSocket.

let ipSeq = 0;
export const ip = () => `10.126.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
export const rows = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
export const token = () => crypto.randomUUID();

/** A seller with a live item, a shopper, and someone else. */
export async function cast() {
  const seller = await signedInBrowser("vendor", { ip: ip() });
  const shopper = await signedInBrowser("shopper", { ip: ip() });
  const stranger = await signedInBrowser("shopper", { ip: ip() });
  await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?")
    .bind(`Seller${seller.id.slice(-6)}`, seller.id)
    .run();
  const item = await createProduct(seller.id, { name: `Silk Dress ${seller.id.slice(-6)}` });
  return { seller, shopper, stranger, item };
}

/** How many of the person's notifications leading to `link` are unread. */
export const unreadNotices = async (userId: string, link: string) =>
  (
    await rows<{ n: number }>(
      "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND link = ? AND read_at IS NULL",
      userId,
      link,
    )
  )[0]!.n;

/** The shopper asks about the item; returns the conversation's id. */
export async function ask(shopper: Browser, productId: string, body = "Does it fit a size 10?") {
  const response = await shopper.post(`/account/messages/new?product=${productId}`, {
    productId,
    body,
    token: token(),
  });
  expect(response.status).toBe(303);
  const id = /\/account\/messages\/(cnv_[A-Za-z0-9]+)/.exec(response.headers.get("location") ?? "")?.[1];
  expect(id).toBeTruthy();
  return id!;
}

/** Opens the conversation's live socket as the browser's user. */
export async function connect(browser: Browser, conversationId: string, origin = "http://localhost") {
  const response = await browser.fetch(`/account/messages/${conversationId}/live`, {
    headers: { upgrade: "websocket", origin },
  });
  return response;
}

export interface Frame {
  type: string;
  message?: { seq: number; body: string; party: string };
  token?: string | null;
  error?: string;
}

/** An accepted socket that records what it receives. */
export async function openSocket(browser: Browser, conversationId: string) {
  const response = await connect(browser, conversationId);
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  const frames: Frame[] = [];
  const closed: { code: number; reason: string }[] = [];
  ws.addEventListener("message", (event) => {
    frames.push(JSON.parse(String(event.data)) as Frame);
  });
  ws.addEventListener("close", (event) => {
    closed.push({ code: event.code, reason: event.reason });
  });
  ws.accept();
  const messages = () => frames.filter((f) => f.type === "message").map((f) => f.message!);
  return { ws, frames, closed, messages };
}
