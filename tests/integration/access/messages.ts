import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { ACCESS_DENIED, TAB_ACCESS_DENIED } from "../../../app/domain/admin-tabs";
import type { Actor } from "../actors";
import {
  area,
  createProduct,
  createUser,
  isSignedIn,
  page,
  redirectsTo,
  rows,
  STAFF,
  tag,
  type ActionRule,
  type AreaRules,
  type PageRule,
  type Who,
} from "./kit";

// Conversations (issue 26). /account/messages is every signed-in user's own inbox. A conversation
// is its two parties' (the world's "shopper" asked the "vendor" about their item): anyone else,
// staff included, reads it as missing and cannot act in it. Staff who answer people (superadmin,
// admin, customer support) read a reported conversation in the admin area and act on it.

const MESSAGE_STAFF: Actor[] = ["superadmin", "admin", "customerSupport"];
const html = (text: string) => text.replace(/'/g, "&#x27;");
const reasonOf = (message: string) => html(message.split(" - ").slice(1).join(" - "));
/** Not staff: no admin dashboard; staff outside the tab: not this tab. */
const deniedReason = (who: Who) => reasonOf(STAFF.includes(who as Actor) ? TAB_ACCESS_DENIED : ACCESS_DENIED);

const conversation = { id: `cnv_am_${tag}`, name: "" };
const reported = { id: `cnv_amr_${tag}`, name: `Reported Scarf ${tag}`, shopperId: "", sellerId: "" };

async function makeConversation(
  id: string,
  productId: string,
  productName: string,
  shopperId: string,
  sellerId: string,
  body: string,
) {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO conversations (id, product_id, product_name, shopper_id, seller_id, owner_id, created_at, last_message_at, last_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)",
    ).bind(id, productId, productName, shopperId, sellerId, sellerId, now, now),
    env.DB.prepare(
      "INSERT INTO conversation_reads (conversation_id, party, user_id, read_seq, delivered_seq) VALUES (?, 'shopper', ?, 1, 1), (?, 'handler', ?, 0, 0)",
    ).bind(id, shopperId, id, sellerId),
    env.DB.prepare(
      "INSERT INTO messages (id, conversation_id, seq, sender_id, sender_party, body, client_token, created_at) VALUES (?, ?, 1, ?, 'shopper', ?, ?, ?)",
    ).bind(`msg_${id}`, id, shopperId, body, `tok_${id}`, now),
  ]);
}

/** Signed out → sign in and back; not staff → the 403 page; staff outside the tab → 403; the tab's staff → `shows`. */
const messagesTab =
  (shows: () => string): PageRule =>
  (who, path) =>
    !isSignedIn(who)
      ? { redirect: `/auth?redirectTo=${encodeURIComponent(path)}` }
      : MESSAGE_STAFF.includes(who)
        ? page(200, { shows: shows() })
        : page(403, { shows: deniedReason(who) });

/** Someone else's conversation: 404 'Conversation not found', nothing changes. */
const notTheirs = (form: () => Record<string, string>): ActionRule => ({
  allowed: () => false,
  form: async () => form(),
  check: async () => {},
  refused: async (_ctx, response) => {
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Conversation not found");
  },
});

const staffOnly = (who: Who) => isSignedIn(who) && MESSAGE_STAFF.includes(who);
const refusedStaff: ActionRule["refused"] = async (ctx, response) => {
  expect(response.status).toBe(403);
  if (!STAFF.includes(ctx.who as Actor) || ctx.who === "productReviewer")
    expect(await response.text()).toContain(deniedReason(ctx.who));
};

