-- My sizes (issue 25, item 3; docs/decisions/0049-my-sizes.md): the sizes a signed-in shopper
-- saved, one per size system (app/domain/sizes.ts), for 'Show my sizes' on the listings.
CREATE TABLE `user_sizes` (
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `size_system` text NOT NULL,
  `size` text NOT NULL,
  `updated_at` integer NOT NULL,
  PRIMARY KEY (`user_id`, `size_system`)
) WITHOUT ROWID;
