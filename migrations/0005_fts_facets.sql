-- Search combined with filters is answered inside the FTS index (docs/decisions/0013-search-facets.md).
-- Each public item's filter values are indexed as facet tokens in a seventh column: a letter for
-- the filter, then the value's UTF-8 bytes in hex (exact, and only letters and digits, so the
-- tokenizer keeps each one whole): t = product type, c = category, b = brand, k = colour,
-- n = condition, g = tag. A search within Coats then adds `facets : "c436f617473"` to its MATCH,
-- and is ranked, counted and limited in the index before a single products row is read.
-- The index is contentless (it never reads products back), so a delete names only the rowid.
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
    || coalesce((SELECT ' ' || group_concat('g' || hex(value), ' ') FROM json_each(products.tags) WHERE json_each.type = 'text'), '') AS facets
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
CREATE TRIGGER products_fts_au AFTER UPDATE OF name, brand, description, tags, color, category, product_type, condition, product_status, availability ON products BEGIN
  DELETE FROM products_fts WHERE rowid = old.rowid;
  INSERT INTO products_fts(rowid, name, brand, description, tags, color, category, facets)
  SELECT product_rowid, name, brand, description, tags, color, category, facets FROM products_fts_source WHERE product_rowid = new.rowid;
END;
