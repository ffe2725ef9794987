-- Staff and stores give a reason when they reject (issue 24, item 8): the person is shown it.
-- A product's reason is the reviewer's, or its store's when the store refused to manage it.
ALTER TABLE `products` ADD COLUMN `rejection_reason` text;
ALTER TABLE `store_requests` ADD COLUMN `rejection_reason` text;
