import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { database } from "../../app/data/db.server";
import { appConfig } from "../../app/env.server";
import worker from "../../workers/app";
import { CRON } from "../../workers/cron";
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { deliver, placeOrder } from "./orders";
import { queueDrained } from "./queue-drained";

// Shared by the alerts tests (alerts-notify-me, alerts-price-drop, alerts-saved-searches): the
// services, a shopper, notices, the daily job's run and a rented item.

export const app = () => ({ env, db: database(env.DB), config: appConfig(env) });
export const DAY = 86_400_000;
export const tag = `al${Date.now().toString(36)}`;
let ipSeq = 0;
export const nextIp = () => `10.225.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
export const shopper = () => signedInBrowser("shopper", { ip: nextIp() });
export const noticesOf = (userId: string, kind: string) =>
  env.DB.prepare(
    "SELECT event_key AS eventKey, title, body, link FROM notifications WHERE user_id = ? AND kind = ? ORDER BY created_at, rowid",
  )
    .bind(userId, kind)
    .all<{ eventKey: string; title: string; body: string; link: string }>()
    .then((r) => r.results);
export const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
/** Waits for the queue to deliver everything sent so far (a notice that should not come has had its chance). */
export const settle = () => queueDrained();

export async function runDaily(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: CRON.daily, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** An item out on rental to someone: ordered, delivered, in its window. */
export async function rentedItem(name = `Rented Gown ${tag}`) {
  const owner = await createUser();
  const product = await createProduct(owner.id, { name: `${name} ${crypto.randomUUID().slice(0, 6)}` });
  const renter = await shopper();
  const order = await placeOrder(renter, [{ productId: product.id, option: "rental" }]);
  await deliver(order.orderId);
  return { product, renter, itemId: order.items[0]!.id };
}
