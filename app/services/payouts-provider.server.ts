import type { AppContext } from "../context";
import { payeeAccount, payeeOfAccount, payoutsToSend, recordTransfer, recordTransferReversed, savePayeeAccount, setPayeeAccountStatus, type PayeeRef } from "../data/payouts.server";
import { accountStatus, transferFor, type AccountFacts, type PayeeAccountStatus, type TransferRequest } from "../domain/payouts";

// Payouts through Connect (issue 27 item 4; docs/decisions/0056-connect-payouts.md). One payout
// interface, as payments have one (decision 0035): a payee (a seller or a store) gets a connected
// account and a hosted onboarding link; the weekly job sends each calculated payout as a transfer
// to that account under the payout's id as idempotency key. Two implementations: the local one
// (the default: nothing leaves the machine; its hosted onboarding page is
// /dev/payments/onboarding/{accountId}) and Stripe Connect (Express accounts), chosen by
// PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY.

export type PayoutServices = Pick<AppContext, "env" | "config" | "db">;

export interface PayeeDetails extends PayeeRef {
  email: string | null;
  name: string | null;
}

export interface PayoutProvider {
  readonly name: "local" | "stripe";
  /** A connected account for the payee; answers its provider id. */
  createAccount(payee: PayeeDetails): Promise<{ accountId: string }>;
  /** A one-time hosted onboarding link: the payee comes back to returnUrl (or refreshUrl when the link expired). */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /** What the provider says of the account now. */
  accountStatus(accountId: string): Promise<PayeeAccountStatus>;
  /** Sends money to the account; the same idempotency key never sends twice. Throws when refused. */
  createTransfer(request: TransferRequest): Promise<{ transferId: string }>;
  /** A transfer made earlier for this payout (its transfer group), if any: checked before a retry. */
  findTransfer(payoutId: string): Promise<{ transferId: string } | null>;
}

