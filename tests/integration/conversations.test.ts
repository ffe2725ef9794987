import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, eventually } from "./factories";
import type { Browser } from "./http";

// Conversations between shoppers and sellers (issue 26): asking about an item, the inbox, the
// conversation page over forms and over the conversation's Durable Object's WebSocket, who may
// read and write, blocks and reports, and a burst through one object.

let ipSeq = 0;
const ip = () => `10.126.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const rows = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;
const token = () => crypto.randomUUID();

/** A seller with a live item, a shopper, and someone else. */
async function cast() {
  const seller = await signedInBrowser("vendor", { ip: ip() });
  const shopper = await signedInBrowser("shopper", { ip: ip() });
  const stranger = await signedInBrowser("shopper", { ip: ip() });
  await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(`Seller${seller.id.slice(-6)}`, seller.id).run();
  const item = await createProduct(seller.id, { name: `Silk Dress ${seller.id.slice(-6)}` });
  return { seller, shopper, stranger, item };
}

/** The shopper asks about the item; returns the conversation's id. */
async function ask(shopper: Browser, productId: string, body = "Does it fit a size 10?") {
  const response = await shopper.post(`/account/messages/new?product=${productId}`, { productId, body, token: token() });
  expect(response.status).toBe(303);
  const id = /\/account\/messages\/(cnv_[A-Za-z0-9]+)/.exec(response.headers.get("location") ?? "")?.[1];
  expect(id).toBeTruthy();
  return id!;
}

/** Opens the conversation's live socket as the browser's user. */
async function connect(browser: Browser, conversationId: string, origin = "http://localhost") {
  const response = await browser.fetch(`/account/messages/${conversationId}/live`, { headers: { upgrade: "websocket", origin } });
  return response;
}

interface Frame {
  type: string;
  message?: { seq: number; body: string; party: string };
  token?: string | null;
  error?: string;
}

/** An accepted socket that records what it receives. */
async function openSocket(browser: Browser, conversationId: string) {
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

describe("asking about an item", () => {
  it("opens one conversation with the seller; the seller's inbox and header show it unread; a reply by form comes back in order", async () => {
    const { seller, shopper, item } = await cast();
    // The product page links to the question page (a plain link: the page stays shared).
    const productPage = await (await shopper.browser.fetch(`/product/${item.id}`)).text();
    expect(productPage).toContain(`href="/account/messages/new?product=${item.id}"`);
    expect(productPage).toContain("Ask about this item");
    const form = await shopper.browser.fetch(`/account/messages/new?product=${item.id}`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Your question");

    const id = await ask(shopper.browser, item.id);
    // Asking again goes to the same conversation.
    const again = await shopper.browser.fetch(`/account/messages/new?product=${item.id}`);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(`/account/messages/${id}`);
    expect(await rows("SELECT count(*) AS n FROM conversations WHERE shopper_id = ?", shopper.id)).toEqual([{ n: 1 }]);

    // The seller's inbox: the item, the shopper, the last message, one unread; the header's badge.
    const inbox = await (await seller.browser.fetch("/account/messages")).text();
    expect(inbox).toContain(item.name);
    expect(inbox).toContain("Does it fit a size 10?");
    expect(inbox).toMatch(/data-testid="unread"[^>]*>1</);
    expect(inbox).toContain('aria-label="Messages, 1 unread"');

    // Opening it reads it: the badge goes.
    const page = await (await seller.browser.fetch(`/account/messages/${id}`)).text();
    expect(page).toContain("Does it fit a size 10?");
    expect(page).toContain(item.name);
    expect(await (await seller.browser.fetch("/account/messages")).text()).not.toContain("Messages, 1 unread");

    // The seller replies by form; replaying the same post sends nothing twice.
    const fields = { intent: "send", body: "Yes, it runs true to size.", token: token() };
    const reply = await seller.browser.post(`/account/messages/${id}`, fields);
    expect(reply.status).toBe(303);
    expect(reply.headers.get("location")).toBe(`/account/messages/${id}#m2`);
    const replay = await seller.browser.post(`/account/messages/${id}`, fields);
    expect(replay.status).toBe(303);
    expect(await rows("SELECT seq, sender_party, body FROM messages WHERE conversation_id = ? ORDER BY seq", id)).toEqual([
      { seq: 1, sender_party: "shopper", body: "Does it fit a size 10?" },
      { seq: 2, sender_party: "handler", body: "Yes, it runs true to size." },
    ]);
    const shopperView = await (await shopper.browser.fetch(`/account/messages/${id}`)).text();
    expect(shopperView.indexOf("Does it fit a size 10?")).toBeLessThan(shopperView.indexOf("Yes, it runs true to size."));
    // The shopper was told of the reply, with a link to the conversation.
    await eventually(async () => (await rows("SELECT link FROM notifications WHERE user_id = ? AND kind = 'message_received'", shopper.id))[0]);
    expect(await rows("SELECT link FROM notifications WHERE user_id = ? AND kind = 'message_received'", shopper.id)).toEqual([{ link: `/account/messages/${id}` }]);
  });

  it("a concierge item's question goes to the store; its owner may read but not write", async () => {
    const owner = await signedInBrowser("vendor", { ip: ip() });
    const store = await signedInBrowser("storeOwner", { ip: ip() });
    const shopper = await signedInBrowser("shopper", { ip: ip() });
    const storeId = `store_cv_${Date.now().toString(36)}`;
    const item = await createProduct(owner.id, { name: "Concierge Coat" });
    await env.DB.batch([
      env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'Vintage Rooms', ?, ?)").bind(storeId, store.id, Date.now()),
      env.DB.prepare("UPDATE products SET store_id = ?, concierge_status = 'yes' WHERE id = ?").bind(storeId, item.id),
    ]);
    const id = await ask(shopper.browser, item.id, "Can I collect it?");
    expect(await rows("SELECT seller_id, store_id, owner_id FROM conversations WHERE id = ?", id)).toEqual([{ seller_id: null, store_id: storeId, owner_id: owner.id }]);
    expect(await (await shopper.browser.fetch("/account/messages")).text()).toContain("Vintage Rooms");
    const storeDashboard = await (await store.browser.fetch("/store")).text();
    expect(storeDashboard).toContain("Can I collect it?");
    expect((await store.browser.post(`/account/messages/${id}`, { intent: "send", body: "Yes, any weekday.", token: token() })).status).toBe(303);
    const ownerView = await owner.browser.fetch(`/account/messages/${id}`);
    expect(ownerView.status).toBe(200);
    const ownerHtml = await ownerView.text();
    expect(ownerHtml).toContain("Yes, any weekday.");
    expect(ownerHtml).not.toContain('name="body"');
    expect((await owner.browser.post(`/account/messages/${id}`, { intent: "send", body: "Me too", token: token() })).status).toBe(403);
    expect(await rows("SELECT count(*) AS n FROM messages WHERE conversation_id = ?", id)).toEqual([{ n: 2 }]);
  });
});

