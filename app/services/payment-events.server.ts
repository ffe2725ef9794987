import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { verifyStripeEvent } from "./stripe-signature.server";
import { orders, paymentEvents, payments } from "../../db/schema";
import { formatGBP } from "../domain/money";
import type { AppContext } from "../context";
import { expireReservation, rememberPaymentMethod } from "./checkout-payment.server";
import { confirmPaid } from "./payment-confirmation.server";
import { captureDue } from "./payments.server";
import { payoutEventHandlers } from "./payouts-provider.server";
import { readAtMost } from "./read-at-most";

// POST /webhooks/stripe (issue 27 item 2; docs/decisions/0055-stripe-payments.md). One code path
// for Stripe's events and the local provider's (signed alike, with the configured secret):
// - a body over 1 MB is refused (413) before it is read further; a missing, forged or stale
//   signature (tolerance 300 s) is a 400; nothing is recorded or changed;
// - each event is handled once: `payment_events` keeps its id, and a replay is answered 200 from
//   there; the answer is 2xx only once the event is recorded (a failing handler answers 500 and
//   the provider delivers it again);
// - handlers tolerate any order (each acts only on the state it expects: an 'expired' after a
//   'completed' finds no order awaiting payment and does nothing);
// - an event type nobody handles is recorded as ignored and answered 200.
// Handlers come from a registry merged from several modules: `webhookHandlers` below.

export const WEBHOOK_MAX_BYTES = 1024 * 1024;

type Services = Pick<AppContext, "env" | "config" | "db">;
export interface HandlerOutcome {
  /** What was done, for the record ('confirmed', 'ignored: …'). */
  outcome: string;
  orderId?: string | null;
  /**
   * The event states something that cannot be true here (a refund nobody asked for): answered
   * with this 4xx and message, nothing changed and nothing recorded, so a later delivery is
   * judged again on what it then finds (decision 0072).
   */
  refused?: { status: 409 | 422; message: string };
}
export type PaymentEventHandler = (app: Services, event: Stripe.Event, now: number) => Promise<HandlerOutcome>;
export type PaymentEventHandlers = Readonly<Record<string, PaymentEventHandler>>;

const id = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);
const orderOf = (object: { metadata?: Stripe.Metadata | null; client_reference_id?: string | null }) =>
  object.metadata?.order_id ?? object.client_reference_id ?? null;

