import type { AppContext, RequestState } from "../context";
import { offersOfConversationPart } from "../data/offers.server";
import { partyUserId } from "../data/conversations.server";
import { conversationMessagesPart, conversationPart, partyStatesPart } from "../data/conversation-page.server";
import { partySafetyPart } from "../data/conversation-safety.server";
import { markReadByLink, unreadByLinkPart } from "../data/notifications.server";
import { batchParts, partsOf } from "../data/parts.server";
import { preparedPart } from "../data/prepared.server";
import { membershipOf, messagePageLinks, messagesBefore, otherParty, type Party } from "../domain/messages";
import { markConversationSeen } from "./conversation-room.server";

const NOT_A_PARTY = { blocked: { byMe: false, byThem: false }, reported: false, suspended: false };

/**
 * What opening a conversation reads, its SQL built once per isolate (decision 0132): `before`, a
 * page of earlier messages, is absent for the latest page; `now` only dates the offers' states.
 */
export const openingPart = preparedPart(
  (db, v: { conversationId: string; userId: string; link: string; now: number; before?: number }) =>
    partsOf([
      conversationPart(db, v.conversationId),
      conversationMessagesPart(db, v.conversationId, v.before ?? null),
      partyStatesPart(db, v.conversationId),
      offersOfConversationPart(db, v.conversationId, v.now),
      partySafetyPart(db, v.conversationId, v.userId),
      unreadByLinkPart(db, v.userId, v.link),
    ] as const),
);

/**
 * Opening a conversation reads it: its messages, and the notices that told of them (decision
 * 0068), for the signed-in person of `state`; what it marked comes off the header's counts that
 * were read with the session (decision 0069). Null when there is nobody signed in or the
 * conversation is not theirs to open. The conversation and everything its page shows are read in
 * one D1 batch of reads, keyed by its id, with the reader's visit riding with it (decision 0124);
 * for someone it is not theirs, nothing read leaves here. Only when that batch found unread
 * notices of it, and the visit found the reader still signed in, are they marked read: a second
 * trip for the opening after a message, where marking was a write in every opening's batch.
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
  const link = `/account/messages/${conversationId}`;
  const values = { conversationId, userId: user.id, link, now };
  const [[conversation, page, states, offers, safetyWith, unreadNotices]] = await batchParts(app.db, [
    openingPart(app.db, asked === null ? values : { ...values, before: asked }),
  ] as const);
  const membership = conversation ? membershipOf(conversation, user.id) : null;
  if (!conversation || !membership) return null;
  // The visit rode with that batch (decision 0116): nothing is marked for a reader it no longer
  // finds (deactivated: the page is drawn again with the visit first, and asks them to sign in).
  await state.visit;
  const counted = state.user;
  if (counted?.id !== user.id) return null;
  const party: Party | null = membership.role === "party" ? membership.party : null;
  const safety = party ? safetyWith(partyUserId(conversation, otherParty(party))) : NOT_A_PARTY;
  const seenNow = party !== null && conversation.lastSeq > states[party].readSeq;
  if (seenNow) await markConversationSeen(app.env, conversation.id, party, conversation.lastSeq);
  const unreadMessages = party && states[party].unread > 0 && seenNow ? 1 : 0;
  const notices = unreadNotices > 0 ? await markReadByLink(app.db, user.id, link, now) : 0;
  // The header's counts as the visit read them, less what this opening marked.
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