export const rules: AreaRules = {
  pages: {
    "routes/account/messages.tsx": area(
      () => true,
      () => page(200, { shows: "Messages" }),
    ),
    // Without an item to ask about there is nothing to ask: 'Product not found'.
    "routes/account/message-new.tsx": area(
      () => true,
      () => page(404, { shows: "Product not found" }),
    ),
    "routes/account/conversation.tsx": area(
      () => true,
      (who) =>
        who === "shopper" || who === "vendor"
          ? page(200, { shows: conversation.name })
          : page(404, { shows: "Conversation not found", hides: "Is it still available?" }),
    ),
    "routes/admin/messages.tsx": messagesTab(() => "Reported conversations"),
    "routes/admin/conversation.tsx": messagesTab(() => reported.name),
  },
  records: async (world) => {
    const shopper = await world.member("shopper");
    const vendor = await world.member("vendor");
    conversation.name = world.sellerProduct.name;
    await makeConversation(
      conversation.id,
      world.sellerProduct.id,
      world.sellerProduct.name,
      shopper.id,
      vendor.id,
      "Is it still available?",
    );
    // A reported conversation between two people outside the world.
    const a = await createUser();
    const b = await createUser();
    const item = await createProduct(b.id, { name: reported.name });
    Object.assign(reported, { shopperId: a.id, sellerId: b.id });
    await makeConversation(reported.id, item.id, reported.name, a.id, b.id, "Pay me by bank transfer instead");
    await env.DB.prepare(
      "INSERT INTO conversation_reports (id, conversation_id, reporter_id, reason, created_at) VALUES (?, ?, ?, 'Off-platform payment', ?)",
    )
      .bind(`rep_am_${tag}`, reported.id, b.id, Date.now())
      .run();
    return {
      "/account/messages/:conversationId": `/account/messages/${conversation.id}`,
      "/admin/messages/:conversationId": `/admin/messages/${reported.id}`,
    };
  },
  actions: {
    "routes/account/conversation.tsx": {
      send: notTheirs(() => ({ intent: "send", body: "Not my conversation", token: crypto.randomUUID() })),
      block: notTheirs(() => ({ intent: "block" })),
      unblock: notTheirs(() => ({ intent: "unblock" })),
      report: notTheirs(() => ({ intent: "report", reason: "Not mine" })),
    },
    // Any signed-in user asks about someone else's item: one conversation, one message.
    "routes/account/message-new.tsx": {
      "": {
        allowed: isSignedIn,
        form: async (ctx) => {
          const item = await ctx.product();
          return { productId: item.id, body: "Does it come with the belt?", token: crypto.randomUUID() };
        },
        check: async (ctx, response, form) => {
          expect(response.status).toBe(303);
          const found = await rows(
            "SELECT c.id, (SELECT body FROM messages m WHERE m.conversation_id = c.id) AS body FROM conversations c WHERE c.shopper_id = ? AND c.product_id = ?",
            ctx.user!.id,
            form.productId,
          );
          expect(found).toHaveLength(1);
          expect(found[0]!.body).toBe("Does it come with the belt?");
          expect(response.headers.get("location")).toBe(`/account/messages/${found[0]!.id}#m1`);
        },
      },
    },
    "routes/admin/conversation.tsx": {
      suspend: {
        allowed: staffOnly,
        form: async () => ({ intent: "suspend", userId: reported.shopperId, reason: "Spam" }),
        check: async (ctx, response) => {
          redirectsTo(response, `/admin/messages/${reported.id}`);
          expect(
            await rows("SELECT suspended_by FROM message_suspensions WHERE user_id = ?", reported.shopperId),
          ).toEqual([{ suspended_by: ctx.user!.id }]);
          await env.DB.prepare("DELETE FROM message_suspensions WHERE user_id = ?").bind(reported.shopperId).run();
        },
        refused: refusedStaff,
      },
      lift_suspension: {
        allowed: staffOnly,
        form: async () => {
          // Only where the matrix's world exists (the request-gate sweeps post the form without it).
          await env.DB.prepare(
            "INSERT INTO message_suspensions (user_id, created_at) SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM users WHERE id = ?1) ON CONFLICT DO NOTHING",
          )
            .bind(reported.sellerId, Date.now())
            .run();
          return { intent: "lift_suspension", userId: reported.sellerId };
        },
        check: async (_ctx, response) => {
          redirectsTo(response, `/admin/messages/${reported.id}`);
          expect(await rows("SELECT user_id FROM message_suspensions WHERE user_id = ?", reported.sellerId)).toEqual(
            [],
          );
        },
        refused: refusedStaff,
      },
      close_report: {
        allowed: staffOnly,
        form: async () => {
          await env.DB.prepare(
            "UPDATE conversation_reports SET closed_at = NULL, closed_by = NULL WHERE conversation_id = ?",
          )
            .bind(reported.id)
            .run();
          return { intent: "close_report" };
        },
        check: async (ctx, response) => {
          redirectsTo(response, "/admin/messages");
          expect(
            await rows("SELECT closed_by FROM conversation_reports WHERE conversation_id = ?", reported.id),
          ).toEqual([{ closed_by: ctx.user!.id }]);
        },
        refused: async (ctx, response) => {
          await refusedStaff!(ctx, response);
          expect(
            await rows("SELECT closed_at FROM conversation_reports WHERE conversation_id = ?", reported.id),
          ).toEqual([{ closed_at: null }]);
        },
      },
    },
  },
};
