-- Short order references (issue 46 item 3, decision 0076): eight characters from Crockford's
-- base-32 alphabet (no I, L, O or U), unique, shown wherever a person sees an order; the internal
-- id stays internal. Checkout gives a new order a random one (app/domain/order-reference.ts).
-- Orders that exist, and any order written without one (the demo seed, test factories), get one
-- derived from their rowid: an invertible scramble of 40 bits (multiply by an odd number, xor the
-- high half into the low, multiply again, all modulo 2^40), so no two rows can share one and
-- consecutive orders look unrelated. 2^40 = 32^8: the eight characters are the 40 bits.
ALTER TABLE `orders` ADD COLUMN `reference` text;
--> statement-breakpoint
UPDATE `orders` SET `reference` = (SELECT substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 35) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 30) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 25) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 20) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 15) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 10) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 5) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 0) & 31) + 1, 1) FROM (SELECT (((y & 1048575) * 615348929627 + ((((y >> 20) * 492635) & 1048575) << 20)) & 1099511627775) AS z FROM (SELECT (x | (x >> 20)) - (x & (x >> 20)) AS y FROM (SELECT (((((`orders`.rowid & 1099511627775) & 1048575) * 783544207193 + (((((`orders`.rowid & 1099511627775) >> 20) * 1034073) & 1048575) << 20)) & 1099511627775) + 270508921933) & 1099511627775 AS x))));
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_reference_unique` ON `orders` (`reference`);
--> statement-breakpoint
CREATE TRIGGER `orders_reference_ai` AFTER INSERT ON `orders` WHEN NEW.`reference` IS NULL BEGIN
  UPDATE `orders` SET `reference` = (SELECT substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 35) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 30) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 25) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 20) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 15) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 10) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 5) & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((z >> 0) & 31) + 1, 1) FROM (SELECT (((y & 1048575) * 615348929627 + ((((y >> 20) * 492635) & 1048575) << 20)) & 1099511627775) AS z FROM (SELECT (x | (x >> 20)) - (x & (x >> 20)) AS y FROM (SELECT (((((NEW.rowid & 1099511627775) & 1048575) * 783544207193 + (((((NEW.rowid & 1099511627775) >> 20) * 1034073) & 1048575) << 20)) & 1099511627775) + 270508921933) & 1099511627775 AS x)))) WHERE rowid = NEW.rowid;
END;
