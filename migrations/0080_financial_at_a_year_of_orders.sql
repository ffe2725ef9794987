-- The delivery fees still owed (admin Financial) and still due (the daily job) at a year of orders
-- (issue 47 item 3; docs/decisions/0109-financial-at-a-year-of-orders.md). An order's delivery fee is
-- marked collected when its capture succeeds, by the triggers below whoever writes the payment
-- (the app, the demo's and the bench's seeds), so the orders that may still owe one are found in
-- a partial index of those few, where every order of the year was walked (6–8 ms of SQL).
ALTER TABLE `orders` ADD `fee_collected_at` integer;
--> statement-breakpoint
UPDATE `orders` SET `fee_collected_at` = (
  SELECT min(`p`.`created_at`) FROM `payments` `p`
  WHERE `p`.`idempotency_key` = 'capture:delivery:' || `orders`.`id` AND `p`.`status` = 'succeeded'
);
--> statement-breakpoint
CREATE INDEX `orders_fee_uncollected_idx` ON `orders` (`id`) WHERE `delivery_fee` > 0 AND `fee_collected_at` IS NULL AND `status` <> 'cancelled';
--> statement-breakpoint
CREATE TRIGGER payments_fee_collected_ai AFTER INSERT ON payments
WHEN new.status = 'succeeded' AND new.idempotency_key = 'capture:delivery:' || new.order_id BEGIN
  UPDATE orders SET fee_collected_at = new.created_at WHERE id = new.order_id AND fee_collected_at IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER payments_fee_collected_au AFTER UPDATE OF status ON payments
WHEN new.status = 'succeeded' AND new.idempotency_key = 'capture:delivery:' || new.order_id BEGIN
  UPDATE orders SET fee_collected_at = new.created_at WHERE id = new.order_id AND fee_collected_at IS NULL;
END;
--> statement-breakpoint
-- A period's commissions by the time they were calculated, newest first with the id breaking
-- ties (the tab's latest 50) and their totals read from the index: every commission was walked
-- for both (4 and 2 ms at a year of orders).
CREATE INDEX `commissions_calculated_idx` ON `commissions` (`calculated_at`, `id`, `recipient_type`, `commission_amount`, `transaction_id`);
