import type { AppContext } from "../context";
import type { PayeeRef } from "../data/payout-transfers.server";
import type { PayeeAccountStatus, TransferRequest } from "../domain/payouts";

// The payout interface (decision 0056): what every payout provider answers, and the services it uses.

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
  /**
   * A transfer made earlier for this payout (its transfer group and metadata), reversed or not, if
   * any: looked up before every attempt, so a payout is never transferred twice (decision 0073).
   */
  findTransfer(payoutId: string): Promise<{ transferId: string; reversed: boolean } | null>;
}
