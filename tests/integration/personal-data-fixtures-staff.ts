// What the subject did as staff or as the handler of orders: roles given, requests reviewed, items handled, claims.
// Part of FIXTURES (personal-data-fixtures.ts), in the order their rows depend on each other.

import { bindAll, type Fixture } from "./personal-data-fixture-kit";

export const STAFF_FIXTURES: Record<string, Fixture> = {
  "user_roles.assigned_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO user_roles (user_id, role, assigned_by, assigned_at) VALUES (?, 'individual', ?, ?)",
        s.other.id,
        s.id,
        now,
      ),
    ],
    marker: s.other.id,
  }),
  "brands.created_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO brands (id, name, created_by, created_at) VALUES ('m_brand', 'Marker Brand', ?, ?)",
        s.id,
        now,
      ),
    ],
    marker: "Marker Brand",
  }),
  "brand_suggestions.reviewed_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO brand_suggestions (id, suggested_name, suggested_by, reviewed_by, reviewed_at, status, created_at) VALUES ('m_bs_rev', 'Reviewed Idea', ?, ?, ?, 'rejected', ?)",
        s.other.id,
        s.id,
        now,
        now,
      ),
    ],
    marker: "Reviewed Idea",
  }),
  "store_requests.reviewed_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO store_requests (id, contact_name, store_name, store_address, contact_email, status, created_at, reviewed_at, reviewed_by) VALUES ('m_sr_rev', 'Someone', 'Reviewed Shop', 'Addr', 'x@example.test', 'rejected', ?, ?, ?)",
        now,
        now,
        s.id,
      ),
    ],
    marker: "Reviewed Shop",
  }),
  "price_change_requests.reviewed_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO price_change_requests (id, product_id, owner_id, store_id, suggested_rental_price, suggested_buying_price, reason, status, created_at, reviewed_at, reviewed_by) VALUES ('m_pcr_rev', 'm_prod_other', ?, ?, 100, 1000, 'r', 'accepted', ?, ?, ?)",
        s.other.id,
        s.storeOfOther,
        now,
        now,
        s.id,
      ),
    ],
    marker: "m_pcr_rev",
  }),
  "order_status_history.actor_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO order_status_history (id, order_id, from_status, to_status, actor_id, actor_role, created_at) VALUES ('m_hist', 'order_m_other', 'processing', 'shipped', ?, 'staff', ?)",
        s.id,
        now,
      ),
    ],
    marker: "m_hist",
  }),
  "order_items.inspected_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO order_items (id, order_id, product_id, name, type, price, status, inspection, inspected_by, returned_at, created_at) VALUES ('m_item_inspected', 'order_m_other', 'm_prod_other', 'Inspected', 'rental', 100, 'returned', 'good', ?, ?, ?)",
        s.id,
        now,
        now,
      ),
    ],
    marker: "m_item_inspected",
  }),
  "order_items.shipped_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO order_items (id, order_id, product_id, name, type, price, status, carrier, tracking_number, shipped_by, shipped_at, created_at) VALUES ('m_item_shipped', 'order_m_other', 'm_prod_other', 'Shipped', 'purchase', 100, 'completed', 'dpd', 'M12345678901', ?, ?, ?)",
        s.id,
        now,
        now,
      ),
    ],
    marker: "m_item_shipped",
  }),
  "order_items.cancelled_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO order_items (id, order_id, product_id, name, type, price, status, cancelled_by, cancelled_at, created_at) VALUES ('m_item_cancelled', 'order_m_other', 'm_prod_other', 'Cancelled', 'purchase', 100, 'cancelled', ?, ?, ?)",
        s.id,
        now,
        now,
      ),
    ],
    marker: "m_item_cancelled",
  }),
  "order_items.charge_overturned_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO order_items (id, order_id, product_id, name, type, price, status, inspection, damage_charge, charge_overturned_by, charge_overturned_at, created_at) VALUES ('m_item_overturned', 'order_m_other', 'm_prod_other', 'Overturned', 'rental', 100, 'returned', 'damaged', 500, ?, ?, ?)",
        s.id,
        now,
        now,
      ),
    ],
    marker: "m_item_overturned",
  }),
  "claims.shopper_id": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO claims (id, order_id, order_item_id, shopper_id, kind, reason, description, status, created_at, updated_at) VALUES ('m_claim_own', 'order_m_own', 'm_item_own', ?, 'problem', 'damaged', 'Marker claim of the subject', 'awaiting_handler', ?, ?)",
        s.id,
        now,
        now,
      ),
    ],
    marker: "Marker claim of the subject",
  }),
  "claims.answered_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO claims (id, order_id, order_item_id, shopper_id, kind, reason, description, status, handler_text, answered_by, created_at, updated_at) VALUES ('m_claim_answered', 'order_m_other', 'm_item_sold', ?, 'problem', 'damaged', 'd', 'with_staff', 'Marker answer by the subject', ?, ?, ?)",
        s.other.id,
        s.id,
        now,
        now,
      ),
    ],
    marker: "Marker answer by the subject",
  }),
  "claims.decided_by": (s, now) => ({
    statements: [
      bindAll(
        "INSERT INTO claims (id, order_id, order_item_id, shopper_id, kind, reason, description, status, outcome, refund_amount, decision_reason, decided_by, decided_at, created_at, updated_at) VALUES ('m_claim_decided', 'order_m_other', 'm_item_sold', ?, 'repair_fee', 'repair_fee', 'd', 'resolved', 'no_refund', 0, 'Marker decision by the subject', ?, ?, ?, ?)",
        s.other.id,
        s.id,
        now,
        now,
        now,
      ),
    ],
    marker: "Marker decision by the subject",
  }),
};
