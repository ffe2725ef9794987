import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { moneyInputOf } from "../../app/data/order-money.server";
import { savePayeeAccount, setPayeeAccountStatus } from "../../app/data/payout-transfers.server";
import type { PayoutRecipient } from "../../app/data/payouts.server";
import { orderMoney } from "../../app/domain/order-money";
import { itemLedgers } from "../../app/domain/refund-cap";
import { localPayoutProvider, writeLocalAccount, readLocalAccount } from "../../app/services/payouts-local.server";
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { concierge, nextIp, services } from "./lifecycle-fixtures";
import { placeOrder } from "./orders";

// The ledger property test's world (issue 42 item 7; decision 0075): one lifecycle's order, made
// as a shopper makes it, with fresh sellers, stores and shopper (unique ids, so runs never share a
// payee's balance), and the invariants read back from D1 through the engine's own readers.

/** One line of the order the run places: whose item, rented or bought, handled by a store, at what prices. */
export interface LineSpec {
  seller: 0 | 1;
  option: "rental" | "purchase";
  concierge: boolean;
  rentalPrice: number;
  buyingPrice: number;
}

export interface LifecycleSpec {
  lines: LineSpec[];
  /** Whether each seller (and each store) finished payout setup: otherwise their payouts wait for details. */
  payoutsActive: boolean;
}

export type Lifecycle = Awaited<ReturnType<typeof newLifecycle>>;

/** A payee whose local connected account is active (as 'Complete' on the onboarding page leaves it). */
async function activePayee(payee: { type: "owner" | "store"; id: string }, now: number) {
  const provider = localPayoutProvider(services());
  const { accountId } = await provider.createAccount({
    ...payee,
    email: `${payee.id}@example.test`,
    name: null,
  });
  const account = (await readLocalAccount(services(), accountId))!;
  await writeLocalAccount(services(), {
    ...account,
    details_submitted: true,
    payouts_enabled: true,
    capabilities: { transfers: "active" },
  });
  await savePayeeAccount(services().db, payee, "local", accountId, now);
  await setPayeeAccountStatus(services().db, accountId, "active", now);
}

/** The order of one run, placed through the basket and checkout, left on the payment page (the run pays or declines it). */
export async function newLifecycle(spec: LifecycleSpec, now: number) {
  const sellers = [await createUser(), await createUser()];
  const storeOwner = await createUser();
  const payees: PayoutRecipient[] = [];
  const lines = [];
  for (const line of spec.lines) {
    const owner = sellers[line.seller]!;
    const product = await createProduct(owner.id, {
      rentalPrice: line.rentalPrice,
      buyingPrice: line.buyingPrice,
    });
    const store = line.concierge ? await concierge(product.id, storeOwner) : null;
    if (!payees.some((p) => p.id === owner.id)) payees.push({ type: "owner", id: owner.id });
    if (store) payees.push({ type: "store", id: store.storeId });
    lines.push({ productId: product.id, option: line.option });
  }
  if (spec.payoutsActive)
    for (const payee of payees) await activePayee(payee as { type: "owner" | "store"; id: string }, now);
  const shopper = await signedInBrowser("shopper", { ip: nextIp() });
  const order = await placeOrder(shopper, lines, { pay: false });
  const kinds = new Map(lines.map((l) => [l.productId, l.option]));
  const items = order.items.map((i) => ({
    id: i.id,
    kind: kinds.get(i.productId)!,
  }));
  return {
    orderId: order.orderId,
    paymentPage: order.paymentPage,
    shopper,
    items,
    payees,
  };
}

const all = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .all<T>()
    .then((r) => r.results);

/**
 * The order's money rules, after every step: per item and for the delivery, refunded (given or
 * owed) never more than captured; 'Total paid' is captured less refunded; every split adds up to
 * its gross; nothing is captured or refunded twice, and each capture takes what its charge says.
 */
export async function checkOrder(orderId: string) {
  const input = (await moneyInputOf(services().db, orderId))!;
  const ledgers = itemLedgers(input);
  let net = 0;
  for (const [target, ledger] of ledgers) {
    const where = `${orderId} ${target}: captured ${ledger.captured}, refunded ${ledger.refunded}, owed ${ledger.owed}`;
    expect(ledger.refunded + ledger.owed, where).toBeLessThanOrEqual(ledger.captured);
    expect(Math.min(ledger.refunded, ledger.owed), where).toBeGreaterThanOrEqual(0);
    net += ledger.captured - ledger.refunded;
  }
  expect(orderMoney(input).total, `${orderId}: 'Total paid' against captured less refunded`).toBe(net);

  // Every refund given, summed over the order, is within what was collected (a refund key the
  // ledgers do not attribute would escape the per-item check above); no key succeeded twice; each
  // capture took what its charge says; each transaction's split adds up to its gross.
  const [sums, twice, captures, splits] = await env.DB.batch(
    [
      env.DB.prepare(
        `SELECT coalesce(sum(CASE WHEN p.operation = 'authorize' OR t.transaction_type NOT IN ('sale', 'rental_fee') THEN p.amount END), 0) AS taken,
              coalesce(sum(CASE WHEN p.operation = 'refund' THEN p.amount END), 0) AS given
       FROM payments p LEFT JOIN transactions t ON p.operation = 'capture' AND p.idempotency_key = 'capture:' || t.id
       WHERE p.order_id = ?1 AND p.status = 'succeeded'`,
      ),
      env.DB.prepare(
        "SELECT idempotency_key AS key, count(*) AS n FROM payments WHERE order_id = ?1 AND status = 'succeeded' GROUP BY idempotency_key HAVING count(*) > 1",
      ),
      env.DB.prepare(
        "SELECT t.id, t.gross_amount AS gross, p.amount FROM transactions t JOIN payments p ON p.idempotency_key = 'capture:' || t.id AND p.status = 'succeeded' WHERE t.order_id = ?1 AND p.amount <> t.gross_amount",
      ),
      env.DB.prepare(
        `SELECT t.id, t.transaction_type AS type, t.gross_amount AS gross, t.net_amount AS net, coalesce(sum(c.commission_amount), 0) AS commissions
       FROM transactions t LEFT JOIN commissions c ON c.transaction_id = t.id WHERE t.order_id = ?1
       GROUP BY t.id HAVING t.net_amount + coalesce(sum(c.commission_amount), 0) <> t.gross_amount`,
      ),
    ].map((statement) => statement.bind(orderId)),
  );
  const { taken, given } = sums!.results[0] as { taken: number; given: number };
  expect(given, `${orderId}: refunds given against money taken`).toBeLessThanOrEqual(taken);
  expect(twice!.results, `${orderId}: a key paid twice`).toEqual([]);
  expect(captures!.results, `${orderId}: a capture of another amount than its charge`).toEqual([]);
  expect(splits!.results, `${orderId}: a split that does not add up to its gross`).toEqual([]);
}

