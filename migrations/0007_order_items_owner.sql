-- The seller dashboard lists the orders that hold a seller's products (docs/decisions/0026). Found
-- through products, that walks every one of the seller's listings and probes order_items for
-- each (5,000 probes for the demo vendor of a 10,000-item catalog); found through the item's own
-- owner, it reads only their lines, newest first. The owner is the product's, copied when the
-- line is written (a product never changes hands), so no code that places orders has to know.

ALTER TABLE `order_items` ADD `owner_id` text REFERENCES `users`(`id`) ON DELETE SET NULL;
--> statement-breakpoint
UPDATE `order_items` SET `owner_id` = (SELECT `owner_id` FROM `products` WHERE `products`.`id` = `order_items`.`product_id`);
--> statement-breakpoint
CREATE INDEX `order_items_owner_idx` ON `order_items` (`owner_id`, `created_at`);
--> statement-breakpoint
CREATE TRIGGER order_items_owner_ai AFTER INSERT ON order_items WHEN new.owner_id IS NULL BEGIN
  UPDATE order_items SET owner_id = (SELECT owner_id FROM products WHERE products.id = new.product_id) WHERE id = new.id;
END;
