-- Conversations between shoppers and sellers (issue 26; docs/decisions/0053-conversations.md).
-- One conversation per (shopper, item), between the shopper and the item's handler: its seller,
-- or the store for a concierge item (the item's owner may read that one). The conversation's
-- Durable Object assigns each message its sequence number and writes it here too, for the inbox,
-- the export and moderation. A deleted account leaves the conversation to the other party: the
-- link to the person goes (SET NULL) and their messages' text becomes 'Message deleted'.
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text,
	-- The item's name when the conversation began: the inbox still names a deleted item.
	`product_name` text NOT NULL,
	`shopper_id` text,
	-- The handler: a seller (a user) or a store, never both.
	`seller_id` text,
	`store_id` text,
	-- The item's owner, who may read a concierge item's conversation.
	`owner_id` text,
	`created_at` integer NOT NULL,
	`last_message_at` integer NOT NULL,
	`last_seq` integer NOT NULL DEFAULT 0,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`shopper_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_shopper_product_unique` ON `conversations` (`shopper_id`, `product_id`) WHERE `shopper_id` IS NOT NULL AND `product_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `conversations_seller_idx` ON `conversations` (`seller_id`, `last_message_at`);
--> statement-breakpoint
CREATE INDEX `conversations_store_idx` ON `conversations` (`store_id`, `last_message_at`);
--> statement-breakpoint
CREATE INDEX `conversations_owner_idx` ON `conversations` (`owner_id`);
--> statement-breakpoint
CREATE INDEX `conversations_product_idx` ON `conversations` (`product_id`);
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`seq` integer NOT NULL,
	`sender_id` text,
	`sender_party` text NOT NULL CHECK (`sender_party` IN ('shopper', 'handler')),
	`body` text NOT NULL,
	-- The sender's token for this message (a form's hidden field, a socket frame's id): a replay is one message.
	`client_token` text NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_conversation_seq_unique` ON `messages` (`conversation_id`, `seq`);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_conversation_token_unique` ON `messages` (`conversation_id`, `client_token`);
--> statement-breakpoint
-- Rate limits count a sender's messages of the last minute and day.
CREATE INDEX `messages_sender_created_idx` ON `messages` (`sender_id`, `created_at`);
--> statement-breakpoint
-- Each party's state in a conversation: the user who reads for it (the shopper, the seller, the
-- store's owner), how far they have read and received, their unread messages, and when they were
-- last e-mailed about it (the 15-minute throttle).
CREATE TABLE `conversation_reads` (
	`conversation_id` text NOT NULL,
	`party` text NOT NULL CHECK (`party` IN ('shopper', 'handler')),
	`user_id` text,
	`read_seq` integer NOT NULL DEFAULT 0,
	`delivered_seq` integer NOT NULL DEFAULT 0,
	`unread` integer NOT NULL DEFAULT 0,
	`emailed_at` integer,
	PRIMARY KEY (`conversation_id`, `party`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `conversation_reads_user_idx` ON `conversation_reads` (`user_id`);
--> statement-breakpoint
-- The header's unread badge reads only this partial index.
CREATE INDEX `conversation_reads_unread_idx` ON `conversation_reads` (`user_id`) WHERE `unread` > 0;
--> statement-breakpoint
-- A person who blocked another: no new messages either way.
CREATE TABLE `message_blocks` (
	`blocker_id` text NOT NULL,
	`blocked_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY (`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_blocks_blocked_idx` ON `message_blocks` (`blocked_id`, `blocker_id`);
--> statement-breakpoint
-- A party's report of a conversation, with their reason; staff close it.
CREATE TABLE `conversation_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`reporter_id` text,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	`closed_by` text,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `conversation_reports_open_idx` ON `conversation_reports` (`created_at`) WHERE `closed_at` IS NULL;
--> statement-breakpoint
CREATE INDEX `conversation_reports_conversation_idx` ON `conversation_reports` (`conversation_id`);
--> statement-breakpoint
-- Senders staff suspended from messaging: their messages stop, their listings stay.
CREATE TABLE `message_suspensions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`suspended_by` text,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`suspended_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
