import { DurableObject } from "cloudflare:workers";
import { conversationById, markDelivered, markSeen, partyStates, partyUserId } from "../app/data/conversations.server";
import {
  insertMessage,
  markEmailed,
  recipientOf,
  sendingContext,
  type SendResult,
} from "../app/data/conversation-sending.server";
import { database } from "../app/data/db.server";
import {
  mailPreview,
  otherParty,
  parseClientFrame,
  rateLimitReason,
  readUpTo,
  rateWindowsSince,
  shouldNotify,
  TOKEN_EXPIRED,
  validMessage,
  validToken,
  type MessageView,
  type Party,
} from "../app/domain/messages";
import { appConfig } from "../app/env.server";
import { onFirstUse } from "../app/services/per-isolate";

// One Durable Object per conversation (issue 26; docs/decisions/0054-live-conversations.md). It is
// the order of the conversation's messages: every message, from a socket frame or a form post,
// is given its sequence number here, one at a time, and written to D1 (the inbox, the export and
// moderation read it there). Sockets use the WebSocket Hibernation API: the object may leave
// memory while its sockets stay open; each socket carries who it belongs to in its attachment.
// The Worker checks the session, the membership and the Origin before it forwards an upgrade
// (workers/live.ts); the object trusts the member it is told of, and nothing else reaches it.

/** Who a socket belongs to. A reader (a concierge item's owner) receives but cannot send. */
export interface SocketMember {
  userId: string;
  party: Party | "reader";
}

/** What the object sends to a socket. */
export type ServerFrame =
  | { type: "message"; message: MessageView; token: string | null }
  | { type: "state"; party: Party; readSeq: number; deliveredSeq: number }
  | { type: "error"; token: string | null; error: string };

const MEMBER_HEADER = "x-closetloop-member";

// The e-mail to an absent party goes through the notifications (and their tables): loaded at the
// first one, not when the Worker starts (decision 0096).
const notifications = onFirstUse(() => import("../app/services/notify.server"));

export class ConversationRoom extends DurableObject<Env> {
  /** The last sequence number given, read from D1 on the first message after the object (re)starts. */
  private lastSeq: number | null = null;
  /** Sends happen one at a time: the order is the order of this chain. */
  private queue: Promise<unknown> = Promise.resolve();

  private get db() {
    return database(this.env.DB);
  }

  /** A WebSocket upgrade the Worker authorized: the member comes in a header only the Worker sets. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    let member: SocketMember;
    try {
      member = JSON.parse(request.headers.get(MEMBER_HEADER) ?? "") as SocketMember;
    } catch {
      return new Response("Forbidden", { status: 403 });
    }
    if (typeof member?.userId !== "string" || !["shopper", "handler", "reader"].includes(member.party))
      return new Response("Forbidden", { status: 403 });
    const conversationId = new URL(request.url).searchParams.get("conversation") ?? "";
    await this.ctx.storage.put("conversationId", conversationId);
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, [member.party]);
    server.serializeAttachment(member satisfies SocketMember);
    // A party who opened the conversation has received everything in it.
    if (member.party !== "reader") {
      const c = await conversationById(this.db, conversationId);
      if (c && c.lastSeq > 0) {
        await markDelivered(this.db, conversationId, member.party, c.lastSeq);
        await this.broadcastStates(conversationId);
      }
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    try {
      const parsed = parseClientFrame(raw);
      if (!parsed.ok) return this.closeSocket(ws, parsed.code, parsed.reason);
      const member = ws.deserializeAttachment() as SocketMember | null;
      const conversationId = await this.ctx.storage.get<string>("conversationId");
      if (!member || !conversationId) return this.closeSocket(ws, 1011, "Conversation unknown");
      if (member.party === "reader") {
        if (parsed.frame.type === "send")
          this.sendTo(ws, {
            type: "error",
            token: parsed.frame.token,
            error: "You can read this conversation but not write in it",
          });
        return;
      }
      if (parsed.frame.type === "read") return await this.seen(conversationId, member.party, parsed.frame.seq);
      const result = await this.post({
        conversationId,
        senderId: member.userId,
        party: member.party,
        text: parsed.frame.text,
        token: parsed.frame.token,
      });
      if (!result.ok) this.sendTo(ws, { type: "error", token: parsed.frame.token, error: result.error });
      else if (result.replay) this.sendTo(ws, { type: "message", message: result.message, token: parsed.frame.token });
    } catch (error) {
      // Never let a frame take the object down: the socket is told, the object lives on.
      console.error("conversation: a frame failed", error);
      this.sendTo(ws, { type: "error", token: null, error: "Your message could not be sent. Try again." });
    }
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string) {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
  }

  async webSocketError(ws: WebSocket, error: unknown) {
    console.error("conversation: socket error", error);
  }

  /**
   * A party opened the conversation's page, or its socket said so: everything up to `seq` (and no
   * further than the last message written) is read, and the other party sees it live.
   */
  async seen(conversationId: string, party: Party, seq: number) {
    const conversation = await conversationById(this.db, conversationId);
    if (!conversation) return;
    await markSeen(this.db, conversationId, party, readUpTo(seq, conversation.lastSeq));
    await this.broadcastStates(conversationId);
  }

