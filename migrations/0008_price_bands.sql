-- Price bands in the full-text index (issue 17, item 3; docs/decisions/0038-price-bands.md).
-- Each public item's rental and buying price join its facet tokens as the band the price falls
-- in: 'r' (rental) or 'p' (buying) and the number of band starts at or below the price, the starts
-- being PRICE_BAND_STARTS of app/domain/catalog.ts (pence; the same list below, compared by a
-- test). A search or tag filter with a price range then narrows to the touched bands inside the
-- index, and its count reads rows only for the edge bands. A price change re-indexes the item.
-- The index is rebuilt as migration 0005 built it, with the new view.
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
  prefix='2 3 4'
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
    || CASE WHEN products.rental_price IS NULL THEN '' ELSE ' r' || (SELECT count(*) FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]') WHERE value <= products.rental_price) END
    || CASE WHEN products.buying_price IS NULL THEN '' ELSE ' p' || (SELECT count(*) FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]') WHERE value <= products.buying_price) END AS facets
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
