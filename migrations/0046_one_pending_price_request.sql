-- A store could send a product's owner several price suggestions at once (a second click, or a
-- second thought), and the owner then met conflicting requests whose blank prices had been filled
-- in when each was sent: accepting an older one put back a price a newer one had changed. One
-- request per product and store waits at a time (decision 0067); a pending one is answered
-- before the next. Requests already pending twice (none in the demo) keep the newest.
UPDATE `price_change_requests` SET `status` = 'rejected', `reviewed_at` = `created_at`
WHERE `status` = 'pending' AND EXISTS (
  SELECT 1 FROM `price_change_requests` AS newer
  WHERE newer.`product_id` = `price_change_requests`.`product_id` AND newer.`store_id` IS `price_change_requests`.`store_id`
    AND newer.`status` = 'pending' AND (newer.`created_at` > `price_change_requests`.`created_at` OR (newer.`created_at` = `price_change_requests`.`created_at` AND newer.`id` > `price_change_requests`.`id`))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_change_requests_one_pending` ON `price_change_requests` (`product_id`, `store_id`) WHERE status = 'pending';
