import type { SendResult } from "../data/conversations.server";
import type { Party } from "../domain/messages";

// The pages' way to a conversation's Durable Object (workers/conversation.ts): a form post goes
// through the same object as a socket frame, so both views share one order (issue 26, item 3).

export function conversationRoom(env: Env, conversationId: string) {
  const namespace = env.CONVERSATIONS;
  return namespace.get(namespace.idFromName(conversationId));
}

/** Sends a message as `party` of the conversation (the caller checked the membership). */
export async function postMessage(env: Env, input: { conversationId: string; senderId: string; party: Party; text: string; token: string }): Promise<SendResult> {
  return (await conversationRoom(env, input.conversationId).post(input)) as SendResult;
}

/** The party has read the conversation up to `seq`: stored, and shown live to the other party. */
export async function markConversationSeen(env: Env, conversationId: string, party: Party, seq: number) {
  await conversationRoom(env, conversationId).seen(conversationId, party, seq);
}
