import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { captureDue } from "../../app/services/payments.server";
import { signedInBrowser } from "./actors";
import { createProduct, eventually } from "./factories";
import { png } from "./images";
import { deliver, placeOrder } from "./orders";
import { services } from "./payouts-helpers";

// Buyer protection's test setup (issue 43; decision 0078), shared by claims-answer.test.ts and
// claims-staff.test.ts: a delivered trade, a claim reported on it, and the money and mail to check —
// what the payment provider was asked to give back (the payments table), what the money engine
// recorded (transactions), and what each side was told.

let ipSeq = 0;
export const nextIp = () => `10.231.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
export const all = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
export const refunds = (orderId: string) =>
  all<{ amount: number; status: string; key: string }>(
    "SELECT amount, status, idempotency_key AS key FROM payments WHERE order_id = ? AND operation = 'refund' ORDER BY created_at, rowid",
    orderId,
  );
export const claimTxns = (orderId: string) =>
  all<{ type: string; gross: number; net: number }>(
    "SELECT transaction_type AS type, gross_amount AS gross, net_amount AS net FROM transactions WHERE order_id = ? AND gross_amount < 0 ORDER BY created_at",
    orderId,
  );
export const claimOf = async (itemId: string) =>
  (
    await all<{
      id: string;
      status: string;
      outcome: string | null;
      refund_amount: number | null;
      escalated_because: string | null;
      photos: string;
    }>(
      "SELECT id, status, outcome, refund_amount, escalated_because, photos FROM claims WHERE order_item_id = ?",
      itemId,
    )
  )[0];
export const mail = (to: string, kind: string, subject: string) =>
  eventually(async () =>
    (
      await all<{ subject: string }>(
        "SELECT subject FROM notification_outbox WHERE recipient = ? AND kind = ?",
        to,
        kind,
      )
    ).find((m) => m.subject.includes(subject)),
  );

/** A purchase (or rental) of £50 (£15 to rent) delivered now, its payment collected. */
export async function delivered(option: "purchase" | "rental" = "purchase") {
  const vendor = await signedInBrowser("vendor", { ip: nextIp() });
  const product = await createProduct(vendor.id, { rentalPrice: 1500, buyingPrice: 5000 });
  const shopper = await signedInBrowser("shopper", { ip: nextIp() });
  const { orderId, items } = await placeOrder(shopper, [{ productId: product.id, option }]);
  await deliver(orderId);
  await captureDue(services(), Date.now(), orderId);
  const itemId = items[0]!.id;
  return { vendor, shopper, product, orderId, itemId, problem: `/account/orders/${orderId}/problem` };
}
export type Trade = Awaited<ReturnType<typeof delivered>>;

export async function report(t: Trade, fields: Record<string, string | File | File[]> = {}) {
  const response = await t.shopper.browser.post(t.problem, {
    intent: "report",
    itemId: t.itemId,
    reason: "damaged",
    description: "A large tear along the left sleeve.",
    photos: png("tear.png"),
    ...fields,
  });
  return response;
}
export async function opened(t: Trade) {
  const response = await report(t);
  expect(response.status).toBe(302);
  const claim = (await claimOf(t.itemId))!;
  expect(response.headers.get("location")).toBe(`/account/claims/${claim.id}?reported=1`);
  await mail(t.vendor.email, "claim_handler", `A problem was reported with ${t.product.name}`);
  return { ...claim, page: `/account/claims/${claim.id}` };
}
export const admin = () => signedInBrowser("customerSupport", { ip: nextIp() });
