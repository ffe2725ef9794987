// Runs the scheduled jobs now, at any moment you choose, against the same persisted local
// D1/R2/KV/Queue that `npm start` serves (docs/decisions/0036-lifecycle-jobs.md), so the whole
// Rent-Now-Buy-Later loop can be seen without waiting a week:
//   npm run jobs -- daily  [--at 2026-12-01T03:00Z]   reminders, conversions, capture retries
//   npm run jobs -- weekly [--at 2026-12-07T06:00Z]   payouts for the week that ended
//   npm run jobs -- reservations [--at ...]           end the reservations left unpaid for 31 minutes
//                                                     (`npm start` runs this one every five minutes)
//   npm run jobs -- similar [--at ...]                that five-minute job again and again, until every item on
//                                                     sale has its 'You may also like' list (decision 0123: a
//                                                     large catalog at once, as the benchmark's)
//   npm run jobs -- payments fail capture|authorize|refund|all    make the local payment provider fail
//   npm run jobs -- payments ok                                   ... and work again
// It calls the built Worker's own scheduled handler (the same code the Cron trigger runs) in
// workerd, then waits for the queue to deliver the e-mails it sent (see /dev/outbox). It uses the
// last build: `npm start` (or `npm run build`) after changing the code.
import { existsSync } from "node:fs";
import path from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { builtWorker, localState } from "./built-worker.mjs";

// Must match workers/cron.ts (CRON) and [triggers] crons in wrangler.toml.
const CRON = { daily: "0 3 * * *", weekly: "0 6 * * 1", reservations: "*/5 * * * *", similar: "*/5 * * * *" };
const LOCAL_FAIL_KEY = "payments:local:fail"; // app/services/payments-local.server.ts

const [command, ...rest] = process.argv.slice(2);
const usage = () => {
  console.error(
    "Usage: npm run jobs -- daily|weekly|reservations|similar [--at <ISO time, e.g. 2026-12-01T03:00Z>]\n       npm run jobs -- payments fail <capture|authorize|refund|all> | payments ok",
  );
  process.exit(2);
};
if (![...Object.keys(CRON), "payments"].includes(command)) usage();

// The arguments are checked before workerd starts: a wrong one is answered at once.
const [mode, what] = rest;
const failable = (ops) =>
  Boolean(ops) && ops.split(",").every((op) => ["capture", "authorize", "refund", "all"].includes(op));
if (command === "payments" && !(mode === "ok" || (mode === "fail" && failable(what)))) usage();
const atIndex = rest.indexOf("--at");
const at = atIndex >= 0 ? Date.parse(rest[atIndex + 1] ?? "") : Date.now();
if (command !== "payments" && !Number.isFinite(at)) {
  console.error(`--at needs a time such as 2026-12-01T03:00Z, got "${rest[atIndex + 1] ?? ""}"`);
  process.exit(2);
}

const config = path.resolve("build/server/wrangler.json");
if (!existsSync(config)) {
  console.error("No build found: run `npm start` (or `npm run build`) first.");
  process.exit(1);
}

const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: "127.0.0.1",
    port: 0,
    log: new Log(LogLevel.INFO),
    logRequests: false,
    ...localState(),
    workers: [{ ...builtWorker(), assets: undefined }],
  }),
);

try {
  await mf.ready;
  if (command === "payments") await payments();
  else await job(command, at);
} finally {
  await mf.dispose();
}

async function payments() {
  const kv = await mf.getKVNamespace("CACHE");
  if (mode === "ok") {
    await kv.delete(LOCAL_FAIL_KEY);
    console.log("The local payment provider works again. `npm run jobs -- daily` retries the failed captures.");
  } else {
    await kv.put(LOCAL_FAIL_KEY, what);
    console.log(
      `The local payment provider now fails ${what === "all" ? "every call" : `${what} calls`} (see /dev/payments). Undo it with \`npm run jobs -- payments ok\`.`,
    );
  }
}

async function job(name, at) {
  const db = await mf.getD1Database("DB");
  if (name === "similar") return similarLists(db, at);
  const sent = async () => (await db.prepare("SELECT count(*) AS n FROM notification_outbox").first()).n;
  const before = await sent();
  const awaiting = async () =>
    (await db.prepare("SELECT count(*) AS n FROM orders WHERE status = 'awaiting_payment'").first()).n;
  const waitingBefore = await awaiting();
  const worker = await mf.getWorker("closetloop");
  console.log(`Running the ${name} job as at ${new Date(at).toISOString()} ...`);
  const result = await worker.scheduled({ cron: CRON[name], scheduledTime: new Date(at) });
  if (result.outcome !== "ok") {
    console.error(`The ${name} job failed (${result.outcome}).`);
    process.exitCode = 1;
  }
  const kv = await mf.getKVNamespace("CACHE");
  const run = await kv.get(`jobs:last-run:${name}`, "json");
  if (run?.summary) console.log(JSON.stringify(run.summary, null, 2));
  // The five-minute job keeps no summary (it runs 288 times a day): what it ended is what stopped waiting.
  if (name === "reservations")
    console.log(
      `${waitingBefore - (await awaiting())} reservation(s) ended; ${await awaiting()} still awaiting payment.`,
    );
  // The queue delivers in batches of up to a second: wait until the outbox stops growing.
  let count = before;
  for (let quiet = 0, waited = 0; quiet < 3 && waited < 30; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await sent();
    quiet = now === count ? quiet + 1 : 0;
    count = now;
  }
  console.log(`${count - before} e-mail(s) delivered to the local outbox (http://localhost:4173/dev/outbox).`);
}

/** The five-minute job until no item on sale lacks a 'You may also like' list newer than its last change. */
async function similarLists(db, at) {
  const due = async () =>
    (
      await db
        .prepare(
          "SELECT count(*) AS n FROM products INDEXED BY products_similar_due_idx WHERE product_status = 'live' AND availability <> 'sold' AND (similar_at IS NULL OR similar_at < updated_at)",
        )
        .first()
    ).n;
  const worker = await mf.getWorker("closetloop");
  const waiting = await due();
  let runs = 0;
  for (let left = waiting; left > 0 && runs < 10_000; runs++) {
    const result = await worker.scheduled({ cron: CRON.similar, scheduledTime: new Date(at) });
    if (result.outcome !== "ok") {
      console.error(`The five-minute job failed (${result.outcome}).`);
      process.exitCode = 1;
      return;
    }
    const now = await due();
    if (now >= left) {
      console.error(`The five-minute job made no list (${now} still to make).`);
      process.exitCode = 1;
      return;
    }
    left = now;
  }
  console.log(`${waiting} 'You may also like' list(s) made in ${runs} run(s) of the five-minute job.`);
}
