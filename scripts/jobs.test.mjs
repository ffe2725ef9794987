import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureMarks, PRIVATE } from "./demo-shop.mjs";
import { remindersDueBefore } from "../app/domain/rental-reminder.ts";
import {
  ACTIVE,
  CONVERTED,
  count,
  DAY,
  DEVELOPER_STATE,
  env,
  FEES_OWED,
  HOUR,
  jobs,
  npm,
  OUTBOX,
  printedEmails,
  printedSummary,
  readState,
  RESERVED,
  snapshot,
  STATE,
  UNCAPTURED,
} from "./jobs-test-helpers.mjs";

// `npm run jobs` (scripts/jobs.mjs; issue 15 item 9; docs/decisions/0036-lifecycle-jobs.md) as a
// developer runs it: the real command, in its own process, running the built Worker's scheduled
// handler in workerd against a local state folder (CLOSETLOOP_STATE) that the project's own
// `db:migrate` and `db:seed` prepared. What it prints and what it leaves in that state are checked;
// the expected figures are read from the state before each run, never written down here.
//
// Where it runs: `npm run test:jobs` (vitest.jobs.config.ts), which `npm test` calls right after
// its `npm run build`, so it uses that fresh build/ and costs no build of its own. A build of its
// own (as scripts/deploy.test.mjs must make, for production) would build the same code twice and
// compete for a 2-core machine's CPU for nothing. Run alone, it uses the last build, as the
// command itself does, and says so when there is none. The state is a fresh folder under .tmp/,
// removed afterwards; the developer's .wrangler/state is never opened, which the last test checks.

let developerStateBefore;

beforeAll(() => {
  if (!existsSync("build/server/wrangler.json"))
    throw new Error("No build found: `npm test` builds before this test; alone, run `npm run build` first.");
  developerStateBefore = snapshot(DEVELOPER_STATE);
  // `npm test` made the state already, in the background while the integration tests ran
  // (scripts/test-phases.mjs, JOBS_STATE_READY); run alone, the test makes it.
  if (process.env.JOBS_STATE_READY) return;
  rmSync(STATE, { recursive: true, force: true });
  npm("db:migrate");
  // The demo data as `npm start` seeds it, without the image variants no job reads and no page
  // check needs (a minute of a busy 2-core machine).
  npm("db:seed", ["--no-image-variants"]);
}, 300_000);

afterAll(() => rmSync(STATE, { recursive: true, force: true }));

