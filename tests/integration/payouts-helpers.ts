import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { database } from "../../app/data/db.server";
import { appConfig } from "../../app/env.server";
import { type PayoutProvider } from "../../app/services/payouts-provider.server";
import worker from "../../workers/app";
import { CRON } from "../../workers/cron";
import { signedInBrowser } from "./actors";
import { Browser } from "./http";

// Shared by the payouts tests (payouts-onboarding, payouts-transfers, payouts-events): services,
// payout rows, the local seller's onboarding and the weekly job's run.

export const services = () => ({ env, config: appConfig(env), db: database(env.DB) });
export const DAY = 86_400_000;
let ipSeq = 0;
export const nextIp = () => `10.216.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
/** The local onboarding page answers this machine only (decision 0018). */
export const loopback = () => `127.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

export const rows = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
export const accountOf = async (type: "owner" | "store", id: string) =>
  (
    await rows<{ provider_account_id: string; status: string; provider: string }>(
      "SELECT provider_account_id, status, provider FROM payee_accounts WHERE payee_type = ? AND payee_id = ?",
      type,
      id,
    )
  )[0] ?? null;
export const payoutRow = async (id: string) =>
  (
    await rows<{
      status: string;
      transfer_status: string | null;
      transfer_id: string | null;
      transfer_error: string | null;
      paid_at: number | null;
    }>("SELECT status, transfer_status, transfer_id, transfer_error, paid_at FROM payouts WHERE id = ?", id)
  )[0]!;

let periodSeq = 0;
/** A calculated payout (as the weekly job makes them), with a commission gathered by it. */
export async function calculatedPayout(type: "owner" | "store", recipientId: string, net = 9000) {
  const id = `payout_t_${crypto.randomUUID().slice(0, 12)}`;
  const start = Date.UTC(2026, 0, 5) + ++periodSeq * 7 * DAY;
  await env.DB.prepare(
    "INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'calculated', ?)",
  )
    .bind(
      id,
      type,
      recipientId,
      start,
      start + 7 * DAY,
      type === "owner" ? net + 1000 : net,
      type === "owner" ? 1000 : net,
      net,
      Date.now(),
    )
    .run();
  return id;
}

export async function setUpFrom(browser: Browser, path: string) {
  const response = await browser.post(path, { intent: "setup_payouts" });
  expect(response.status).toBe(303);
  const location = response.headers.get("location")!;
  expect(location).toMatch(/^http:\/\/localhost\/dev\/payments\/onboarding\/acct_local_[0-9a-f]{16}$/);
  return new URL(location).pathname;
}

/** A seller signed in from this machine (so the local onboarding page answers them). */
export const localSeller = () => signedInBrowser("vendor", { ip: loopback() });

export async function onboard(
  browser: Browser,
  path: string,
  choice: "complete" | "leave",
  back = "/vendor?payouts=return",
) {
  const page = await browser.fetch(path);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Complete");
  expect(html).toContain("Leave unfinished");
  const done = await browser.post(path, { intent: choice });
  expect(done.status).toBe(303);
  expect(done.headers.get("location")).toBe(back);
}

/** A payee whose connected account is active, through the dashboard and the onboarding page. */
export async function activeSeller() {
  const seller = await localSeller();
  await onboard(seller.browser, await setUpFrom(seller.browser, "/vendor"), "complete");
  expect((await accountOf("owner", seller.id))?.status).toBe("active");
  return seller;
}

export function counting(provider: PayoutProvider) {
  const calls: string[] = [];
  return {
    calls,
    provider: {
      ...provider,
      createTransfer: (request: Parameters<PayoutProvider["createTransfer"]>[0]) => (
        calls.push(request.idempotencyKey),
        provider.createTransfer(request)
      ),
    } satisfies PayoutProvider,
  };
}

export async function runWeekly(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: CRON.weekly, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}
