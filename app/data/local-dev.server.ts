import { desc } from "drizzle-orm";
import { notificationOutbox, payments } from "../../db/schema";
import type { Database } from "./db.server";
import { newestFirst } from "./paging.server";

// The local development pages' reads (routes/dev/, decision 0018): what the queue delivered to
// the local outbox, and every call the app made to the payment provider.

/** The newest 100 messages of the local outbox, newest first. */
export function localOutbox(db: Database) {
  return db
    .select({
      id: notificationOutbox.id,
      channel: notificationOutbox.channel,
      kind: notificationOutbox.kind,
      recipient: notificationOutbox.recipient,
      subject: notificationOutbox.subject,
      body: notificationOutbox.body,
      status: notificationOutbox.status,
      createdAt: notificationOutbox.createdAt,
      payload: notificationOutbox.payload,
    })
    .from(notificationOutbox)
    .orderBy(desc(notificationOutbox.createdAt))
    .limit(100);
}

/** The newest 200 calls to the payment provider, newest first. */
export function localPaymentCalls(db: Database) {
  return db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      transactionId: payments.transactionId,
      operation: payments.operation,
      amount: payments.amount,
      key: payments.idempotencyKey,
      provider: payments.provider,
      status: payments.status,
      ref: payments.providerRef,
      error: payments.error,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .orderBy(...newestFirst(payments))
    .limit(200);
}