// ---- The local provider ----

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
      await writeLocalAccount(services, { id, object: "account", payee: { type: payee.type, id: payee.id }, details_submitted: false, payouts_enabled: false, capabilities: { transfers: "inactive" }, returnUrl: null, refreshUrl: null });
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
        const [all, one] = await Promise.all([services.env.CACHE.get(LOCAL_TRANSFER_FAIL_KEY), services.env.CACHE.get(localTransferFailKey(request.destination))]);
        if (all || one) throw new Error("The local provider was told to fail transfers");
      }
      const account = await readLocalAccount(services, request.destination);
      if (!account) throw new Error(`No such destination: ${request.destination}`);
      if (accountStatus(account) !== "active") throw new Error("The destination account cannot receive transfers yet");
      // The id follows from the idempotency key, as Stripe answers a repeated key with the first
      // transfer: two calls at once with one key make one transfer here too.
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`transfer:${request.idempotencyKey}`)));
      const transferId = `tr_local_${[...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
      await services.env.CACHE.put(localTransferKey(request.idempotencyKey), transferId);
      return { transferId };
    },
    async findTransfer(payoutId) {
      const transferId = await services.env.CACHE.get(localTransferKey(payoutId));
      return transferId ? { transferId } : null;
    },
  };
}

// ---- Stripe Connect ----

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
      const link = await stripe.accountLinks.create({ account: accountId, type: "account_onboarding", return_url: urls.returnUrl, refresh_url: urls.refreshUrl });
      return { url: link.url };
    },
    async accountStatus(accountId) {
      const stripe = await client;
      const account = await stripe.accounts.retrieve(accountId);
      return accountStatus({ details_submitted: account.details_submitted, payouts_enabled: account.payouts_enabled, capabilities: { transfers: account.capabilities?.transfers ?? null } });
    },
    async createTransfer(request) {
      const stripe = await client;
      const transfer = await stripe.transfers.create(
        { amount: request.amount, currency: request.currency, destination: request.destination, metadata: request.metadata, transfer_group: request.transferGroup, description: request.description },
        { idempotencyKey: request.idempotencyKey },
      );
      return { transferId: transfer.id };
    },
    async findTransfer(payoutId) {
      const stripe = await client;
      const found = await stripe.transfers.list({ transfer_group: payoutId, limit: 1 });
      const transfer = found.data.find((t) => t.metadata?.payout_id === payoutId && !t.reversed);
      return transfer ? { transferId: transfer.id } : null;
    },
  };
}

/** The provider this deployment uses: Stripe when PAYMENT_PROVIDER=stripe (with STRIPE_SECRET_KEY), else the local one. */
export function payoutProvider(services: PayoutServices): PayoutProvider {
  const config = services.config;
  if (config.PAYMENT_PROVIDER === "stripe" && config.STRIPE_SECRET_KEY) return stripePayoutProvider(config.STRIPE_SECRET_KEY);
  return localPayoutProvider(services);
}

/** Is staff's 'Mark paid' available? Only with the local provider (decision 0056): with Stripe, only a transfer pays. */
export const mayMarkPaidByHand = (services: PayoutServices) => payoutProvider(services).name === "local";

// ---- Setting up payouts (the dashboards' 'Set up payouts') ----

export type SetUpOutcome = { ok: true; url: string } | { ok: false; error: string };

/**
 * The payee's connected account (created on first use) and a fresh hosted onboarding link. The
 * caller has checked who may (the seller themself; the store's owner).
 */
export async function startOnboarding(services: PayoutServices, payee: PayeeDetails, urls: { returnUrl: string; refreshUrl: string }, now: number, provider = payoutProvider(services)): Promise<SetUpOutcome> {
  try {
    let account = await payeeAccount(services.db, payee);
    if (!account || account.provider !== provider.name) {
      const created = await provider.createAccount(payee);
      account = await savePayeeAccount(services.db, payee, provider.name, created.accountId, now);
    }
    const link = await provider.onboardingLink(account.providerAccountId, urls);
    return { ok: true, url: link.url };
  } catch (error) {
    console.error(`payouts: setting up payouts for ${payee.type} ${payee.id} failed`, error);
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The payee's status for their dashboard. Coming back from onboarding (`refresh`), it is asked of
 * the provider and stored, so the dashboard is right even before the provider's event arrives.
 */
export async function payeeStatus(services: PayoutServices, payee: PayeeRef, now: number, refresh = false, provider = payoutProvider(services)): Promise<PayeeAccountStatus> {
  const account = await payeeAccount(services.db, payee);
  if (!account) return "not_started";
  if (!refresh || account.status === "active" || account.provider !== provider.name) return account.status;
  try {
    const status = await provider.accountStatus(account.providerAccountId);
    await setPayeeAccountStatus(services.db, account.providerAccountId, status, now);
    return status;
  } catch (error) {
    console.error(`payouts: reading the account of ${payee.type} ${payee.id} failed`, error);
    return account.status;
  }
}

// ---- The weekly job: transfers ----

/** The payee is told their payout is paid (the same notice as staff's 'Mark paid'; loaded late: notices use the jobs module). */
async function tellPaid(services: PayoutServices, payoutId: string) {
  const { tellPayoutPaid } = await import("./notices.server");
  await tellPayoutPaid(services, payoutId);
}

export interface TransferSummary {
  paid: number;
  waiting: number;
  failed: number;
}

/**
 * Every calculated payout of a seller or a store that no transfer paid yet goes to the payee's
 * connected account: paid from the provider's answer (its transfer id recorded), 'waiting for
 * payout details' while the payee's account is missing or not active, failed with the error
 * otherwise. Waiting and failed ones are tried again by each later run; the payout's id is the
 * idempotency key and the 'paid' update is guarded, so nothing is paid twice.
 */
export async function sendPayouts(services: PayoutServices, now: number, provider = payoutProvider(services)): Promise<TransferSummary> {
  const summary: TransferSummary = { paid: 0, waiting: 0, failed: 0 };
  for (const payout of await payoutsToSend(services.db)) {
    try {
      // No account, not active yet, or one at another provider (made before switching): waiting.
      if (!payout.accountId || payout.accountStatus !== "active" || payout.accountProvider !== provider.name) {
        await recordTransfer(services.db, payout.id, { status: "waiting_for_details", error: null }, now);
        summary.waiting++;
        continue;
      }
      try {
        // A retry after a failure: Stripe forgets an idempotency key after 24 hours, so a transfer
        // that went out while its answer was lost is looked up by the payout first, never made again.
        const earlier = payout.transferStatus === "failed" ? await provider.findTransfer(payout.id) : null;
        const { transferId } = earlier ?? (await provider.createTransfer(transferFor(payout, payout.accountId)));
        if (await recordTransfer(services.db, payout.id, { status: "paid", transferId }, now)) {
          summary.paid++;
          await tellPaid(services, payout.id);
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await recordTransfer(services.db, payout.id, { status: "failed", error: message }, now);
        summary.failed++;
        console.error(`payouts: the transfer of payout ${payout.id} failed; the next run retries it`, message);
      }
    } catch (error) {
      summary.failed++;
      console.error(`payouts: payout ${payout.id} could not be sent`, error);
    }
  }
  return summary;
}

// ---- The provider's events (wired into /webhooks/stripe's registry by the lead) ----

type EventObject = Record<string, unknown>;
export type PayoutEventHandler = (services: PayoutServices, object: EventObject, now: number) => Promise<void>;

const str = (value: unknown) => (typeof value === "string" && value.length > 0 && value.length <= 255 ? value : null);
const payoutIdOf = (object: EventObject) => str((object.metadata as Record<string, unknown> | undefined)?.payout_id);

/**
 * account.updated: the account's status is asked of the provider again rather than read from the
 * event, so events out of order or replayed cannot leave an older status behind. An account we do
 * not know (another platform's, or deleted here) is ignored.
 */
async function accountUpdated(services: PayoutServices, object: EventObject, now: number) {
  const id = str(object.id);
  if (!id) return;
  const known = await payeeOfAccount(services.db, id);
  if (!known) return;
  const provider = payoutProvider(services);
  let status: PayeeAccountStatus;
  try {
    status = known.provider === provider.name ? await provider.accountStatus(id) : accountStatus(object as AccountFacts);
  } catch {
    status = accountStatus(object as AccountFacts);
  }
  await setPayeeAccountStatus(services.db, id, status, now);
}

/** transfer.created: the payout named in its metadata is paid by it (once; nothing if the job recorded it already). */
async function transferCreated(services: PayoutServices, object: EventObject, now: number) {
  const payoutId = payoutIdOf(object);
  const transferId = str(object.id);
  if (!payoutId || !transferId) return;
  if (object.reversed === true) {
    await recordTransferReversed(services.db, payoutId, transferId, now);
    return;
  }
  if (await recordTransfer(services.db, payoutId, { status: "paid", transferId }, now)) await tellPaid(services, payoutId);
}

/** transfer.updated / transfer.reversed: a transfer taken back (wholly) shows as reversed; anything else is as created. */
async function transferChanged(services: PayoutServices, object: EventObject, now: number) {
  const payoutId = payoutIdOf(object);
  const transferId = str(object.id);
  if (!payoutId || !transferId) return;
  const reversed = object.reversed === true || (typeof object.amount_reversed === "number" && typeof object.amount === "number" && object.amount_reversed >= object.amount && object.amount > 0);
  if (reversed) await recordTransferReversed(services.db, payoutId, transferId, now);
  else if (await recordTransfer(services.db, payoutId, { status: "paid", transferId }, now)) await tellPaid(services, payoutId);
}

/**
 * payout.paid / payout.failed: the connected account's own payout to the payee's bank. Our payout
 * is paid once the transfer reached their account, so these only say whether the bank received
 * it; a failure means their bank details need fixing, so their account goes back to pending
 * verification after the provider is asked (their dashboard then says so).
 */
async function bankPayout(services: PayoutServices, object: EventObject, now: number) {
  const account = str(object.destination_account) ?? str(object.account);
  if (object.status === "failed" && account) await accountUpdated(services, { id: account }, now);
  console.log(`payouts: a bank payout ${str(object.id) ?? "?"} is ${String(object.status ?? "?")}`);
}

export const payoutEventHandlers: Record<string, PayoutEventHandler> = {
  "account.updated": accountUpdated,
  "transfer.created": transferCreated,
  "transfer.updated": transferChanged,
  "transfer.reversed": transferChanged,
  "payout.paid": bankPayout,
  "payout.failed": bankPayout,
};
