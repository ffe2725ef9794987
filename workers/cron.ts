import { appConfig } from "../app/env.server";
import { database } from "../app/data/db.server";
import { runDailyJob, runReservationsJob, runWeeklyJob } from "../app/services/jobs.server";

/** Must match [triggers] crons in wrangler.toml. */
export const CRON = { daily: "0 3 * * *", weekly: "0 6 * * 1", reservations: "*/5 * * * *" } as const;

export async function scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext) {
  const jobs = { env, config: appConfig(env), db: database(env.DB) };
  const now = controller.scheduledTime;
  switch (controller.cron) {
    case CRON.daily:
      await runDailyJob(jobs, now);
      return;
    case CRON.weekly:
      await runWeeklyJob(jobs, now);
      return;
    case CRON.reservations:
      // Reservations whose payment did not come in time (decision 0055): items back on sale.
      await runReservationsJob(jobs, now);
      return;
    default:
      throw new Error(`No job for cron "${controller.cron}"`);
  }
}
