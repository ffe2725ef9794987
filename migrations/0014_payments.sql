-- One payment interface (docs/decisions/0035-payments.md): every call the app makes to the
-- payment provider (authorize at order time, capture at delivery / buy / conversion, refund of a
-- cancelled order) is a row, failed attempts included. A capture's idempotency key follows from
-- the transaction it collects, and at most one call per key can succeed: never charged twice.
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`transaction_id` text,
	`operation` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'GBP' NOT NULL,
	`idempotency_key` text NOT NULL,
	`provider` text NOT NULL,
	`status` text NOT NULL,
	`provider_ref` text,
	`error` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_succeeded_key_unique` ON `payments` (`idempotency_key`) WHERE `status` = 'succeeded';
--> statement-breakpoint
CREATE INDEX `payments_order_idx` ON `payments` (`order_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`);
--> statement-breakpoint
-- The weekly job finds what no payout has gathered yet.
CREATE INDEX `transactions_unpaid_idx` ON `transactions` (`payout_id`, `created_at`);
