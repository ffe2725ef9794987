-- The seams the dashboards and the Rent-Now-Buy-Later lifecycle share (docs/decisions/0021-order-lifecycle.md):
-- every order item carries its own status and the dates of its life; every change of status is a
-- row in order_status_history (who, when, from, to); reviews belong to one order item; tokens can
-- carry a payload (the new e-mail of an e-mail change); a store remembers the request it came
-- from (so approving twice cannot make two); staff changes leave an audit row; a rental item can
-- have two transactions (its fee, then its buying price), never two of one kind.

ALTER TABLE `order_items` ADD `status` text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
-- The buying price when the order was placed: what "Buy it now" and the conversion charge.
ALTER TABLE `order_items` ADD `buying_price` integer;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `delivered_at` integer;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `return_requested_at` integer;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `returned_at` integer;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `inspection` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `inspected_by` text REFERENCES `users`(`id`) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `reminder_sent_at` integer;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `completed_at` integer;
--> statement-breakpoint
UPDATE `order_items` SET `status` = (SELECT `status` FROM `orders` WHERE `orders`.`id` = `order_items`.`order_id`);
--> statement-breakpoint
UPDATE `order_items` SET `buying_price` = (SELECT `buying_price` FROM `products` WHERE `products`.`id` = `order_items`.`product_id`);
--> statement-breakpoint
CREATE INDEX `order_items_status_idx` ON `order_items` (`status`, `rental_ends_at`);
--> statement-breakpoint
CREATE TABLE `order_status_history` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`order_item_id` text,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor_id` text,
	`actor_role` text NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `order_status_history_order_idx` ON `order_status_history` (`order_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX `order_status_history_actor_idx` ON `order_status_history` (`actor_id`);
--> statement-breakpoint
INSERT INTO `order_status_history` (`id`, `order_id`, `order_item_id`, `from_status`, `to_status`, `actor_id`, `actor_role`, `note`, `created_at`)
SELECT 'hist_' || `id`, `id`, NULL, NULL, `status`, `user_id`, 'shopper', 'Order placed', `created_at` FROM `orders`;
--> statement-breakpoint
ALTER TABLE `reviews` ADD `order_item_id` text REFERENCES `order_items`(`id`) ON DELETE SET NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_order_item_unique` ON `reviews` (`order_item_id`) WHERE `order_item_id` IS NOT NULL;
--> statement-breakpoint
ALTER TABLE `auth_tokens` ADD `payload` text;
--> statement-breakpoint
ALTER TABLE `stores` ADD `request_id` text REFERENCES `store_requests`(`id`) ON DELETE SET NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `stores_request_unique` ON `stores` (`request_id`) WHERE `request_id` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_type`, `target_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);
--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`);
--> statement-breakpoint
DROP INDEX `transactions_order_item_unique`;
--> statement-breakpoint
-- A rental item's fee and its purchase are two transactions; a purchase kind ('sale',
-- 'rental_purchase', 'rental_conversion') is recorded at most once per item.
CREATE UNIQUE INDEX `transactions_order_item_kind_unique` ON `transactions` (`order_item_id`, (`transaction_type` = 'rental_fee')) WHERE `order_item_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `transactions_owner_idx` ON `transactions` (`owner_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX `transactions_store_idx` ON `transactions` (`store_id`, `created_at`);
--> statement-breakpoint
ALTER TABLE `transactions` ADD `payout_id` text REFERENCES `payouts`(`id`) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE `payouts` ADD `paid_at` integer;
--> statement-breakpoint
ALTER TABLE `payouts` ADD `paid_by` text REFERENCES `users`(`id`) ON DELETE SET NULL;
