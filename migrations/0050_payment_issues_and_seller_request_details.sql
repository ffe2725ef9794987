-- Decision 0072 (issue 41 items 6 and 7).
-- A checkout payment that does not match its order (amount or currency) does not confirm it: the
-- order is held out of fulfilment (cancelled, its money refunded at once) and what was wrong is
-- kept here for staff, whom the admin Orders tab alerts.
ALTER TABLE `orders` ADD `payment_issue` text;
ALTER TABLE `orders` ADD `payment_issue_at` integer;
CREATE INDEX `orders_payment_issue_idx` ON `orders` (`payment_issue_at`) WHERE `payment_issue_at` IS NOT NULL;
-- A request to sell (by approval) keeps the display name and return address it asks for: they
-- take effect on the account only when staff approve it.
ALTER TABLE `seller_requests` ADD `display_name` text;
ALTER TABLE `seller_requests` ADD `return_address` text;
