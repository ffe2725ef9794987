import type { QueueMessage } from "../domain/queue-messages";

/** Puts messages on the NOTIFICATIONS queue in order; the consumer delivers each key once. */
export async function enqueue(env: Env, messages: QueueMessage[]) {
  if (messages.length === 0) return;
  await env.NOTIFICATIONS.sendBatch(messages.map((body) => ({ body, contentType: "json" })));
}
