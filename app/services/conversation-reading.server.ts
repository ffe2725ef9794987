import type { AppContext, RequestState } from "../context";
import { offersOfConversation } from "../data/offers.server";
import { conversationFor, conversationMessages, partyStates } from "../data/conversations.server";
import { markReadByLink } from "../data/notifications.server";
import type { Party } from "../domain/messages";
import { markConversationSeen } from "./conversation-room.server";

/**
 * Opening a conversation reads it: its messages, and the notices that told of them (decision
 * 0068), for the signed-in person of `state`; what it marked comes off the header's counts that
 * were read with the session (decision 0069). Null when there is nobody signed in or the
 * conversation is not theirs to open.
 */
export async function readOnOpening(app: AppContext, state: RequestState, conversationId: string) {
  const user = state.user;
  if (!user) return null;
  const found = await conversationFor(app.db, conversationId, user.id);
  if (!found) return null;
  const { conversation, membership } = found;
  const party: Party | null = membership.role === "party" ? membership.party : null;
  // With the offers made in it (issue 43 item 4), shown as cards with their answers.
  const [messages, states, offers] = await Promise.all([
    conversationMessages(app.db, conversation.id),
    partyStates(app.db, conversation.id),
    offersOfConversation(app.db, conversation.id, Date.now()),
  ]);
  const seenNow = party !== null && conversation.lastSeq > states[party].readSeq;
  const [, notices] = await Promise.all([
    seenNow ? markConversationSeen(app.env, conversation.id, party, conversation.lastSeq) : null,
    party ? markReadByLink(app.db, user.id, `/account/messages/${conversation.id}`, Date.now()) : 0,
  ]);
  if (party) {
    const unreadMessages = states[party].unread > 0 && seenNow ? 1 : 0;
    state.user = {
      ...user,
      unread: Math.max(0, (user.unread ?? 0) - notices),
      messages: Math.max(0, (user.messages ?? 0) - unreadMessages),
    };
  }
  if (seenNow)
    states[party] = { ...states[party], readSeq: conversation.lastSeq, deliveredSeq: conversation.lastSeq, unread: 0 };
  return { user, conversation, party, messages, states, seenNow, offers };
}

export type Opened = Awaited<ReturnType<typeof readOnOpening>>;