/** The checkout's own events. */
export const checkoutEventHandlers: PaymentEventHandlers = {
  async "checkout.session.completed"(app, event, now) {
    const session = event.data.object as Stripe.Checkout.Session;
    const orderId = orderOf(session);
    if (!orderId) return { outcome: "ignored: no order" };
    // A setup session (Update your card) saves its card through setup_intent.succeeded.
    if (session.mode !== "payment") return { outcome: "ignored: not a payment session", orderId };
    if (session.payment_status !== "paid") return { outcome: "ignored: not paid yet", orderId };
    const outcome = await confirmPaid(
      app,
      {
        orderId,
        sessionId: session.id,
        paymentIntentId: id(session.payment_intent),
        customerId: id(session.customer),
        amount: session.amount_total ?? 0,
        currency: session.currency ?? null,
        provider: app.config.PAYMENT_PROVIDER,
      },
      now,
    );
    // Stripe's session does not name the saved card; its payment intent does.
    if (outcome === "confirmed" && app.config.PAYMENT_PROVIDER === "stripe" && session.payment_intent) {
      try {
        const { savedPaymentMethod } = await import("./stripe.server");
        const method = await savedPaymentMethod(app.config, { kind: "payment", id: id(session.payment_intent)! });
        await rememberPaymentMethod(app, orderId, {
          paymentIntentId: id(session.payment_intent),
          paymentMethodId: method,
        });
      } catch (error) {
        // payment_intent.succeeded brings it as well.
        console.error(`webhook: the saved card of ${orderId} could not be read now`, error);
      }
    }
    return { outcome, orderId };
  },
  async "checkout.session.expired"(app, event, now) {
    const session = event.data.object as Stripe.Checkout.Session;
    const orderId = orderOf(session);
    if (!orderId || session.mode !== "payment") return { outcome: "ignored", orderId };
    return {
      outcome: (await expireReservation(app, orderId, now, { sessionId: session.id }))
        ? "reservation ended"
        : "ignored: not awaiting payment",
      orderId,
    };
  },
  async "payment_intent.succeeded"(app, event) {
    const intent = event.data.object as Stripe.PaymentIntent;
    const orderId = orderOf(intent);
    if (!orderId) return { outcome: "ignored: no order" };
    // A later charge (it names its transaction) was recorded from the provider's answer already.
    if (intent.metadata?.transaction_id) return { outcome: "recorded: later charge", orderId };
    const saved = await rememberPaymentMethod(app, orderId, {
      paymentIntentId: intent.id,
      customerId: id(intent.customer),
      paymentMethodId: id(intent.payment_method),
    });
    return { outcome: saved ? "card saved" : "ignored", orderId };
  },
  async "payment_intent.payment_failed"(_app, event) {
    const intent = event.data.object as Stripe.PaymentIntent;
    // A checkout's failed attempt: the shopper is still on the hosted page and tries again. A later
    // charge's failure was recorded from the provider's answer (the transaction stays pending).
    return { outcome: `recorded: ${intent.last_payment_error?.code ?? "failed"}`, orderId: orderOf(intent) };
  },
  async "charge.refunded"(app, event) {
    const charge = event.data.object as Stripe.Charge;
    // Our refunds are recorded from the provider's answer (payments rows); this is the receipt,
    // and a receipt for more than we asked to give back is refused: nothing is moved on its word.
    const orderId = orderOf(charge) ?? (await orderOfIntent(app, id(charge.payment_intent)));
    const asked = orderId ? await refundedByUs(app, orderId) : 0;
    const reported = typeof charge.amount_refunded === "number" ? charge.amount_refunded : 0;
    if (!orderId || reported > asked)
      return { outcome: "refused: refund not asked", orderId, refused: unaskedRefund(reported, asked) };
    return { outcome: `recorded: ${reported} refunded`, orderId };
  },
  async "refund.created"(app, event) {
    return refundReceipt(app, event.data.object as Stripe.Refund);
  },
  async "refund.updated"(app, event) {
    return refundReceipt(app, event.data.object as Stripe.Refund);
  },
  async "setup_intent.succeeded"(app, event, now) {
    const intent = event.data.object as Stripe.SetupIntent;
    const orderId = orderOf(intent);
    const method = id(intent.payment_method);
    if (!orderId || !method) return { outcome: "ignored", orderId };
    await app.db
      .update(orders)
      .set({ paymentMethodId: method, ...(id(intent.customer) ? { paymentCustomerId: id(intent.customer) } : {}) })
      .where(eq(orders.id, orderId));
    // The new card: what is still owed is charged now rather than at the next daily run.
    const summary = await captureDue(app, now, orderId);
    return { outcome: `card updated; ${summary.captured} charged, ${summary.failed} failed`, orderId };
  },
};

async function orderOfIntent(app: Services, intent: string | null) {
  if (!intent) return null;
  return (
    (await app.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, intent)).get())?.id ?? null
  );
}

/** What Closetloop asked the provider to give back on an order and was told it did, integer pence (each key once). */
async function refundedByUs(app: Services, orderId: string) {
  const rows = await app.db
    .select({ amount: sql<number>`max(${payments.amount})` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.operation, "refund"), eq(payments.status, "succeeded")))
    .groupBy(payments.idempotencyKey);
  return rows.reduce((sum, r) => sum + r.amount, 0);
}

const unaskedRefund = (reported: number, asked: number) => ({
  status: 422 as const,
  message: `This event reports ${formatGBP(reported)} refunded, but Closetloop asked for ${asked > 0 ? `only ${formatGBP(asked)}` : "no refund"} of this payment. Nothing was changed; staff should check the refund in the provider's dashboard.`,
});

/** A refund's own event: succeeded means one of ours (its provider reference is a refund we recorded). */
async function refundReceipt(app: Services, refund: Stripe.Refund): Promise<HandlerOutcome> {
  const ours = refund.id
    ? await app.db
        .select({ orderId: payments.orderId, amount: payments.amount })
        .from(payments)
        .where(
          and(eq(payments.providerRef, refund.id), eq(payments.operation, "refund"), eq(payments.status, "succeeded")),
        )
        .get()
    : undefined;
  if (ours) return { outcome: `recorded: refund ${refund.status ?? "updated"}`, orderId: ours.orderId };
  const orderId = orderOf(refund) ?? (await orderOfIntent(app, id(refund.payment_intent)));
  if (refund.status !== "succeeded")
    return { outcome: `ignored: refund ${refund.status ?? "unknown"} not ours`, orderId };
  return {
    outcome: "refused: refund not asked",
    orderId,
    refused: unaskedRefund(
      typeof refund.amount === "number" ? refund.amount : 0,
      orderId ? await refundedByUs(app, orderId) : 0,
    ),
  };
}

/**
 * The payouts module's handlers (account.updated, transfer.*, payout.*; decision 0056), which take
 * the event's object: a connected account's bank payout does not name its account, the event
 * does, so it rides along as the object's `account`.
 */
