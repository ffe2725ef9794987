import { and, eq, gt, isNull, lt, lte, ne, notExists, or } from "drizzle-orm";
import { claims, orderItems } from "../../db/schema";
import type { Database } from "../data/db.server";
import {
  createPayout,
  payoutAddresses,
  payoutPeriod,
  payoutRecipients,
  payoutsOfPeriod,
  type PayoutRecipient,
} from "../data/payouts.server";
import { mergeSearchIndex } from "../data/catalog.server";
import { itemsInStatus } from "../data/order-lifecycle.server";
import { formatLongDate } from "../domain/dates";
import { remindersDueBefore } from "../domain/order-lifecycle";
import { heldWords, payoutAnnouncement } from "../domain/payouts";
import { holdsOf, recordPayoutHolds } from "../data/payout-holds.server";
import { escalateOverdueClaims } from "./claims.server";
import type { AppConfig } from "../env.server";
import type { QueueMessage } from "../domain/queue-messages";
import { enqueue } from "./notifications.server";
import { noticeMessage } from "./notify.server";
import { changeOrderItem } from "./order-lifecycle.server";
import { runSavedSearches } from "./alerts.server";
import { runFollowingDigest } from "./follow-notices.server";
import { expireReservations } from "./checkout-payment.server";
import { refreshSimilarLists } from "../data/product.server";
import { captureDue } from "./payments.server";
import { refundOrder, refundsDue, retryFailedRefunds } from "./refunds.server";
import { sweepStaging } from "./uploads.server";
import { sendPayouts } from "./payouts-provider.server";
import { ratesProvider, refreshRates } from "./rates.server";
import { runRentingDaily } from "./renting-jobs.server";
import { remindRentalEnding } from "./rental-reminders.server";

export interface JobContext {
  env: Env;
  config: AppConfig;
  db: Database;
}

export interface DailySummary {
  reminders: number;
  converted: number;
  captured: number;
  captureFailures: number;
  refunded: number;
  failures: number;
}

export interface WeeklySummary {
  periodStart: number;
  periodEnd: number;
  payouts: number;
  /** Transfers to payees' connected accounts (decision 0056): paid, waiting for payout details, failed. */
  transfers: { paid: number; waiting: number; failed: number };
  failures: number;
}

export type JobRun =
  { job: "daily"; ranAt: number; summary: DailySummary } | { job: "weekly"; ranAt: number; summary: WeeklySummary };

export const lastRunKey = (job: JobRun["job"]) => `jobs:last-run:${job}`;

// The scheduled jobs (docs/decisions/0036-lifecycle-jobs.md). The clock is passed in (the cron's
// scheduledTime, or `npm run jobs -- daily --at ...`). Each job is safe to run twice or twice at
// once: every change it makes is guarded in D1 (a reminder stamp, the lifecycle's guarded batch,
// a capture's idempotency key, a payout's unique period), and a failure in one item is logged
// and does not stop the others. Each run leaves its time and summary in KV.
async function recordRun(ctx: JobContext, run: JobRun) {
  await ctx.env.CACHE.put(lastRunKey(run.job), JSON.stringify(run));
  console.log(`job ${run.job} ran`, new Date(run.ranAt).toISOString(), JSON.stringify(run.summary));
  return run;
}

const SYSTEM = { id: null, role: "system" as const };

/**
 * Every five minutes: reservations whose payment did not come in time end (decision 0055), and
 * up to 250 'You may also like' lists are remade, those of changed items first (decision 0123).
 * The lists are a speed-up, never the answer's truth: a failure there is logged and the job goes on.
 */
export async function runReservationsJob(ctx: JobContext, now: number) {
  const expired = await expireReservations(ctx, now);
  if (expired) console.log(`job reservations: ${expired} reservation(s) ended`);
  const similarLists = await refreshSimilarLists(ctx.db, now).catch((error: unknown) => {
    console.error("job reservations: the 'You may also like' lists were not remade", error);
    return 0;
  });
  if (similarLists) console.log(`job reservations: ${similarLists} 'You may also like' list(s) remade`);
  return { expired, similarLists };
}