  /**
   * Sends a message (a form post through the Worker, or a socket frame): validated, checked
   * against blocks, suspensions and the sender's limits, given the next sequence number and
   * written to D1, then pushed to every open socket. A token sent again returns the message it
   * made the first time.
   */
  post(input: {
    conversationId: string;
    senderId: string;
    party: Party;
    text: string;
    token: string;
  }): Promise<SendResult> {
    const run = this.queue.then(() => this.postNow(input));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async postNow(input: {
    conversationId: string;
    senderId: string;
    party: Party;
    text: string;
    token: string;
  }): Promise<SendResult> {
    const token = validToken(input.token);
    if (!token) return { ok: false, status: 400, error: TOKEN_EXPIRED };
    const valid = validMessage(input.text);
    if (!valid.ok) return { ok: false, status: 400, error: valid.error };
    const db = this.db;
    const conversation = await conversationById(db, input.conversationId);
    if (!conversation) return { ok: false, status: 404, error: "Conversation not found" };
    await this.ctx.storage.put("conversationId", input.conversationId);
    const other = otherParty(input.party);
    const otherUserId = partyUserId(conversation, other);
    const now = Date.now();
    const context = await sendingContext(
      db,
      input.conversationId,
      input.senderId,
      otherUserId,
      token,
      rateWindowsSince(now),
    );
    if (context.replay) return { ok: true, message: context.replay, replay: true };
    if (context.suspended)
      return { ok: false, status: 403, error: "Your messages are suspended. Contact customer support." };
    if (!context.itemExists)
      return { ok: false, status: 409, error: "This item was deleted: the conversation is closed." };
    if (context.blocked || !otherUserId)
      return { ok: false, status: 403, error: "You can't send messages in this conversation." };
    const { MESSAGES_PER_MINUTE: perMinute, MESSAGES_PER_DAY: perDay } = this.env as {
      MESSAGES_PER_MINUTE?: string;
      MESSAGES_PER_DAY?: string;
    };
    const limited = rateLimitReason(context.sent, {
      perMinute: perMinute ? Number(perMinute) : undefined,
      perDay: perDay ? Number(perDay) : undefined,
    });
    if (limited) return { ok: false, status: 429, error: limited };
    const seq = Math.max(this.lastSeq ?? 0, context.lastSeq ?? 0) + 1;
    const message: MessageView = {
      id: `msg_${crypto.randomUUID().replace(/-/g, "").slice(0, 20)}`,
      seq,
      party: input.party,
      body: valid.text,
      createdAt: now,
      deleted: false,
    };
    await insertMessage(db, { ...message, conversationId: input.conversationId, senderId: input.senderId, token, now });
    this.lastSeq = seq;
    this.broadcast({ type: "message", message, token });
    // The other party has it on screen: delivered at once, and no notice needed.
    const onScreen = this.ctx.getWebSockets(other).length > 0;
    const states = await partyStates(db, input.conversationId);
    if (onScreen) {
      await markDelivered(db, input.conversationId, other, seq);
      states[other].deliveredSeq = seq;
    } else if (shouldNotify({ emailedAt: states[other].emailedAt, unreadBefore: states[other].unread - 1 }, now)) {
      await markEmailed(db, input.conversationId, other, now);
      this.ctx.waitUntil(
        this.tell(
          otherUserId,
          conversation.id,
          input.party === "shopper" ? conversation.shopperName : conversation.handlerName,
          conversation.productName,
          valid.text,
          now,
        ),
      );
    }
    void this.broadcastStates(input.conversationId, states);
    return { ok: true, message, replay: false };
  }

  private async tell(
    userId: string,
    conversationId: string,
    fromName: string,
    productName: string,
    text: string,
    now: number,
  ) {
    const to = await recipientOf(this.db, userId);
    if (!to) return;
    const preview = mailPreview(text, new URL(appConfig(this.env).siteUrl).hostname);
    await (
      await notifications()
    ).notify({ env: this.env, config: appConfig(this.env) }, [
      {
        key: `message:${conversationId}:${userId}:${now}`,
        kind: "message_received",
        userId,
        to: to.email,
        title: `New message from ${fromName} about ${productName}`,
        text: `Hello ${to.fullName ?? "there"},\n\n${fromName} wrote about ${productName}:\n\n${preview}`,
        link: `/account/messages/${conversationId}`,
        action: "Reply",
      },
    ]);
  }

  private async broadcastStates(conversationId: string, known?: Awaited<ReturnType<typeof partyStates>>) {
    const states = known ?? (await partyStates(this.db, conversationId));
    for (const party of ["shopper", "handler"] as const)
      this.broadcast({
        type: "state",
        party,
        readSeq: states[party].readSeq,
        deliveredSeq: states[party].deliveredSeq,
      });
  }

  private broadcast(frame: ServerFrame) {
    const text = JSON.stringify(frame);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        // A socket closing as we send: it is gone.
      }
    }
  }

  private sendTo(ws: WebSocket, frame: ServerFrame) {
    try {
      ws.send(JSON.stringify(frame));
    } catch {
      // Closed.
    }
  }

  private closeSocket(ws: WebSocket, code: number, reason: string) {
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
  }
}

/** Forwards an authorized upgrade to the conversation's object. */
export function forwardUpgrade(env: Env, request: Request, conversationId: string, member: SocketMember) {
  const headers = new Headers(request.headers);
  headers.set(MEMBER_HEADER, JSON.stringify(member));
  const url = new URL(request.url);
  url.search = `?conversation=${encodeURIComponent(conversationId)}`;
  const namespace = env.CONVERSATIONS;
  return namespace.get(namespace.idFromName(conversationId)).fetch(new Request(url, { headers }));
}
