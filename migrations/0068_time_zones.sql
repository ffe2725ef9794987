-- Dates and times where the reader is (issue 45 item 6; docs/decisions/0087-addresses-and-local-times.md).
-- The account's time zone (an IANA name such as 'Europe/Paris'), remembered from the edge or the
-- browser: e-mails and the daily reminder use it. NULL reads as the UK's.
ALTER TABLE `users` ADD COLUMN `time_zone` text;
