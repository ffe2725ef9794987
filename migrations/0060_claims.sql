-- Buyer protection (issue 43 items 1-3; docs/decisions/0078-buyer-protection-and-claims.md).
-- A claim: a shopper's problem with one item of their order (or their dispute of a repair fee),
-- the handler's answer, and the decision. One per item and kind.
CREATE TABLE `claims` (
  `id` text PRIMARY KEY NOT NULL,
  `order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE CASCADE,
  `order_item_id` text NOT NULL REFERENCES `order_items`(`id`) ON DELETE CASCADE,
  `shopper_id` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `kind` text NOT NULL CHECK (`kind` IN ('problem', 'repair_fee')),
  `reason` text NOT NULL,
  `description` text NOT NULL,
  `photos` text DEFAULT '[]' NOT NULL,
  `status` text NOT NULL CHECK (`status` IN ('awaiting_handler', 'offer_made', 'with_staff', 'resolved')),
  `due_at` integer,
  `handler_text` text,
  `handler_photos` text DEFAULT '[]' NOT NULL,
  `answered_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `offer_amount` integer,
  `escalated_because` text,
  `outcome` text CHECK (`outcome` IS NULL OR `outcome` IN ('full_refund', 'partial_refund', 'no_refund')),
  `refund_amount` integer,
  `decision_reason` text,
  `decided_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `decided_at` integer,
  `created_at` integer NOT NULL,
  `updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_one_per_item` ON `claims` (`order_item_id`, `kind`);
--> statement-breakpoint
CREATE INDEX `claims_status_due_idx` ON `claims` (`status`, `due_at`);
--> statement-breakpoint
CREATE INDEX `claims_order_idx` ON `claims` (`order_id`);
--> statement-breakpoint
-- 'Everything is OK': the shopper ended the item's claim window early.
ALTER TABLE `order_items` ADD COLUMN `claim_window_closed_at` integer;
--> statement-breakpoint
-- Why a weekly payout left an item's money for a later run (its claim window open, a claim pending).
CREATE TABLE `payout_holds` (
  `recipient_type` text NOT NULL,
  `recipient_id` text NOT NULL,
  `period_start` integer NOT NULL,
  `order_item_id` text NOT NULL,
  `item_name` text NOT NULL,
  `amount` integer NOT NULL,
  `reason` text NOT NULL,
  `created_at` integer NOT NULL,
  PRIMARY KEY (`recipient_type`, `recipient_id`, `period_start`, `order_item_id`)
);
--> statement-breakpoint
INSERT OR IGNORE INTO `site_content` (`id`, `content_type`, `content_key`, `title`, `content`, `updated_at`) VALUES (
  'content_page_buyer_protection', 'page', 'buyer_protection', 'Buyer Protection',
  'Every order on Closetloop is covered, whoever sells the item: an individual seller or a partner store.

What is covered. An item that is not as described, arrives damaged, is the wrong item, is missing from the parcel, or never arrives. For a rental, its condition on arrival. You can also dispute a repair fee charged after a rental.

Time limits. Report a problem from your order page within 2 days of delivery ("Report a problem"). An item that has not arrived can be reported once its expected delivery date has passed. If everything is fine you can press "Everything is OK" and the seller is paid sooner.

What happens next. The seller or store has 3 days to answer: they can refund you in full (you send the item back to their return address, with tracking), offer a partial refund that you can accept or decline, or dispute the claim. If they do not answer in time, dispute it, or you decline their offer, our team looks at both sides, photos included, and decides: a full refund, a partial refund or no refund, with the reason. You are told by e-mail and in your notifications at every step.

Your money. The seller is not paid for an item while its 2 days are running or a claim about it is open. Refunds go back to the card you paid with, usually within 5 to 10 working days.',
  0
);