export const payoutHandlers: PaymentEventHandlers = Object.fromEntries(
  Object.entries(payoutEventHandlers).map(([type, handle]): [string, PaymentEventHandler] => [
    type,
    async (app, event, now) => {
      const object = event.data.object as unknown as Record<string, unknown>;
      await handle(app, { ...object, account: object.account ?? event.account ?? null }, now);
      return { outcome: "payouts: handled" };
    },
  ]),
);

/** The registry: every module's handlers merged by event type. */
export const webhookHandlers: PaymentEventHandlers = { ...checkoutEventHandlers, ...payoutHandlers };

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/** The body as text, or null when it is longer than the limit. */
async function boundedBody(request: Request, limit: number): Promise<string | null> {
  if (Number(request.headers.get("content-length") ?? "0") > limit) return null;
  const bytes = await readAtMost(request.body, limit);
  return bytes && new TextDecoder().decode(bytes);
}

/** The webhook: verify, record once, dispatch. `now` is epoch ms (the signature's freshness is judged against it). */
export async function receiveWebhook(
  app: Services,
  request: Request,
  now: number,
  handlers: PaymentEventHandlers = webhookHandlers,
): Promise<Response> {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { allow: "POST" } });
  const body = await boundedBody(request, WEBHOOK_MAX_BYTES);
  if (body === null) return text(413, "The event is larger than 1 MB");
  const signature = request.headers.get("stripe-signature");
  if (!signature) return text(400, "Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = await verifyStripeEvent(body, signature, app.config.webhookSecret, now);
  } catch {
    return text(400, "Invalid or expired signature");
  }
  const malformed = await malformedEvent(event, body);
  if (malformed) {
    // A provider retries anything but 2xx and 4xx: a body that can never be handled is refused
    // for good (400) and recorded, so a redelivery is answered from the record.
    const seenBefore = await app.db
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(eq(paymentEvents.id, malformed.id))
      .get();
    if (!seenBefore)
      await app.db
        .insert(paymentEvents)
        .values({
          id: malformed.id,
          type: malformed.type,
          provider: app.config.PAYMENT_PROVIDER,
          orderId: null,
          outcome: `rejected: ${malformed.message}`,
          receivedAt: now,
        })
        .onConflictDoNothing();
    return text(400, malformed.message);
  }
  const seen = await app.db
    .select({ outcome: paymentEvents.outcome })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, event.id))
    .get();
  if (seen) return Response.json({ received: true, replay: true });
  const handler = Object.hasOwn(handlers, event.type) ? handlers[event.type] : undefined;
  let result: HandlerOutcome = { outcome: "ignored: event type not handled" };
  if (handler) {
    try {
      result = await handler(app, event, now);
    } catch (error) {
      // Not recorded: the provider delivers it again, and the handler acts on the state it then finds.
      console.error(`webhook: handling ${event.type} ${event.id} failed`, error);
      return text(500, "The event could not be handled; deliver it again");
    }
  }
  if (result.refused) {
    console.error(`webhook: ${event.type} ${event.id} refused: ${result.refused.message}`);
    return text(result.refused.status, result.refused.message);
  }
  const orderId = result.orderId
    ? ((await app.db.select({ id: orders.id }).from(orders).where(eq(orders.id, result.orderId)).get())?.id ?? null)
    : null;
  await app.db
    .insert(paymentEvents)
    .values({
      id: event.id,
      type: event.type,
      provider: app.config.PAYMENT_PROVIDER,
      orderId,
      outcome: result.outcome.slice(0, 200),
      receivedAt: now,
    })
    .onConflictDoNothing();
  return Response.json({ received: true, outcome: result.outcome });
}

/**
 * A signed body that is not an event a handler can read: not an object, without an id or type,
 * or without `data.object`. Its record's id is the event's own, or one made from the body.
 */
async function malformedEvent(
  event: unknown,
  body: string,
): Promise<{ id: string; type: string; message: string } | null> {
  const record = event !== null && typeof event === "object" ? (event as Partial<Stripe.Event>) : null;
  const ownId = typeof record?.id === "string" && record.id.length > 0 && record.id.length <= 255 ? record.id : null;
  const type =
    typeof record?.type === "string" && record.type.length > 0 && record.type.length <= 255 ? record.type : null;
  const object = (record?.data as { object?: unknown } | undefined)?.object;
  let message: string | null = null;
  if (!ownId || !type) message = "Not an event: it needs an id and a type";
  else if (object === null || typeof object !== "object" || Array.isArray(object))
    message = "The event has no data.object";
  if (!message) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)));
  const hash = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { id: ownId ?? `malformed_${hash}`, type: type ?? "unknown", message };
}