export async function runDailyJob(ctx: JobContext, now: number) {
  const summary: DailySummary = {
    reminders: 0,
    converted: 0,
    captured: 0,
    captureFailures: 0,
    refunded: 0,
    failures: 0,
  };
  // Images staged by a form that was never submitted (app/services/uploads.server.ts).
  try {
    const swept = await sweepStaging(ctx.env.IMAGES, now);
    if (swept) console.log(`job daily: removed ${swept} staged uploads older than a day`);
  } catch (error) {
    console.error("job daily: sweeping staged uploads failed", error);
  }

  // Windows that ended without Buy or Return become purchases at the buying price of the order —
  // not while a claim about the item is open, nor once one gave its money back in full (decision
  // 0093): the shopper was refunded for it, and returns it.
  const claimHolds = ctx.db
    .select({ id: claims.id })
    .from(claims)
    .where(
      and(
        eq(claims.orderItemId, orderItems.id),
        eq(claims.kind, "problem"),
        or(ne(claims.status, "resolved"), eq(claims.outcome, "full_refund")),
      ),
    );
  const ended = await itemsInStatus(ctx.db, ["active"], and(lte(orderItems.rentalEndsAt, now), notExists(claimHolds)));
  for (const item of ended) {
    try {
      const result = await changeOrderItem(ctx, item.id, { type: "convert" }, SYSTEM, now);
      if (!result.ok) throw new Error(result.message);
      if (result.changed) summary.converted++;
    } catch (error) {
      summary.failures++;
      console.error(`job daily: converting order item ${item.id} failed`, error);
    }
  }

  // Windows ending within the next day get their reminder, once.
  // Within the next day in the shopper's own zone: every zone's 'tomorrow' ends within two days; remindRentalEnding() picks.
  const ending = await itemsInStatus(
    ctx.db,
    ["active"],
    and(
      gt(orderItems.rentalEndsAt, now),
      lt(orderItems.rentalEndsAt, Math.max(remindersDueBefore(now), now + 2 * 86_400_000)),
      isNull(orderItems.reminderSentAt),
    ),
  );
  for (const item of ending) {
    try {
      if (await remindRentalEnding(ctx, item.id, now)) summary.reminders++;
    } catch (error) {
      summary.failures++;
      console.error(`job daily: the reminder for order item ${item.id} failed`, error);
    }
  }

  // Money the lifecycle recorded but could not collect yet (a failed capture), and refunds owed.
  try {
    const captures = await captureDue(ctx, now);
    summary.captured = captures.captured;
    summary.captureFailures = captures.failed;
  } catch (error) {
    summary.failures++;
    console.error("job daily: retrying captures failed", error);
  }
  try {
    for (const orderId of await refundsDue(ctx)) {
      const outcome = await refundOrder(ctx, orderId, now);
      if (outcome?.ok) summary.refunded++;
    }
    // Partial refunds (a cancelled item, a returned purchase, an overturned charge) that failed.
    summary.refunded += await retryFailedRefunds(ctx, now);
  } catch (error) {
    summary.failures++;
    console.error("job daily: retrying refunds failed", error);
  }
  // Claims whose answer is overdue go to staff (issue 43; decision 0078), everyone told. Logged,
  // not in the summary: the summary's shape is what `npm run jobs` prints and scripts compare.
  try {
    const moved = await escalateOverdueClaims(ctx, now);
    if (moved) console.log(`job daily: ${moved} claim(s) not answered in time went to staff`);
  } catch (error) {
    summary.failures++;
    console.error("job daily: moving overdue claims failed", error);
  }
  // Saved searches (issue 25, item 7): new matching items, once a day at most per search.
  try {
    const searches = await runSavedSearches(ctx, now);
    summary.failures += searches.failures;
    if (searches.notified)
      console.log(`job daily: ${searches.notified} saved search notice(s), ${searches.items} new item(s)`);
  } catch (error) {
    summary.failures++;
    console.error("job daily: saved searches failed", error);
  }
  // Exchange rates for showing prices (decision 0085): a feed refused keeps the last good rates.
  try {
    await refreshRates(ctx, ratesProvider(ctx), now);
  } catch (error) {
    summary.failures++;
    console.error("job daily: refreshing the exchange rates failed", error);
  }
  // The daily e-mail of followed sellers' new listings, to those who chose it (issue 46 item 1, decision 0090).
  try {
    const digests = await runFollowingDigest(ctx, now);
    if (digests) console.log(`job daily: ${digests} following digest(s)`);
  } catch (error) {
    summary.failures++;
    console.error("job daily: following digests failed", error);
  }
  // Renting (decision 0080): post-by reminders, items whose turnaround is over live again.
  const renting = await runRentingDaily(ctx, now);
  summary.failures += renting.failures;
  if (renting.postByReminders || renting.madeLive)
    console.log(
      `job daily: ${renting.postByReminders} post-by reminder(s), ${renting.madeLive} prepared item(s) live again`,
    );
  // The full-text index, merged into one segment at the quietest hour (listings read every segment).
  try {
    await mergeSearchIndex(ctx.db);
  } catch (error) {
    summary.failures++;
    console.error("job daily: merging the search index failed", error);
  }
  return recordRun(ctx, { job: "daily", ranAt: now, summary });
}

