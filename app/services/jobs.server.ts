import type { Database } from "../data/db.server";
import type { AppConfig } from "../env.server";
import { sweepStaging } from "./uploads.server";

export interface JobContext {
  env: Env;
  config: AppConfig;
  db: Database;
}

export interface JobRun {
  job: "daily" | "weekly";
  ranAt: number;
}

export const lastRunKey = (job: JobRun["job"]) => `jobs:last-run:${job}`;

// The rental conversion and reminders (daily) and the payout summary (weekly) are added to
// these bodies by the orders and finance issues. Each run leaves its time in KV so staff and
// tests can see that the schedule fired.
async function recordRun(ctx: JobContext, run: JobRun) {
  await ctx.env.CACHE.put(lastRunKey(run.job), JSON.stringify(run));
  console.log(`job ${run.job} ran`, new Date(run.ranAt).toISOString());
  return run;
}

export async function runDailyJob(ctx: JobContext, now: number) {
  // Images staged by a form that was never submitted (app/services/uploads.server.ts).
  try {
    const swept = await sweepStaging(ctx.env.IMAGES, now);
    if (swept) console.log(`job daily: removed ${swept} staged uploads older than a day`);
  } catch (error) {
    console.error("job daily: sweeping staged uploads failed", error);
  }
  return recordRun(ctx, { job: "daily", ranAt: now });
}

export async function runWeeklyJob(ctx: JobContext, now: number) {
  return recordRun(ctx, { job: "weekly", ranAt: now });
}
