CREATE TABLE `auth_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_tokens_user_idx` ON `auth_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`excerpt` text,
	`content` text NOT NULL,
	`category` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`featured_image_url` text,
	`author_id` text,
	`status` text DEFAULT 'published' NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `blog_posts_status_published_idx` ON `blog_posts` (`status`,`published_at`);--> statement-breakpoint
CREATE TABLE `brand_suggestions` (
	`id` text PRIMARY KEY NOT NULL,
	`suggested_name` text NOT NULL,
	`description` text,
	`website_url` text,
	`logo_url` text,
	`suggested_by` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`merged_with_brand_id` text,
	`rejection_reason` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`suggested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`merged_with_brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `brand_suggestions_status_idx` ON `brand_suggestions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `brand_suggestions_by_idx` ON `brand_suggestions` (`suggested_by`);--> statement-breakpoint
CREATE TABLE `brands` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`logo_url` text,
	`website_url` text,
	`description` text,
	`is_popular` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `brands_name_unique` ON `brands` (lower("name"));--> statement-breakpoint
CREATE INDEX `brands_popular_name_idx` ON `brands` (`is_popular`,`name`);--> statement-breakpoint
CREATE INDEX `brands_name_idx` ON `brands` (`name`);--> statement-breakpoint
CREATE TABLE `cart_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`name` text NOT NULL,
	`image_url` text,
	`type` text NOT NULL,
	`price` integer NOT NULL,
	`duration` integer,
	`quantity` integer DEFAULT 1 NOT NULL,
	`vendor` text,
	`seller_id` text,
	`seller_avatar` text,
	`seller_type` text DEFAULT 'vendor' NOT NULL,
	`handler` text DEFAULT 'vendor' NOT NULL,
	`concierge_status` text DEFAULT 'no' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "cart_items_quantity_positive" CHECK("cart_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_items_user_product_unique` ON `cart_items` (`user_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `cart_items_user_created_idx` ON `cart_items` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text,
	`parent_id` text,
	`image_url` text,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE INDEX `categories_active_sort_idx` ON `categories` (`is_active`,`sort_order`);--> statement-breakpoint
CREATE TABLE `commissions` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`recipient_type` text NOT NULL,
	`recipient_id` text,
	`commission_rate` integer NOT NULL,
	`commission_amount` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`payout_id` text,
	`calculated_at` integer NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `commissions_transaction_idx` ON `commissions` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `commissions_unpaid_idx` ON `commissions` (`payout_id`,`calculated_at`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favorites_user_product_unique` ON `favorites` (`user_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `favorites_product_idx` ON `favorites` (`product_id`);--> statement-breakpoint
CREATE TABLE `media_library` (
	`id` text PRIMARY KEY NOT NULL,
	`file_name` text NOT NULL,
	`file_url` text NOT NULL,
	`file_type` text NOT NULL,
	`file_size` integer NOT NULL,
	`media_type` text NOT NULL,
	`category` text DEFAULT 'banner' NOT NULL,
	`uploaded_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `media_library_category_idx` ON `media_library` (`category`,`created_at`);--> statement-breakpoint
CREATE TABLE `notification_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`message_key` text NOT NULL,
	`channel` text NOT NULL,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text,
	`body` text,
	`payload` text NOT NULL,
	`status` text DEFAULT 'sent' NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`error` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_outbox_message_key_unique` ON `notification_outbox` (`message_key`);--> statement-breakpoint
CREATE INDEX `notification_outbox_created_idx` ON `notification_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `order_idempotency_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`order_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`product_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`price` integer NOT NULL,
	`seller_id` text,
	`seller_type` text DEFAULT 'vendor' NOT NULL,
	`handler` text DEFAULT 'vendor' NOT NULL,
	`rental_starts_at` integer,
	`rental_ends_at` integer,
	`rental_outcome` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`);--> statement-breakpoint
CREATE INDEX `order_items_product_idx` ON `order_items` (`product_id`);--> statement-breakpoint
CREATE INDEX `order_items_rental_end_idx` ON `order_items` (`rental_ends_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`subtotal_amount` integer NOT NULL,
	`delivery_fee` integer NOT NULL,
	`total_amount` integer NOT NULL,
	`currency` text DEFAULT 'GBP' NOT NULL,
	`billing_address` text NOT NULL,
	`shipping_address` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `orders_user_created_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`recipient_type` text NOT NULL,
	`recipient_id` text NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`total_amount` integer NOT NULL,
	`commission_amount` integer NOT NULL,
	`net_amount` integer NOT NULL,
	`status` text DEFAULT 'calculated' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_recipient_period_unique` ON `payouts` (`recipient_type`,`recipient_id`,`period_start`);--> statement-breakpoint
CREATE INDEX `payouts_created_idx` ON `payouts` (`created_at`);--> statement-breakpoint
CREATE TABLE `price_change_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`store_id` text NOT NULL,
	`suggested_rental_price` integer NOT NULL,
	`suggested_buying_price` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`reviewed_at` integer,
	`reviewed_by` text,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `price_change_requests_owner_idx` ON `price_change_requests` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `price_change_requests_product_idx` ON `price_change_requests` (`product_id`);--> statement-breakpoint
CREATE INDEX `price_change_requests_store_idx` ON `price_change_requests` (`store_id`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`price` integer NOT NULL,
	`original_price` integer,
	`rental_price` integer,
	`buying_price` integer,
	`brand` text NOT NULL,
	`condition` text NOT NULL,
	`color` text,
	`product_type` text NOT NULL,
	`category` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`materials` text,
	`care_instructions` text,
	`memory_story` text,
	`images` text DEFAULT '[]' NOT NULL,
	`owner_id` text NOT NULL,
	`store_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`product_status` text DEFAULT 'pending' NOT NULL,
	`concierge_status` text DEFAULT 'no' NOT NULL,
	`availability` text DEFAULT 'available' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "products_price_nonneg" CHECK("products"."price" >= 0)
);
--> statement-breakpoint
CREATE INDEX `products_owner_idx` ON `products` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_store_idx` ON `products` (`store_id`,`product_status`);--> statement-breakpoint
CREATE INDEX `products_live_created_idx` ON `products` (`product_status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `products_status_category_idx` ON `products` (`status`,`category`);--> statement-breakpoint
CREATE INDEX `products_live_category_idx` ON `products` (`product_status`,`category`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_live_brand_idx` ON `products` (`product_status`,`brand`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_live_type_idx` ON `products` (`product_status`,`product_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_live_rental_idx` ON `products` (`product_status`,`rental_price`,`id`);--> statement-breakpoint
CREATE INDEX `products_live_buying_idx` ON `products` (`product_status`,`buying_price`,`id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`rating` integer NOT NULL,
	`comment` text,
	`reviewer_id` text,
	`reviewed_user_id` text NOT NULL,
	`product_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewed_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reviews_rating_range" CHECK("reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `reviews_reviewed_user_idx` ON `reviews` (`reviewed_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_product_idx` ON `reviews` (`product_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_reviewer_idx` ON `reviews` (`reviewer_id`);--> statement-breakpoint
CREATE TABLE `site_content` (
	`id` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`content_key` text NOT NULL,
	`title` text,
	`content` text,
	`image_url` text,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_content_type_key_unique` ON `site_content` (`content_type`,`content_key`);--> statement-breakpoint
CREATE TABLE `store_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`contact_name` text NOT NULL,
	`store_name` text NOT NULL,
	`store_address` text NOT NULL,
	`store_website` text,
	`contact_email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`reviewed_at` integer,
	`reviewed_by` text,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `store_requests_status_idx` ON `store_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `stores` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`logo_url` text,
	`owner_id` text NOT NULL,
	`contact_email` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stores_owner_idx` ON `stores` (`owner_id`);--> statement-breakpoint
CREATE INDEX `stores_name_idx` ON `stores` (`name`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_type` text NOT NULL,
	`product_id` text,
	`order_id` text,
	`order_item_id` text,
	`owner_id` text,
	`store_id` text,
	`gross_amount` integer NOT NULL,
	`net_amount` integer NOT NULL,
	`status` text DEFAULT 'completed' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `transactions_created_idx` ON `transactions` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_order_item_unique` ON `transactions` (`order_item_id`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`admin_subrole` text,
	`seller_role` text,
	`assigned_by` text,
	`assigned_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assigned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `user_roles_role_idx` ON `user_roles` (`role`,`admin_subrole`);--> statement-breakpoint
CREATE TABLE `user_verifications` (
	`user_id` text PRIMARY KEY NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`verified_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`full_name` text,
	`display_name` text,
	`avatar_url` text,
	`user_type` text DEFAULT 'individual' NOT NULL,
	`password_hash` text NOT NULL,
	`password_salt` text NOT NULL,
	`email_verified_at` integer,
	`deactivated_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_display_name_unique` ON `users` (lower("display_name"));