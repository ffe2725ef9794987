-- A listing a partner store declined (a concierge request it did not take) said only
-- 'Review: rejected · Reason: …' to its seller, as our team's rejection does: the store is
-- cleared from the product when it declines, so nothing said who had. The store that declined is
-- kept until the listing is decided again (decision 0067).
ALTER TABLE `products` ADD `declined_by_store_id` text REFERENCES `stores`(`id`) ON DELETE SET NULL;
