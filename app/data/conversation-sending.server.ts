import type { MessageView, Party } from "../domain/messages";
import type { Database } from "./db.server";

// Sending a message (issue 26; docs/decisions/0053-conversations.md), called by the conversation's
// Durable Object only (workers/conversation.ts): the only writer of `messages`.

type Row = Record<string, unknown>;

export type SendResult =
  | { ok: true; message: MessageView; replay: boolean }
  | { ok: false; status: 400 | 403 | 404 | 409 | 429; error: string };

/** What sending checks before it writes: the conversation, blocks, a suspension, the sender's recent messages, a replayed token. */
export async function sendingContext(
  db: Database,
  conversationId: string,
  senderId: string,
  otherUserId: string | null,
  token: string,
  since: readonly number[],
) {
  const [conversation, blocked, suspended, counts, replay] = await db.$client.batch([
    db.$client
      .prepare(
        "SELECT c.last_seq AS lastSeq, (p.id IS NOT NULL) AS itemExists FROM conversations c LEFT JOIN products p ON p.id = c.product_id WHERE c.id = ?1",
      )
      .bind(conversationId),
    db.$client
      .prepare(
        "SELECT 1 AS yes FROM message_blocks WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 AND blocked_id = ?1) LIMIT 1",
      )
      .bind(senderId, otherUserId),
    db.$client.prepare("SELECT 1 AS yes FROM message_suspensions WHERE user_id = ?1").bind(senderId),
    db.$client
      .prepare(
        `SELECT ${since.map((_, i) => `(SELECT count(*) FROM messages WHERE sender_id = ?1 AND created_at > ?${i + 2}) AS w${i}`).join(", ")}`,
      )
      .bind(senderId, ...since),
    db.$client
      .prepare(
        "SELECT id, seq, sender_party AS party, body, created_at AS createdAt FROM messages WHERE conversation_id = ?1 AND client_token = ?2",
      )
      .bind(conversationId, token),
  ]);
  const c = conversation?.results[0] as { lastSeq: number; itemExists: number } | undefined;
  const countRow = (counts?.results[0] ?? {}) as Record<string, number>;
  const r = replay?.results[0] as Row | undefined;
  return {
    lastSeq: c ? Number(c.lastSeq) : null,
    itemExists: Boolean(c?.itemExists),
    blocked: (blocked?.results.length ?? 0) > 0,
    suspended: (suspended?.results.length ?? 0) > 0,
    sent: since.map((_, i) => Number(countRow[`w${i}`] ?? 0)),
    replay: r
      ? ({
          id: String(r.id),
          seq: Number(r.seq),
          party: r.party as Party,
          body: String(r.body),
          createdAt: Number(r.createdAt),
          deleted: false,
        } satisfies MessageView)
      : null,
  };
}

/** Writes a message with the sequence its Durable Object gave it, moves the conversation on and counts it unread for the other party. */
export async function insertMessage(
  db: Database,
  m: {
    id: string;
    conversationId: string;
    seq: number;
    senderId: string;
    party: Party;
    body: string;
    token: string;
    now: number;
  },
) {
  const other = m.party === "shopper" ? "handler" : "shopper";
  await db.$client.batch([
    db.$client
      .prepare(
        "INSERT INTO messages (id, conversation_id, seq, sender_id, sender_party, body, client_token, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
      )
      .bind(m.id, m.conversationId, m.seq, m.senderId, m.party, m.body, m.token, m.now),
    db.$client
      .prepare("UPDATE conversations SET last_seq = max(last_seq, ?2), last_message_at = ?3 WHERE id = ?1")
      .bind(m.conversationId, m.seq, m.now),
    db.$client
      .prepare(
        "UPDATE conversation_reads SET read_seq = max(read_seq, ?3), delivered_seq = max(delivered_seq, ?3), unread = 0 WHERE conversation_id = ?1 AND party = ?2",
      )
      .bind(m.conversationId, m.party, m.seq),
    db.$client
      .prepare("UPDATE conversation_reads SET unread = unread + 1 WHERE conversation_id = ?1 AND party = ?2")
      .bind(m.conversationId, other),
  ]);
}

/** Records that the recipient was told of the conversation now (the 15-minute throttle). */
export async function markEmailed(db: Database, conversationId: string, party: Party, now: number) {
  await db.$client
    .prepare("UPDATE conversation_reads SET emailed_at = ?3 WHERE conversation_id = ?1 AND party = ?2")
    .bind(conversationId, party, now)
    .run();
}

/** The recipient's address and name, for their notice. */
export async function recipientOf(db: Database, userId: string) {
  return (
    (await db.$client
      .prepare("SELECT email, full_name AS fullName FROM users WHERE id = ?1")
      .bind(userId)
      .first<{ email: string; fullName: string | null }>()) ?? null
  );
}
