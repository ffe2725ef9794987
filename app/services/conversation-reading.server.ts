import type { AppContext, RequestState } from "../context";
import { offersOfConversationPart } from "../data/offers.server";
import { conversationFor, partyUserId } from "../data/conversations.server";
import { conversationMessagesPart, partyStatesPart } from "../data/conversation-page.server";
import { partySafetyPart } from "../data/conversation-safety.server";
import { markReadByLinkPart } from "../data/notifications.server";
import { batchParts, valuePart } from "../data/parts.server";
import { messagePageLinks, messagesBefore, otherParty, type Party } from "../domain/messages";
import { markConversationSeen } from "./conversation-room.server";

const NOT_A_PARTY = { blocked: { byMe: false, byThem: false }, reported: false, suspended: false };

/**
 * Opening a conversation reads it: its messages, and the notices that told of them (decision
 * 0068), for the signed-in person of `state`; what it marked comes off the header's counts that
 * were read with the session (decision 0069). Null when there is nobody signed in or the
 * conversation is not theirs to open. After finding it, everything the page shows is read (and
 * its notices marked) in one D1 batch.
 */
export async function readOnOpening(
  app: AppContext,
  state: RequestState,
  conversationId: string,
  requestedBefore: string | null = null,
) {
  const user = state.user;
  if (!user) return null;
  const found = await conversationFor(app.db, conversationId, user.id);
  if (!found) return null;
  const { conversation, membership } = found;
  const party: Party | null = membership.role === "party" ? membership.party : null;
  const now = Date.now();
  // A page of its messages: the latest, or earlier ones (decision 0112).
  const before = messagesBefore(requestedBefore, conversation.lastSeq);
  // With the offers made in it (issue 43 item 4), shown as cards with their answers.
  const [page, states, offers, safety, notices] = await batchParts(app.db, [
    conversationMessagesPart(app.db, conversation.id, before),
    partyStatesPart(app.db, conversation.id),
    offersOfConversationPart(app.db, conversation.id, now),
    party
      ? partySafetyPart(app.db, conversation.id, user.id, partyUserId(conversation, otherParty(party)))
      : valuePart(NOT_A_PARTY),
    party ? markReadByLinkPart(app.db, user.id, `/account/messages/${conversation.id}`, now) : valuePart(0),
  ] as const);
  const seenNow = party !== null && conversation.lastSeq > states[party].readSeq;
  if (seenNow) await markConversationSeen(app.env, conversation.id, party, conversation.lastSeq);
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
  const pages = messagePageLinks(page.messages, page.more, before, conversation.lastSeq);
  return { user, conversation, party, messages: page.messages, pages, states, seenNow, offers, ...safety };
}

export type Opened = Awaited<ReturnType<typeof readOnOpening>>;
