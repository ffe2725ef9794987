import type { AppContext, RequestState } from "../context";
import { offersOfConversationPart } from "../data/offers.server";
import { partyUserId } from "../data/conversations.server";
import { conversationMessagesPart, conversationPart, partyStatesPart } from "../data/conversation-page.server";
import { partySafetyPart } from "../data/conversation-safety.server";
import { markReadByLinkPart } from "../data/notifications.server";
import { batchParts } from "../data/parts.server";
import { membershipOf, messagePageLinks, messagesBefore, otherParty, type Party } from "../domain/messages";
import { markConversationSeen } from "./conversation-room.server";

const NOT_A_PARTY = { blocked: { byMe: false, byThem: false }, reported: false, suspended: false };

/**
 * Opening a conversation reads it: its messages, and the notices that told of them (decision
 * 0068), for the signed-in person of `state`; what it marked comes off the header's counts that
 * were read with the session (decision 0069). Null when there is nobody signed in or the
 * conversation is not theirs to open. The conversation and everything its page shows are read (and
 * the reader's notices of it marked) in one D1 batch, keyed by its id; for someone it is not
 * theirs, nothing read leaves here (and they have no notices of it to mark).
 */
export async function readOnOpening(
  app: AppContext,
  state: RequestState,
  conversationId: string,
  requestedBefore: string | null = null,
) {
  const user = state.user;
  if (!user) return null;
  const now = Date.now();
  // A page of its messages: the latest, or earlier ones (decision 0112).
  const asked = messagesBefore(requestedBefore, Number.MAX_SAFE_INTEGER);
  // With the offers made in it (issue 43 item 4), shown as cards with their answers.
  const [conversation, page, states, offers, safetyWith, notices] = await batchParts(app.db, [
    conversationPart(app.db, conversationId),
    conversationMessagesPart(app.db, conversationId, asked),
    partyStatesPart(app.db, conversationId),
    offersOfConversationPart(app.db, conversationId, now),
    partySafetyPart(app.db, conversationId, user.id),
    markReadByLinkPart(app.db, user.id, `/account/messages/${conversationId}`, now),
  ] as const);
  const membership = conversation ? membershipOf(conversation, user.id) : null;
  if (!conversation || !membership) return null;
  const party: Party | null = membership.role === "party" ? membership.party : null;
  const safety = party ? safetyWith(partyUserId(conversation, otherParty(party))) : NOT_A_PARTY;
  const seenNow = party !== null && conversation.lastSeq > states[party].readSeq;
  if (seenNow) await markConversationSeen(app.env, conversation.id, party, conversation.lastSeq);
  const unreadMessages = party && states[party].unread > 0 && seenNow ? 1 : 0;
  // The header's counts as the visit read them (it may ride with a batch: decision 0116).
  await state.visit;
  const counted = state.user ?? user;
  state.user = {
    ...counted,
    unread: Math.max(0, (counted.unread ?? 0) - notices),
    messages: Math.max(0, (counted.messages ?? 0) - unreadMessages),
  };
  if (seenNow)
    states[party] = { ...states[party], readSeq: conversation.lastSeq, deliveredSeq: conversation.lastSeq, unread: 0 };
  // A `before` past its last message asked for the latest page (it read the same messages).
  const before = messagesBefore(requestedBefore, conversation.lastSeq);
  const pages = messagePageLinks(page.messages, page.more, before, conversation.lastSeq);
  return { user, conversation, party, messages: page.messages, pages, states, seenNow, offers, ...safety };
}

export type Opened = Awaited<ReturnType<typeof readOnOpening>>;
