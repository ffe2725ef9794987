import { describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { ip, rows, token, cast, ask } from "./conversations-helpers";
import { toastAfter } from "./admin-content-fixtures";

// Conversations between shoppers and sellers (issue 26): blocks and reports, the export and
// deletion.

describe("safety", () => {
  it("blocking stops new messages either way; a report reaches the admin area, where a staff read is audited and a sender can be suspended", async () => {
    const { seller, shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id);
    expect((await seller.browser.post(`/account/messages/${id}`, { intent: "block" })).status).toBe(302);
    // Each side's page says where they stand: the blocker may unblock, the other may not write.
    const blockerPage = await (await seller.browser.fetch(`/account/messages/${id}`)).text();
    expect(blockerPage).toContain('value="unblock"');
    expect(blockerPage).not.toContain('name="body"');
    const blockedPage = await (await shopper.browser.fetch(`/account/messages/${id}`)).text();
    expect(blockedPage).toContain("You can&#x27;t send messages in this conversation.");
    expect(blockedPage).not.toContain('value="unblock"');
    const refused = await shopper.browser.post(`/account/messages/${id}`, {
      intent: "send",
      body: "Hello?",
      token: token(),
    });
    expect(refused.status).toBe(403);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("You can't send messages in this conversation.");
    // Without JavaScript the page has no reply box now: what was typed is there to copy.
    expect(refusedPage).toMatch(
      /Your message was not sent:<\/span><textarea readOnly="" rows="3"[^>]*>Hello\?<\/textarea>/,
    );
    expect(
      (await seller.browser.post(`/account/messages/${id}`, { intent: "send", body: "Nor me", token: token() })).status,
    ).toBe(403);
    expect((await seller.browser.post(`/account/messages/${id}`, { intent: "unblock" })).status).toBe(302);
    expect(
      (await shopper.browser.post(`/account/messages/${id}`, { intent: "send", body: "Now?", token: token() })).status,
    ).toBe(303);

    // A report without a reason is refused, in its open panel with what was typed; with one it waits in the admin area.
    const empty = await seller.browser.post(`/account/messages/${id}`, { intent: "report", reason: " " });
    expect(empty.status).toBe(400);
    const emptyPage = await empty.text();
    expect(emptyPage).toMatch(/<details open="">\s*<summary[^>]*>Report this conversation/);
    expect(emptyPage).toContain('id="reason-error" role="alert"');
    expect(
      (
        await seller.browser.post(`/account/messages/${id}`, {
          intent: "report",
          reason: "Asks me to pay outside Closetloop",
        })
      ).status,
    ).toBe(302);
    // Reported once: the page says so, and a second report is answered as already made.
    expect(await (await seller.browser.fetch(`/account/messages/${id}`)).text()).toContain(
      "You reported this conversation: our team will read it.",
    );
    const again = await seller.browser.post(`/account/messages/${id}`, { intent: "report", reason: "Again" });
    expect(await toastAfter(seller.browser, again)).toEqual([
      "Already reported",
      "You reported this conversation already: our team will read it.",
    ]);
    expect(await rows("SELECT count(*) AS n FROM conversation_reports WHERE conversation_id = ?", id)).toEqual([
      { n: 1 },
    ]);
    const support = await signedInBrowser("customerSupport", { ip: ip() });
    const queue = await (await support.browser.fetch("/admin/messages")).text();
    expect(queue).toContain("Asks me to pay outside Closetloop");
    const read = await support.browser.fetch(`/admin/messages/${id}`);
    expect(read.status).toBe(200);
    expect(await read.text()).toContain("Does it fit a size 10?");
    expect(
      await rows("SELECT actor_id, action FROM audit_log WHERE target_type = 'conversation' AND target_id = ?", id),
    ).toEqual([{ actor_id: support.id, action: "conversation.read" }]);
    // A conversation nobody reported is not staff's to read.
    const other = await cast();
    const unreported = await ask(other.shopper.browser, other.item.id);
    const missing = await support.browser.fetch(`/admin/messages/${unreported}`);
    expect(missing.status).toBe(404);
    // The way back is the staff's own list, not a shopper's inbox.
    expect(await missing.text()).toMatch(/<a [^>]*href="\/admin\/messages"[^>]*>Back to Reported messages<\/a>/);
    // A product reviewer has no such tab.
    const reviewer = await signedInBrowser("productReviewer", { ip: ip() });
    expect((await reviewer.browser.fetch(`/admin/messages/${id}`)).status).toBe(403);

    // Suspending the shopper stops their messages; their account and listings stay.
    const listing = await createProduct(shopper.id, { name: "Shopper's own listing" });
    // A suspension needs a reason, which is kept with it.
    const noReason = await support.browser.post(`/admin/messages/${id}`, {
      intent: "suspend",
      userId: shopper.id,
      reason: " ",
    });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Say why their messages are suspended");
    expect(await rows("SELECT user_id FROM message_suspensions WHERE user_id = ?", shopper.id)).toEqual([]);
    expect(
      (
        await support.browser.post(`/admin/messages/${id}`, {
          intent: "suspend",
          userId: shopper.id,
          reason: "Asks for payment outside Closetloop",
        })
      ).status,
    ).toBe(302);
    expect(await rows("SELECT reason FROM message_suspensions WHERE user_id = ?", shopper.id)).toEqual([
      { reason: "Asks for payment outside Closetloop" },
    ]);
    // They are told so on the conversation, instead of a reply box.
    const theirs = await (await shopper.browser.fetch(`/account/messages/${id}`)).text();
    expect(theirs).toContain("Your messages are suspended: you can read your conversations but not write.");
    expect(theirs).not.toContain('name="body"');
    const suspended = await shopper.browser.post(`/account/messages/${id}`, {
      intent: "send",
      body: "Again",
      token: token(),
    });
    expect(suspended.status).toBe(403);
    expect(await suspended.text()).toContain("Your messages are suspended");
    expect(await rows("SELECT product_status FROM products WHERE id = ?", listing.id)).toEqual([
      { product_status: "live" },
    ]);
    // Nor can they open a conversation about another item: refused, and nothing left for its seller to see.
    const another = await createProduct(seller.id, { name: "Another dress" });
    const first = await shopper.browser.post(`/account/messages/new?product=${another.id}`, {
      productId: another.id,
      body: "Is this free?",
      token: token(),
    });
    expect(first.status).toBe(403);
    expect(await first.text()).toContain("Your messages are suspended");
    expect(await rows("SELECT id FROM conversations WHERE product_id = ?", another.id)).toEqual([]);
    // Suspending someone outside the conversation is refused.
    const outsider = await createUser();
    expect(
      (await support.browser.post(`/admin/messages/${id}`, { intent: "suspend", userId: outsider.id, reason: "Spam" }))
        .status,
    ).toBe(400);
    expect(await rows("SELECT user_id FROM message_suspensions WHERE user_id = ?", outsider.id)).toEqual([]);
  });

  it("the export carries the person's conversations; deletion leaves 'Message deleted' for the other party", async () => {
    const { seller, shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id, "Is the hem original?");
    const exported = (await (await shopper.browser.post("/account/export", {})).json()) as {
      conversations: { id: string; messages: { body: string }[] }[];
    };
    expect(exported.conversations.find((c) => c.id === id)?.messages.map((m) => m.body)).toEqual([
      "Is the hem original?",
    ]);
    expect(
      (
        await shopper.browser.post("/account?tab=security", {
          intent: "delete_account",
          password: "correct-horse-battery",
        })
      ).status,
    ).toBe(302);
    const html = await (await seller.browser.fetch(`/account/messages/${id}`)).text();
    expect(html).toContain("Message deleted");
    expect(html).not.toContain("Is the hem original?");
    expect(await rows("SELECT sender_id, body FROM messages WHERE conversation_id = ?", id)).toEqual([
      { sender_id: null, body: "" },
    ]);
  });
});
