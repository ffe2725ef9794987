-- Admin's Products and Financial tabs at 100,000 products and a year of orders (issue 47 item 3;
-- docs/decisions/0107-a-year-of-orders-for-the-bench.md).
-- Every product newest first, one page: walked down this index and stopped after the page, where
-- all 100,000 were sorted (267 ms of SQL).
CREATE INDEX `products_created_idx` ON `products` (`created_at`, `id`);
-- A delivery fee's capture attempts by their key, failed ones too (the unique index holds only the
-- succeeded): the fees owed counted and their last error found without a walk of every payment.
CREATE INDEX `payments_key_idx` ON `payments` (`idempotency_key`, `status`, `created_at`);
