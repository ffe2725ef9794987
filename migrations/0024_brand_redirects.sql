-- A brand merged into another (issue 24): its products moved, and its old page's URL sends
-- visitors to the brand it became. Keyed by the old name, lower-cased, as /brand/{name} reads it.
CREATE TABLE `brand_redirects` (
	`old_name` text PRIMARY KEY NOT NULL,
	`brand_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE cascade
);