describe("the demo shop (issue 24, item 10)", () => {
  const PORT = 4291;
  const origin = `http://localhost:${PORT}`;
  let server;

  beforeAll(async () => {
    server = spawn(process.execPath, ["scripts/serve.mjs", "--port", String(PORT)], { env, stdio: "ignore" });
    for (let i = 0; i < 120; i++) {
      if (
        await fetch(`${origin}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error("the demo shop did not start");
  }, 90_000);

  afterAll(() => server?.kill());

  it("knows a test fixture when a page shows one", () => {
    expect(fixtureMarks("<h1>Saffron Corduroy Jacket</h1>")).not.toEqual([]);
    expect(fixtureMarks('<a href="/tag/e2e">e2e</a>')).not.toEqual([]);
    expect(fixtureMarks("<h1>Camel Wrap Coat</h1><p>An almost new wrap coat</p>")).toEqual([]);
  });

  it("shows the payment states a newcomer should find: an item reserved by an order awaiting payment, its open payment page, and an order never paid", async () => {
    const seeded = await readState({
      reserved: RESERVED,
      unpaid:
        "SELECT o.id FROM orders o WHERE o.status = 'cancelled' AND o.paid_at IS NULL AND EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id AND h.from_status = 'awaiting_payment')",
    });
    expect(seeded.reserved).toHaveLength(1);
    expect(seeded.unpaid).toHaveLength(1);
    const { productId, sessionUrl, orderId } = seeded.reserved[0];
    const page = await (await fetch(`${origin}/product/${productId}`)).text();
    expect(page).toContain("Reserved: another shopper is paying for it now.");
    expect(page).toContain("Notify me");
    const pay = (await (await fetch(origin + sessionUrl)).text()).replaceAll("<!-- -->", "");
    expect(pay).toContain(`Order ${orderId}`);
    expect(pay).toMatch(/Pay £\d+\.\d\d/);
    // Neither made a payment call (90-payments.mjs marks every other demo order paid).
    const calls = await readState({
      calls: `SELECT count(*) AS n FROM payments WHERE order_id IN ('${orderId}', '${seeded.unpaid[0].id}')`,
    });
    expect(count(calls.calls)).toBe(0);
  });

  it("shows no test fixture on any public page a visitor can reach from home", async () => {
    const seen = new Set(["/"]);
    const queue = ["/"];
    const found = [];
    while (queue.length > 0 && seen.size <= 400) {
      const path = queue.shift();
      const response = await fetch(origin + path, { redirect: "manual" });
      if (!(response.headers.get("content-type") ?? "").includes("text/html")) continue;
      const html = await response.text();
      for (const mark of fixtureMarks(html)) found.push(`${path}: ${mark}`);
      for (const [, href] of html.matchAll(/href="(\/[^"#]*)"/g)) {
        const link = href.replace(/&amp;/g, "&");
        // Listing filters and sorts multiply the same items: one page of each listing is enough.
        if (PRIVATE.test(link) || link.includes("?") || seen.has(link)) continue;
        seen.add(link);
        queue.push(link);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
    expect(found).toEqual([]);
  }, 120_000);
});

describe("npm run jobs", () => {
  let firstDaily;
  let ended;

  it("daily reminds the rentals whose window ends by the end of the next UK day, once, and prints what it did", async () => {
    const before = await readState({ active: ACTIVE, uncaptured: UNCAPTURED, feesOwed: FEES_OWED, outbox: OUTBOX });
    expect(before.active.length).toBeGreaterThan(1);
    // Half a day before the first window of the demo data ends.
    firstDaily = before.active[0].endsAt - 12 * HOUR;
    // Every window that ends tomorrow (UK) is reminded the day before, whatever its hour (issue 46 item 4).
    const remind = before.active
      .filter((i) => i.endsAt > firstDaily && i.endsAt < remindersDueBefore(firstDaily) && i.remindedAt === null)
      .map((i) => i.id);
    expect(remind.length).toBeGreaterThan(0);

    // Through npm, as README shows it (it migrates first, a no-op here).
    const at = new Date(firstDaily).toISOString();
    const { stdout } = npm("jobs", ["daily", "--at", at]);
    expect(stdout).toContain(`Running the daily job as at ${at} ...`);
    expect(printedSummary(stdout)).toEqual({
      reminders: remind.length,
      converted: before.active.filter((i) => i.endsAt <= firstDaily).length,
      captured: count(before.uncaptured) + count(before.feesOwed),
      captureFailures: 0,
      refunded: 0,
      failures: 0,
    });
    const after = await readState({
      active: ACTIVE,
      outbox: OUTBOX,
      reminded: `SELECT id FROM order_items WHERE reminder_sent_at = ${firstDaily} ORDER BY id`,
    });
    expect(after.reminded.map((r) => r.id)).toEqual([...remind].sort());
    expect(printedEmails(stdout)).toBe(count(after.outbox) - count(before.outbox));
    expect(printedEmails(stdout)).toBeGreaterThanOrEqual(remind.length);

    // An hour later: nobody is reminded twice.
    const again = jobs("daily", "--at", new Date(firstDaily + HOUR).toISOString());
    expect(again.status).toBe(0);
    expect(printedSummary(again.stdout)).toMatchObject({ reminders: 0, converted: 0, failures: 0 });
    expect(printedEmails(again.stdout)).toBe(0);
  }, 180_000);

  it("with the provider failing captures, daily converts the ended rentals and leaves their money pending; after `payments ok` the next run captures it, and a rerun converts nothing twice", async () => {
    const fail = jobs("payments", "fail", "capture");
    expect(fail.status).toBe(0);
    expect(fail.stdout).toContain("The local payment provider now fails capture calls");

    const before = await readState({ active: ACTIVE, converted: CONVERTED });
    ended = before.active.at(-1).endsAt + HOUR;
    const failing = jobs("daily", "--at", new Date(ended).toISOString());
    expect(failing.status).toBe(0);
    const first = printedSummary(failing.stdout);
    expect(first).toMatchObject({ converted: before.active.length, captured: 0, failures: 0 });
    const pending = await readState({
      converted: CONVERTED,
      pending: "SELECT count(*) AS n FROM transactions WHERE status = 'pending'",
      active: ACTIVE,
      feesOwed: FEES_OWED,
    });
    expect(pending.active).toEqual([]);
    expect(pending.converted.length).toBe(before.converted.length + before.active.length);
    // One pending sale per conversion; the summary counts the run's retry pass, which was refused too.
    expect(count(pending.pending)).toBe(before.active.length);
    expect(first.captureFailures).toBe(count(pending.pending) + count(pending.feesOwed));

    const ok = jobs("payments", "ok");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain("The local payment provider works again");

    const retry = jobs("daily", "--at", new Date(ended + HOUR).toISOString());
    expect(printedSummary(retry.stdout)).toEqual({
      reminders: 0,
      converted: 0,
      captured: first.captureFailures,
      captureFailures: 0,
      refunded: 0,
      failures: 0,
    });
    const rerun = jobs("daily", "--at", new Date(ended + HOUR).toISOString());
    expect(printedSummary(rerun.stdout)).toEqual({
      reminders: 0,
      converted: 0,
      captured: 0,
      captureFailures: 0,
      refunded: 0,
      failures: 0,
    });

    const converted = before.active.map((i) => `'${i.id}'`).join(", ");
    const after = await readState({
      converted: CONVERTED,
      pending: "SELECT count(*) AS n FROM transactions WHERE status = 'pending'",
      uncaptured: UNCAPTURED,
      // Each rental converted by these runs: one sale at its buying price, refused at the conversion
      // and again by the same run's retry pass, then captured once by the run after `payments ok`.
      sales: `SELECT t.order_item_id AS itemId, t.gross_amount = i.buying_price AS atBuyingPrice, t.status,
          (SELECT group_concat(a, ',') FROM (SELECT p.status || ':' || p.amount AS a FROM payments p WHERE p.idempotency_key = 'capture:' || t.id ORDER BY p.created_at, p.rowid)) AS attempts
        FROM transactions t JOIN order_items i ON i.id = t.order_item_id WHERE t.transaction_type = 'rental_conversion' AND t.order_item_id IN (${converted}) ORDER BY t.order_item_id`,
      grossOf: `SELECT t.order_item_id AS itemId, t.gross_amount AS gross FROM transactions t WHERE t.transaction_type = 'rental_conversion' AND t.order_item_id IN (${converted}) ORDER BY t.order_item_id`,
    });
    expect(after.converted).toEqual(pending.converted);
    expect(count(after.pending)).toBe(0);
    expect(count(after.uncaptured)).toBe(0);
    expect(after.sales).toEqual(
      after.grossOf.map(({ itemId, gross }) => ({
        itemId,
        atBuyingPrice: 1,
        status: "completed",
        attempts: `failed:${gross},failed:${gross},succeeded:${gross}`,
      })),
    );
    expect(after.sales.map((s) => s.itemId)).toEqual(before.active.map((i) => i.id).sort());
  }, 240_000);

  it("weekly makes one payout per recipient for the week that ended, prints how many, and makes none when run again", async () => {
    // The Monday 06:00 UTC after the conversions: it closes the week they happened in.
    const day = new Date(ended);
    const monday = Date.UTC(
      day.getUTCFullYear(),
      day.getUTCMonth(),
      day.getUTCDate() + ((8 - day.getUTCDay()) % 7 || 7),
      6,
    );
    const periodEnd = monday - 6 * HOUR;
    // Buyer protection (decision 0078): an item in its claim window at the run, or with a claim not
    // resolved (the demo has one waiting for staff), is held for a later run: the same rule as
    // heldSql in app/data/payouts.server.ts.
    const notHeld = `NOT EXISTS (SELECT 1 FROM order_items hi WHERE hi.id = t.order_item_id AND ((hi.delivered_at IS NOT NULL AND hi.claim_window_closed_at IS NULL AND hi.delivered_at + ${2 * DAY} > ${monday}) OR EXISTS (SELECT 1 FROM claims hc WHERE hc.order_item_id = hi.id AND hc.status <> 'resolved')))`;
    const owed = await readState({
      recipients: `SELECT count(*) AS n FROM (
        SELECT DISTINCT 'owner:' || t.owner_id FROM transactions t WHERE t.payout_id IS NULL AND t.owner_id IS NOT NULL AND t.status = 'completed' AND t.created_at < ${periodEnd} AND ${notHeld}
        UNION SELECT DISTINCT c.recipient_type || ':' || coalesce(c.recipient_id, 'platform') FROM commissions c JOIN transactions t ON t.id = c.transaction_id WHERE c.payout_id IS NULL AND t.status = 'completed' AND t.created_at < ${periodEnd} AND ${notHeld})`,
    });
    expect(count(owed.recipients)).toBeGreaterThan(0);

    const weekly = jobs("weekly", "--at", new Date(monday).toISOString());
    expect(weekly.status).toBe(0);
    expect(weekly.stdout).toContain(`Running the weekly job as at ${new Date(monday).toISOString()} ...`);
    const summary = printedSummary(weekly.stdout);
    expect(summary).toEqual({
      periodStart: periodEnd - 7 * DAY,
      periodEnd,
      payouts: count(owed.recipients),
      transfers: { paid: expect.any(Number), waiting: expect.any(Number), failed: 0 },
      failures: 0,
    });
    expect(printedEmails(weekly.stdout)).toBeGreaterThanOrEqual(summary.payouts);

    const made = await readState({
      payouts: `SELECT recipient_type || ':' || recipient_id AS recipient, total_amount AS total, commission_amount AS commission, net_amount AS net FROM payouts WHERE period_start = ${summary.periodStart}`,
      // A seller's money is paid with its transaction; the platform's own (an owner-less
      // transaction: a rental's damage protection, decision 0080) and every share through its commission.
      unpaid: `SELECT count(*) AS n FROM transactions t WHERE t.status = 'completed' AND t.created_at < ${periodEnd} AND ${notHeld} AND ((t.owner_id IS NOT NULL AND t.payout_id IS NULL) OR EXISTS (SELECT 1 FROM commissions c WHERE c.transaction_id = t.id AND c.payout_id IS NULL))`,
    });
    expect(made.payouts).toHaveLength(summary.payouts);
    expect(new Set(made.payouts.map((p) => p.recipient)).size).toBe(summary.payouts);
    for (const p of made.payouts) expect(p.recipient.startsWith("owner:") ? p.net + p.commission : p.net).toBe(p.total);
    expect(count(made.unpaid)).toBe(0);

    const rerun = jobs("weekly", "--at", new Date(monday + HOUR).toISOString());
    // Nothing is paid twice (decision 0056): what the first run paid is not sent again; payouts waiting for payout details wait still.
    expect(printedSummary(rerun.stdout)).toEqual({
      ...summary,
      payouts: 0,
      transfers: { paid: 0, waiting: summary.transfers.waiting, failed: 0 },
    });
    const after = await readState({
      payouts: `SELECT count(*) AS n FROM payouts WHERE period_start = ${summary.periodStart}`,
    });
    expect(count(after.payouts)).toBe(summary.payouts);
  }, 180_000);

  it("reservations ends a reservation left unpaid once its 31 minutes are up: the item is back on sale and the shopper is told, once", async () => {
    const before = await readState({ reserved: RESERVED, outbox: OUTBOX });
    const due = Math.max(...before.reserved.map((r) => r.expiresAt));
    const early = jobs("reservations", "--at", new Date(due - 60_000).toISOString());
    expect(early.stdout).toContain("0 reservation(s) ended");
    // The same five-minute run makes the demo's 'You may also like' lists (decision 0123).
    expect(early.stdout).toMatch(/job reservations: \d+ 'You may also like' list\(s\) remade/);
    const run = jobs("reservations", "--at", new Date(due).toISOString());
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`${before.reserved.length} reservation(s) ended; 0 still awaiting payment.`);
    const after = await readState({
      reserved: RESERVED,
      outbox: OUTBOX,
      back: `SELECT availability FROM products WHERE id IN (${before.reserved.map((r) => `'${r.productId}'`).join(", ")})`,
    });
    expect(after.reserved).toEqual([]);
    expect(after.back.map((p) => p.availability)).toEqual(before.reserved.map(() => "available"));
    expect(count(after.outbox) - count(before.outbox)).toBe(before.reserved.length);
    expect(jobs("reservations", "--at", new Date(due + HOUR).toISOString()).stdout).toContain("0 reservation(s) ended");
  }, 120_000);

  it("similar runs the five-minute job until every item on sale has its 'You may also like' list", async () => {
    const PUBLIC = "product_status = 'live' AND availability <> 'sold'";
    const { onSale, latest } = await readState({
      forget: `UPDATE products SET similar_at = NULL, similar_ids = NULL WHERE ${PUBLIC}`,
      onSale: `SELECT count(*) AS n FROM products WHERE ${PUBLIC}`,
      latest: "SELECT max(updated_at) AS at FROM products",
    });
    // As at the latest change: the runs above, each as at its own time, changed items later than now.
    const run = jobs("similar", "--at", new Date(Math.max(Date.now(), Number(latest[0].at))).toISOString());
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      `${count(onSale)} 'You may also like' list(s) made in 1 run(s) of the five-minute job.`,
    );
    const after = await readState({
      without: `SELECT count(*) AS n FROM products WHERE ${PUBLIC} AND similar_ids IS NULL`,
    });
    expect(count(after.without)).toBe(0);
  }, 120_000);

  it("says how to use it when the command is wrong", () => {
    const wrong = jobs("monthly");
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain("Usage: npm run jobs -- daily|weekly");
    const badPayments = jobs("payments", "fail", "everything");
    expect(badPayments.status).toBe(2);
    expect(badPayments.stderr).toContain("payments fail <capture|authorize|refund|all> | payments ok");
    const badTime = jobs("daily", "--at", "next tuesday");
    expect(badTime.status).toBe(2);
    expect(badTime.stderr).toContain('--at needs a time such as 2026-12-01T03:00Z, got "next tuesday"');
  }, 60_000);

  it("left the developer's own local state (.wrangler/state) alone", () => {
    expect(snapshot(DEVELOPER_STATE)).toEqual(developerStateBefore);
  });
});
