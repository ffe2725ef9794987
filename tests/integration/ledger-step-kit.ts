import { env } from "cloudflare:workers";
import fc from "fast-check";
import { type LifecycleOrder } from "../../app/data/order-lifecycle.server";
import { checkOrder, checkPayee, checkTransfers, type Lifecycle } from "./ledger-fixtures";

// The pieces of the ledger property's steps (issue 42 item 7; decision 0075): the runs' clock, the
// model a run keeps of its order, and one step with the checks that follow it (ledger-steps.ts,
// ledger-steps-order.ts).

/** The runs' clock: a minute per step, days when the daily job's time comes, a week for the payout; never backwards. */
let clock = Date.now();
export const startClock = () => (clock = Math.max(clock, Date.now()));
const tick = () => (clock += 60_000);
/** The jobs' steps move the clock on by days, or to the next Monday. */
export const moveClock = (to: (now: number) => number) => (clock = to(clock));

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
  const [order, items, refunds] = await env.DB.batch<{
    id: string;
    status: string;
    inspection: string | null;
    n: number;
  }>([
    env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(life.orderId),
    env.DB.prepare("SELECT id, status, inspection FROM order_items WHERE order_id = ?").bind(life.orderId),
    env.DB.prepare(
      "SELECT count(DISTINCT idempotency_key) AS n FROM payments WHERE order_id = ? AND operation = 'refund'",
    ).bind(life.orderId),
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
export function step(
  name: string,
  act: (real: Real, now: number) => Promise<unknown>,
  options: { when?: (model: Model) => boolean; payouts?: boolean; job?: boolean } = {},
): fc.AsyncCommand<Model, Real> {
  return {
    check: (model) =>
      (options.job ? model.jobs < JOBS_PER_LIFECYCLE && model.order !== "awaiting_payment" : true) &&
      (options.when?.(model) ?? true),
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

export const mine = (life: Lifecycle) => (order: LifecycleOrder) =>
  order.userId === life.shopper.id && order.id === life.orderId;
export const shopperOf = (real: Real) => ({ id: real.life.shopper.id, role: "shopper" as const });
export const staffOf = (real: Real) => ({ id: real.staffId, role: "staff" as const });
export const itemOf = (real: Real, index: number) => real.life.items[index % real.life.items.length]!;
export const BEFORE_DELIVERY = ["pending", "processing", "shipped"];
export const itemIs =
  (i: number, ...statuses: string[]) =>
  (model: Model) =>
    statuses.includes(model.items[i % model.items.length]!.status);
export const item = fc.nat(5);
export const by = fc.constantFrom("shopper" as const, "staff" as const);
