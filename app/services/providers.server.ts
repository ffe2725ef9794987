import type { AppConfig } from "../env.server";
import type { NotificationMessage } from "../domain/queue-messages";

type EmailMessage = Extract<NotificationMessage, { type: "email" }>;
type MarketingMessage = Extract<NotificationMessage, { type: "marketing" }>;
/** An e-mail as it is sent: the message, its HTML part and its extra headers (app/services/email-render.server.tsx). */
export type RenderedEmail = EmailMessage & { html?: string; headers?: Record<string, string> };

export interface EmailProvider {
  readonly name: string;
  send(message: RenderedEmail): Promise<void>;
}

export interface MarketingProvider {
  readonly name: string;
  call(message: MarketingMessage): Promise<void>;
}

// Without provider keys the outbox row the consumer writes is the delivery: a developer reads
// it on the local outbox page. Nothing leaves the machine.
const localOutbox = { name: "local-outbox", send: async () => {}, call: async () => {} };

export function emailProvider(config: AppConfig, fetcher: typeof fetch = fetch): EmailProvider {
  if (!config.EMAIL_API_KEY || !config.EMAIL_API_URL) return localOutbox;
  const url = config.EMAIL_API_URL;
  const key = config.EMAIL_API_KEY;
  return {
    name: "http-email",
    async send(message) {
      const response = await fetcher(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          "idempotency-key": message.key,
        },
        body: JSON.stringify({
          from: config.EMAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          // Both parts, and the unsubscribe headers of marketing and alert e-mails (issue 23).
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        }),
      });
      if (!response.ok) throw new Error(`E-mail API answered ${response.status}`);
    },
  };
}

export function marketingProvider(config: AppConfig, fetcher: typeof fetch = fetch): MarketingProvider {
  if (!config.BREVO_API_KEY) return localOutbox;
  const base = config.BREVO_API_URL.replace(/\/$/, "");
  const key = config.BREVO_API_KEY;
  const post = async (path: string, body: unknown) => {
    const response = await fetcher(`${base}${path}`, {
      method: "POST",
      headers: { "api-key": key, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    // 400 "duplicate_parameter" means the contact exists already: not a failure to retry.
    if (!response.ok && response.status !== 400) {
      throw new Error(`Marketing API answered ${response.status}`);
    }
  };
  return {
    name: "brevo",
    async call(message) {
      if (message.action === "create_contact") {
        const { email, firstName, lastName, tags, customProperties } = message.data;
        await post("/contacts", {
          email,
          attributes: { FIRSTNAME: firstName, LASTNAME: lastName, ...customProperties, TAGS: tags.join(",") },
          updateEnabled: true,
        });
      } else if (message.action === "update_contact") {
        // Brevo: a contact who unsubscribed is blacklisted for e-mail campaigns.
        await post("/contacts", {
          email: message.data.email,
          emailBlacklisted: message.data.unsubscribed,
          updateEnabled: true,
        });
      } else if (message.action === "delete_contact") {
        // A deleted account: its contact goes too (404, already gone, is not a failure to retry).
        const response = await fetcher(`${base}/contacts/${encodeURIComponent(message.data.email)}`, {
          method: "DELETE",
          headers: { "api-key": key },
        });
        if (!response.ok && response.status !== 404) throw new Error(`Marketing API answered ${response.status}`);
      } else {
        const { email, eventName, eventProperties } = message.data;
        await post("/events", {
          event_name: eventName,
          identifiers: { email_id: email },
          event_properties: eventProperties,
        });
      }
    },
  };
}
