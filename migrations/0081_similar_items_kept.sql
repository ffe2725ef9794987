-- 'You may also like' kept per item (issue 47; docs/decisions/0123-similar-items-kept.md): the ids
-- of an item's most alike listings and when the five-minute job chose them. The product page ranks
-- those (and the newest listings) instead of its category's 200 newest, while the list is newer
-- than the item's last change. The job remakes first the lists of public items that have none or
-- changed since, then the oldest, each from its partial index.
ALTER TABLE `products` ADD `similar_ids` text;
--> statement-breakpoint
ALTER TABLE `products` ADD `similar_at` integer;
--> statement-breakpoint
CREATE INDEX `products_similar_due_idx` ON `products` (`id`) WHERE product_status = 'live' AND availability <> 'sold' AND (`similar_at` IS NULL OR `similar_at` < `updated_at`);
--> statement-breakpoint
CREATE INDEX `products_pub_similar_idx` ON `products` (`similar_at`) WHERE product_status = 'live' AND availability <> 'sold';
