-- The listings' 'Ships to <country>' filter (issue 45 item 4; docs/decisions/0094-ships-to-filter-returns-from-abroad-store-address.md).
-- The handlers who ship outside the UK, read by the filter's two lists: small partial indexes
-- (most handlers keep the default 'uk'), each carrying the id it returns.
CREATE INDEX `users_ships_abroad_idx` ON `users` (`ship_reach`, `id`) WHERE ship_reach <> 'uk';
CREATE INDEX `stores_ships_abroad_idx` ON `stores` (`ship_reach`, `id`) WHERE ship_reach <> 'uk';
-- The store's own address (issue 45 item 5): the same shape as every other address (fullName,
-- addressLine1, addressLine2, city, county, postalCode, country as its ISO code), as JSON. The
-- description still ends 'Store located at: …' for the store's page; stores from before keep that
-- text alone until their owner saves the address again.
ALTER TABLE `stores` ADD COLUMN `address` text;
