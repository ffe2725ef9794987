-- Read receipts tell the truth (issue 41, decision 0071): a socket 'read' frame could store a
-- sequence beyond the conversation's last message, so the other side saw 'Read' (and the export
-- a read_seq) for messages not yet written. The object now caps a read at the last message; this
-- brings reads and deliveries stored before that back within the messages that exist.
UPDATE `conversation_reads`
SET
  `read_seq` = min(`read_seq`, (SELECT `last_seq` FROM `conversations` c WHERE c.`id` = `conversation_reads`.`conversation_id`)),
  `delivered_seq` = min(`delivered_seq`, (SELECT `last_seq` FROM `conversations` c WHERE c.`id` = `conversation_reads`.`conversation_id`))
WHERE
  `read_seq` > (SELECT `last_seq` FROM `conversations` c WHERE c.`id` = `conversation_reads`.`conversation_id`)
  OR `delivered_seq` > (SELECT `last_seq` FROM `conversations` c WHERE c.`id` = `conversation_reads`.`conversation_id`);
