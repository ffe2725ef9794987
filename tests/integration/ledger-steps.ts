import { env } from "cloudflare:workers";
import fc from "fast-check";
import { expect } from "vitest";
import { loadOrder, type LifecycleOrder } from "../../app/data/order-lifecycle.server";
import { startOfWeekUTC, WEEK_MS } from "../../app/domain/dates";
import { expireReservation } from "../../app/services/checkout-payment.server";
import { inspectFromForm } from "../../app/services/inspect-form.server";
import { changeOrderItem, staffSetOrderStatus } from "../../app/services/order-lifecycle.server";
import { localFailKey } from "../../app/services/payments-local.server";
import { localPayoutProvider } from "../../app/services/payouts-local.server";
import { sendPayouts, type PayoutProvider } from "../../app/services/payouts-provider.server";
import { refundOrder, refundPayment } from "../../app/services/refunds.server";
import { cancelItems, confirmDelivery, overturnItemCharge, shipItems } from "../../app/services/trade.server";
import { checkOrder, checkPayee, checkTransfers, type Lifecycle } from "./ledger-fixtures";
import { runJob, services } from "./lifecycle-fixtures";
import { DAY, onPaymentPage } from "./orders";

// The steps of the ledger property (issue 42 item 7; decision 0075): each calls what a route or a
// job calls (the services; checkout's hosted payment page through the Worker's fetch), then the
// ledger's rules are read back from D1 (ledger-fixtures.ts).

/** The runs' clock: a minute per step, days when the daily job's time comes, a week for the payout; never backwards. */
let clock = Date.now();
export const startClock = () => (clock = Math.max(clock, Date.now()));
const tick = () => (clock += 60_000);

/**
 * What a run knows of its order, read back after each step: which steps can do something now. A
 * step that cannot is skipped, so the random sequences reach deliveries, returns and payouts.
 */
export interface Model {
  order: string;
  items: { status: string; inspected: boolean }[];
  /** Refund keys asked so far (given, or failed and owed). */
  refunds: number;
  /** Daily and weekly jobs run so far: a few per lifecycle, so its own steps get the room. */
  jobs: number;
}
export interface Real {
  life: Lifecycle;
  staffId: string;
}

export async function modelOf(life: Lifecycle, jobs = 0): Promise<Model> {
  const [order, items, refunds] = await env.DB.batch<{ id: string; status: string; inspection: string | null; n: number }>([
    env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(life.orderId),
    env.DB.prepare("SELECT id, status, inspection FROM order_items WHERE order_id = ?").bind(life.orderId),
    env.DB.prepare("SELECT count(DISTINCT idempotency_key) AS n FROM payments WHERE order_id = ? AND operation = 'refund'").bind(life.orderId),
  ]);
  const row = (id: string) => items!.results.find((r) => r.id === id)!;
  return {
    order: order!.results[0]!.status,
    items: life.items.map((i) => ({ status: row(i.id).status, inspected: row(i.id).inspection !== null })),
    refunds: refunds!.results[0]!.n,
    jobs,
  };
}

const JOBS_PER_LIFECYCLE = 3;
/** How many times each kind of step ran (printed at the end: what the runs reached). */
export const ran = new Map<string, number>();

/** One step: it acts at the clock's next minute, then the order's rules, its payees' and (after a payout) everyone's are checked. */
function step(
  name: string,
  act: (real: Real, now: number) => Promise<unknown>,
  options: { when?: (model: Model) => boolean; payouts?: boolean; job?: boolean } = {},
): fc.AsyncCommand<Model, Real> {
  return {
    check: (model) => (options.job ? model.jobs < JOBS_PER_LIFECYCLE && model.order !== "awaiting_payment" : true) && (options.when?.(model) ?? true),
    async run(model, real) {
      const kind = name.replace(/ [0-9]+|, repair fee [0-9]+p|[0-9]+ days on, /g, "");
      ran.set(kind, (ran.get(kind) ?? 0) + 1);
      await act(real, tick());
      Object.assign(model, await modelOf(real.life, model.jobs + (options.job ? 1 : 0)));
      await checkOrder(real.life.orderId);
      for (const payee of real.life.payees) await checkPayee(payee);
      if (options.payouts) {
        await checkPayee({ type: "platform", id: "platform" });
        await checkTransfers();
      }
    },
    toString: () => name,
  };
}

const mine = (life: Lifecycle) => (order: LifecycleOrder) => order.userId === life.shopper.id && order.id === life.orderId;
const shopperOf = (real: Real) => ({ id: real.life.shopper.id, role: "shopper" as const });
const staffOf = (real: Real) => ({ id: real.staffId, role: "staff" as const });
const itemOf = (real: Real, index: number) => real.life.items[index % real.life.items.length]!;
const BEFORE_DELIVERY = ["pending", "processing", "shipped"];
const itemIs =
  (i: number, ...statuses: string[]) =>
  (model: Model) =>
    statuses.includes(model.items[i % model.items.length]!.status);
const item = fc.nat(5);
const by = fc.constantFrom("shopper" as const, "staff" as const);

const onPage = (intent: "pay" | "decline") =>
  fc.constant(intent).map(() =>
    step(
      intent,
      async (real) => {
        const answer = await onPaymentPage(real.life.shopper.browser, real.life.paymentPage, intent);
        expect(answer.status, `${intent} on the payment page`).toBeLessThan(500);
      },
      { when: (m) => m.order === "awaiting_payment" },
    ),
  );

