import {
  payeeAccount,
  payeeOfAccount,
  payoutsToSend,
  recordTransfer,
  recordTransferReversed,
  savePayeeAccount,
  setPayeeAccountStatus,
  type PayeeAccount,
  type PayeeRef,
} from "../data/payout-transfers.server";
import { accountStatus, transferFor, type AccountFacts, type PayeeAccountStatus } from "../domain/payouts";
import type { PayeeDetails, PayoutProvider, PayoutServices } from "./payout-types";
import { localPayoutProvider } from "./payouts-local.server";
import { onFirstUse } from "./per-isolate";
import { stripePayoutProvider } from "./payouts-stripe.server";

export type { PayeeDetails, PayoutProvider, PayoutServices };

// Payouts through Connect (issue 27 item 4; docs/decisions/0056-connect-payouts.md). One payout
// interface, as payments have one (decision 0035): a payee (a seller or a store) gets a connected
// account and a hosted onboarding link; the weekly job sends each calculated payout as a transfer
// to that account under the payout's id as idempotency key. Two implementations: the local one
// (the default: nothing leaves the machine; its hosted onboarding page is
// /dev/payments/onboarding/{accountId}) and Stripe Connect (Express accounts), chosen by
// PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY.

/** The provider this deployment uses: Stripe when PAYMENT_PROVIDER=stripe (with STRIPE_SECRET_KEY), else the local one. */
export function payoutProvider(services: PayoutServices): PayoutProvider {
  const config = services.config;
  if (config.PAYMENT_PROVIDER === "stripe" && config.STRIPE_SECRET_KEY)
    return stripePayoutProvider(config.STRIPE_SECRET_KEY);
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
export async function startOnboarding(
  services: PayoutServices,
  payee: PayeeDetails,
  urls: { returnUrl: string; refreshUrl: string },
  now: number,
  provider = payoutProvider(services),
): Promise<SetUpOutcome> {
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
 * The payee's status for their dashboard, from their account as the dashboard's batch read it
 * (`payeeAccountPart`). Coming back from onboarding (`refresh`), it is asked of the provider and
 * stored, so the dashboard is right even before the provider's event arrives.
 */
export async function payeeStatus(
  services: PayoutServices,
  payee: PayeeRef,
  account: PayeeAccount | null,
  now: number,
  refresh = false,
  provider = payoutProvider(services),
): Promise<PayeeAccountStatus> {
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

/** Loaded late: notices use the jobs module. */
const notices = onFirstUse(() => import("./notices.server"));

/** The payee is told their payout is paid (the same notice as staff's 'Mark paid'). */
async function tellPaid(services: PayoutServices, payoutId: string) {
  const { tellPayoutPaid } = await notices();
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
 * idempotency key, a transfer made earlier for it is looked up first and the 'paid' update is
 * guarded, so nothing is paid twice. A payout at or below zero is never sent (decision 0073).
 */
export async function sendPayouts(
  services: PayoutServices,
  now: number,
  provider = payoutProvider(services),
): Promise<TransferSummary> {
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
        // Before any attempt, whatever the payout's last status (failed, then waiting for details,
        // ...): Stripe forgets an idempotency key after 24 hours, so a transfer that went out while
        // its answer was lost is looked up by the payout's reference and recorded, never made again
        // (decision 0073). One found reversed was made and taken back: shown, not sent again.
        const earlier = await provider.findTransfer(payout.id);
        if (earlier?.reversed) {
          await recordTransferReversed(services.db, payout.id, earlier.transferId, now);
          continue;
        }
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
    status =
      known.provider === provider.name ? await provider.accountStatus(id) : accountStatus(object as AccountFacts);
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
  if (await recordTransfer(services.db, payoutId, { status: "paid", transferId }, now))
    await tellPaid(services, payoutId);
}

/** transfer.updated / transfer.reversed: a transfer taken back (wholly) shows as reversed; anything else is as created. */
async function transferChanged(services: PayoutServices, object: EventObject, now: number) {
  const payoutId = payoutIdOf(object);
  const transferId = str(object.id);
  if (!payoutId || !transferId) return;
  const reversed =
    object.reversed === true ||
    (typeof object.amount_reversed === "number" &&
      typeof object.amount === "number" &&
      object.amount_reversed >= object.amount &&
      object.amount > 0);
  if (reversed) await recordTransferReversed(services.db, payoutId, transferId, now);
  else if (await recordTransfer(services.db, payoutId, { status: "paid", transferId }, now))
    await tellPaid(services, payoutId);
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
