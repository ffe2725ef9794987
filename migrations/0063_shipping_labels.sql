-- Shipping labels through a shipping provider and the tracking that confirms delivery (issue 44
-- items 2 and 3; docs/decisions/0082-shipping-labels-and-tracking.md).
-- A label: one parcel of one order from one handler (outbound), or the prepaid way back (return).
-- One per order, handler and direction: two 'Get a label' at once make one (the second insert
-- finds the first and does nothing).
CREATE TABLE `shipping_labels` (
  `id` text PRIMARY KEY NOT NULL,
  `order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE CASCADE,
  `handler_key` text NOT NULL,
  `direction` text NOT NULL CHECK (`direction` IN ('outbound', 'return')),
  `status` text NOT NULL CHECK (`status` IN ('buying', 'ready')),
  `provider` text NOT NULL,
  `provider_ref` text,
  `carrier` text,
  `service` text,
  `tracking_number` text,
  `label_url` text,
  `cost` integer,
  `from_address` text NOT NULL,
  `to_address` text NOT NULL,
  `item_ids` text DEFAULT '[]' NOT NULL,
  `tracking_status` text,
  `tracking_updated_at` integer,
  `created_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer NOT NULL,
  `updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipping_labels_one_per_parcel` ON `shipping_labels` (`order_id`, `handler_key`, `direction`);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipping_labels_tracking_unique` ON `shipping_labels` (`tracking_number`) WHERE `tracking_number` IS NOT NULL;
--> statement-breakpoint
-- Each tracking status of a label once: an event delivered twice, or late, adds nothing.
CREATE TABLE `tracking_events` (
  `id` text PRIMARY KEY NOT NULL,
  `label_id` text NOT NULL REFERENCES `shipping_labels`(`id`) ON DELETE CASCADE,
  `status` text NOT NULL CHECK (`status` IN ('in_transit', 'out_for_delivery', 'delivered', 'returned_to_sender')),
  `event_id` text NOT NULL,
  `occurred_at` integer NOT NULL,
  `received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tracking_events_once` ON `tracking_events` (`label_id`, `status`);
