-- A claim's return with tracking (issue 43 item 3; docs/decisions/0093-claim-returns-and-agreed-prices.md).
-- An item refunded in full on a claim comes back on a prepaid label of its own: a return label
-- tied to the claim (one per claim), beside the parcel's labels (one per order, handler and
-- direction, as before). Its carrier's 'delivered' marks the item received back by its handler.
ALTER TABLE `shipping_labels` ADD COLUMN `claim_id` text REFERENCES `claims`(`id`) ON DELETE CASCADE;
--> statement-breakpoint
DROP INDEX IF EXISTS `shipping_labels_one_per_parcel`;
--> statement-breakpoint
CREATE UNIQUE INDEX `shipping_labels_one_per_parcel` ON `shipping_labels` (`order_id`, `handler_key`, `direction`) WHERE `claim_id` IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `shipping_labels_one_per_claim` ON `shipping_labels` (`claim_id`) WHERE `claim_id` IS NOT NULL;
--> statement-breakpoint
ALTER TABLE `claims` ADD COLUMN `returned_at` integer;
--> statement-breakpoint
-- What a line was listed at when its price paid differs (issue 43; decision 0093): an agreed price
-- (an accepted offer), or a bundle discount of its handler's group, with that group's percentage.
-- The order page says so; null on lines paid at their listed price, and on lines ordered before.
ALTER TABLE `order_items` ADD COLUMN `listed_price` integer;
--> statement-breakpoint
ALTER TABLE `order_items` ADD COLUMN `bundle_percent` integer;
