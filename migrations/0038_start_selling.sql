-- Start selling (issue 27 item 7): any verified user can become a seller. The seller terms they
-- accept are a content page; when the site setting `seller_signup` is 'approval' their request
-- waits here for staff (one row per person: a declined person may ask again).
ALTER TABLE `users` ADD COLUMN `seller_terms_accepted_at` integer;
--> statement-breakpoint
CREATE TABLE `seller_requests` (
  `user_id` text PRIMARY KEY NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
  `status` text DEFAULT 'pending' NOT NULL,
  `created_at` integer NOT NULL,
  `reviewed_at` integer,
  `reviewed_by` text REFERENCES `users`(`id`) ON DELETE set null,
  `rejection_reason` text
);
--> statement-breakpoint
CREATE INDEX `seller_requests_status_idx` ON `seller_requests` (`status`, `created_at`);
--> statement-breakpoint
-- The seller terms page exists from the start (staff edit it on the Content tab).
INSERT OR IGNORE INTO `site_content` (`id`, `content_type`, `content_key`, `title`, `content`, `updated_at`) VALUES (
  'content_page_seller_terms', 'page', 'seller_terms', 'Seller terms',
  'These terms apply when you sell on Closetloop, alone or through a partner store.

Your listings. You list only items you own, describe them honestly (size, condition, flaws) and use your own photos. Our team reviews every listing before it goes on sale and may ask you to change it or decline it, with a reason.

Orders. When an item of yours is rented or bought you post it within two working days with a tracked service and enter the tracking number. Rented items come back to the return address in your account; you inspect them and report any damage within three days.

Money. Closetloop takes the payment from the shopper. Each week we pay you what you earned in the week before, less our commission (shown on your dashboard before you list). You need a return address and payout details before you can be paid.

Leaving. You can stop selling at any time once your orders are finished. We may suspend selling for breaking these terms, and tell you why.',
  0
);
