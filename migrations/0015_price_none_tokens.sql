-- Items without a rental or buying price, prices exactly at a band's start, and 5- and 6-letter
-- prefixes, in the full-text index (issue 17, item 3; docs/decisions/0038-price-bands.md).
-- Each public item without a rental price gets the facet token 'rn', without a buying price 'pn',
-- beside the price bands of migration 0008. A range that covers most bands is then counted as its
-- complement: every match, less the matches in the bands outside the range and those without that
-- price. An item priced exactly at a band's start also gets 'rx' or 'px' and the band's number:
-- a maximum in whole pounds ("up to £30") is such a start, and its band's items priced at it are
-- then found in the index without reading their rows. Two price indexes serve the parts of bands a
-- range cuts. A count of public items, kept by triggers, answers the unfiltered listing. The index also keeps prefixes of 5 and 6 letters: a search word is a prefix match, and
-- "dress"* read and merged the postings of every term starting with it (dress, dresses) each time
-- it was asked, ~3x the time of one prefix entry (measured on 100,000 products: 5.9 -> 1.6 ms; the
-- index grows by a quarter). The view and triggers are those of 0008 with the two tokens; the
-- index is rebuilt.
DROP TRIGGER IF EXISTS `products_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_au`;
--> statement-breakpoint
DROP VIEW IF EXISTS `products_fts_source`;
--> statement-breakpoint
DROP TABLE IF EXISTS `products_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE products_fts USING fts5(
  name, brand, description, tags, color, category, facets,
  content='', contentless_delete=1,
  tokenize='unicode61 remove_diacritics 2',
  prefix='2 3 4 5 6'
);
--> statement-breakpoint
-- What the index holds for a product: its text, and its facet tokens, for public items only. The
-- migration and the triggers all read it, so the facet encoding is written once (its twin in
-- TypeScript is facetToken() in app/domain/catalog.ts).
CREATE VIEW products_fts_source AS
SELECT
  rowid AS product_rowid, name, brand, description, tags, color, category,
  't' || hex(product_type) || ' c' || hex(category) || ' b' || hex(brand) || ' n' || hex(condition)
    || coalesce(' k' || nullif(hex(color), ''), '')
    || coalesce((SELECT ' ' || group_concat('g' || hex(value), ' ') FROM json_each(products.tags) WHERE json_each.type = 'text'), '')
    || CASE WHEN products.rental_price IS NULL THEN ' rn' ELSE ' r' || (SELECT count(*) FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]') WHERE value <= products.rental_price) END
    || CASE WHEN products.rental_price IN (SELECT value FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]')) THEN ' rx' || (SELECT count(*) FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]') WHERE value <= products.rental_price) ELSE '' END
    || CASE WHEN products.buying_price IS NULL THEN ' pn' ELSE ' p' || (SELECT count(*) FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]') WHERE value <= products.buying_price) END
    || CASE WHEN products.buying_price IN (SELECT value FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]')) THEN ' px' || (SELECT count(*) FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]') WHERE value <= products.buying_price) ELSE '' END AS facets
FROM products
WHERE product_status = 'live' AND availability <> 'sold';
--> statement-breakpoint
INSERT INTO products_fts(rowid, name, brand, description, tags, color, category, facets)
  SELECT product_rowid, name, brand, description, tags, color, category, facets FROM products_fts_source;
--> statement-breakpoint
CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
  INSERT INTO products_fts(rowid, name, brand, description, tags, color, category, facets)
  SELECT product_rowid, name, brand, description, tags, color, category, facets FROM products_fts_source WHERE product_rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
  DELETE FROM products_fts WHERE rowid = old.rowid;
END;
--> statement-breakpoint
-- Out with the old entry, in with the new one when the item is public: one trigger, so the two
-- steps always run in this order.
CREATE TRIGGER products_fts_au AFTER UPDATE OF name, brand, description, tags, color, category, product_type, condition, product_status, availability, rental_price, buying_price ON products BEGIN
  DELETE FROM products_fts WHERE rowid = old.rowid;
  INSERT INTO products_fts(rowid, name, brand, description, tags, color, category, facets)
  SELECT product_rowid, name, brand, description, tags, color, category, facets FROM products_fts_source WHERE product_rowid = new.rowid;
END;
--> statement-breakpoint
-- The part of a price band a range cuts is walked in price order and probed against the index's
-- matches (which are public items only): plain indexes, so the walk reads no row.
CREATE INDEX `products_rental_price_idx` ON `products` (`rental_price`);
--> statement-breakpoint
CREATE INDEX `products_buying_price_idx` ON `products` (`buying_price`);
--> statement-breakpoint
-- The number of public items, kept by triggers, so the unfiltered listing's count is one row
-- instead of a walk over every public item (8-11 ms on 100,000 products).
CREATE TABLE `catalog_stats` (`key` text PRIMARY KEY NOT NULL, `n` integer NOT NULL);
--> statement-breakpoint
INSERT INTO catalog_stats (key, n) SELECT 'public_items', count(*) FROM products WHERE product_status = 'live' AND availability <> 'sold';
--> statement-breakpoint
CREATE TRIGGER catalog_stats_ai AFTER INSERT ON products WHEN new.product_status = 'live' AND new.availability <> 'sold' BEGIN
  UPDATE catalog_stats SET n = n + 1 WHERE key = 'public_items';
END;
--> statement-breakpoint
CREATE TRIGGER catalog_stats_ad AFTER DELETE ON products WHEN old.product_status = 'live' AND old.availability <> 'sold' BEGIN
  UPDATE catalog_stats SET n = n - 1 WHERE key = 'public_items';
END;
--> statement-breakpoint
CREATE TRIGGER catalog_stats_au AFTER UPDATE OF product_status, availability ON products
  WHEN (old.product_status = 'live' AND old.availability <> 'sold') IS NOT (new.product_status = 'live' AND new.availability <> 'sold') BEGIN
  UPDATE catalog_stats SET n = n + CASE WHEN new.product_status = 'live' AND new.availability <> 'sold' THEN 1 ELSE -1 END WHERE key = 'public_items';
END;
