-- The Size filter's counts with a search, facet or price range (issue 25, item 2; decision 0048,
-- amended 2026-11-25): each public item's size and prices in a narrow table keyed by the
-- product's rowid (the full-text index's rowid), kept by triggers like size_counts (migration
-- 0030). A count joins the index's matches to these rows (a few dozen bytes each, which stay in
-- the page cache) instead of reading the wide products rows or counting each size in the index;
-- a price range alone is scanned in the covering price indexes.
CREATE TABLE `size_items` (
  `item` integer PRIMARY KEY NOT NULL,
  `size` text NOT NULL,
  `rental_price` integer,
  `buying_price` integer
);
--> statement-breakpoint
CREATE INDEX `size_items_rental_idx` ON `size_items` (`rental_price`, `size`, `buying_price`);
--> statement-breakpoint
CREATE INDEX `size_items_buying_idx` ON `size_items` (`buying_price`, `size`, `rental_price`);
--> statement-breakpoint
INSERT INTO size_items (item, size, rental_price, buying_price)
  SELECT rowid, size, rental_price, buying_price FROM products WHERE product_status = 'live' AND availability <> 'sold' AND size IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER size_items_ai AFTER INSERT ON products WHEN new.product_status = 'live' AND new.availability <> 'sold' AND new.size IS NOT NULL BEGIN
  INSERT OR REPLACE INTO size_items (item, size, rental_price, buying_price) VALUES (new.rowid, new.size, new.rental_price, new.buying_price);
END;
--> statement-breakpoint
CREATE TRIGGER size_items_ad AFTER DELETE ON products BEGIN
  DELETE FROM size_items WHERE item = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER size_items_au AFTER UPDATE OF size, product_status, availability, rental_price, buying_price ON products BEGIN
  DELETE FROM size_items WHERE item = old.rowid;
  INSERT OR REPLACE INTO size_items (item, size, rental_price, buying_price)
    SELECT new.rowid, new.size, new.rental_price, new.buying_price
    WHERE new.product_status = 'live' AND new.availability <> 'sold' AND new.size IS NOT NULL;
END;
