-- A brand written with stops, apostrophes or pluses is found as it is typed (decision 0069):
-- 'lk bennett' finds L.K.Bennett, 'levis' finds Levi's, 'meem' finds Me+Em. The full-text index's
-- brand column holds the brand as written and, where it has such marks, run together too
-- ('L.K.Bennett LKBennett': the tokens l, k, bennett and lkbennett, which 'lk'* reaches by prefix).
-- The facet tokens keep the brand as written. The view of 0029 with that one change; the triggers
-- of 0029 and 0031 read it by name, so they index new and changed items the same way. Both
-- indexes are filled again from it.
DROP VIEW IF EXISTS `products_fts_source`;
--> statement-breakpoint
CREATE VIEW products_fts_source AS
SELECT
  product_rowid, name,
  -- The brand as written, and run together when it has stops, apostrophes or pluses in it.
  CASE WHEN replace(replace(replace(replace(priced.brand, '.', ''), '''', ''), '’', ''), '+', '') = priced.brand THEN priced.brand
    ELSE priced.brand || ' ' || replace(replace(replace(replace(priced.brand, '.', ''), '''', ''), '’', ''), '+', '') END AS brand,
  description, tags, color, category,
  't' || hex(product_type) || ' c' || hex(category) || ' b' || hex(priced.brand) || ' n' || hex(condition)
    || coalesce(' k' || nullif(hex(color), ''), '')
    || coalesce(' s' || nullif(hex(size), ''), '')
    || coalesce((SELECT ' ' || group_concat('g' || hex(value), ' ') FROM json_each(priced.tags) WHERE json_each.type = 'text'), '')
    || CASE WHEN rental_band IS NULL THEN ' rn' ELSE ' r' || rental_band || ' rg1x' || (rental_band >> 1) || ' rg2x' || (rental_band >> 2) || ' rg3x' || (rental_band >> 3) || ' rg4x' || (rental_band >> 4) || ' rg5x' || (rental_band >> 5) END
    || CASE WHEN rental_price IN (SELECT value FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]')) THEN ' rx' || rental_band ELSE '' END
    || CASE WHEN buying_band IS NULL THEN ' pn' ELSE ' p' || buying_band || ' pg1x' || (buying_band >> 1) || ' pg2x' || (buying_band >> 2) || ' pg3x' || (buying_band >> 3) || ' pg4x' || (buying_band >> 4) || ' pg5x' || (buying_band >> 5) END
    || CASE WHEN buying_price IN (SELECT value FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]')) THEN ' px' || buying_band ELSE '' END AS facets
FROM (
  SELECT
    rowid AS product_rowid, name, brand, description, tags, color, category, product_type, condition, size, rental_price, buying_price,
    CASE WHEN rental_price IS NULL THEN NULL ELSE (SELECT count(*) FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]') WHERE value <= products.rental_price) END AS rental_band,
    CASE WHEN buying_price IS NULL THEN NULL ELSE (SELECT count(*) FROM json_each('[500,1000,1500,2000,2500,3000,3500,4000,4500,5000,6000,7000,8000,9000,10000,12000,14000,16000,18000,20000,25000,30000,35000,40000,50000,60000,70000,80000,100000,125000,150000,200000,250000,300000,400000,500000,750000,1000000]') WHERE value <= products.buying_price) END AS buying_band
  FROM products
  WHERE product_status = 'live' AND availability <> 'sold'
) AS priced;
--> statement-breakpoint
INSERT INTO products_fts(products_fts) VALUES('delete-all');
--> statement-breakpoint
INSERT INTO products_fts(rowid, name, brand, description, tags, color, category, facets)
  SELECT product_rowid, name, brand, description, tags, color, category, facets FROM products_fts_source;
--> statement-breakpoint
INSERT INTO products_fts(products_fts) VALUES('optimize');
--> statement-breakpoint
INSERT INTO search_words(search_words) VALUES('delete-all');
--> statement-breakpoint
INSERT INTO search_words(rowid, words)
  SELECT product_rowid, concat_ws(' ', name, brand, category, color, tags) FROM products_fts_source;
