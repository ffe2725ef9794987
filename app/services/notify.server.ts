import { eq } from "drizzle-orm";
import { notifications, users } from "../../db/schema";
import { emailOffQuery } from "./preferences.server";
import type { Database } from "../data/db.server";
import { categoryOf, emails, type NoticeKind } from "../domain/notifications";
import type { AppConfig } from "../env.server";
import type { NotificationMessage, QueueMessage } from "../domain/queue-messages";

type EmailMessage = Extract<NotificationMessage, { type: "email" }>;
import { siteLink } from "./links.server";
import { enqueue } from "./notifications.server";

// The one notification service (issue 23, item 1). Every feature tells a person of an event with
// notify(): one queue message per person and event, keyed by the event. The queue consumer then,
// in one place (noticeDelivery), writes the person's notification (once per key: a redelivered
// message or a replayed action notifies once) and e-mails them only where their preference for
// the event's category allows (orders and rentals always). People without an account (a store
// applicant, a newsletter subscriber) get the e-mail only.

type EmailKind = EmailMessage["kind"];

export interface Notice {
  /** The event, unique per person: `product:{id}:approved`. */
  key: string;
  kind: NoticeKind & EmailKind;
  /** The account it concerns, or null for someone without one (then `to` is their address). */
  userId: string | null;
  to: string;
  /** The headline: the notification's title and the e-mail's subject. */
  title: string;
  /** The e-mail's subject, where it says more than the title ('Your Closetloop order order_…'). */
  subject?: string;
  /** What happened and what to do next: the notification's text and the e-mail's body. */
  text: string;
  /** The page it is about (a path on this site): the notification links to it, the e-mail's button too. */
  link: string;
  /** The e-mail button's label ('View your product'); an e-mail without one has no button. */
  action?: string;
}

/** A notice as the queue message the consumer delivers. */
export function noticeMessage(config: Pick<AppConfig, "siteUrl">, notice: Notice): EmailMessage {
  return {
    key: notice.key,
    type: "email",
    kind: notice.kind,
    to: notice.to,
    subject: notice.subject ?? notice.title,
    text: notice.text,
    category: categoryOf(notice.kind),
    ...(notice.action ? { cta: { label: notice.action, url: siteLink(config, notice.link) } } : {}),
    ...(notice.userId ? { userId: notice.userId } : {}),
    title: notice.title,
    link: notice.link,
  };
}

/** Tells each person of their event: queued, so the action that caused it never waits or fails for it. */
export async function notify(app: { env: Env; config: Pick<AppConfig, "siteUrl"> }, notices: readonly Notice[]) {
  const messages: QueueMessage[] = notices.map((n) => noticeMessage(app.config, n));
  try {
    await enqueue(app.env, messages);
  } catch (error) {
    console.error(
      "notify: could not queue",
      notices.map((n) => n.key),
      error,
    );
  }
}

/** An e-mail's text for the notification centre: without the greeting and the link lines (the notification links itself). */
export function noticeBody(text: string) {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p && !/^(hello|hi|dear)\b[^\n]*,$/i.test(p) && !/https?:\/\//.test(p));
  const body = paragraphs.join("\n\n") || text.trim();
  return body.length > 500 ? `${body.slice(0, 499)}…` : body;
}

/**
 * At delivery of an e-mail message: the person's notification is written (once per event key;
 * nothing for a message without an account, or whose account is gone), then whether it is
 * e-mailed: 'emailed' unless their preference for its category says in-site only.
 */
export async function noticeDelivery(
  db: Database,
  message: EmailMessage,
  now: number,
): Promise<"emailed" | "not_emailed"> {
  // The daily digest is the e-mail of notifications already in the centre, sent only to those who chose it (decision 0090).
  if (!message.userId || message.kind === "following_digest") return "emailed";
  const category = message.category ?? categoryOf(message.kind);
  const [exists, off] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, message.userId)),
    emailOffQuery(db, message.userId),
  ]);
  // A notification for a deleted account: nothing at all.
  if (exists.length === 0) return "not_emailed";
  await db
    .insert(notifications)
    .values({
      id: crypto.randomUUID(),
      userId: message.userId,
      eventKey: message.key,
      kind: message.kind,
      category,
      title: message.title ?? message.subject,
      body: noticeBody(message.text),
      link: message.link ?? (message.cta ? new URL(message.cta.url).pathname + new URL(message.cta.url).search : null),
      createdAt: now,
    })
    .onConflictDoNothing();
  return emails(category, new Set(off.map((o) => o.category))) ? "emailed" : "not_emailed";
}
