-- Shipping abroad (issue 45 item 4; docs/decisions/0086-shipping-abroad.md).
-- Where a handler ships: a seller on their account, a store on the store. 'uk' (the default),
-- 'europe' (the UK and Europe) or 'worldwide', with the fee in pence of one parcel to Europe and
-- to the rest of the world (the UK's stays £3.99 per group).
ALTER TABLE `users` ADD COLUMN `ship_reach` text DEFAULT 'uk' NOT NULL CHECK (`ship_reach` IN ('uk', 'europe', 'worldwide'));
ALTER TABLE `users` ADD COLUMN `ship_fee_europe` integer CHECK (`ship_fee_europe` IS NULL OR `ship_fee_europe` BETWEEN 0 AND 10000);
ALTER TABLE `users` ADD COLUMN `ship_fee_world` integer CHECK (`ship_fee_world` IS NULL OR `ship_fee_world` BETWEEN 0 AND 10000);
ALTER TABLE `stores` ADD COLUMN `ship_reach` text DEFAULT 'uk' NOT NULL CHECK (`ship_reach` IN ('uk', 'europe', 'worldwide'));
ALTER TABLE `stores` ADD COLUMN `ship_fee_europe` integer CHECK (`ship_fee_europe` IS NULL OR `ship_fee_europe` BETWEEN 0 AND 10000);
ALTER TABLE `stores` ADD COLUMN `ship_fee_world` integer CHECK (`ship_fee_world` IS NULL OR `ship_fee_world` BETWEEN 0 AND 10000);
-- What the item's handler group paid for its parcel when the order was placed (the zone's fee),
-- so a group cancelled later gets back what it paid. NULL on orders from before: £3.99.
ALTER TABLE `order_items` ADD COLUMN `group_delivery_fee` integer;
