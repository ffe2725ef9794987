import { desc, eq } from "drizzle-orm";
import { conversationReads, messages } from "../../db/schema";
import type { MessageView, Party } from "../domain/messages";
import { messagesFrom, statesFrom, type PartyState } from "./conversations.server";
import type { Database } from "./db.server";
import { mapPart, rowsPart, type Part } from "./parts.server";

// A conversation's page reads in one batch (issue 47): its latest messages and both parties' read
// states as parts of it. Apart from conversations.server.ts, which the conversations' Durable
// Object imports where the Worker starts: these need the tables, which load with the pages.

/** The latest messages of a conversation (at most `limit`), oldest first. */
export function conversationMessagesPart(db: Database, conversationId: string, limit = 200): Part<MessageView[]> {
  const query = db
    .select({
      id: messages.id,
      seq: messages.seq,
      party: messages.senderParty,
      body: messages.body,
      createdAt: messages.createdAt,
      deletedAt: messages.deletedAt,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.seq))
    .limit(limit);
  return mapPart(rowsPart(query), (rows) => messagesFrom(rows.reverse()));
}

/** Each party's read state. */
export function partyStatesPart(db: Database, conversationId: string): Part<Record<Party, PartyState>> {
  const query = db
    .select({
      party: conversationReads.party,
      read_seq: conversationReads.readSeq,
      delivered_seq: conversationReads.deliveredSeq,
      unread: conversationReads.unread,
      emailed_at: conversationReads.emailedAt,
    })
    .from(conversationReads)
    .where(eq(conversationReads.conversationId, conversationId));
  return mapPart(rowsPart(query), statesFrom);
}
