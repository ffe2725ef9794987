import { eq } from "drizzle-orm";
import { notificationOutbox } from "../db/schema";
import { database, type Database } from "../app/data/db.server";
import { appConfig } from "../app/env.server";
import { deliverImageVariants } from "../app/services/image-variants.server";
import { emailProvider, marketingProvider } from "../app/services/providers.server";
import { fulfilAccountEmail } from "../app/services/auth.server";
import { recordViews } from "../app/services/views.server";
import { onFirstUse } from "../app/services/per-isolate";
import { noticeDelivery } from "../app/services/notify.server";
import {
  QueueMessage,
  type AccountEmailRequest,
  type NotificationMessage,
  type ViewMessage,
} from "../app/domain/queue-messages";

export const MAX_ATTEMPTS = 5;

// E-mail rendering (React's server renderer and React Email) loads with the first e-mail, not
// with a batch of page views (decision 0096).
const emailRendering = onFirstUse(() => import("../app/services/email-render.server"));

/** Exponential backoff for a failed delivery: 10 s, 20 s, 40 s ... capped at 10 minutes. */
export function retryDelaySeconds(attempts: number) {
  return Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));
}

async function alreadyDelivered(db: Database, key: string) {
  const row = await db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.messageKey, key))
    .get();
  return Boolean(row);
}

/** A deleted account's erasure is recorded without the address it erased (decision 0068): no row names them afterwards. */
const ERASED = "erased@closetloop.invalid";
const recorded = (message: Exclude<NotificationMessage, { type: "image_variants" }>) =>
  message.type === "marketing" && message.action === "delete_contact"
    ? { ...message, data: { email: ERASED } }
    : message;

function outboxRow(message: Exclude<NotificationMessage, { type: "image_variants" }>) {
  return message.type === "email"
    ? {
        channel: "email" as const,
        kind: message.kind,
        recipient: message.to,
        subject: message.subject,
        body: message.text,
      }
    : {
        channel: "marketing" as const,
        kind: message.action === "track_event" ? `track_event:${message.data.eventName}` : message.action,
        recipient: message.data.email,
        subject: null,
        body: null,
      };
}

export async function queue(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext) {
  const config = appConfig(env);
  const db = database(env.DB);
  const mail = emailProvider(config);
  const marketing = marketingProvider(config);

  // Page views are counted together, once the rest of the batch is handled.
  const views: { message: Message<unknown>; view: ViewMessage }[] = [];
  for (const message of batch.messages) {
    const parsed = QueueMessage.safeParse(message.body);
    if (!parsed.success) {
      console.error("notification: dropping malformed message", message.id, parsed.error.message);
      message.ack();
      continue;
    }
    if (parsed.data.type === "view") {
      views.push({ message, view: parsed.data });
      continue;
    }
    if (parsed.data.type === "account_email") {
      await accountEmail(message, parsed.data, env, db);
      continue;
    }
    const body = parsed.data;
    if (body.type === "image_variants") {
      await deliverImageVariants(env, message, body, { maxAttempts: MAX_ATTEMPTS, retryDelaySeconds });
      continue;
    }
    const now = Date.now();
    try {
      if (await alreadyDelivered(db, body.key)) {
        message.ack();
        continue;
      }
      if (body.type === "email") {
        // The notification centre's row and the person's preference (issue 23): one place.
        const delivery = await noticeDelivery(db, body, now);
        if (delivery === "not_emailed") {
          message.ack();
          continue;
        }
        await mail.send(await (await emailRendering()).renderEmail(config, body, now));
      } else await marketing.call(body);
      await db
        .insert(notificationOutbox)
        .values({
          id: crypto.randomUUID(),
          messageKey: body.key,
          payload: recorded(body),
          attempts: message.attempts,
          createdAt: now,
          ...outboxRow(recorded(body)),
        })
        .onConflictDoNothing();
      message.ack();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (message.attempts >= MAX_ATTEMPTS) {
        console.error("notification: dead after retries", body.key, reason);
        await db
          .insert(notificationOutbox)
          .values({
            id: crypto.randomUUID(),
            messageKey: body.key,
            payload: recorded(body),
            status: "dead",
            attempts: message.attempts,
            error: reason,
            createdAt: now,
            ...outboxRow(recorded(body)),
          })
          .onConflictDoNothing();
        message.ack();
      } else {
        console.warn("notification: retrying", body.key, reason);
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }
  }
  if (views.length > 0) {
    try {
      await recordViews(
        db,
        views.map((v) => v.view),
      );
      for (const v of views) v.message.ack();
    } catch (error) {
      // Counts are best effort: retried a few times, then let go.
      console.warn("views: not counted", error instanceof Error ? error.message : String(error));
      for (const v of views) {
        if (v.message.attempts >= MAX_ATTEMPTS) v.message.ack();
        else v.message.retry({ delaySeconds: retryDelaySeconds(v.message.attempts) });
      }
    }
  }
}

/** A form's account e-mail request (decision 0017): look the account up, queue its e-mail; retried like a delivery. */
async function accountEmail(message: Message<unknown>, request: AccountEmailRequest, env: Env, db: Database) {
  try {
    await fulfilAccountEmail({ db, env }, request, Date.now());
    message.ack();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (message.attempts >= MAX_ATTEMPTS) {
      console.error("account e-mail: dropped after retries", request.key, reason);
      message.ack();
    } else {
      console.warn("account e-mail: retrying", request.key, reason);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
