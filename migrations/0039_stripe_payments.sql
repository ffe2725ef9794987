-- Checkout pays (issue 27; docs/decisions/0055-stripe-payments.md). An order waits for its
-- payment in status 'awaiting_payment' with its items reserved until `payment_expires_at`; the
-- provider's hosted session and, once paid, its payment intent, customer and saved payment
-- method (for later charges of this order) are kept on the order. Each provider event is
-- recorded once by its id (`payment_events`): a replay is answered from the record.
ALTER TABLE `orders` ADD COLUMN `payment_session_id` text;
--> statement-breakpoint
ALTER TABLE `orders` ADD COLUMN `payment_session_url` text;
--> statement-breakpoint
ALTER TABLE `orders` ADD COLUMN `payment_expires_at` integer;
--> statement-breakpoint
ALTER TABLE `orders` ADD COLUMN `payment_intent_id` text;
--> statement-breakpoint
ALTER TABLE `orders` ADD COLUMN `payment_customer_id` text;
--> statement-breakpoint
ALTER TABLE `orders` ADD COLUMN `payment_method_id` text;
--> statement-breakpoint
ALTER TABLE `orders` ADD COLUMN `paid_at` integer;
--> statement-breakpoint
CREATE INDEX `orders_payment_session_idx` ON `orders` (`payment_session_id`);
--> statement-breakpoint
CREATE INDEX `orders_payment_expiry_idx` ON `orders` (`status`, `payment_expires_at`);
--> statement-breakpoint
CREATE TABLE `payment_events` (
  `id` text PRIMARY KEY NOT NULL,
  `type` text NOT NULL,
  `provider` text NOT NULL,
  `order_id` text REFERENCES `orders`(`id`) ON DELETE set null,
  `outcome` text NOT NULL,
  `received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_events_order_idx` ON `payment_events` (`order_id`, `received_at`);
