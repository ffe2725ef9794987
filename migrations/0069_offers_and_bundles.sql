-- Make an offer and bundle discounts (issue 43 items 4-5; docs/decisions/0088-offers.md,
-- 0089-bundle-discounts.md). An offer's 'lapsed' and 'expired' follow from its times.
CREATE TABLE `offers` (
  `id` text PRIMARY KEY NOT NULL,
  `product_id` text NOT NULL REFERENCES `products`(`id`) ON DELETE CASCADE,
  `shopper_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `conversation_id` text REFERENCES `conversations`(`id`) ON DELETE SET NULL,
  `seller_id` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `store_id` text REFERENCES `stores`(`id`) ON DELETE SET NULL,
  `list_price` integer NOT NULL,
  `amount` integer NOT NULL CHECK (`amount` > 0),
  `counter_amount` integer CHECK (`counter_amount` IS NULL OR `counter_amount` > 0),
  `status` text NOT NULL CHECK (`status` IN ('pending', 'countered', 'accepted', 'declined')),
  `expires_at` integer NOT NULL,
  `buy_by` integer,
  `answered_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer NOT NULL,
  `updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `offers_shopper_product_idx` ON `offers` (`shopper_id`, `product_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX `offers_accepted_idx` ON `offers` (`shopper_id`, `buy_by`) WHERE "offers"."status" = 'accepted';
--> statement-breakpoint
CREATE INDEX `offers_conversation_idx` ON `offers` (`conversation_id`);
--> statement-breakpoint
CREATE TABLE `bundle_discounts` (
  `handler` text NOT NULL CHECK (`handler` IN ('vendor', 'store')),
  `handler_id` text NOT NULL,
  `tiers` text NOT NULL,
  `updated_at` integer NOT NULL,
  PRIMARY KEY (`handler`, `handler_id`)
);
