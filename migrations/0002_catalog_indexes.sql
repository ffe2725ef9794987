-- Listing sorts by the price a card shows (rental price, falling back to price); an expression
-- index keeps "price low to high" and keyset pages on an index range instead of a sort.
CREATE INDEX `products_live_display_price_idx` ON `products` (`product_status`, coalesce(`rental_price`, `price`), `id`);
--> statement-breakpoint
CREATE INDEX `products_live_condition_idx` ON `products` (`product_status`, `condition`, `created_at`);
--> statement-breakpoint
CREATE INDEX `products_live_color_idx` ON `products` (`product_status`, `color`, `created_at`);
--> statement-breakpoint
CREATE INDEX `products_owner_status_idx` ON `products` (`owner_id`, `product_status`, `created_at`);
