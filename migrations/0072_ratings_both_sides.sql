-- Ratings that mean something (issue 46 item 2; docs/decisions/0091-ratings-and-badges.md).
-- A review is one side's rating of a completed trade (an order item): 'shopper' (the shopper rates
-- the seller: every review so far) or 'seller' (the seller rates the shopper). One per item and side.
ALTER TABLE `reviews` ADD COLUMN `side` text NOT NULL DEFAULT 'shopper' CHECK (`side` IN ('shopper', 'seller'));
--> statement-breakpoint
DROP INDEX IF EXISTS `reviews_order_item_unique`;
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_order_item_side_unique` ON `reviews` (`order_item_id`, `side`) WHERE `order_item_id` IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS `reviews_reviewed_user_idx`;
--> statement-breakpoint
CREATE INDEX `reviews_reviewed_user_idx` ON `reviews` (`reviewed_user_id`, `side`, `created_at`);
