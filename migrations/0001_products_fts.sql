-- Full-text search over the catalog (DECISIONS.md: the header search is real).
-- External-content FTS5 table over products, kept in sync by triggers; prefix indexes make
-- 'jack' find 'jacket' cheaply.
CREATE VIRTUAL TABLE products_fts USING fts5(
  name, brand, description, tags, color, category,
  content='products', content_rowid='rowid',
  tokenize='unicode61 remove_diacritics 2',
  prefix='2 3 4'
);
--> statement-breakpoint
CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
  INSERT INTO products_fts(rowid, name, brand, description, tags, color, category)
  VALUES (new.rowid, new.name, new.brand, new.description, new.tags, new.color, new.category);
END;
--> statement-breakpoint
CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
  INSERT INTO products_fts(products_fts, rowid, name, brand, description, tags, color, category)
  VALUES ('delete', old.rowid, old.name, old.brand, old.description, old.tags, old.color, old.category);
END;
--> statement-breakpoint
CREATE TRIGGER products_fts_au AFTER UPDATE OF name, brand, description, tags, color, category ON products BEGIN
  INSERT INTO products_fts(products_fts, rowid, name, brand, description, tags, color, category)
  VALUES ('delete', old.rowid, old.name, old.brand, old.description, old.tags, old.color, old.category);
  INSERT INTO products_fts(rowid, name, brand, description, tags, color, category)
  VALUES (new.rowid, new.name, new.brand, new.description, new.tags, new.color, new.category);
END;
