-- Display currency (issue 45 items 1-2; docs/decisions/0084-display-currency.md,
-- 0085-exchange-rates.md). Money stays integer pence of GBP: these only change how prices read.
-- The rates shown: units of each display currency for one pound, all of one reference day,
-- replaced together by the daily job (the last good ones stay when a feed is refused).
CREATE TABLE `exchange_rates` (
  `currency` text PRIMARY KEY NOT NULL CHECK (`currency` IN ('GBP', 'EUR', 'USD', 'AUD', 'CAD', 'SEK', 'DKK', 'CHF', 'PLN', 'JPY')),
  `per_pound` real NOT NULL CHECK (`per_pound` > 0),
  `rates_date` text NOT NULL,
  `source` text NOT NULL,
  `fetched_at` integer NOT NULL
);
--> statement-breakpoint
-- A signed-in shopper's chosen display currency (NULL: by the country they are in).
ALTER TABLE `users` ADD `display_currency` text;
