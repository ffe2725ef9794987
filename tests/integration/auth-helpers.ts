import { env } from "cloudflare:workers";
import { eventually } from "./factories";

// The account e-mails' test setup, shared by auth.test.ts and auth-password-reset.test.ts: the
// latest e-mail of a kind to an address (waited for, as the queue delivers it), and its link.

export async function outbox(recipient: string, kind: string) {
  return eventually(() =>
    env.DB.prepare(
      "SELECT subject, body, payload FROM notification_outbox WHERE recipient = ? AND kind = ? ORDER BY created_at DESC",
    )
      .bind(recipient, kind)
      .first<{ subject: string | null; body: string | null; payload: string }>(),
  );
}

export const linkIn = (body: string) => new URL(body.match(/https?:\/\/\S+/)![0]);
