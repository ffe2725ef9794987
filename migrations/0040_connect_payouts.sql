-- Payouts through Connect (issue 27 item 4; docs/decisions/0056-connect-payouts.md). A payee (a
-- seller, or a store) has at most one connected account at the payment provider; its status is
-- what the provider last said (not started, pending verification, active). A payout remembers the
-- transfer that paid it: its provider id and status, or why it is waiting (no payout details yet)
-- or failed (the provider's error), and when it was last tried.
CREATE TABLE `payee_accounts` (
  `payee_type` text NOT NULL,
  `payee_id` text NOT NULL,
  `provider` text NOT NULL,
  `provider_account_id` text NOT NULL,
  `status` text DEFAULT 'not_started' NOT NULL,
  `created_at` integer NOT NULL,
  `updated_at` integer NOT NULL,
  PRIMARY KEY (`payee_type`, `payee_id`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payee_accounts_provider_account_unique` ON `payee_accounts` (`provider_account_id`);
--> statement-breakpoint
ALTER TABLE `payouts` ADD COLUMN `transfer_status` text;
--> statement-breakpoint
ALTER TABLE `payouts` ADD COLUMN `transfer_id` text;
--> statement-breakpoint
ALTER TABLE `payouts` ADD COLUMN `transfer_error` text;
--> statement-breakpoint
ALTER TABLE `payouts` ADD COLUMN `transfer_attempted_at` integer;
--> statement-breakpoint
CREATE INDEX `payouts_transfer_idx` ON `payouts` (`status`, `transfer_status`);
