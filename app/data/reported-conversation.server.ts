import { sql } from "drizzle-orm";
import { conversationReports } from "../../db/schema";
import { auditStatement, isGuardFailure } from "./audit.server";
import { conversationFrom, conversationStatement, messagesFrom, messagesStatement } from "./conversations.server";
import { reportsStatement, suspendedPartiesStatement, type ConversationReport } from "./conversation-safety.server";
import type { Database } from "./db.server";

// A reported conversation as staff read it (issue 26 item 5), in one D1 batch (issue 47 item 3;
// decision 0106): the conversation, its reports, its latest messages, which of its senders are
// suspended, and the read written to the audit log. The audit row is the batch's guard: its
// target is the conversation only while it has a report, so a conversation never reported reads
// as missing (null) and nothing is written.

/** The conversation with what staff see of it, or null when it was never reported (or does not exist). */
export async function readReportedConversation(
  db: Database,
  conversationId: string,
  staffId: string,
  now: number,
  messageLimit: number,
) {
  const reported = sql`(select ${conversationReports.conversationId} from ${conversationReports} where ${conversationReports.conversationId} = ${conversationId} limit 1)`;
  const audit = auditStatement(
    db,
    { actorId: staffId, action: "conversation.read", targetType: "conversation", targetId: reported },
    now,
  ).toSQL();
  try {
    const [conversation, reports, messages, suspended] = await db.$client.batch<Record<string, unknown>>([
      conversationStatement(db, conversationId),
      reportsStatement(db, conversationId),
      messagesStatement(db, conversationId, messageLimit),
      suspendedPartiesStatement(db, conversationId),
      db.$client.prepare(audit.sql).bind(...audit.params),
    ]);
    const view = conversationFrom(conversation?.results ?? []);
    if (!view) return null;
    return {
      conversation: view,
      reports: (reports?.results ?? []) as unknown as ConversationReport[],
      messages: messagesFrom(messages?.results ?? []),
      suspended: new Set((suspended?.results ?? []).map((row) => String(row.user_id))),
    };
  } catch (error) {
    if (isGuardFailure(error)) return null;
    throw error;
  }
}
