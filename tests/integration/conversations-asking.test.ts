import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { UNNAMED_MEMBER } from "../../app/domain/messages";
import { createProduct, eventually } from "./factories";
import type { Browser } from "./http";
import { ip, rows, token, cast, ask, connect, openSocket } from "./conversations-helpers";

// Conversations between shoppers and sellers (issue 26): asking about an item, the inbox, the
// conversation page over forms, who may read and write, and bad input.

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

    // Opening it reads it: the badge goes, on the conversation's own page too (decision 0069).
    const page = await (await seller.browser.fetch(`/account/messages/${id}`)).text();
    expect(page).toContain("Does it fit a size 10?");
    expect(page).toContain(item.name);
    expect(page).toContain('aria-label="Messages"');
    expect(page).not.toContain("Messages, 1 unread");
    expect(await (await seller.browser.fetch("/account/messages")).text()).not.toContain("Messages, 1 unread");

    // The seller replies by form; replaying the same post sends nothing twice.
    const fields = { intent: "send", body: "Yes, it runs true to size.", token: token() };
    const reply = await seller.browser.post(`/account/messages/${id}`, fields);
    expect(reply.status).toBe(303);
    expect(reply.headers.get("location")).toBe(`/account/messages/${id}#m2`);
    const replay = await seller.browser.post(`/account/messages/${id}`, fields);
    expect(replay.status).toBe(303);
    expect(
      await rows("SELECT seq, sender_party, body FROM messages WHERE conversation_id = ? ORDER BY seq", id),
    ).toEqual([
      { seq: 1, sender_party: "shopper", body: "Does it fit a size 10?" },
      { seq: 2, sender_party: "handler", body: "Yes, it runs true to size." },
    ]);
    // The seller's inbox says the last word was theirs.
    expect((await (await seller.browser.fetch("/account/messages")).text()).replace(/<!-- -->/g, "")).toContain(
      "You: Yes, it runs true to size.",
    );
    const shopperView = await (await shopper.browser.fetch(`/account/messages/${id}`)).text();
    expect(shopperView.indexOf("Does it fit a size 10?")).toBeLessThan(
      shopperView.indexOf("Yes, it runs true to size."),
    );
    // The shopper was told of the reply, with a link to the conversation.
    await eventually(
      async () =>
        (await rows("SELECT link FROM notifications WHERE user_id = ? AND kind = 'message_received'", shopper.id))[0],
    );
    expect(
      await rows("SELECT link FROM notifications WHERE user_id = ? AND kind = 'message_received'", shopper.id),
    ).toEqual([{ link: `/account/messages/${id}` }]);
    // Opening the conversation reads its notice too: the bell does not keep counting what was read (decision 0068),
    // on the page that read it either (decision 0069).
    expect(await (await shopper.browser.fetch("/account/messages")).text()).toMatch(
      /aria-label="Notifications, [1-9]\d* unread"/,
    );
    const opened = await shopper.browser.fetch(`/account/messages/${id}`);
    expect(opened.status).toBe(200);
    const bell = /aria-label="Notifications(?:, (\d+) unread)?"/.exec(await opened.text());
    const before = await rows(
      "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL",
      shopper.id,
    );
    expect(Number(bell?.[1] ?? 0)).toBe(before[0]!.n);
    expect(
      await rows(
        "SELECT read_at IS NOT NULL AS read FROM notifications WHERE user_id = ? AND kind = 'message_received'",
        shopper.id,
      ),
    ).toEqual([{ read: 1 }]);
  });

  it("the seller sees the shopper's display name, never their full name: inbox, conversation and the notice of the message", async () => {
    const { seller, shopper, item } = await cast();
    const fullName = `Philippa Privately ${shopper.id.slice(-6)}`;
    await env.DB.prepare("UPDATE users SET full_name = ?, display_name = NULL WHERE id = ?")
      .bind(fullName, shopper.id)
      .run();
    const id = await ask(shopper.browser, item.id);
    // Without a display name yet, the shopper is a Closetloop member to the seller.
    const inbox = await (await seller.browser.fetch("/account/messages")).text();
    expect(inbox).toContain(UNNAMED_MEMBER);
    const page = await (await seller.browser.fetch(`/account/messages/${id}`)).text();
    expect(page).toContain(UNNAMED_MEMBER);
    const notice = await eventually(
      async () =>
        (
          await rows<{ title: string }>(
            "SELECT title FROM notifications WHERE user_id = ? AND kind = 'message_received'",
            seller.id,
          )
        )[0],
    );
    expect(notice.title).toBe(`New message from ${UNNAMED_MEMBER} about ${item.name}`);
    // With one, that name.
    await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?")
      .bind(`Pip${shopper.id.slice(-6)}`, shopper.id)
      .run();
    const named = await (await seller.browser.fetch("/account/messages")).text();
    expect(named).toContain(`Pip${shopper.id.slice(-6)}`);
    const namedData = await (await seller.browser.fetch(`/account/messages/${id}.data`)).text();
    expect(namedData).toContain(`Pip${shopper.id.slice(-6)}`);
    for (const answer of [
      inbox,
      page,
      named,
      namedData,
      await (await seller.browser.fetch("/account/messages.data")).text(),
      await (await seller.browser.fetch("/account/notifications")).text(),
    ]) {
      expect(answer).not.toContain(fullName);
    }
    // The shopper, in turn, sees the seller's display name.
    expect(await (await shopper.browser.fetch("/account/messages")).text()).toContain(`Seller${seller.id.slice(-6)}`);
  });

  it("a concierge item's question goes to the store; its owner may read but not write", async () => {
    const owner = await signedInBrowser("vendor", { ip: ip() });
    const store = await signedInBrowser("storeOwner", { ip: ip() });
    const shopper = await signedInBrowser("shopper", { ip: ip() });
    const storeId = `store_cv_${Date.now().toString(36)}`;
    const item = await createProduct(owner.id, { name: "Concierge Coat" });
    await env.DB.batch([
      env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'Vintage Rooms', ?, ?)").bind(
        storeId,
        store.id,
        Date.now(),
      ),
      env.DB.prepare("UPDATE products SET store_id = ?, concierge_status = 'yes' WHERE id = ?").bind(storeId, item.id),
    ]);
    // Before asking, the shopper is told who reads it.
    const askPage = (await (await shopper.browser.fetch(`/account/messages/new?product=${item.id}`)).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(askPage).toContain(
      "Your question goes to Vintage Rooms, which sells this item for its owner; the owner can read the conversation too.",
    );
    const id = await ask(shopper.browser, item.id, "Can I collect it?");
    expect(await rows("SELECT seller_id, store_id, owner_id FROM conversations WHERE id = ?", id)).toEqual([
      { seller_id: null, store_id: storeId, owner_id: owner.id },
    ]);
    expect(await (await shopper.browser.fetch("/account/messages")).text()).toContain("Vintage Rooms");
    const storeDashboard = await (await store.browser.fetch("/store")).text();
    expect(storeDashboard).toContain("Can I collect it?");
    expect(
      (
        await store.browser.post(`/account/messages/${id}`, {
          intent: "send",
          body: "Yes, any weekday.",
          token: token(),
        })
      ).status,
    ).toBe(303);
    const ownerView = await owner.browser.fetch(`/account/messages/${id}`);
    expect(ownerView.status).toBe(200);
    const ownerHtml = await ownerView.text();
    expect(ownerHtml).toContain("Yes, any weekday.");
    expect(ownerHtml).not.toContain('name="body"');
    expect(
      (await owner.browser.post(`/account/messages/${id}`, { intent: "send", body: "Me too", token: token() })).status,
    ).toBe(403);
    expect(await rows("SELECT count(*) AS n FROM messages WHERE conversation_id = ?", id)).toEqual([{ n: 2 }]);
  });
});

