import { endOfDay, postByReminderDue } from "../domain/rental-dates";
import { deadlineFor } from "../domain/dates";
import { showReference } from "../domain/order-reference";
import { handlerToRemind, markPostByReminded, postByReminderRows, releasePrepared } from "../data/renting.server";
import { tellBackOnSale } from "./alerts.server";
import { publicPagesChanged } from "./freshness.server";
import { notify } from "./notify.server";
import type { AppConfig } from "../env.server";
import type { Database } from "../data/db.server";

type JobContext = { env: Env; config: AppConfig; db: Database };

// The daily job's renting part (issue 44, items 1 and 4; decision 0080): handlers are reminded the
// day before a rental needed by a date must be posted, and items whose turnaround is over are live
// again (the public pages told, the shoppers waiting for them told).

export async function runRentingDaily(ctx: JobContext, now: number) {
  const summary = { postByReminders: 0, madeLive: 0, failures: 0 };
  try {
    const rows = (await postByReminderRows(ctx.db)).filter((r) => postByReminderDue(r.postBy, now));
    for (const row of rows) {
      try {
        const handler = await handlerToRemind(ctx.db, row);
        if (!handler || !(await markPostByReminded(ctx.db, row.itemId, now))) continue;
        // The end of the UK post-by day, in the handler's own zone (named outside the UK; decision 0095).
        const day = deadlineFor(endOfDay(row.postBy), handler.timeZone);
        await notify(ctx, [
          {
            key: `post_by_reminder:${row.itemId}`,
            kind: "post_by_reminder",
            userId: handler.id,
            to: handler.email,
            title: `Post ${row.name} by ${day}`,
            text: `Hello ${handler.fullName ?? "there"},\n\nThe shopper of order ${showReference(row.reference)} needs ${row.name} by a date: post it by ${day} so it arrives in time. Your Orders tab lists it under To send.\n`,
            link: row.handler === "store" ? "/store" : "/vendor",
            action: "Open your Orders tab",
          },
        ]);
        summary.postByReminders++;
      } catch (error) {
        summary.failures++;
        console.error(`job daily: the post-by reminder for order item ${row.itemId} failed`, error);
      }
    }
  } catch (error) {
    summary.failures++;
    console.error("job daily: finding post-by reminders failed", error);
  }
  try {
    const live = await releasePrepared(ctx.db, now);
    summary.madeLive = live.length;
    if (live.length) {
      await publicPagesChanged(ctx.env.CACHE, now);
      await tellBackOnSale(ctx, live, now);
    }
  } catch (error) {
    summary.failures++;
    console.error("job daily: making prepared items live failed", error);
  }
  return summary;
}
