-- Every dashboard tab within 10 ms of SQL at 100,000 products and a year of orders (issue 47 item
-- 3; docs/decisions/0107-a-year-of-orders-for-the-bench.md). Each index answers a dashboard's
-- statement from the index alone, or finds exactly its rows, where it read every row of the seller
-- or the store and filtered them.
-- The seller's stat cards: live and waiting products counted in the index, not read row by row.
CREATE INDEX `products_owner_counts_idx` ON `products` (`owner_id`, `product_status`, `availability`, `status`);
-- Items being prepared between rentals, a seller's and a store's: only the few with a date.
CREATE INDEX `products_owner_prepared_idx` ON `products` (`owner_id`, `prepared_until`) WHERE `prepared_until` IS NOT NULL;
CREATE INDEX `products_store_prepared_idx` ON `products` (`store_id`, `prepared_until`) WHERE `prepared_until` IS NOT NULL;
-- The store's cards (its products, the concierge requests waiting) and its products' ids for its orders.
CREATE INDEX `products_store_status_idx` ON `products` (`store_id`, `status`, `concierge_status`, `id`);
-- The store's revenue: its commissions, summed from the index.
CREATE INDEX `commissions_recipient_idx` ON `commissions` (`recipient_type`, `recipient_id`, `transaction_id`, `commission_amount`);
-- The seller's earnings: their completed transactions, summed from the index.
CREATE INDEX `transactions_owner_money_idx` ON `transactions` (`owner_id`, `status`, `gross_amount`, `net_amount`);
-- A seller's lines in a status (rentals out, orders to send, returns to check), not all their lines.
CREATE INDEX `order_items_owner_status_idx` ON `order_items` (`owner_id`, `status`, `type`, `handler`);
-- A store's lines newest first: those it handles, and those of the products it manages.
CREATE INDEX `order_items_handler_created_idx` ON `order_items` (`handler`, `seller_id`, `created_at`, `order_id`);
-- The second takes over from order_items_product_idx (product_id alone), which the planner preferred
-- and then read every line's row.
CREATE INDEX `order_items_product_lines_idx` ON `order_items` (`product_id`, `handler`, `seller_id`, `created_at`, `order_id`);
DROP INDEX `order_items_product_idx`;
