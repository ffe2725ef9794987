import { and, desc, eq, lt } from "drizzle-orm";
import { conversationReads, messages } from "../../db/schema";
import { CONVERSATION_PAGE, type MessageView, type Party } from "../domain/messages";
import {
  CONVERSATION_BY_ID,
  conversationFrom,
  messagesFrom,
  statesFrom,
  type ConversationView,
  type PartyState,
} from "./conversations.server";
import type { Database } from "./db.server";
import { mapPart, rowsPart, type Part } from "./parts.server";
import { sqlPart } from "./prepared.server";

// A conversation's page reads in one batch (issue 47): its latest messages and both parties' read
// states as parts of it. Apart from conversations.server.ts, which the conversations' Durable
// Object imports where the Worker starts: these need the tables, which load with the pages.

/** A conversation by id as a part of its page's batch (null when there is none). */
export const conversationPart = (db: Database, id: string): Part<ConversationView | null> =>
  mapPart(sqlPart<Record<string, unknown>>(db, CONVERSATION_BY_ID, [id]), (rows) => conversationFrom(rows));

/**
 * A page of a conversation's messages, oldest first: the latest `limit`, or the latest before
 * message `before`; `more` when there are earlier ones (decision 0112).
 */
export function conversationMessagesPart(
  db: Database,
  conversationId: string,
  before: number | null,
  limit = CONVERSATION_PAGE,
): Part<{ messages: MessageView[]; more: boolean }> {
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
    .where(
      before === null
        ? eq(messages.conversationId, conversationId)
        : and(eq(messages.conversationId, conversationId), lt(messages.seq, before)),
    )
    .orderBy(desc(messages.seq))
    .limit(limit + 1);
  return mapPart(rowsPart(query), (rows) => ({
    messages: messagesFrom(rows.slice(0, limit).reverse()),
    more: rows.length > limit,
  }));
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
