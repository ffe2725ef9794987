-- Alerts (issue 25, items 6 and 7; docs/decisions/0051 and 0052).
--
-- 'Notify me' on a rented item: one waiting request per shopper and item (the partial unique
-- index); the back-on-sale notice stamps it (notified_at), so asking again after that is a new
-- request with its own notice. Price drops of favourites need no table: the notice's key names
-- the new prices, and the notification service records each key once per person.
CREATE TABLE `back_in_stock_requests` (
  `id` text PRIMARY KEY NOT NULL,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `product_id` text NOT NULL REFERENCES `products`(`id`) ON DELETE CASCADE,
  `created_at` integer NOT NULL,
  `notified_at` integer
);
CREATE UNIQUE INDEX `back_in_stock_waiting_unique` ON `back_in_stock_requests` (`product_id`, `user_id`) WHERE `notified_at` IS NULL;
CREATE INDEX `back_in_stock_user_idx` ON `back_in_stock_requests` (`user_id`);

-- Saved searches: a listing URL (path and filters) with a name, 20 per person at most (checked
-- by the app). The daily job reads the listing with the catalog's own query and tells the person
-- of items new since the search was saved, once per item (saved_search_hits) and once a UK day
-- at most (last_notified_at).
CREATE TABLE `saved_searches` (
  `id` text PRIMARY KEY NOT NULL,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `name` text NOT NULL,
  `url` text NOT NULL,
  `created_at` integer NOT NULL,
  `last_notified_at` integer
);
CREATE INDEX `saved_searches_user_idx` ON `saved_searches` (`user_id`, `created_at`);

CREATE TABLE `saved_search_hits` (
  `saved_search_id` text NOT NULL REFERENCES `saved_searches`(`id`) ON DELETE CASCADE,
  `product_id` text NOT NULL,
  `notified_at` integer NOT NULL,
  PRIMARY KEY (`saved_search_id`, `product_id`)
) WITHOUT ROWID;
