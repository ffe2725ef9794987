-- Search that forgives (issue 25, item 5; docs/decisions/0050-search-that-forgives.md): the words
-- public items are found by, for a spelling suggestion when a search finds nothing.
-- search_words holds, per public item, the words of its name, brand, category, colour and tags
-- (not its description: a suggestion is a word shoppers search by). Kept by triggers of its own
-- beside those of the full-text index, from the same view (products_fts_source), so it always
-- holds exactly the public items. detail='none': no positions, only which items hold a word, so
-- the index stays small and its vocabulary cheap to read.
-- search_words_vocab lists each word once with the number of public items holding it; a range of
-- words ("every word starting with j") is read from the index's own term order, not scanned.
CREATE VIRTUAL TABLE search_words USING fts5(
  words,
  content='', contentless_delete=1, detail='none',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE search_words_vocab USING fts5vocab(search_words, 'row');
--> statement-breakpoint
INSERT INTO search_words(rowid, words)
  SELECT product_rowid, concat_ws(' ', name, brand, category, color, tags) FROM products_fts_source;
--> statement-breakpoint
CREATE TRIGGER products_words_ai AFTER INSERT ON products BEGIN
  INSERT INTO search_words(rowid, words)
  SELECT product_rowid, concat_ws(' ', name, brand, category, color, tags) FROM products_fts_source WHERE product_rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER products_words_ad AFTER DELETE ON products BEGIN
  DELETE FROM search_words WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER products_words_au AFTER UPDATE OF name, brand, tags, color, category, product_status, availability ON products BEGIN
  DELETE FROM search_words WHERE rowid = old.rowid;
  INSERT INTO search_words(rowid, words)
  SELECT product_rowid, concat_ws(' ', name, brand, category, color, tags) FROM products_fts_source WHERE product_rowid = new.rowid;
END;
