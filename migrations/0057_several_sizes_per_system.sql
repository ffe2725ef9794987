-- My sizes keeps several sizes per system (issue 46 item 4, decision 0076): a shopper between
-- UK 10 and UK 12 saves both. The key becomes (user, system, size); the rows saved so far stay.
CREATE TABLE `user_sizes_new` (
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `size_system` text NOT NULL,
  `size` text NOT NULL,
  `updated_at` integer NOT NULL,
  PRIMARY KEY (`user_id`, `size_system`, `size`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `user_sizes_new` (user_id, size_system, size, updated_at) SELECT user_id, size_system, size, updated_at FROM `user_sizes`;
--> statement-breakpoint
DROP TABLE `user_sizes`;
--> statement-breakpoint
ALTER TABLE `user_sizes_new` RENAME TO `user_sizes`;
