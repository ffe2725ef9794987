import Stripe from "stripe";
import type { AppConfig } from "../env.server";
import {
  PaymentDeclined,
  type HostedSession,
  type HostedSessionRequest,
  type PaymentCall,
  type PaymentProvider,
} from "./payment-types";

// The Stripe adapter of the one payment interface (decisions 0035 and 0055). It runs in the
// Worker: the SDK's fetch HTTP client and Web Crypto, no Node APIs. The shopper pays on Stripe's
// hosted Checkout (no card data reaches the Worker); the card is saved on a customer for the
// later charges of the same order (Buy it now, a conversion, a repair fee), taken off-session.
// Every call carries the interface's idempotency key as Stripe's Idempotency-Key.

export interface StripeConnection {
  /** The contract tests point the SDK at a local double of the Stripe API (tests/stripe/double.ts). */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

export function stripeClient(secretKey: string, connection: StripeConnection = {}) {
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    // One attempt per call: a failure is recorded and the daily job retries with the same key.
    maxNetworkRetries: 0,
    timeout: 20_000,
    ...connection,
  });
}

/** Web Crypto (SubtleCrypto): the Worker has no Node crypto. */
export const webCrypto = Stripe.createSubtleCryptoProvider();
// Webhook signatures need no SDK (decision 0077): app/services/stripe-signature.server.ts.
export { signStripeEvent, verifyStripeEvent, WEBHOOK_TOLERANCE_SECONDS } from "./stripe-signature.server";

/** Stripe's answers, as the interface's: a decline the shopper must act on, or a failure to retry. */
function translate(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) {
    const code = error.code ?? "card_declined";
    throw new PaymentDeclined(
      code === "authentication_required"
        ? "The bank asks the shopper to authenticate this payment"
        : (error.message ?? "The card was declined"),
      code,
    );
  }
  if (error instanceof Stripe.errors.StripeConnectionError)
    throw new Error(`Stripe could not be reached: ${error.message}`);
  if (error instanceof Stripe.errors.StripeError)
    throw new Error(`Stripe refused the call (${error.type}${error.code ? `, ${error.code}` : ""}): ${error.message}`);
  throw error;
}

export function stripeAdapter(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    async call(request: PaymentCall) {
      const metadata = {
        order_id: request.orderId,
        ...(request.transactionId ? { transaction_id: request.transactionId } : {}),
      };
      try {
        switch (request.operation) {
          case "authorize":
            // The hosted Checkout takes the payment; its event records it (payment-events.server.ts).
            throw new Error("Stripe takes the checkout payment on its hosted page, not by an authorize call");
          case "capture": {
            // Collected by the checkout payment (its lines, its delivery fee): recorded, not charged again.
            if (request.collected && request.paymentIntentId) return { ref: request.paymentIntentId };
            if (!request.customerId || !request.paymentMethodId)
              throw new PaymentDeclined("No card is saved for this order", "no_payment_method");
            const intent = await stripe.paymentIntents.create(
              {
                amount: request.amount,
                currency: "gbp",
                customer: request.customerId,
                payment_method: request.paymentMethodId,
                off_session: true,
                confirm: true,
                capture_method: "automatic",
                description: `Closetloop order ${request.orderId}`,
                metadata,
              },
              { idempotencyKey: request.idempotencyKey },
            );
            if (intent.status === "requires_action")
              throw new PaymentDeclined(
                "The bank asks the shopper to authenticate this payment",
                "authentication_required",
              );
            if (intent.status !== "succeeded")
              throw new PaymentDeclined(`The payment is ${intent.status}`, intent.status);
            return { ref: intent.id };
          }
          case "refund": {
            if (!request.paymentIntentId) throw new Error("This order has no Stripe payment to refund");
            const refund = await stripe.refunds.create(
              { payment_intent: request.paymentIntentId, amount: request.amount, metadata },
              { idempotencyKey: request.idempotencyKey },
            );
            if (refund.status === "failed" || refund.status === "canceled")
              throw new Error(`Stripe answered the refund with ${refund.status}`);
            return { ref: refund.id };
          }
        }
      } catch (error) {
        if (error instanceof PaymentDeclined) throw error;
        translate(error);
      }
    },
    async createSession(request: HostedSessionRequest): Promise<HostedSession> {
      const metadata = { order_id: request.orderId };
      // What both kinds of session carry: the order, its way back, and when the reservation ends.
      const common = {
        // Cards only: a card can be saved for the order's later, off-session charges and is paid
        // at once; a delayed method would outlive the reservation (decision 0055).
        allowed_payment_method_types: ["card"],
        client_reference_id: request.orderId,
        metadata,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: Math.floor(request.expiresAt / 1000),
      };
      const options = { idempotencyKey: request.idempotencyKey };
      try {
        const session =
          request.mode === "payment"
            ? await stripe.checkout.sessions.create(
                {
                  mode: "payment",
                  ...common,
                  ...(request.customerId
                    ? { customer: request.customerId }
                    : { customer_email: request.customerEmail }),
                  // A customer keeps the saved card for the order's later charges.
                  ...(request.customerId ? {} : { customer_creation: "always" as const }),
                  line_items: request.lines.map((line) => ({
                    quantity: 1,
                    price_data: { currency: "gbp", unit_amount: line.amount, product_data: { name: line.name } },
                  })),
                  payment_intent_data: { capture_method: "automatic", setup_future_usage: "off_session", metadata },
                },
                options,
              )
            : await stripe.checkout.sessions.create(
                {
                  mode: "setup",
                  ...common,
                  ...(request.customerId ? { customer: request.customerId } : { customer_creation: "always" as const }),
                  currency: "gbp",
                  setup_intent_data: { metadata },
                },
                options,
              );
        if (!session.url) throw new Error("Stripe answered a session without a URL");
        return { id: session.id, url: session.url };
      } catch (error) {
        translate(error);
      }
    },
  };
}

const adapters = new WeakMap<object, PaymentProvider>();

/** The adapter for this deployment's key (one SDK instance per configuration). */
export function stripeProvider(config: Pick<AppConfig, "STRIPE_SECRET_KEY">): PaymentProvider {
  let adapter = adapters.get(config);
  if (!adapter) {
    adapter = stripeAdapter(stripeClient(config.STRIPE_SECRET_KEY ?? ""));
    adapters.set(config, adapter);
  }
  return adapter;
}

/** Retrieves the payment method a payment or setup intent saved (Stripe's events name the intent, not always its method). */
export async function savedPaymentMethod(
  config: Pick<AppConfig, "STRIPE_SECRET_KEY">,
  intent: { kind: "payment" | "setup"; id: string },
) {
  const stripe = stripeClient(config.STRIPE_SECRET_KEY ?? "");
  const found =
    intent.kind === "payment"
      ? await stripe.paymentIntents.retrieve(intent.id)
      : await stripe.setupIntents.retrieve(intent.id);
  const method = found.payment_method;
  return typeof method === "string" ? method : (method?.id ?? null);
}
