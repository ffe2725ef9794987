import { type PayeeRef } from "../data/payout-transfers.server";
import { accountStatus, type AccountFacts } from "../domain/payouts";
import type { PayoutProvider, PayoutServices } from "./payout-types";

// The local payout provider (decision 0056): nothing leaves the machine; accounts and transfers are
// KV records, its hosted onboarding page is /dev/payments/onboarding/{accountId}.

/** KV: a local connected account (its status, and where its onboarding page sends the payee back). */
export const localAccountKey = (accountId: string) => `payouts:local:account:${accountId}`;
/** KV: the transfer a payout id already made (the local provider honours idempotency keys as Stripe does). */
export const localTransferKey = (idempotencyKey: string) => `payouts:local:transfer:${idempotencyKey}`;
/** KV, development only: make transfers fail ("all"), or transfers to one account (tests use this). */
export const LOCAL_TRANSFER_FAIL_KEY = "payouts:local:fail";
export const localTransferFailKey = (accountId: string) => `${LOCAL_TRANSFER_FAIL_KEY}:${accountId}`;

export interface LocalAccount extends AccountFacts {
  id: string;
  object: "account";
  payee: PayeeRef;
  returnUrl: string | null;
  refreshUrl: string | null;
}

export async function readLocalAccount(services: PayoutServices, accountId: string): Promise<LocalAccount | null> {
  if (!/^acct_local_[A-Za-z0-9]{1,40}$/.test(accountId)) return null;
  return services.env.CACHE.get<LocalAccount>(localAccountKey(accountId), "json");
}

export async function writeLocalAccount(services: PayoutServices, account: LocalAccount) {
  await services.env.CACHE.put(localAccountKey(account.id), JSON.stringify(account));
}

/**
 * The local provider: accounts and transfers live in KV on this machine; the onboarding page
 * (development and loopback only) plays Stripe's hosted onboarding. Outside development it still
 * answers (so a misconfigured deployment fails loudly elsewhere: the Worker refuses the local
 * provider in production, app/env.server.ts), but nobody can complete onboarding there.
 */
export function localPayoutProvider(services: PayoutServices): PayoutProvider {
  return {
    name: "local",
    async createAccount(payee) {
      const id = `acct_local_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
      await writeLocalAccount(services, {
        id,
        object: "account",
        payee: { type: payee.type, id: payee.id },
        details_submitted: false,
        payouts_enabled: false,
        capabilities: { transfers: "inactive" },
        returnUrl: null,
        refreshUrl: null,
      });
      return { accountId: id };
    },
    async onboardingLink(accountId, urls) {
      const account = await readLocalAccount(services, accountId);
      if (!account) throw new Error(`No local account ${accountId}`);
      await writeLocalAccount(services, { ...account, returnUrl: urls.returnUrl, refreshUrl: urls.refreshUrl });
      return { url: `${new URL(urls.returnUrl).origin}/dev/payments/onboarding/${accountId}` };
    },
    async accountStatus(accountId) {
      const account = await readLocalAccount(services, accountId);
      if (!account) throw new Error(`No local account ${accountId}`);
      return accountStatus(account);
    },
    async createTransfer(request) {
      const done = await services.env.CACHE.get(localTransferKey(request.idempotencyKey));
      if (done) return { transferId: done };
      if (services.config.isDev) {
        const [all, one] = await Promise.all([
          services.env.CACHE.get(LOCAL_TRANSFER_FAIL_KEY),
          services.env.CACHE.get(localTransferFailKey(request.destination)),
        ]);
        if (all || one) throw new Error("The local provider was told to fail transfers");
      }
      const account = await readLocalAccount(services, request.destination);
      if (!account) throw new Error(`No such destination: ${request.destination}`);
      if (accountStatus(account) !== "active") throw new Error("The destination account cannot receive transfers yet");
      // The id follows from the idempotency key, as Stripe answers a repeated key with the first
      // transfer: two calls at once with one key make one transfer here too.
      const digest = new Uint8Array(
        await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`transfer:${request.idempotencyKey}`)),
      );
      const transferId = `tr_local_${[...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
      await services.env.CACHE.put(localTransferKey(request.idempotencyKey), transferId);
      return { transferId };
    },
    async findTransfer(payoutId) {
      const transferId = await services.env.CACHE.get(localTransferKey(payoutId));
      // The local provider never reverses a transfer.
      return transferId ? { transferId, reversed: false } : null;
    },
  };
}
