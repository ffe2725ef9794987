import { Hono } from "hono";
import { conversationFor } from "../app/data/conversations.server";
import { database } from "../app/data/db.server";
import { appConfig } from "../app/env.server";
import { readSession } from "../app/services/session.server";
import { loadSessionUser } from "../app/data/visit.server";
import { forwardUpgrade } from "./conversation";

// The live path of a conversation (issue 26; docs/decisions/0054-live-conversations.md):
// GET /account/messages/:id/live upgrades to a WebSocket on the conversation's Durable Object,
// only for a signed-in member of the conversation, and only from this site's own pages (the
// Origin must be ours: a browser sends the cookie with a cross-site upgrade too). Everything is
// checked here, before the object accepts the socket.

export const live = new Hono<{ Bindings: Env }>();

const refuse = (status: number, reason: string) =>
  new Response(reason, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

live.get("/account/messages/:id/live", async (c) => {
  const request = c.req.raw;
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return refuse(426, "Expected a WebSocket upgrade");
  const origin = request.headers.get("origin");
  if (!origin || origin !== new URL(request.url).origin) return refuse(403, "Cross-site connection refused");
  const env = c.env;
  const app = { env, config: appConfig(env), ctx: c.executionCtx as ExecutionContext, db: database(env.DB) };
  const session = await readSession(request, app);
  const visit = session ? await loadSessionUser(app.db, session.stored.userId) : null;
  if (!visit) return refuse(401, "Sign in to see your messages");
  const id = c.req.param("id");
  const found = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await conversationFor(app.db, id, visit.user.id) : null;
  if (!found) return refuse(404, "Conversation not found");
  const party = found.membership.role === "party" ? found.membership.party : "reader";
  return forwardUpgrade(env, request, id, { userId: visit.user.id, party });
});
