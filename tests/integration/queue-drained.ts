import { env } from "cloudflare:workers";
import { eventually } from "./factories";

/**
 * Waits until the notifications queue has delivered everything sent before the call (issue 42
 * item 8): a marker message goes in last and the wait ends when the consumer has recorded it.
 * The queue hands messages to the consumer in the order they were sent, a batch at a time (up to
 * 10 messages or 1 s), and the consumer works through a batch in order, so once the marker is in
 * the outbox every message before it has had its turn. A check that nothing arrived then reads
 * the outcome, not a moment chosen by a fixed sleep.
 */
export async function queueDrained(timeoutMs = 10_000) {
  const marker = `drained-${crypto.randomUUID()}@example.test`;
  await env.NOTIFICATIONS.send(
    {
      key: `test:drained:${marker}`,
      type: "email",
      kind: "order_status_changed",
      to: marker,
      subject: "Queue drained",
      text: "A test's marker: every message sent before it was delivered.",
    },
    { contentType: "json" },
  );
  await eventually(
    () => env.DB.prepare("SELECT 1 AS one FROM notification_outbox WHERE recipient = ?").bind(marker).first(),
    timeoutMs,
  );
}