/** A transaction's money is in: its capture succeeded, or (money going back) its refund did. The payouts' own rule, with no period. */
const PAYABLE = `t.status = 'completed' AND (EXISTS (SELECT 1 FROM payments p WHERE p.idempotency_key = 'capture:' || t.id AND p.status = 'succeeded')
  OR (t.gross_amount < 0 AND EXISTS (SELECT 1 FROM payments p WHERE p.transaction_id = t.id AND p.operation = 'refund' AND p.status = 'succeeded')))`;

/**
 * What each payee was paid plus their balance equals what they are owed (decision 0073). Owed:
 * their share of every payable transaction (an owner's net, a store's or the platform's
 * commissions). Paid: the due amounts of their paid payouts. Balance: what is still to send (due
 * above zero, not paid yet), what their latest payout carried on (its due at or below zero), and
 * what no payout gathered yet. Each payout's net is what it gathered.
 */
export async function checkPayee(payee: PayoutRecipient) {
  const shares =
    payee.type === "owner"
      ? `SELECT t.net_amount AS amount, t.payout_id AS payoutId FROM transactions t WHERE t.owner_id = ?1 AND ${PAYABLE}`
      : `SELECT c.commission_amount AS amount, c.payout_id AS payoutId FROM commissions c JOIN transactions t ON t.id = c.transaction_id
         WHERE c.recipient_type = ?2 AND (?2 = 'platform' OR c.recipient_id = ?1) AND ${PAYABLE}`;
  const gathered =
    payee.type === "owner"
      ? "(SELECT coalesce(sum(net_amount), 0) FROM transactions WHERE payout_id = p.id)"
      : "(SELECT coalesce(sum(commission_amount), 0) FROM commissions WHERE payout_id = p.id)";
  const [shareRows, payoutRows] = await env.DB.batch([
    env.DB.prepare(shares).bind(...(payee.type === "owner" ? [payee.id] : [payee.id, payee.type])),
    env.DB.prepare(
      `SELECT p.id, p.net_amount AS net, p.due_amount AS due, p.status, ${gathered} AS gathered FROM payouts p WHERE p.recipient_type = ?1 AND p.recipient_id = ?2 ORDER BY p.period_start`,
    ).bind(payee.type, payee.id),
  ]);
  const owed = shareRows!.results as { amount: number; payoutId: string | null }[];
  const payouts = payoutRows!.results as { id: string; net: number; due: number; status: string; gathered: number }[];
  const who = `${payee.type} ${payee.id}`;
  for (const p of payouts) expect(p.net, `${who}: payout ${p.id} against what it gathered`).toBe(p.gathered);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const paid = sum(payouts.filter((p) => p.status === "paid").map((p) => p.due));
  const toSend = sum(payouts.filter((p) => p.status === "calculated" && p.due > 0).map((p) => p.due));
  const carried = Math.min(payouts.at(-1)?.due ?? 0, 0);
  const ungathered = sum(owed.filter((s) => s.payoutId === null).map((s) => s.amount));
  const balance = toSend + carried + ungathered;
  expect({ paid, balance, owed: paid + balance }, `${who}: paid ${paid} + balance ${balance} against owed`).toEqual({
    paid,
    balance,
    owed: sum(owed.map((s) => s.amount)),
  });
}

/** Nothing transferred twice: one transfer per payout, none for a payout with nothing to send, each sent payout paid by one. */
export async function checkTransfers() {
  expect(
    await all(
      "SELECT transfer_id AS id, count(*) AS n FROM payouts WHERE transfer_id IS NOT NULL GROUP BY transfer_id HAVING count(*) > 1",
    ),
    "a transfer that paid two payouts",
  ).toEqual([]);
  expect(
    await all(
      "SELECT id, due_amount AS due FROM payouts WHERE (status = 'paid' OR transfer_id IS NOT NULL) AND due_amount <= 0",
    ),
    "a payout with nothing to send that was sent",
  ).toEqual([]);
  expect(
    await all("SELECT id FROM payouts WHERE recipient_type <> 'platform' AND status = 'paid' AND transfer_id IS NULL"),
    "a seller's payout paid with no transfer",
  ).toEqual([]);
}
