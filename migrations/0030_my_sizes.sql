-- My sizes (issue 25, item 3; docs/decisions/0049-my-sizes.md): the sizes a signed-in shopper
-- saved, one per size system (app/domain/sizes.ts), for 'Show my sizes' on the listings.
CREATE TABLE `user_sizes` (
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `size_system` text NOT NULL,
  `size` text NOT NULL,
  `updated_at` integer NOT NULL,
  PRIMARY KEY (`user_id`, `size_system`)
) WITHOUT ROWID;
--> statement-breakpoint
-- The Size filter's counts of a listing filtered by type and category only (every type and
-- category page, and All Products unfiltered; issue 25, item 2): public items per type, category
-- and size, kept by triggers like catalog_stats (migration 0015), so those counts are one read of
-- a few dozen rows instead of one full-text count per size (7–9 ms at 100,000 products).
CREATE TABLE `size_counts` (
  `product_type` text NOT NULL,
  `category` text NOT NULL,
  `size` text NOT NULL,
  `n` integer NOT NULL,
  PRIMARY KEY (`product_type`, `category`, `size`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO size_counts (product_type, category, size, n)
  SELECT product_type, category, size, count(*) FROM products WHERE product_status = 'live' AND availability <> 'sold' AND size IS NOT NULL GROUP BY product_type, category, size;
--> statement-breakpoint
CREATE TRIGGER size_counts_ai AFTER INSERT ON products WHEN new.product_status = 'live' AND new.availability <> 'sold' AND new.size IS NOT NULL BEGIN
  INSERT INTO size_counts (product_type, category, size, n) VALUES (new.product_type, new.category, new.size, 1)
    ON CONFLICT (product_type, category, size) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER size_counts_ad AFTER DELETE ON products WHEN old.product_status = 'live' AND old.availability <> 'sold' AND old.size IS NOT NULL BEGIN
  UPDATE size_counts SET n = n - 1 WHERE product_type = old.product_type AND category = old.category AND size = old.size;
END;
--> statement-breakpoint
CREATE TRIGGER size_counts_au AFTER UPDATE OF product_type, category, size, product_status, availability ON products BEGIN
  UPDATE size_counts SET n = n - 1
    WHERE old.product_status = 'live' AND old.availability <> 'sold' AND old.size IS NOT NULL
      AND product_type = old.product_type AND category = old.category AND size = old.size;
  INSERT INTO size_counts (product_type, category, size, n)
    SELECT new.product_type, new.category, new.size, 1
    WHERE new.product_status = 'live' AND new.availability <> 'sold' AND new.size IS NOT NULL
    ON CONFLICT (product_type, category, size) DO UPDATE SET n = n + 1;
END;
