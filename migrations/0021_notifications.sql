-- Notifications (issue 23): one row per event that concerns a person (the notification centre),
-- unique per event key so a redelivered message or a replayed action notifies once; and each
-- person's e-mail choices per category (a row only where they switched a category to in-site only).
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`event_key` text NOT NULL,
	`kind` text NOT NULL,
	`category` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`link` text,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_event_unique` ON `notifications` (`user_id`, `event_key`);
--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`, `created_at`);
--> statement-breakpoint
-- The header's unread count reads only this partial index.
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`) WHERE `read_at` IS NULL;
--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`user_id` text NOT NULL,
	`category` text NOT NULL,
	`email` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `category`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
