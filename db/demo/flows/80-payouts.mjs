// Payouts through Connect (issue 27 items 4 and 8; docs/decisions/0056-connect-payouts.md), with
// the local provider: VintageVera (user_vendor) finished payout onboarding — her account is
// active and her last payout went out as a transfer; RetroRob (user_vendor2) started and left it
// unfinished — his account is pending verification, so his payout waits for payout details on the
// admin Financial tab (the next weekly run sends it once he completes onboarding at
// /dev/payments/onboarding/acct_local_demorob from his dashboard). The Kensington Closet has not
// started. Idempotent: fixed ids, inserted once; the payouts are changed only while untouched.

const ACCOUNTS = [
  { payee: { type: "owner", id: "user_vendor" }, id: "acct_local_demovera", status: "active" },
  { payee: { type: "owner", id: "user_vendor2" }, id: "acct_local_demorob", status: "pending_verification" },
];
const VERA_TRANSFER = "tr_local_demovera0001";

export async function seed({ db, env, now, DAY, batch }) {
  const statements = [];
  for (const account of ACCOUNTS) {
    const active = account.status === "active";
    statements.push(
      db
        .prepare("INSERT INTO payee_accounts (payee_type, payee_id, provider, provider_account_id, status, created_at, updated_at) SELECT ?, ?, 'local', ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ?2) ON CONFLICT DO NOTHING")
        .bind(account.payee.type, account.payee.id, account.id, account.status, now - 40 * DAY, now - (active ? 39 : 3) * DAY),
    );
    // The local provider's own record of the account (what its onboarding page and transfers read).
    const key = `payouts:local:account:${account.id}`;
    if (!(await env.CACHE.get(key))) {
      await env.CACHE.put(
        key,
        JSON.stringify({ id: account.id, object: "account", payee: account.payee, details_submitted: true, payouts_enabled: active, capabilities: { transfers: active ? "active" : "pending" }, returnUrl: null, refreshUrl: null }),
      );
    }
  }
  // Vera's payout (30-admin.mjs records it paid): paid by transfer to her connected account.
  statements.push(
    db.prepare("UPDATE payouts SET transfer_status = 'paid', transfer_id = ?, transfer_attempted_at = paid_at, paid_by = NULL WHERE recipient_type = 'owner' AND recipient_id = 'user_vendor' AND status = 'paid' AND transfer_status IS NULL").bind(VERA_TRANSFER),
    // Rob's calculated payout: the weekly run found his onboarding unfinished.
    db.prepare("UPDATE payouts SET transfer_status = 'waiting_for_details', transfer_attempted_at = ? WHERE recipient_type = 'owner' AND recipient_id = 'user_vendor2' AND status = 'calculated' AND transfer_status IS NULL").bind(now - DAY),
  );
  await batch(statements);
  const paid = await db.prepare("SELECT id FROM payouts WHERE transfer_id = ?").bind(VERA_TRANSFER).first();
  if (paid) await env.CACHE.put(`payouts:local:transfer:${paid.id}`, VERA_TRANSFER);
}
