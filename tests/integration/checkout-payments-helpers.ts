import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { database } from "../../app/data/db.server";
import { LOCAL_WEBHOOK_SECRET, appConfig } from "../../app/env.server";
import { signStripeEvent } from "../../app/services/stripe.server";
import worker from "../../workers/app";
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { Browser } from "./http";
import { placeOrder } from "./orders";

// Shared by the checkout payment tests (checkout-payments-hosted-page, -webhook, -saved-card):
// order and payment rows, the cron run, signed provider events and an unpaid order.

export const services = () => ({ env, config: appConfig(env), db: database(env.DB) });
let ipSeq = 0;
export const nextIp = () => `10.227.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
export const shopper = () => signedInBrowser("shopper", { ip: nextIp() });

export const orderRow = (id: string) =>
  env.DB.prepare(
    "SELECT status, payment_session_id AS sessionId, payment_intent_id AS intent, payment_customer_id AS customer, payment_method_id AS method, payment_expires_at AS expiresAt, paid_at AS paidAt, total_amount AS total FROM orders WHERE id = ?",
  )
    .bind(id)
    .first<{
      status: string;
      sessionId: string;
      intent: string | null;
      customer: string | null;
      method: string | null;
      expiresAt: number;
      paidAt: number | null;
      total: number;
    }>();
export const availability = (productId: string) =>
  env.DB.prepare("SELECT availability FROM products WHERE id = ?")
    .bind(productId)
    .first<{ availability: string }>()
    .then((r) => r!.availability);
export const paymentRows = (orderId: string) =>
  env.DB.prepare(
    "SELECT operation, amount, status, provider_ref AS ref, idempotency_key AS key FROM payments WHERE order_id = ? ORDER BY created_at, rowid",
  )
    .bind(orderId)
    .all<{ operation: string; amount: number; status: string; ref: string | null; key: string }>()
    .then((r) => r.results);
export const eventCount = () =>
  env.DB.prepare("SELECT count(*) AS n FROM payment_events")
    .first<{ n: number }>()
    .then((r) => r!.n);
export const historyCount = (orderId: string) =>
  env.DB.prepare("SELECT count(*) AS n FROM order_status_history WHERE order_id = ?")
    .bind(orderId)
    .first<{ n: number }>()
    .then((r) => r!.n);

export async function runCron(cron: string, scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

let evtSeq = 0;
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${Date.now()}_${++evtSeq}`) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
}
export async function deliverEvent(
  payload: string,
  options: { secret?: string; timestamp?: number; headers?: Record<string, string> } = {},
) {
  const signature = await signStripeEvent(payload, options.secret ?? LOCAL_WEBHOOK_SECRET, options.timestamp);
  return new Browser().fetch("/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature, ...options.headers },
  });
}
export const completed = (orderId: string, sessionId: string, amount: number, extra: Record<string, unknown> = {}) =>
  stripeEvent("checkout.session.completed", {
    id: sessionId,
    object: "checkout.session",
    mode: "payment",
    status: "complete",
    payment_status: "paid",
    amount_total: amount,
    currency: "gbp",
    customer: "cus_test_1",
    payment_intent: "pi_test_1",
    client_reference_id: orderId,
    metadata: { order_id: orderId },
    ...extra,
  });

export async function unpaidOrder(
  option: "rental" | "purchase" = "purchase",
  prices = { rentalPrice: 2500, buyingPrice: 9000 },
) {
  const owner = await createUser();
  const product = await createProduct(owner.id, prices);
  const buyer = await shopper();
  const placed = await placeOrder(buyer, [{ productId: product.id, option }], { pay: false });
  const order = (await orderRow(placed.orderId))!;
  return { product, buyer, placed, order };
}
