-- Follow sellers and stores (issue 46 item 1; docs/decisions/0090-follows-and-digest.md).
-- A shopper follows a seller (a user) or a partner store: exactly one of the two is set, once.
CREATE TABLE `follows` (
  `id` text PRIMARY KEY NOT NULL,
  `follower_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `seller_id` text REFERENCES `users`(`id`) ON DELETE CASCADE,
  `store_id` text REFERENCES `stores`(`id`) ON DELETE CASCADE,
  `created_at` integer NOT NULL,
  CHECK ((`seller_id` IS NULL) <> (`store_id` IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_seller_unique` ON `follows` (`follower_id`, `seller_id`) WHERE `seller_id` IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_store_unique` ON `follows` (`follower_id`, `store_id`) WHERE `store_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `follows_seller_idx` ON `follows` (`seller_id`);
--> statement-breakpoint
CREATE INDEX `follows_store_idx` ON `follows` (`store_id`);
--> statement-breakpoint
CREATE INDEX `follows_follower_idx` ON `follows` (`follower_id`, `created_at`);
