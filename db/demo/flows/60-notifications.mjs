// The notification centre as a newcomer should find it (issue 23): every demo account that events
// concern has a few unread notifications of its own kinds. Their e-mails are in the outbox
// (61-outbox.mjs). Idempotent: fixed ids and keys.

import { CATEGORY } from "../notification-categories.mjs";

// [user id or null, e-mail, kind, title, text, link, button, hours ago]
export const NOTICES = [
  [
    "user_shopper",
    "shopper@closetloop.test",
    "order_status_changed",
    "Your order is on its way",
    "Your rental is on the way to you. Tracking: Royal Mail RM123456785GB.",
    "/account/orders/order_demo_shipped",
    "Track your order",
    20,
  ],
  [
    "user_shopper",
    "shopper@closetloop.test",
    "rental_reminder",
    "Your rental ends soon",
    "Your 7-day rental ends within a day: keep it with Buy it now, or ask to return it, from your order page.",
    "/account/orders/order_demo_lastday",
    "View your order",
    6,
  ],
  [
    "user_shopper",
    "shopper@closetloop.test",
    "order_placed",
    "Thank you for your order",
    "Thank you for your order. We will e-mail you when it is on its way.",
    "/account/orders/order_demo_tosend",
    "View your order",
    12,
  ],
  [
    "user_vendor",
    "vendor@closetloop.test",
    "order_to_send",
    "New order: please post it within 2 working days",
    "A shopper ordered one of your items. Post it to the address on your Orders tab, then enter the tracking number.",
    "/vendor?tab=orders",
    "Your orders",
    11,
  ],
  [
    "user_vendor",
    "vendor@closetloop.test",
    "product_approved",
    "Your listing is live",
    "Our team approved your listing: it is on the shop now, for shoppers to rent or buy.",
    "/vendor?tab=products",
    "See your products",
    30,
  ],
  [
    "user_vendor",
    "vendor@closetloop.test",
    "price_change_requested",
    "Kensington Closet suggests a new price",
    "Kensington Closet, the partner store that looks after one of your items, suggests new prices. Accept or reject them on your dashboard.",
    "/vendor?tab=notifications",
    "Answer the request",
    4,
  ],
  [
    "user_vendor2",
    "vendor2@closetloop.test",
    "product_rejected",
    "Your listing was not approved",
    "Our team could not approve your listing.\n\nTheir reason: The photos are too dark to judge the condition.",
    "/vendor?tab=products",
    "Edit your listing",
    26,
  ],
  [
    "user_vendor2",
    "vendor2@closetloop.test",
    "brand_suggestion_decided",
    "Your brand suggestion was approved",
    "Your brand is on Closetloop now: shoppers can find it in the brand filter.",
    "/vendor?tab=upload",
    "Your brand suggestions",
    50,
  ],
  [
    "user_store",
    "store@closetloop.test",
    "concierge_request",
    "A seller asks Kensington Closet to manage an item",
    "A seller asks Kensington Closet to look after an item as a concierge item. Please approve or reject the request on your dashboard.",
    "/store?tab=requests",
    "Answer the request",
    3,
  ],
  [
    "user_store",
    "store@closetloop.test",
    "price_change_answered",
    "The owner accepted your new price",
    "The owner accepted the prices Kensington Closet suggested. The listing shows them now.",
    "/store?tab=products",
    "Your products",
    28,
  ],
  [
    "user_store",
    "store@closetloop.test",
    "payout_calculated",
    "Your payout for last week is calculated",
    "The payout of your store's concierge commissions for last week is calculated. We send it to your payout account: set up payouts on your dashboard first.",
    "/store",
    "Your dashboard",
    60,
  ],
  [
    "user_admin",
    "admin@closetloop.test",
    "store_request_waiting",
    "Brick Lane Rails asks to become a partner store",
    "Brick Lane Rails asks to become a Closetloop partner store. Approve it or reject it with a reason on the Stores tab.",
    "/admin/stores",
    "Review the request",
    8,
  ],
  [
    "user_admin",
    "admin@closetloop.test",
    "listing_awaiting_review",
    "A listing waits for review",
    "VintageVera listed a new item. Approve it or reject it with a reason on the Products tab.",
    "/admin/products?status=pending",
    "Review it",
    5,
  ],
  [
    "user_reviewer",
    "reviewer@closetloop.test",
    "listing_awaiting_review",
    "A listing waits for review",
    "VintageVera listed a new item. Approve it or reject it with a reason on the Products tab.",
    "/admin/products?status=pending",
    "Review it",
    5,
  ],
  [
    "user_reviewer",
    "reviewer@closetloop.test",
    "listing_awaiting_review",
    "Another listing waits for review",
    "RetroRob listed a new item. Approve it or reject it with a reason on the Products tab.",
    "/admin/products?status=pending",
    "Review it",
    2,
  ],
  [
    "user_superadmin",
    "superadmin@closetloop.test",
    "store_request_waiting",
    "Brick Lane Rails asks to become a partner store",
    "Brick Lane Rails asks to become a Closetloop partner store. Approve it or reject it with a reason on the Stores tab.",
    "/admin/stores",
    "Review the request",
    8,
  ],
  [
    "user_superadmin",
    "superadmin@closetloop.test",
    "payout_calculated",
    "The platform's payout for last week is calculated",
    "The payout of the platform's commissions for last week is calculated. Mark it paid on the Financial tab once it is paid.",
    "/admin/financial",
    "Financial",
    60,
  ],
  // The demo order whose reservation ended unpaid (15-reservations.mjs).
  [
    "user_shopper",
    "shopper@closetloop.test",
    "reservation_expired",
    "Your reservation has ended",
    "The payment for your order order_demo_notpaid was not completed in time, so we released its item (Green Leather Jacket). You have not been charged.",
    "/cart",
    "Your basket",
    71,
  ],
];

export async function seed({ db, now, batch }) {
  const HOUR = 3_600_000;
  const statements = [];
  for (const [i, [userId, _email, kind, title, text, link, _action, hoursAgo]] of NOTICES.entries()) {
    const at = now - hoursAgo * HOUR;
    statements.push(
      db
        .prepare(
          "INSERT INTO notifications (id, user_id, event_key, kind, category, title, body, link, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(`ntf_demo_${i}`, userId, `demo:${i}`, kind, CATEGORY[kind], title, text.split("\n\n")[0], link, at),
    );
  }
  await batch(statements);
}