describe("bad input", () => {
  it("an empty or 2,001-character message is refused at the field; nothing is written", async () => {
    const { shopper, item } = await cast();
    for (const [body, error] of [["   ", "Write a message"], ["x".repeat(2001), "A message can be up to 2,000 characters"]] as const) {
      const response = await shopper.browser.post(`/account/messages/new?product=${item.id}`, { productId: item.id, body, token: token() });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(error);
    }
    expect(await rows("SELECT count(*) AS n FROM conversations WHERE shopper_id = ?", shopper.id)).toEqual([{ n: 0 }]);
    const id = await ask(shopper.browser, item.id);
    const long = await shopper.browser.post(`/account/messages/${id}`, { intent: "send", body: "y".repeat(2001), token: token() });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("A message can be up to 2,000 characters");
    expect(await rows("SELECT count(*) AS n FROM messages WHERE conversation_id = ?", id)).toEqual([{ n: 1 }]);
  });

  it("nobody else can read or write a conversation: page, form and socket", async () => {
    const { shopper, stranger, item } = await cast();
    const id = await ask(shopper.browser, item.id);
    const page = await stranger.browser.fetch(`/account/messages/${id}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("Does it fit a size 10?");
    expect((await stranger.browser.post(`/account/messages/${id}`, { intent: "send", body: "Hi", token: token() })).status).toBe(404);
    expect((await connect(stranger.browser, id)).status).toBe(404);
    // Signed out: sign in and come back; the socket is refused.
    const anonymous = new (shopper.browser.constructor as typeof Browser)(ip());
    const signedOut = await anonymous.fetch(`/account/messages/${id}`);
    expect(signedOut.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/account/messages/${id}`)}`);
    expect((await connect(anonymous, id)).status).toBe(401);
    // A forged origin, even with the member's own cookie.
    expect((await connect(shopper.browser, id, "https://evil.example")).status).toBe(403);
    expect((await shopper.browser.fetch(`/account/messages/${id}/live`, { headers: { upgrade: "websocket" } })).status).toBe(403);
    // The seller cannot ask about their own item.
    expect(await rows("SELECT count(*) AS n FROM messages WHERE conversation_id = ?", id)).toEqual([{ n: 1 }]);
  });

  it("a message on a deleted item is refused", async () => {
    const { shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id);
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(item.id).run();
    const response = await shopper.browser.post(`/account/messages/${id}`, { intent: "send", body: "Still there?", token: token() });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("This item was deleted");
    expect(await rows("SELECT count(*) AS n FROM messages WHERE conversation_id = ?", id)).toEqual([{ n: 1 }]);
  });

  it("malformed and oversized frames close the socket with a reason; the conversation lives on", async () => {
    const { shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id);
    const a = await openSocket(shopper.browser, id);
    a.ws.send("{not json");
    await eventually(async () => a.closed[0]);
    expect(a.closed[0]).toMatchObject({ code: 1007, reason: "Malformed frame" });
    const b = await openSocket(shopper.browser, id);
    b.ws.send(JSON.stringify({ type: "send", text: "x".repeat(9000), token: token() }));
    await eventually(async () => b.closed[0]);
    expect(b.closed[0]).toMatchObject({ code: 1009, reason: "Frame too large" });
    const c = await openSocket(shopper.browser, id);
    c.ws.send(JSON.stringify({ type: "send", text: "After the bad frames", token: token() }));
    await eventually(async () => c.messages().find((m) => m.body === "After the bad frames"));
    // An empty message over the socket is an error frame, not a closed socket.
    c.ws.send(JSON.stringify({ type: "send", text: "  ", token: token() }));
    await eventually(async () => c.frames.find((f) => f.type === "error"));
    expect(c.frames.find((f) => f.type === "error")?.error).toBe("Write a message");
    expect(c.closed).toEqual([]);
    c.ws.close(1000, "done");
  });
});

describe("live over WebSockets", () => {
  it("both parties see the same order whether messages come over sockets or forms", async () => {
    const { seller, shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id, "First, by form");
    const mine = await openSocket(shopper.browser, id);
    const theirs = await openSocket(seller.browser, id);
    mine.ws.send(JSON.stringify({ type: "send", text: "Second, by socket", token: token() }));
    await eventually(async () => theirs.messages().find((m) => m.body === "Second, by socket"));
    expect((await seller.browser.post(`/account/messages/${id}`, { intent: "send", body: "Third, by form", token: token() })).status).toBe(303);
    theirs.ws.send(JSON.stringify({ type: "send", text: "Fourth, by socket", token: token() }));
    await eventually(async () => (mine.messages().length >= 3 ? true : null));
    const order = ["Second, by socket", "Third, by form", "Fourth, by socket"];
    expect(mine.messages().map((m) => m.body)).toEqual(order);
    expect(theirs.messages().map((m) => m.body)).toEqual(order);
    const stored = await rows<{ seq: number; body: string }>("SELECT seq, body FROM messages WHERE conversation_id = ? ORDER BY seq", id);
    expect(stored.map((r) => r.body)).toEqual(["First, by form", ...order]);
    expect(mine.messages().map((m) => m.seq)).toEqual([2, 3, 4]);
    // The page without JavaScript shows the same order.
    const html = await (await shopper.browser.fetch(`/account/messages/${id}`)).text();
    const positions = ["First, by form", ...order].map((t) => html.indexOf(t));
    expect(positions.every((p, i) => p > 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
    // Delivered and read reach the sender: the seller had the socket open (delivered), then read.
    theirs.ws.send(JSON.stringify({ type: "read", seq: 4 }));
    await eventually(async () => mine.frames.find((f) => f.type === "state" && (f as unknown as { party: string; readSeq: number }).party === "handler" && (f as unknown as { readSeq: number }).readSeq >= 4));
    mine.ws.close(1000, "done");
    theirs.ws.close(1000, "done");
  });

  it("a burst of 100 messages from 5 sockets loses none and duplicates none", async () => {
    const { seller, shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id, "Start");
    const sockets = [
      await openSocket(shopper.browser, id),
      await openSocket(shopper.browser, id),
      await openSocket(shopper.browser, id),
      await openSocket(seller.browser, id),
      await openSocket(seller.browser, id),
    ];
    const sent: string[] = [];
    for (let i = 0; i < 100; i++) {
      const text = `Burst ${i}`;
      sent.push(text);
      sockets[i % 5]!.ws.send(JSON.stringify({ type: "send", text, token: `burst_${i}_${id}` }));
    }
    for (const s of sockets) await eventually(async () => (s.messages().length >= 100 ? true : null), 30_000);
    const stored = await rows<{ seq: number; body: string }>("SELECT seq, body FROM messages WHERE conversation_id = ? AND seq > 1 ORDER BY seq", id);
    expect(stored).toHaveLength(100);
    expect(new Set(stored.map((r) => r.body))).toEqual(new Set(sent));
    expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
    // Every socket saw the same 100, in the stored order, once each.
    for (const s of sockets) expect(s.messages().map((m) => m.body)).toEqual(stored.map((r) => r.body));
    for (const s of sockets) s.ws.close(1000, "done");
  });
});

describe("safety", () => {
  it("blocking stops new messages either way; a report reaches the admin area, where a staff read is audited and a sender can be suspended", async () => {
    const { seller, shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id);
    expect((await seller.browser.post(`/account/messages/${id}`, { intent: "block" })).status).toBe(302);
    const refused = await shopper.browser.post(`/account/messages/${id}`, { intent: "send", body: "Hello?", token: token() });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You can't send messages in this conversation.");
    expect((await seller.browser.post(`/account/messages/${id}`, { intent: "send", body: "Nor me", token: token() })).status).toBe(403);
    expect((await seller.browser.post(`/account/messages/${id}`, { intent: "unblock" })).status).toBe(302);
    expect((await shopper.browser.post(`/account/messages/${id}`, { intent: "send", body: "Now?", token: token() })).status).toBe(303);

    // A report without a reason is refused; with one it waits in the admin area.
    expect((await seller.browser.post(`/account/messages/${id}`, { intent: "report", reason: " " })).status).toBe(400);
    expect((await seller.browser.post(`/account/messages/${id}`, { intent: "report", reason: "Asks me to pay outside Closetloop" })).status).toBe(302);
    const support = await signedInBrowser("customerSupport", { ip: ip() });
    const queue = await (await support.browser.fetch("/admin/messages")).text();
    expect(queue).toContain("Asks me to pay outside Closetloop");
    const read = await support.browser.fetch(`/admin/messages/${id}`);
    expect(read.status).toBe(200);
    expect(await read.text()).toContain("Does it fit a size 10?");
    expect(await rows("SELECT actor_id, action FROM audit_log WHERE target_type = 'conversation' AND target_id = ?", id)).toEqual([{ actor_id: support.id, action: "conversation.read" }]);
    // A conversation nobody reported is not staff's to read.
    const other = await cast();
    const unreported = await ask(other.shopper.browser, other.item.id);
    expect((await support.browser.fetch(`/admin/messages/${unreported}`)).status).toBe(404);
    // A product reviewer has no such tab.
    const reviewer = await signedInBrowser("productReviewer", { ip: ip() });
    expect((await reviewer.browser.fetch(`/admin/messages/${id}`)).status).toBe(403);

    // Suspending the shopper stops their messages; their account and listings stay.
    const listing = await createProduct(shopper.id, { name: "Shopper's own listing" });
    expect((await support.browser.post(`/admin/messages/${id}`, { intent: "suspend", userId: shopper.id })).status).toBe(302);
    const suspended = await shopper.browser.post(`/account/messages/${id}`, { intent: "send", body: "Again", token: token() });
    expect(suspended.status).toBe(403);
    expect(await suspended.text()).toContain("Your messages are suspended");
    expect(await rows("SELECT product_status FROM products WHERE id = ?", listing.id)).toEqual([{ product_status: "live" }]);
    // Suspending someone outside the conversation is refused.
    const outsider = await createUser();
    expect((await support.browser.post(`/admin/messages/${id}`, { intent: "suspend", userId: outsider.id })).status).toBe(400);
    expect(await rows("SELECT user_id FROM message_suspensions WHERE user_id = ?", outsider.id)).toEqual([]);
  });

  it("the export carries the person's conversations; deletion leaves 'Message deleted' for the other party", async () => {
    const { seller, shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id, "Is the hem original?");
    const exported = (await (await shopper.browser.post("/account/export", {})).json()) as { conversations: { id: string; messages: { body: string }[] }[] };
    expect(exported.conversations.find((c) => c.id === id)?.messages.map((m) => m.body)).toEqual(["Is the hem original?"]);
    expect((await shopper.browser.post("/account?tab=security", { intent: "delete_account", password: "correct-horse-battery" })).status).toBe(302);
    const html = await (await seller.browser.fetch(`/account/messages/${id}`)).text();
    expect(html).toContain("Message deleted");
    expect(html).not.toContain("Is the hem original?");
    expect(await rows("SELECT sender_id, body FROM messages WHERE conversation_id = ?", id)).toEqual([{ sender_id: null, body: "" }]);
  });
});

