-- When a user's sessions last ended (a sign-out, a password change or reset, staff ending them;
-- docs/decisions/0143-session-remembered-until-ended.md). A page may read a session's record from
-- its isolate's memory for a few seconds; the visit, read from D1 with the page, carries this
-- mark, and a record remembered from before it is read from KV again.
ALTER TABLE `users` ADD `sessions_ended_at` integer;
