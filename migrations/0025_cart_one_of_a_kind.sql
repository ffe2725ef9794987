-- Every item is one of a kind (issue 22): a basket line is one item. Baskets that gained a
-- quantity above 1 under the old behaviour are read as 1 by the code; this makes the rows agree.
UPDATE `cart_items` SET `quantity` = 1 WHERE `quantity` > 1;
