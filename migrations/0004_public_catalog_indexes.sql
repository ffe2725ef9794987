-- The public catalog ("live and not sold", DECISIONS.md: items are one of a kind) gets partial
-- indexes, one per way a listing is walked (newest, display price, or one filter first). Each
-- also carries every filterable column, so a filter is checked inside the index: a page reads
-- only its own 24 rows from the table, and a count reads none (products rows are wide; reading
-- one per candidate cost ~5 µs each, 100+ ms on 100,000 products). Queries state the public
-- condition with literals (isPublic() in app/data/catalog.server.ts) so SQLite can prove they
-- match these indexes.
DROP INDEX IF EXISTS `products_live_created_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `products_live_category_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `products_live_brand_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `products_live_type_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `products_live_rental_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `products_live_buying_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `products_live_display_price_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `products_live_condition_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `products_live_color_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `products_public_idx`;
--> statement-breakpoint
CREATE INDEX `products_pub_created_idx` ON `products` (`created_at`, `id`, `product_type`, `category`, `brand`, `color`, `condition`, `rental_price`, `buying_price`, `price`) WHERE product_status = 'live' AND availability <> 'sold';
--> statement-breakpoint
CREATE INDEX `products_pub_price_idx` ON `products` (coalesce(`rental_price`, `price`), `id`, `product_type`, `category`, `brand`, `color`, `condition`, `rental_price`, `buying_price`, `price`) WHERE product_status = 'live' AND availability <> 'sold';
--> statement-breakpoint
CREATE INDEX `products_pub_category_idx` ON `products` (`category`, `created_at`, `id`, `product_type`, `brand`, `color`, `condition`, `rental_price`, `buying_price`, `price`) WHERE product_status = 'live' AND availability <> 'sold';
--> statement-breakpoint
CREATE INDEX `products_pub_brand_idx` ON `products` (`brand`, `created_at`, `id`, `product_type`, `category`, `color`, `condition`, `rental_price`, `buying_price`, `price`) WHERE product_status = 'live' AND availability <> 'sold';
--> statement-breakpoint
CREATE INDEX `products_pub_type_idx` ON `products` (`product_type`, `created_at`, `id`, `category`, `brand`, `color`, `condition`, `rental_price`, `buying_price`, `price`) WHERE product_status = 'live' AND availability <> 'sold';
--> statement-breakpoint
CREATE INDEX `products_pub_color_idx` ON `products` (`color`, `created_at`, `id`, `product_type`, `category`, `brand`, `condition`, `rental_price`, `buying_price`, `price`) WHERE product_status = 'live' AND availability <> 'sold';
--> statement-breakpoint
CREATE INDEX `products_pub_condition_idx` ON `products` (`condition`, `created_at`, `id`, `product_type`, `category`, `brand`, `color`, `rental_price`, `buying_price`, `price`) WHERE product_status = 'live' AND availability <> 'sold';
--> statement-breakpoint
-- Type and category together (the menus' links), in display-price order: a page or count is one index range.
CREATE INDEX `products_pub_facets_idx` ON `products` (`product_type`, `category`, coalesce(`rental_price`, `price`), `id`, `brand`, `color`, `condition`, `rental_price`, `buying_price`) WHERE product_status = 'live' AND availability <> 'sold';
--> statement-breakpoint
-- Full-text search indexes public items only (external content over products, as before): a
-- search with no other filter is counted and ranked inside the FTS index alone.
DROP TRIGGER IF EXISTS `products_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `products_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE products_fts USING fts5(
  name, brand, description, tags, color, category,
  content='products', content_rowid='rowid',
  tokenize='unicode61 remove_diacritics 2',
  prefix='2 3 4'
);
--> statement-breakpoint
INSERT INTO products_fts(rowid, name, brand, description, tags, color, category)
  SELECT rowid, name, brand, description, tags, color, category FROM products WHERE product_status = 'live' AND availability <> 'sold';
--> statement-breakpoint
CREATE TRIGGER products_fts_ai AFTER INSERT ON products WHEN new.product_status = 'live' AND new.availability <> 'sold' BEGIN
  INSERT INTO products_fts(rowid, name, brand, description, tags, color, category)
  VALUES (new.rowid, new.name, new.brand, new.description, new.tags, new.color, new.category);
END;
--> statement-breakpoint
CREATE TRIGGER products_fts_ad AFTER DELETE ON products WHEN old.product_status = 'live' AND old.availability <> 'sold' BEGIN
  INSERT INTO products_fts(products_fts, rowid, name, brand, description, tags, color, category)
  VALUES ('delete', old.rowid, old.name, old.brand, old.description, old.tags, old.color, old.category);
END;
--> statement-breakpoint
-- An update takes the old text out when it was indexed, then puts the new text in when it is
-- public: one trigger, so the two steps always run in this order.
CREATE TRIGGER products_fts_au AFTER UPDATE OF name, brand, description, tags, color, category, product_status, availability ON products BEGIN
  INSERT INTO products_fts(products_fts, rowid, name, brand, description, tags, color, category)
  SELECT 'delete', old.rowid, old.name, old.brand, old.description, old.tags, old.color, old.category
  WHERE old.product_status = 'live' AND old.availability <> 'sold';
  INSERT INTO products_fts(rowid, name, brand, description, tags, color, category)
  SELECT new.rowid, new.name, new.brand, new.description, new.tags, new.color, new.category
  WHERE new.product_status = 'live' AND new.availability <> 'sold';
END;
