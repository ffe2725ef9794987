// The local exchange rates (issue 45; docs/decisions/0085-exchange-rates.md): shows them, or moves
// them, in the same local D1 that `npm start` serves (CLOSETLOOP_STATE, else .wrangler/state):
//   npm run rates                          the rates, their day and whether they are shown
//   npm run rates -- --days-old 6          date them 6 days ago: prices show in pounds only
//   npm run rates -- --date 2026-11-27     date them that day
//   npm run rates -- set EUR 1.2           one currency's rate (units for one pound)
// `npm run jobs -- daily` refreshes them as the Cron job does (locally: the kept rates, dated the
// run's day). A served page shows the change within a minute (each isolate keeps them that long).
import { localBindings } from "./built-worker.mjs";

const CURRENCIES = ["EUR", "USD", "AUD", "CAD", "SEK", "DKK", "CHF", "PLN", "JPY"]; // app/domain/currency.ts
const MAX_AGE_DAYS = 4; // MAX_RATE_AGE_DAYS
const DAY = 86_400_000;
const args = process.argv.slice(2);
const usage = () => {
  console.error("Usage: npm run rates [-- --days-old N | --date YYYY-MM-DD | set <CURRENCY> <units for £1>]");
  process.exit(2);
};

// The arguments are checked before the storage opens: a wrong one is answered at once.
let change = null;
if (args[0] === "--days-old") {
  const days = Number(args[1]);
  if (!Number.isInteger(days) || days < 0 || days > 3650) usage();
  change = { date: new Date(Date.now() - days * DAY).toISOString().slice(0, 10) };
} else if (args[0] === "--date") {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(args[1] ?? "") || Number.isNaN(Date.parse(`${args[1]}T00:00:00Z`))) usage();
  change = { date: args[1] };
} else if (args[0] === "set") {
  const currency = (args[1] ?? "").toUpperCase();
  const rate = Number(args[2]);
  if (!CURRENCIES.includes(currency) || !(rate > 0) || !Number.isFinite(rate)) usage();
  change = { currency, rate };
} else if (args.length > 0) usage();

const { env, dispose } = await localBindings();
try {
  const db = env.DB;
  const count = (await db.prepare("SELECT count(*) AS n FROM exchange_rates").first()).n;
  if (count === 0 && change) {
    console.error("No rates yet: run `npm run db:seed` (or `npm run jobs -- daily`) first.");
    process.exitCode = 1;
  } else {
    if (change?.date)
      await db
        .prepare("UPDATE exchange_rates SET rates_date = ?, source = 'local', fetched_at = ?")
        .bind(change.date, Date.now())
        .run();
    if (change?.currency)
      await db
        .prepare("UPDATE exchange_rates SET per_pound = ?, source = 'local', fetched_at = ? WHERE currency = ?")
        .bind(change.rate, Date.now(), change.currency)
        .run();
    // Pages kept by the page cache are renewed (app/services/freshness.server.ts).
    if (change) await env.CACHE.put("pages:version", `${Date.now().toString(36)}-rates`);
    const rows = (
      await db.prepare("SELECT currency, per_pound, rates_date, source FROM exchange_rates ORDER BY currency").all()
    ).results;
    if (rows.length === 0) console.log("No exchange rates: prices show in pounds only.");
    else {
      const date = rows[0].rates_date;
      const age = Math.floor((Date.now() - Date.parse(`${date}T00:00:00Z`)) / DAY);
      const shown = age <= MAX_AGE_DAYS && age >= -1;
      console.log(
        `Rates of ${date} (${age} day(s) old, from ${rows[0].source}): ${shown ? "prices are shown converted." : `older than ${MAX_AGE_DAYS} days, so prices show in pounds only.`}`,
      );
      for (const row of rows) console.log(`  £1 = ${row.per_pound} ${row.currency}`);
    }
  }
} finally {
  await dispose();
}
