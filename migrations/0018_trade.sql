-- A trade end to end (issue 22): posting with a carrier and tracking number, cancellation, the
-- shopper's return (reason, their own tracking), the inspection's damage charge and its
-- overturning, and a seller's return address. Every column is nullable: existing rows stay valid.
ALTER TABLE `order_items` ADD `carrier` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `tracking_number` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `shipped_at` integer;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `shipped_by` text REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `cancelled_at` integer;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `cancelled_by` text REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `return_reason` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `return_carrier` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `return_tracking_number` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `damage_charge` integer;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `inspection_reason` text;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `charge_overturned_at` integer;
--> statement-breakpoint
ALTER TABLE `order_items` ADD `charge_overturned_by` text REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `users` ADD `return_address` text;
--> statement-breakpoint
-- A store's orders to post and returns to receive: its concierge items by status.
CREATE INDEX `order_items_handler_idx` ON `order_items` (`handler`, `seller_id`, `status`);
