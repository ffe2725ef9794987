import { env } from "cloudflare:workers";
import fc from "fast-check";
import { expect } from "vitest";
import { startOfWeekUTC, WEEK_MS } from "../../app/domain/dates";
import { localFailKey } from "../../app/services/payments-local.server";
import { localPayoutProvider } from "../../app/services/payouts-local.server";
import { sendPayouts, type PayoutProvider } from "../../app/services/payouts-provider.server";
import { refundOrder, refundPayment } from "../../app/services/refunds.server";
import { runJob, services } from "./lifecycle-fixtures";
import { DAY } from "./orders";
import { moveClock, step } from "./ledger-step-kit";
import {
  buyNow,
  cancelItem,
  cancelOrder,
  deliver,
  inspect,
  onPage,
  overturn,
  sendBack,
  ship,
} from "./ledger-steps-order";

export { modelOf, ran, startClock } from "./ledger-step-kit";

// The steps of the ledger property (issue 42 item 7; decision 0075): each calls what a route or a
// job calls (the services; checkout's hosted payment page through the Worker's fetch), then the
// ledger's rules are read back from D1 (ledger-fixtures.ts).

// The steps on one order are in ledger-steps-order.ts; here the card, refunds asked again and the jobs.

/** The card from now on: captures (Buy it now, a repair fee, delivery's settling) or refunds refused, or working again. */
const card = fc
  .constantFrom("capture", "refund", "capture,refund", "ok")
  .map((mode) =>
    step(`the card: ${mode}`, (real) =>
      mode === "ok"
        ? env.CACHE.delete(localFailKey(real.life.orderId))
        : env.CACHE.put(localFailKey(real.life.orderId), mode),
    ),
  );

/** A refund asked again under its key and amount (a form sent twice, a retry): given once at most. */
const refundAgain = fc.nat(7).map((k) =>
  step(
    `refund ${k} asked again`,
    async (real, now) => {
      const asked = await env.DB.prepare(
        "SELECT DISTINCT idempotency_key AS key, transaction_id AS transactionId, amount FROM payments WHERE order_id = ? AND operation = 'refund' ORDER BY rowid",
      )
        .bind(real.life.orderId)
        .all<{ key: string; transactionId: string | null; amount: number }>();
      const again = asked.results[k % asked.results.length]!;
      if (again.key === `refund:${real.life.orderId}`) return refundOrder(services(), real.life.orderId, now);
      return refundPayment(
        services(),
        {
          orderId: real.life.orderId,
          transactionId: again.transactionId,
          amount: again.amount,
          idempotencyKey: again.key,
        },
        now,
      );
    },
    { when: (m) => m.refunds > 0 },
  ),
);

const daily = fc.integer({ min: 1, max: 8 }).map((days) =>
  step(
    `${days} days on, the daily job`,
    async () => {
      await runJob(
        "daily",
        moveClock((clock) => clock + days * DAY),
      );
    },
    { job: true },
  ),
);

/** The weekly job on the next Monday; then sent again (a rerun, a retry): nothing paid goes again, each transfer is its payout's due amount. */
const weekly = fc.constant("weekly").map(() =>
  step(
    "the weekly payout",
    async () => {
      const clock = moveClock((now) => startOfWeekUTC(now) + WEEK_MS + 6 * 3_600_000);
      await runJob("weekly", clock);
      const paid = new Set(
        (await env.DB.prepare("SELECT id FROM payouts WHERE status = 'paid'").all<{ id: string }>()).results.map(
          (r) => r.id,
        ),
      );
      const local = localPayoutProvider(services());
      const sent: { id: string; amount: number }[] = [];
      const recording: PayoutProvider = {
        ...local,
        createTransfer: (request) => (
          sent.push({ id: request.idempotencyKey, amount: request.amount }),
          local.createTransfer(request)
        ),
      };
      await sendPayouts(services(), clock, recording);
      expect(
        sent.filter((t) => paid.has(t.id)),
        "a paid payout transferred again",
      ).toEqual([]);
      for (const t of sent)
        expect(t.amount, `payout ${t.id}'s transfer`).toBe(
          (
            await env.DB.prepare("SELECT due_amount AS due FROM payouts WHERE id = ?")
              .bind(t.id)
              .first<{ due: number }>()
          )?.due,
        );
    },
    { payouts: true, job: true },
  ),
);

/**
 * Every kind of step. The ones that move an order on (pay, deliver, buy, return, inspect, overturn)
 * are listed more than once: a step that cannot act now is skipped, so these weights decide how
 * many lifecycles get past checkout and delivery into returns, inspections and payouts.
 */
const times = <T>(n: number, value: T) => Array.from({ length: n }, () => value);
export const steps = [
  ...times(4, onPage("pay")),
  onPage("decline"),
  cancelItem,
  cancelOrder,
  ship,
  ...times(3, deliver),
  ...times(2, buyNow),
  ...times(3, sendBack),
  ...times(3, inspect),
  ...times(2, overturn),
  card,
  refundAgain,
  daily,
  weekly,
];
