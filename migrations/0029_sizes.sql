-- Sizes (issue 25, items 1 and 2; docs/decisions/0048-sizes.md). Every listing gets a size from
-- the system its product type and category use (app/domain/sizes.ts): women's UK 4-26, men's and
-- unisex letters XXS-XXXL, children's ages, shoes 'Shoe UK 2'-'Shoe UK 13' and 'One size' for
-- accessories. Optional measurements (JSON, centimetres) and a fit note.
ALTER TABLE products ADD COLUMN size text;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN fit_note text;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN measurements text;
--> statement-breakpoint
-- Existing listings get a realistic size, spread as a shop's stock is (more 10s and 12s, more Ms
-- and Ls), picked by a hash of the rowid so the migration is deterministic. The demo seed (db/demo/data.mjs,
-- sizeOf) spreads new ones the same way.
UPDATE products SET size = CASE
  WHEN category = 'Accessories' THEN 'One size'
  WHEN product_type = 'Women' THEN json_extract('["UK 6","UK 8","UK 8","UK 10","UK 10","UK 10","UK 12","UK 12","UK 12","UK 14","UK 14","UK 16","UK 18","UK 20"]', '$[' || (((rowid * 2654435761) % 4294967296) % 14) || ']')
  WHEN product_type = 'Children' THEN json_extract('["0–3 months","3–6 months","6–12 months","12–18 months","18–24 months","2–3 years","3–4 years","4–5 years","5–6 years","6–7 years","7–8 years","8–9 years","9–10 years","10–11 years","11–12 years","12–13 years","13–14 years","14–15 years"]', '$[' || (((rowid * 2654435761) % 4294967296) % 18) || ']')
  ELSE json_extract('["XS","S","S","M","M","M","L","L","XL","XXL"]', '$[' || (((rowid * 2654435761) % 4294967296) % 10) || ']')
END
WHERE size IS NULL;
--> statement-breakpoint
-- The size joins the facet tokens of the full-text index: 's' and the size's UTF-8 bytes in hex
-- (facetToken("sizes", …) in app/domain/catalog.ts), so a size filter, and each size's count, is
-- answered inside the index like the other list filters. The view and triggers of 0016, with it.
DROP VIEW IF EXISTS `products_fts_source`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_au`;
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
CREATE TRIGGER products_fts_au AFTER UPDATE OF name, brand, description, tags, color, category, product_type, condition, product_status, availability, rental_price, buying_price, size ON products BEGIN
  DELETE FROM products_fts WHERE rowid = old.rowid;
  INSERT INTO products_fts(rowid, name, brand, description, tags, color, category, facets)
  SELECT product_rowid, name, brand, description, tags, color, category, facets FROM products_fts_source WHERE product_rowid = new.rowid;
END;
--> statement-breakpoint
