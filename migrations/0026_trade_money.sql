-- Money of returns and damage (issue 22): an item may now carry a repair fee, a charge for an item
-- that cannot be returned, a refund of a returned purchase and the reversal of an overturned
-- charge, besides its rental fee and its sale. Each kind at most once per item (Buy it now and the
-- conversion still share one id, so a rental is bought once).
DROP INDEX IF EXISTS `transactions_order_item_kind_unique`;
--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_order_item_type_unique` ON `transactions` (`order_item_id`, `transaction_type`) WHERE `order_item_id` IS NOT NULL;
