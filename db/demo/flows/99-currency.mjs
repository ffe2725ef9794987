// Display currency (issue 45 items 1-2 and 7; docs/decisions/0084-display-currency.md,
// 0085-exchange-rates.md): what a newcomer sees after `npm start`:
// - exchange rates dated today (the admin 'Exchange rates' tab), so the footer's Currency form
//   shows prices converted at once ('≈ €63.40'); `npm run rates` moves them (and shows them), and
//   `npm run jobs -- daily` refreshes them as the Cron job does;
// - Camille (camille@closetloop.test, the shopper in France, when her flow made her) reads
//   prices in euros once she signs in.
// Run on every seed: the rates are dated the seed's day (a demo never starts with stale rates).
import { LOCAL_RATES } from "../../../app/domain/currency.ts";

export async function seed({ db, now }) {
  const today = new Date(now).toISOString().slice(0, 10);
  const statements = [db.prepare("DELETE FROM exchange_rates")];
  for (const [currency, perPound] of Object.entries(LOCAL_RATES)) {
    statements.push(
      db
        .prepare(
          "INSERT INTO exchange_rates (currency, per_pound, rates_date, source, fetched_at) VALUES (?, ?, ?, 'seed', ?)",
        )
        .bind(currency, perPound, today, now),
    );
  }
  statements.push(
    db
      .prepare(
        "UPDATE users SET display_currency = 'EUR', updated_at = ? WHERE lower(email) = 'camille@closetloop.test'",
      )
      .bind(now),
  );
  await db.batch(statements);
}
