-- The header's search box suggests a brand as it is typed (decision 0069): 'levis' suggests
-- Levi's, 'lk ben' L.K.Bennett. An index of the brands' names run together — lower case, without
-- stops, apostrophes, pluses or spaces, the same expression as RUN_TOGETHER in
-- app/data/search.server.ts and runTogether() in app/domain/search-suggestions.ts — read by prefix
-- like brands_name_unique.
CREATE INDEX `brands_name_run_together` ON `brands` (replace(replace(replace(replace(replace(lower("name"), '.', ''), '''', ''), '’', ''), '+', ''), ' ', ''));
