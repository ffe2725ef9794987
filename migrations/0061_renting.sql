-- Renting (issue 44, items 1, 4, 5 and 6; docs/decisions/0080-renting-dates-turnaround-protection.md).
-- 'Need it by': the UK day the shopper needs a rental by, and the day its handler posts it by
-- (both 'YYYY-MM-DD', computed at checkout), and when the handler was reminded of it.
ALTER TABLE `order_items` ADD COLUMN `need_by` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD COLUMN `post_by` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD COLUMN `post_by_reminded_at` integer;
--> statement-breakpoint
-- Damage protection: the fee paid at checkout (pence, 0 when not protected) and the part of a
-- repair fee the cover waived.
ALTER TABLE `order_items` ADD COLUMN `protection_fee` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `order_items` ADD COLUMN `damage_waived` integer;
--> statement-breakpoint
CREATE INDEX `order_items_post_by_idx` ON `order_items` (`post_by`) WHERE `post_by` IS NOT NULL AND `post_by_reminded_at` IS NULL;
--> statement-breakpoint
-- Turnaround: a returned item is 'Being prepared' until this time, then live again.
ALTER TABLE `products` ADD COLUMN `prepared_until` integer;
--> statement-breakpoint
-- When an item out on rental, reserved or being prepared is expected back ('Back around …').
ALTER TABLE `products` ADD COLUMN `back_around_at` integer;
--> statement-breakpoint
CREATE INDEX `products_prepared_until_idx` ON `products` (`prepared_until`) WHERE `prepared_until` IS NOT NULL;
--> statement-breakpoint
-- The handler's turnaround setting (days), null for the default.
ALTER TABLE `users` ADD COLUMN `turnaround_days` integer;
--> statement-breakpoint
ALTER TABLE `stores` ADD COLUMN `turnaround_days` integer;
