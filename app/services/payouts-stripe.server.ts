import { accountStatus } from "../domain/payouts";
import type { PayoutProvider } from "./payout-types";

// The Stripe Connect payout provider (decision 0056): Express accounts, hosted onboarding links,
// transfers under the payout's id as idempotency key and transfer group.

export interface StripeOptions {
  /** For the contract tests: the local double of the Stripe API. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

/**
 * Stripe Connect with Express accounts (decision 0056): Stripe hosts onboarding and the payee's
 * dashboard; the platform charges shoppers and transfers each payee's share (separate charges and
 * transfers). The SDK uses its fetch client (no Node http in the Worker) and is loaded only when
 * Stripe is the provider.
 */
export function stripePayoutProvider(secretKey: string, options: StripeOptions = {}): PayoutProvider {
  const client = (async () => {
    const { default: Stripe } = await import("stripe");
    return new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 1, ...options });
  })();
  return {
    name: "stripe",
    async createAccount(payee) {
      const stripe = await client;
      const account = await stripe.accounts.create(
        {
          type: "express",
          country: "GB",
          default_currency: "gbp",
          ...(payee.email ? { email: payee.email } : {}),
          business_type: payee.type === "owner" ? "individual" : "company",
          capabilities: { transfers: { requested: true } },
          metadata: { payee_type: payee.type, payee_id: payee.id },
        },
        // One account per payee, even if the form is sent twice within Stripe's 24 hours.
        { idempotencyKey: `account:${payee.type}:${payee.id}` },
      );
      return { accountId: account.id };
    },
    async onboardingLink(accountId, urls) {
      const stripe = await client;
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      });
      return { url: link.url };
    },
    async accountStatus(accountId) {
      const stripe = await client;
      const account = await stripe.accounts.retrieve(accountId);
      return accountStatus({
        details_submitted: account.details_submitted,
        payouts_enabled: account.payouts_enabled,
        capabilities: { transfers: account.capabilities?.transfers ?? null },
      });
    },
    async createTransfer(request) {
      const stripe = await client;
      const transfer = await stripe.transfers.create(
        {
          amount: request.amount,
          currency: request.currency,
          destination: request.destination,
          metadata: request.metadata,
          transfer_group: request.transferGroup,
          description: request.description,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { transferId: transfer.id };
    },
    async findTransfer(payoutId) {
      const stripe = await client;
      // Reversed ones too: a reversed transfer was made, and the payout must not be sent again (decision 0073).
      const found = await stripe.transfers.list({ transfer_group: payoutId, limit: 10 });
      const transfer = found.data.find((t) => t.metadata?.payout_id === payoutId);
      return transfer ? { transferId: transfer.id, reversed: transfer.reversed } : null;
    },
  };
}
