// Exchange rates for display only (issue 45; docs/decisions/0085-exchange-rates.md). Migration 0065.
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Units of each display currency for one pound, all of one reference day (`rates_date`). */
export const exchangeRates = sqliteTable("exchange_rates", {
  currency: text("currency").primaryKey(),
  perPound: real("per_pound").notNull(),
  /** The publisher's reference day, YYYY-MM-DD. */
  ratesDate: text("rates_date").notNull(),
  /** Where they came from: 'ecb', 'local', 'seed'. */
  source: text("source").notNull(),
  fetchedAt: integer("fetched_at").notNull(),
});
