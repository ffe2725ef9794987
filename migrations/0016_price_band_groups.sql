-- Price bands grouped as a binary tree in the full-text index, an index that keeps only the
-- column of each term (not its positions), and a merged index (issue 17, item 3;
-- docs/decisions/0038-price-bands.md). Beside its band ('r6') and the tokens of 0015, each price
-- now has one token per level of groups: level L stands for 2^L neighbouring bands ('rg1x3' is
-- bands 6 and 7, 'rg2x1' bands 4 to 7, up to level 5), so a run of bands is asked for with a few
-- tokens: FTS5 merges each token's postings as a list of its own (a tag with buying £60.50 to £399,
-- bands 11 to 23: 13 lists, 5.1 ms; 3 lists, 2.6 ms on 100,000 products). Searches ask for single
-- words in columns, never phrases or NEAR, so positions are not kept (detail=column): the index is
-- 40% smaller and a search reads less. The rebuilt index is merged into one segment ('optimize');
-- the daily job merges it again (app/services/jobs.server.ts).
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
  prefix='2 3 4 5 6',
  detail=column
);
--> statement-breakpoint
-- What the index holds for a product: its text, and its facet tokens, for public items only. The
-- migration and the triggers all read it, so the facet encoding is written once (its twins in
-- TypeScript are facetToken() and priceFacetTokens() in app/domain/catalog.ts). A price's band is
-- the number of band starts at or below it.
CREATE VIEW products_fts_source AS
SELECT
  product_rowid, name, brand, description, tags, color, category,
  't' || hex(product_type) || ' c' || hex(category) || ' b' || hex(brand) || ' n' || hex(condition)
    || coalesce(' k' || nullif(hex(color), ''), '')
    || coalesce((SELECT ' ' || group_concat('g' || hex(value), ' ') FROM json_each(priced.tags) WHERE json_each.type = 'text'), '')
    || CASE WHEN rental_band IS NULL THEN ' rn' ELSE ' r' || rental_band || ' rg1x' || (rental_band >> 1) || ' rg2x' || (rental_band >> 2) || ' rg3x' || (rental_band >> 3) || ' rg4x' || (rental_band >> 4) || ' rg5x' || (rental_band >> 5) END
    || CASE WHEN rental_price IN (SELECT value FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]')) THEN ' rx' || rental_band ELSE '' END
    || CASE WHEN buying_band IS NULL THEN ' pn' ELSE ' p' || buying_band || ' pg1x' || (buying_band >> 1) || ' pg2x' || (buying_band >> 2) || ' pg3x' || (buying_band >> 3) || ' pg4x' || (buying_band >> 4) || ' pg5x' || (buying_band >> 5) END
    || CASE WHEN buying_price IN (SELECT value FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]')) THEN ' px' || buying_band ELSE '' END AS facets
FROM (
  SELECT
    rowid AS product_rowid, name, brand, description, tags, color, category, product_type, condition, rental_price, buying_price,
    CASE WHEN rental_price IS NULL THEN NULL ELSE (SELECT count(*) FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]') WHERE value <= products.rental_price) END AS rental_band,
    CASE WHEN buying_price IS NULL THEN NULL ELSE (SELECT count(*) FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]') WHERE value <= products.buying_price) END AS buying_band
  FROM products
  WHERE product_status = 'live' AND availability <> 'sold'
) AS priced;
--> statement-breakpoint
INSERT INTO products_fts(rowid, name, brand, description, tags, color, category, facets)
  SELECT product_rowid, name, brand, description, tags, color, category, facets FROM products_fts_source;
--> statement-breakpoint
INSERT INTO products_fts(products_fts) VALUES('optimize');
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
