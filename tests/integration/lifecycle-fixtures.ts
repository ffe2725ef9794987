// Shared by lifecycle-rentals.test.ts and lifecycle-payments.test.ts: running a job through the
// Worker's scheduled handler, a rental delivered at a given time, and the rows and outbox readers.

import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { database } from "../../app/data/db.server";
import { appConfig } from "../../app/env.server";
import { staffSetOrderStatus } from "../../app/services/order-lifecycle.server";
import { localFailKey } from "../../app/services/payments-local.server";
import worker from "../../workers/app";
import { CRON } from "../../workers/cron";
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { DAY, placeOrder } from "./orders";

export const services = () => ({ env, config: appConfig(env), db: database(env.DB) });

export const HOUR = DAY / 24;

let ipSeq = 0;

/** Each shopper signs in from an address of its own (sign-in is rate limited per address). */
export const nextIp = () => `10.215.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

export async function runJob(job: keyof typeof CRON, scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: CRON[job], scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

export async function concierge(productId: string, storeOwner: { id: string } | null = null) {
  storeOwner ??= await createUser();
  const storeId = `store_${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO stores (id, name, owner_id, contact_email, created_at) VALUES (?, 'Jobs Store', ?, ?, ?)",
    ).bind(storeId, storeOwner.id, `store-${storeId}@example.test`, Date.now()),
    env.DB.prepare("UPDATE products SET store_id = ?, status = 'approved', concierge_status = 'yes' WHERE id = ?").bind(
      storeId,
      productId,
    ),
  ]);
  return { storeId, email: `store-${storeId}@example.test` };
}

/** A shopper rents (through the basket and checkout), staff deliver it at `deliveredAt` through the service layer. */
export async function rental(
  deliveredAt: number,
  prices = { rentalPrice: 1500, buyingPrice: 12000 },
  options: { concierge?: boolean; storeOwner?: { id: string }; failCaptures?: boolean } = {},
) {
  const owner = await createUser();
  const item = await createProduct(owner.id, prices);
  const store = options.concierge ? await concierge(item.id, options.storeOwner) : null;
  const shopper = await signedInBrowser("shopper", { ip: nextIp() });
  const order = await placeOrder(shopper, [{ productId: item.id, option: "rental" }]);
  if (options.failCaptures) await env.CACHE.put(localFailKey(order.orderId), "capture");
  const staff = await createUser();
  const delivered = await staffSetOrderStatus(services(), order.orderId, "delivered", staff.id, deliveredAt);
  expect(delivered.ok).toBe(true);
  return { owner, shopper, store, orderId: order.orderId, itemId: order.items[0]!.id, productId: item.id };
}

export const itemRow = (id: string) =>
  env.DB.prepare("SELECT status, rental_outcome, reminder_sent_at, rental_ends_at FROM order_items WHERE id = ?")
    .bind(id)
    .first<Record<string, unknown>>();

export const outbox = (to: string) =>
  env.DB.prepare(
    "SELECT kind, message_key AS key, subject FROM notification_outbox WHERE recipient = ? ORDER BY created_at, message_key",
  )
    .bind(to)
    .all<{ kind: string; key: string; subject: string }>()
    .then((r) => r.results);

export const paymentsOf = (orderId: string) =>
  env.DB.prepare(
    "SELECT operation, amount, status, idempotency_key AS key FROM payments WHERE order_id = ? ORDER BY created_at, rowid",
  )
    .bind(orderId)
    .all<{ operation: string; amount: number; status: string; key: string }>()
    .then((r) => r.results);

export const transactionsOf = (orderId: string) =>
  env.DB.prepare(
    "SELECT t.id, t.transaction_type AS type, t.gross_amount AS gross, t.net_amount AS net, t.status, t.payout_id AS payoutId, (SELECT coalesce(sum(commission_amount), 0) FROM commissions c WHERE c.transaction_id = t.id) AS commissions FROM transactions t WHERE t.order_id = ? ORDER BY t.created_at, t.id",
  )
    .bind(orderId)
    .all<{
      id: string;
      type: string;
      gross: number;
      net: number;
      status: string;
      payoutId: string | null;
      commissions: number;
    }>()
    .then((r) => r.results);

/** What the shopper was charged at checkout: the lines, the delivery fee, the total authorized. */
export const orderAmounts = (orderId: string) =>
  env.DB.prepare(
    "SELECT subtotal_amount AS subtotal, delivery_fee AS deliveryFee, total_amount AS total FROM orders WHERE id = ?",
  )
    .bind(orderId)
    .first<{ subtotal: number; deliveryFee: number; total: number }>()
    .then((r) => r!);

export const payout = (type: string, recipientId: string) =>
  env.DB.prepare(
    "SELECT id, period_start AS periodStart, period_end AS periodEnd, total_amount AS total, commission_amount AS commission, net_amount AS net, status FROM payouts WHERE recipient_type = ? AND recipient_id = ?",
  )
    .bind(type, recipientId)
    .all<{
      id: string;
      periodStart: number;
      periodEnd: number;
      total: number;
      commission: number;
      net: number;
      status: string;
    }>()
    .then((r) => r.results);