describe("bad input", () => {
  it("an empty or 2,001-character message is refused at the field; nothing is written", async () => {
    const { shopper, item } = await cast();
    // Sent without JavaScript (percent-encoded), 2,001 emoji are answered at the field too, not refused unread by the gate.
    for (const [body, error] of [
      ["   ", "Write a message"],
      ["x".repeat(2001), "A message can be up to 2,000 characters"],
      ["😀".repeat(2001), "A message can be up to 2,000 characters"],
    ] as const) {
      const response = await shopper.browser.post(`/account/messages/new?product=${item.id}`, {
        productId: item.id,
        body,
        token: token(),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(error);
    }
    // A form whose token was tampered with opens no empty conversation.
    const tampered = await shopper.browser.post(`/account/messages/new?product=${item.id}`, {
      productId: item.id,
      body: "Is it lined?",
      token: "not a token!",
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain("This form has expired. Reload the page and try again.");
    expect(await rows("SELECT count(*) AS n FROM conversations WHERE shopper_id = ?", shopper.id)).toEqual([{ n: 0 }]);
    const id = await ask(shopper.browser, item.id);
    // An older tab's 'Ask about this item' form, the conversation opened since: refused at the field with its text, not sent on and lost (decision 0067).
    const older = await shopper.browser.post(`/account/messages/new?product=${item.id}`, {
      productId: item.id,
      body: "Is it lined?",
      token: "not a token!",
    });
    expect(older.status).toBe(400);
    const olderPage = await older.text();
    expect(olderPage).toContain("This form has expired. Reload the page and try again.");
    expect(olderPage).toMatch(/<textarea[^>]*>Is it lined\?<\/textarea>/);
    const long = await shopper.browser.post(`/account/messages/${id}`, {
      intent: "send",
      body: "y".repeat(2001),
      token: token(),
    });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("A message can be up to 2,000 characters");
    // A reply refused for a reason of the form's (here its token) comes back in the box.
    const expired = await shopper.browser.post(`/account/messages/${id}`, {
      intent: "send",
      body: "Does it run small?",
      token: "not a token!",
    });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toMatch(/<textarea[^>]*>Does it run small\?<\/textarea>/);
    expect(await rows("SELECT count(*) AS n FROM messages WHERE conversation_id = ?", id)).toEqual([{ n: 1 }]);
    // The longest message in any script fits the form.
    expect(
      (
        await shopper.browser.post(`/account/messages/${id}`, {
          intent: "send",
          body: "日".repeat(2000),
          token: token(),
        })
      ).status,
    ).toBe(303);
  });

  it("nobody else can read or write a conversation: page, form and socket", async () => {
    const { shopper, stranger, item } = await cast();
    const id = await ask(shopper.browser, item.id);
    const page = await stranger.browser.fetch(`/account/messages/${id}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("Does it fit a size 10?");
    expect(
      (await stranger.browser.post(`/account/messages/${id}`, { intent: "send", body: "Hi", token: token() })).status,
    ).toBe(404);
    expect((await connect(stranger.browser, id)).status).toBe(404);
    // Signed out: sign in and come back; the socket is refused.
    const anonymous = new (shopper.browser.constructor as typeof Browser)(ip());
    const signedOut = await anonymous.fetch(`/account/messages/${id}`);
    expect(signedOut.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/account/messages/${id}`)}`);
    expect((await connect(anonymous, id)).status).toBe(401);
    // A forged origin, even with the member's own cookie.
    expect((await connect(shopper.browser, id, "https://evil.example")).status).toBe(403);
    expect(
      (await shopper.browser.fetch(`/account/messages/${id}/live`, { headers: { upgrade: "websocket" } })).status,
    ).toBe(403);
    // The seller cannot ask about their own item.
    expect(await rows("SELECT count(*) AS n FROM messages WHERE conversation_id = ?", id)).toEqual([{ n: 1 }]);
  });

  it("a message on a deleted item is refused", async () => {
    const { shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id);
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(item.id).run();
    const response = await shopper.browser.post(`/account/messages/${id}`, {
      intent: "send",
      body: "Still there?",
      token: token(),
    });
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
