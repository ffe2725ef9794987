// The one payment interface's shapes (decision 0035; hosted sessions and saved cards, decision
// 0055). No imports: the Stripe adapter and its contract tests (tests/stripe/) load it in Node too.

export type PaymentOperation = "authorize" | "capture" | "refund";

export interface PaymentCall {
  operation: PaymentOperation;
  orderId: string;
  transactionId: string | null;
  /** Integer pence, GBP. */
  amount: number;
  idempotencyKey: string;
  /**
   * What the order's checkout payment left for later (decision 0055): the payment intent a refund
   * goes against, the customer and saved payment method a later charge uses off-session.
   */
  paymentIntentId?: string | null;
  customerId?: string | null;
  paymentMethodId?: string | null;
  /** A capture the checkout payment already collected (the lines and the delivery fee): recorded, never charged again. */
  collected?: boolean;
}

/** A hosted page at the provider: the shopper pays (mode payment) or saves a new card (mode setup). */
export interface HostedSessionRequest {
  mode: "payment" | "setup";
  orderId: string;
  /** Integer pence, GBP; 0 for a setup session. */
  amount: number;
  lines: { name: string; amount: number }[];
  customerEmail: string;
  customerId?: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Epoch ms: the session (and the reservation) ends then. */
  expiresAt: number;
  idempotencyKey: string;
}

export interface HostedSession {
  id: string;
  url: string;
}

/** A charge the provider refused for a reason the shopper must act on (a decline, authentication required). */
export class PaymentDeclined extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: string;
  /** Answers the provider's reference, or throws when the provider refused or failed. */
  call(request: PaymentCall): Promise<{ ref: string }>;
  /** A hosted checkout or setup session (no card data touches the Worker). */
  createSession?(request: HostedSessionRequest): Promise<HostedSession>;
}
