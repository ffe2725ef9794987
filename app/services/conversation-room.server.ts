import type { SendResult } from "../data/conversation-sending.server";
import { StorageUnavailable } from "../data/db.server";
import type { Party } from "../domain/messages";

// The pages' way to a conversation's Durable Object (workers/conversation.ts): a form post goes
// through the same object as a socket frame, so both views share one order (issue 26, item 3).

export function conversationRoom(env: Env, conversationId: string) {
  const namespace = env.CONVERSATIONS;
  return namespace.get(namespace.idFromName(conversationId));
}

/** Sends a message as `party` of the conversation (the caller checked the membership). */
export async function postMessage(
  env: Env,
  input: { conversationId: string; senderId: string; party: Party; text: string; token: string },
): Promise<SendResult> {
  return reach(async () => (await conversationRoom(env, input.conversationId).post(input)) as SendResult);
}

/** The object did not answer (reset, overloaded, its storage failing): the site's 503 page (decision 0072). */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StorageUnavailable("A conversation", { cause: error });
  }
}

/** The party has read the conversation up to `seq`: stored, and shown live to the other party. */
export async function markConversationSeen(env: Env, conversationId: string, party: Party, seq: number) {
  await reach(async () => {
    await conversationRoom(env, conversationId).seen(conversationId, party, seq);
  });
}
