-- A handler's Orders tab reads the money of its listed orders in the same batch as the orders
-- (issue 47 item 3; docs/decisions/0100-one-handler-orders-tab-in-one-batch.md): their
-- transactions by order, oldest first, searched through this index instead of a walk of every
-- transaction in created_at order. The order page and My Orders read them the same way.
CREATE INDEX `transactions_order_idx` ON `transactions` (`order_id`, `created_at`);