export async function runWeeklyJob(ctx: JobContext, now: number) {
  const period = payoutPeriod(now);
  const summary: WeeklySummary = {
    periodStart: period.start,
    periodEnd: period.end,
    payouts: 0,
    transfers: { paid: 0, waiting: 0, failed: 0 },
    failures: 0,
  };
  let recipients: PayoutRecipient[] = [];
  try {
    recipients = await payoutRecipients(ctx.db, period.end, now);
    // Items held by their claim window or a claim (decision 0078) are left for a later run, with why.
    await recordPayoutHolds(ctx.db, period, now);
  } catch (error) {
    summary.failures++;
    console.error("job weekly: finding the payouts' recipients failed", error);
  }
  for (const recipient of recipients) {
    try {
      if (await createPayout(ctx.db, recipient, period, now)) summary.payouts++;
    } catch (error) {
      summary.failures++;
      console.error(`job weekly: the payout of ${recipient.type} ${recipient.id} failed`, error);
    }
  }
  // Each calculated payout of a seller or a store (this week's, and any an earlier run left waiting
  // for payout details or failed) is sent to the payee's connected account (decision 0056).
  try {
    summary.transfers = await sendPayouts(ctx, now);
  } catch (error) {
    summary.failures++;
    console.error("job weekly: sending the payouts failed", error);
  }
  // Every payout of the period is announced with a stable key: a rerun (or a run after a failed
  // queue) re-sends only what was never delivered (workers/queue.ts records each key once).
  try {
    const messages: QueueMessage[] = [];
    const ofPeriod = await payoutsOfPeriod(ctx.db, period.start);
    // Run again for the same week, or twice at once: the unique (payee, week) index made nothing new.
    if (summary.payouts === 0 && ofPeriod.length > 0) {
      console.log(
        `job weekly: the payouts of the week of ${formatLongDate(period.start)} were made already (${ofPeriod.length}): nothing is made, sent or announced twice`,
      );
    }
    for (const payout of ofPeriod) {
      const recipient = { type: payout.recipientType, id: payout.recipientId } as PayoutRecipient;
      const week = {
        first: formatLongDate(payout.periodStart),
        range: `${formatLongDate(payout.periodStart)} to ${formatLongDate(payout.periodEnd - 1)}`,
      };
      // Never 'Your payout: −£81.00': a payout that sends nothing says so (decision 0073).
      const announced = payoutAnnouncement(payout, week);
      const held = await holdsOf(ctx.db, recipient, payout.periodStart);
      const { title, text } = { title: announced.title, text: announced.text + heldWords(held) };
      for (const { to, userId } of await payoutAddresses(ctx.db, recipient)) {
        messages.push(
          noticeMessage(ctx.config, {
            key: `payout_calculated:${payout.id}:${to}`.slice(0, 200),
            kind: "payout_calculated",
            userId,
            to,
            title,
            text,
            link:
              payout.recipientType === "owner"
                ? "/vendor?tab=orders"
                : payout.recipientType === "store"
                  ? "/store"
                  : "/admin/financial",
          }),
        );
      }
    }
    // A queue batch holds at most 100 messages.
    for (let i = 0; i < messages.length; i += 50) await enqueue(ctx.env, messages.slice(i, i + 50));
  } catch (error) {
    summary.failures++;
    console.error("job weekly: announcing the payouts failed", error);
  }
  return recordRun(ctx, { job: "weekly", ranAt: now, summary });
}
