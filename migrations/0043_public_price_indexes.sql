-- A listing filtered by a price range and nothing else counts its items down the range (issue 25's
-- "every listing statement ≤ 10 ms at 100,000 products"): the price indexes of migration 0004 are
-- not partial, so their range is probed row by row for being public (140-190 ms), and the unary +
-- of the listing's price conditions kept the count on a covering index scanned whole (~85,000
-- entries, 7-11 ms). These two are partial (public items only) and hold both prices, so a range
-- count is one index range (2-3 ms for the widest ranges).
CREATE INDEX `products_pub_rental_idx` ON `products` (`rental_price`, `buying_price`) WHERE product_status = 'live' AND availability <> 'sold';
--> statement-breakpoint
CREATE INDEX `products_pub_buying_idx` ON `products` (`buying_price`, `rental_price`) WHERE product_status = 'live' AND availability <> 'sold';