const cancelItem = fc
  .tuple(item, by)
  .map(([i, who]) =>
    step(
      `cancel item ${i} by ${who}`,
      (real, now) =>
        cancelItems(
          services(),
          real.life.orderId,
          [itemOf(real, i).id],
          who === "shopper" ? shopperOf(real) : staffOf(real),
          now,
          who === "shopper" ? mine(real.life) : undefined,
        ),
      { when: itemIs(i, ...BEFORE_DELIVERY) },
    ),
  );

const cancelOrder = by.map((who) =>
  step(
    `cancel the order by ${who}`,
    async (real, now) => {
      if (who === "staff") return staffSetOrderStatus(services(), real.life.orderId, "cancelled", real.staffId, now);
      // As the order page does it: not paid yet, the reservation ends; paid, every live item is cancelled.
      const order = (await loadOrder(services().db, real.life.orderId))!;
      if (order.status === "awaiting_payment") return expireReservation(services(), real.life.orderId, now, { byShopper: real.life.shopper.id });
      const live = order.items.filter((i) => i.status !== "cancelled").map((i) => i.id);
      return cancelItems(services(), real.life.orderId, live, shopperOf(real), now, mine(real.life));
    },
    { when: (m) => m.order === "awaiting_payment" || BEFORE_DELIVERY.includes(m.order) },
  ),
);

const ship = item.map((i) =>
  step(
    `ship item ${i}`,
    (real, now) => shipItems(services(), real.life.orderId, [itemOf(real, i).id], { carrier: "royal_mail", trackingNumber: `AB${now}GB` }, staffOf(real), now),
    {
      when: itemIs(i, "pending", "processing"),
    },
  ),
);

const deliver = by.map((who) =>
  step(
    `deliver by ${who}`,
    async (real, now) => {
      if (who === "staff") return staffSetOrderStatus(services(), real.life.orderId, "delivered", real.staffId, now);
      // 'I have received it': the shopper confirms what was posted.
      const shipped = (await loadOrder(services().db, real.life.orderId))!.items.filter((i) => i.status === "shipped").map((i) => i.id);
      return shipped.length ? confirmDelivery(services(), real.life.orderId, shipped, shopperOf(real), now, mine(real.life)) : null;
    },
    { when: (m) => BEFORE_DELIVERY.includes(m.order) },
  ),
);

const buyNow = item.map((i) =>
  step(`buy item ${i} now`, (real, now) => changeOrderItem(services(), itemOf(real, i).id, { type: "buy_now" }, shopperOf(real), now, mine(real.life)), {
    when: itemIs(i, "active"),
  }),
);

const sendBack = item.map((i) =>
  step(
    `return item ${i}`,
    (real, now) => changeOrderItem(services(), itemOf(real, i).id, { type: "request_return", reason: "Not for me" }, shopperOf(real), now, mine(real.life)),
    {
      when: itemIs(i, "active", "completed"),
    },
  ),
);

/** The inspection form every Orders tab posts (a repair fee in pounds), as staff. */
const inspect = fc.tuple(item, fc.constantFrom("good", "damaged", "not_returnable"), fc.integer({ min: 1, max: 5000 })).map(([i, outcome, fee]) =>
  step(
    `inspect item ${i}: ${outcome}${outcome === "damaged" ? `, repair fee ${fee}p` : ""}`,
    (real, now) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ itemId: itemOf(real, i).id, outcome, fee: (fee / 100).toFixed(2), reason: "Found on arrival" }))
        form.set(name, value);
      return inspectFromForm(services(), form, staffOf(real), "/admin/orders", () => true, now);
    },
    { when: itemIs(i, "return_requested") },
  ),
);

const overturn = item.map((i) =>
  step(`overturn item ${i}'s charge`, (real, now) => overturnItemCharge(services(), real.life.orderId, itemOf(real, i).id, real.staffId, now), {
    when: (m) => m.items[i % m.items.length]!.inspected,
  }),
);

/** The card from now on: captures (Buy it now, a repair fee, delivery's settling) or refunds refused, or working again. */
const card = fc
  .constantFrom("capture", "refund", "capture,refund", "ok")
  .map((mode) =>
    step(`the card: ${mode}`, (real) =>
      mode === "ok" ? env.CACHE.delete(localFailKey(real.life.orderId)) : env.CACHE.put(localFailKey(real.life.orderId), mode),
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
        { orderId: real.life.orderId, transactionId: again.transactionId, amount: again.amount, idempotencyKey: again.key },
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
      clock += days * DAY;
      await runJob("daily", clock);
    },
    { job: true },
  ),
);

/** The weekly job on the next Monday; then sent again (a rerun, a retry): nothing paid goes again, each transfer is its payout's due amount. */
const weekly = fc.constant("weekly").map(() =>
  step(
    "the weekly payout",
    async () => {
      clock = startOfWeekUTC(clock) + WEEK_MS + 6 * 3_600_000;
      await runJob("weekly", clock);
      const paid = new Set((await env.DB.prepare("SELECT id FROM payouts WHERE status = 'paid'").all<{ id: string }>()).results.map((r) => r.id));
      const local = localPayoutProvider(services());
      const sent: { id: string; amount: number }[] = [];
      const recording: PayoutProvider = {
        ...local,
        createTransfer: (request) => (sent.push({ id: request.idempotencyKey, amount: request.amount }), local.createTransfer(request)),
      };
      await sendPayouts(services(), clock, recording);
      expect(
        sent.filter((t) => paid.has(t.id)),
        "a paid payout transferred again",
      ).toEqual([]);
      for (const t of sent)
        expect(t.amount, `payout ${t.id}'s transfer`).toBe(
          (await env.DB.prepare("SELECT due_amount AS due FROM payouts WHERE id = ?").bind(t.id).first<{ due: number }>())?.due,
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
