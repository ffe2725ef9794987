// Issue 26: conversations, messages, reports, blocks and suspensions.
// Part of FIXTURES (personal-data-fixtures.ts), in the order their rows depend on each other.

import { bindAll, type Fixture } from "./personal-data-fixture-kit";

export const MESSAGE_FIXTURES: Record<string, Fixture> = {
  "conversations.shopper_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO conversations (id, product_id, product_name, shopper_id, seller_id, owner_id, created_at, last_message_at, last_seq) VALUES ('m_cnv_shopper', 'm_prod_other', 'Other Coat', ?, ?, ?, ?, ?, 1)",
        s.id,
        s.other.id,
        s.other.id,
        now,
        now,
      ),
    ],
    marker: "m_cnv_shopper",
  }),
  "conversations.seller_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO conversations (id, product_id, product_name, shopper_id, seller_id, owner_id, created_at, last_message_at) VALUES ('m_cnv_seller', 'm_prod_own', 'Subject Coat', ?, ?, ?, ?, ?)",
        s.other.id,
        s.id,
        s.id,
        now,
        now,
      ),
    ],
    marker: "m_cnv_seller",
  }),
  "conversations.owner_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO conversations (id, product_id, product_name, shopper_id, store_id, owner_id, created_at, last_message_at) VALUES ('m_cnv_owner', 'm_prod_sold', 'Subject Sold Coat', ?, ?, ?, ?, ?)",
        s.other.id,
        s.storeOfOther,
        s.id,
        now,
        now,
      ),
    ],
    marker: "m_cnv_owner",
  }),
  "messages.sender_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO messages (id, conversation_id, seq, sender_id, sender_party, body, client_token, created_at) VALUES ('m_msg', 'm_cnv_shopper', 1, ?, 'shopper', 'Marker message text', 'm_token_1', ?)",
        s.id,
        now,
      ),
    ],
    marker: "Marker message text",
  }),
  "conversation_reads.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO conversations (id, product_id, product_name, shopper_id, store_id, owner_id, created_at, last_message_at) VALUES ('m_cnv_reads', 'm_prod_other', 'Other Coat', ?, ?, ?, ?, ?)",
        s.other.id,
        s.storeOfOther,
        s.other.id,
        now,
        now,
      ),
      bindAll(
        "INSERT INTO conversation_reads (conversation_id, party, user_id) VALUES ('m_cnv_reads', 'handler', ?)",
        s.id,
      ),
    ],
    marker: "m_cnv_reads",
  }),
  "conversation_reports.reporter_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO conversation_reports (id, conversation_id, reporter_id, reason, created_at) VALUES ('m_rep', 'm_cnv_shopper', ?, 'Marker report reason', ?)",
        s.id,
        now,
      ),
    ],
    marker: "Marker report reason",
  }),
  "conversation_reports.closed_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO conversation_reports (id, conversation_id, reporter_id, reason, created_at, closed_at, closed_by) VALUES ('m_rep_closed', 'm_cnv_seller', ?, 'r', ?, ?, ?)",
        s.other.id,
        now,
        now,
        s.id,
      ),
    ],
    marker: "m_rep_closed",
  }),
  "message_blocks.blocker_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO message_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)",
        s.id,
        s.other.id,
        now,
      ),
    ],
    marker: "you blocked",
  }),
  "message_blocks.blocked_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO message_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)",
        s.other.id,
        s.id,
        now,
      ),
    ],
    marker: "blocked you",
  }),
  "message_suspensions.user_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO message_suspensions (user_id, reason, created_at) VALUES (?, 'Marker suspension', ?)",
        s.id,
        now,
      ),
    ],
    marker: "Marker suspension",
  }),
  "message_suspensions.suspended_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO message_suspensions (user_id, suspended_by, created_at) VALUES (?, ?, ?)",
        s.other.id,
        s.id,
        now,
      ),
    ],
    marker: s.other.id,
  }),
};
