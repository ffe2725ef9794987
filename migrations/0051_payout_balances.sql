-- A payee's balance carried forward (issue 42 item 1; docs/decisions/0073-payout-balances.md).
-- A payout's net is what the payee earned in its week (negative when refunds came to more than
-- sales). carried_in is the balance it took over from the payee's earlier payouts (zero or
-- negative: a debt still to recover); due_amount = net_amount + carried_in is what it settles:
-- sent in full when above zero, else nothing is sent and it is carried into the next payout.
-- A payee's balance is therefore sum(net) - sum(due where due > 0) over their payouts.
-- Payouts made before this migration keep carried_in 0, so a negative one becomes a debt that
-- the payee's next payout recovers.
ALTER TABLE `payouts` ADD COLUMN `carried_in` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `payouts` ADD COLUMN `due_amount` integer GENERATED ALWAYS AS (`net_amount` + `carried_in`) VIRTUAL NOT NULL;
