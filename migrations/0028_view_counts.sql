-- Counted views (issue 24, item 11): how often a product page, a seller's profile and a store's
-- page were seen, per week (Monday 00:00 UTC), by people (bots and prefetches are not counted).
-- A product page view counts for the product, its owner and its store. Written by the queue
-- consumer, one upsert per subject and week of a batch.
CREATE TABLE `view_counts` (
  `subject_type` text NOT NULL CHECK (`subject_type` IN ('product', 'owner', 'store')),
  `subject_id` text NOT NULL,
  `week_start` integer NOT NULL,
  `views` integer NOT NULL DEFAULT 0,
  PRIMARY KEY (`subject_type`, `subject_id`, `week_start`)
) WITHOUT ROWID;
