// Payouts through Connect (issue 27 items 4 and 8; docs/decisions/0056-connect-payouts.md), with
// the local provider: VintageVera (user_vendor) finished payout onboarding — her account is
// active and her last payout went out as a transfer; RetroRob (user_vendor2) started and left it
// unfinished — his account is pending verification (his dashboard says so; 'Continue payout
// setup' leads to /dev/payments/onboarding/acct_local_demorob). The Kensington Closet has not
// started: its payout of the concierge commissions of the same weeks as Vera's (30-admin.mjs)
// waits for payout details on the admin Financial tab, and the next weekly run sends it once the
// store's owner completes onboarding. Idempotent: fixed ids, inserted once; the payouts are
// changed only while untouched.
import { payoutId } from "../../../app/domain/finance-ids.ts";

const ACCOUNTS = [
  { payee: { type: "owner", id: "user_vendor" }, id: "acct_local_demovera", status: "active" },
  { payee: { type: "owner", id: "user_vendor2" }, id: "acct_local_demorob", status: "pending_verification" },
];
const VERA_TRANSFER = "tr_local_demovera0001";
const STORE = "store_kensington";

export async function seed({ db, env, now, DAY, batch }) {
  const statements = [];
  for (const account of ACCOUNTS) {
    const active = account.status === "active";
    statements.push(
      db
        .prepare(
          "INSERT INTO payee_accounts (payee_type, payee_id, provider, provider_account_id, status, created_at, updated_at) SELECT ?, ?, 'local', ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ?2) ON CONFLICT DO NOTHING",
        )
        .bind(
          account.payee.type,
          account.payee.id,
          account.id,
          account.status,
          now - 40 * DAY,
          now - (active ? 39 : 3) * DAY,
        ),
    );
    // The local provider's own record of the account (what its onboarding page and transfers read).
    const key = `payouts:local:account:${account.id}`;
    if (!(await env.CACHE.get(key))) {
      await env.CACHE.put(
        key,
        JSON.stringify({
          id: account.id,
          object: "account",
          payee: account.payee,
          details_submitted: true,
          payouts_enabled: active,
          capabilities: { transfers: active ? "active" : "pending" },
          returnUrl: null,
          refreshUrl: null,
        }),
      );
    }
  }
  // Vera's payout (30-admin.mjs records it paid): paid by transfer to her connected account.
  statements.push(
    db
      .prepare(
        "UPDATE payouts SET transfer_status = 'paid', transfer_id = ?, transfer_attempted_at = paid_at, paid_by = NULL WHERE recipient_type = 'owner' AND recipient_id = 'user_vendor' AND status = 'paid' AND transfer_status IS NULL",
      )
      .bind(VERA_TRANSFER),
  );
  // The store's payout for the weeks of Vera's (the weekly run found no payout details for it).
  const weekStart = (ms) => {
    const day = Math.floor(ms / DAY);
    return (day - ((day + 3) % 7)) * DAY;
  };
  const periodEnd = weekStart(now);
  const periodStart = periodEnd - 4 * 7 * DAY;
  const store = await db
    .prepare(
      "SELECT coalesce(sum(c.commission_amount), 0) AS total FROM commissions c JOIN transactions t ON t.id = c.transaction_id WHERE c.recipient_type = 'store' AND c.recipient_id = ? AND c.payout_id IS NULL AND t.status = 'completed' AND t.created_at < ?",
    )
    .bind(STORE, periodEnd)
    .first();
  if (store.total > 0) {
    statements.push(
      db
        .prepare(
          "INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, status, transfer_status, transfer_attempted_at, created_at) VALUES (?, 'store', ?, ?, ?, ?, ?, ?, 'calculated', 'waiting_for_details', ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          payoutId({ type: "store", id: STORE }, periodStart),
          STORE,
          periodStart,
          periodEnd,
          store.total,
          store.total,
          store.total,
          periodEnd + 6 * 3600_000,
          periodEnd,
        ),
      db
        .prepare(
          "UPDATE commissions SET payout_id = (SELECT id FROM payouts WHERE recipient_type = 'store' AND recipient_id = ?1 AND period_start = ?3) WHERE recipient_type = 'store' AND recipient_id = ?1 AND payout_id IS NULL AND transaction_id IN (SELECT id FROM transactions WHERE created_at < ?2 AND status = 'completed')",
        )
        .bind(STORE, periodEnd, periodStart),
    );
  }
  await batch(statements);
  const paid = await db.prepare("SELECT id FROM payouts WHERE transfer_id = ?").bind(VERA_TRANSFER).first();
  if (paid) await env.CACHE.put(`payouts:local:transfer:${paid.id}`, VERA_TRANSFER);
}
