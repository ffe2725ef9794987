// The notification centre and the local outbox as a newcomer should find them (issue 23): every
// demo account that events concern has a few unread notifications of its own kinds, and the
// outbox holds one e-mail of each kind, as the queue consumer records them (its page renders the
// HTML from the message). Idempotent: fixed ids and keys.

const SITE = "http://localhost:4173";
const CATEGORY = {
  order_placed: "orders", reservation_expired: "orders", order_status_changed: "orders", order_cancelled: "orders", rental_reminder: "orders", rental_converted: "orders", rental_bought: "orders", return_instructions: "orders", return_inspected: "orders",
  product_approved: "selling", product_rejected: "selling", concierge_decided: "selling", price_change_requested: "selling", brand_suggestion_decided: "selling", owner_item_update: "selling", order_to_send: "selling",
  concierge_request: "store", price_change_answered: "store", store_request_received: "store",
  payout_calculated: "payouts", payout_paid: "payouts", newsletter_welcome: "marketing",
  listing_awaiting_review: "selling", store_request_waiting: "store",
  // Account e-mails: not notifications, transactional.
  verify_email: "orders", password_reset: "orders", account_exists: "orders", confirm_email_change: "orders", email_change_requested: "orders", store_request_approved: "store", store_request_rejected: "store",
};

// [user id or null, e-mail, kind, title, text, link, button, hours ago]
const NOTICES = [
  ["user_shopper", "shopper@closetloop.test", "order_status_changed", "Your order is on its way", "Your rental is on the way to you. Tracking: Royal Mail RM123456785GB.", "/account/orders/order_demo_shipped", "Track your order", 20],
  ["user_shopper", "shopper@closetloop.test", "rental_reminder", "Your rental ends soon", "Your 7-day rental ends within a day: keep it with Buy it now, or ask to return it, from your order page.", "/account/orders/order_demo_lastday", "View your order", 6],
  ["user_shopper", "shopper@closetloop.test", "order_placed", "Thank you for your order", "Thank you for your order. We will e-mail you when it is on its way.", "/account/orders/order_demo_tosend", "View your order", 12],
  ["user_vendor", "vendor@closetloop.test", "order_to_send", "New order: please post it within 2 working days", "A shopper ordered one of your items. Post it to the address on your Orders tab, then enter the tracking number.", "/vendor?tab=orders", "Your orders", 11],
  ["user_vendor", "vendor@closetloop.test", "product_approved", "Your listing is live", "Our team approved your listing: it is on the shop now, for shoppers to rent or buy.", "/vendor?tab=products", "See your products", 30],
  ["user_vendor", "vendor@closetloop.test", "price_change_requested", "Kensington Closet suggests a new price", "Kensington Closet, the partner store that looks after one of your items, suggests new prices. Accept or reject them on your dashboard.", "/vendor?tab=notifications", "Answer the request", 4],
  ["user_vendor2", "vendor2@closetloop.test", "product_rejected", "Your listing was not approved", "Our team could not approve your listing.\n\nTheir reason: The photos are too dark to judge the condition.", "/vendor?tab=products", "Edit your listing", 26],
  ["user_vendor2", "vendor2@closetloop.test", "brand_suggestion_decided", "Your brand suggestion was approved", "Your brand is on Closetloop now: shoppers can find it in the brand filter.", "/vendor?tab=upload", "Your brand suggestions", 50],
  ["user_store", "store@closetloop.test", "concierge_request", "A seller asks Kensington Closet to manage an item", "A seller asks Kensington Closet to look after an item as a concierge item. Please approve or reject the request on your dashboard.", "/store?tab=requests", "Answer the request", 3],
  ["user_store", "store@closetloop.test", "price_change_answered", "The owner accepted your new price", "The owner accepted the prices Kensington Closet suggested. The listing shows them now.", "/store?tab=products", "Your products", 28],
  ["user_store", "store@closetloop.test", "payout_calculated", "Your payout for last week is calculated", "The payout of your store's concierge commissions for last week is calculated. We send it to your payout account: set up payouts on your dashboard first.", "/store", "Your dashboard", 60],
  ["user_admin", "admin@closetloop.test", "store_request_waiting", "Brick Lane Rails asks to become a partner store", "Brick Lane Rails asks to become a Closetloop partner store. Approve it or reject it with a reason on the Stores tab.", "/admin/stores", "Review the request", 8],
  ["user_admin", "admin@closetloop.test", "listing_awaiting_review", "A listing waits for review", "VintageVera listed a new item. Approve it or reject it with a reason on the Products tab.", "/admin/products?status=pending", "Review it", 5],
  ["user_reviewer", "reviewer@closetloop.test", "listing_awaiting_review", "A listing waits for review", "VintageVera listed a new item. Approve it or reject it with a reason on the Products tab.", "/admin/products?status=pending", "Review it", 5],
  ["user_reviewer", "reviewer@closetloop.test", "listing_awaiting_review", "Another listing waits for review", "RetroRob listed a new item. Approve it or reject it with a reason on the Products tab.", "/admin/products?status=pending", "Review it", 2],
  ["user_superadmin", "superadmin@closetloop.test", "store_request_waiting", "Brick Lane Rails asks to become a partner store", "Brick Lane Rails asks to become a Closetloop partner store. Approve it or reject it with a reason on the Stores tab.", "/admin/stores", "Review the request", 8],
  ["user_superadmin", "superadmin@closetloop.test", "payout_calculated", "The platform's payout for last week is calculated", "The payout of the platform's commissions for last week is calculated. Mark it paid on the Financial tab once it is paid.", "/admin/financial", "Financial", 60],
  // The demo order whose reservation ended unpaid (15-reservations.mjs).
  ["user_shopper", "shopper@closetloop.test", "reservation_expired", "Your reservation has ended", "The payment for your order order_demo_notpaid was not completed in time, so we released its item (Green Leather Jacket). You have not been charged.", "/cart", "Your basket", 71],
];

// One e-mail of each kind in the outbox (the kinds above, and the rest).
const MORE = [
  [null, "shopper@closetloop.test", "order_cancelled", "Your Closetloop order is cancelled", "Your order was cancelled at your request. What you paid is refunded to your card.", "/account/orders/order_demo_cancelled", "View your order"],
  [null, "shopper@closetloop.test", "rental_converted", "Your rental is yours now", "Your rental window ended and the item was not returned, so it is now a purchase at its Buy Now price.", "/account?tab=orders", "Your orders"],
  [null, "shopper@closetloop.test", "rental_bought", "You bought your rental", "You kept your rental with Buy it now. It is yours.", "/account?tab=orders", "Your orders"],
  [null, "shopper@closetloop.test", "return_instructions", "How to return your rental", "Post it to the handler's return address with your order reference on the parcel, by the date on your order page.", "/account/orders/order_demo_returning", "View your order"],
  [null, "shopper@closetloop.test", "return_inspected", "Your return arrived in good condition", "Your return arrived in good condition. Thank you.", "/account/orders/order_demo_returning", "View your order"],
  [null, "vendor@closetloop.test", "owner_item_update", "Your item came back", "Your rental came back from the shopper; record its condition on your Orders tab.", "/vendor?tab=orders", "Your orders"],
  [null, "vendor2@closetloop.test", "concierge_decided", "Kensington Closet will manage your item", "Kensington Closet accepted your item as a concierge item. Our team reviews the listing next.", "/vendor?tab=products", "View your listing"],
  [null, "priya@bricklanerails.test", "store_request_received", "We received your store request for Brick Lane Rails", "Thank you for applying to become a Closetloop partner store. Our team answers by e-mail, usually within five working days.", "/pages/about_us", "About Closetloop"],
  [null, "vendor@closetloop.test", "payout_paid", "Your payout is paid", "We paid your payout. It can take a few working days to reach your account.", "/vendor?tab=orders", "Your dashboard"],
  [null, "newcomer@closetloop.test", "verify_email", "Verify your Closetloop e-mail address", "Open the link to verify your e-mail address and finish creating your account.", "/auth/verify", "Verify your e-mail"],
  [null, "shopper@closetloop.test", "password_reset", "Reset your Closetloop password", "Someone asked to reset your password. If it was you, open the link within an hour; if not, ignore this e-mail.", "/auth/reset", "Reset your password"],
  [null, "shopper@closetloop.test", "account_exists", "You already have a Closetloop account", "Someone tried to sign up with your address. If it was you, sign in instead, or reset your password.", "/auth", "Sign in"],
  [null, "shopper@closetloop.test", "confirm_email_change", "Confirm your new e-mail address", "Open the link to confirm this address for your Closetloop account.", "/account?tab=profile", "Confirm it"],
  [null, "shopper@closetloop.test", "email_change_requested", "Your e-mail address is changing", "Someone asked to change the e-mail address of your account. If it was not you, change your password now.", "/account?tab=security", "Your security settings"],
  [null, "hello@kensingtoncloset.test", "store_request_approved", "Your Closetloop store is ready", "Welcome to Closetloop: your partner store is ready. Set your password to open your store dashboard.", "/auth/reset", "Set your password"],
  [null, "owner@oldtownvintage.test", "store_request_rejected", "Your Closetloop store request", "Thank you for your interest. We are not able to approve your store request at this time.\n\nOur reason: We already have a partner store on that street.", "/pages/about_us", "About Closetloop"],
  [null, "reader@closetloop.test", "newsletter_welcome", "Welcome to the Closetloop newsletter", "Thank you for subscribing. Once a month we send the best new arrivals, style notes and offers.", "/all-products", "Browse new arrivals"],
];

export async function seed({ db, now, batch }) {
  const HOUR = 3_600_000;
  const statements = [];
  for (const [i, [userId, _email, kind, title, text, link, _action, hoursAgo]] of NOTICES.entries()) {
    const at = now - hoursAgo * HOUR;
    statements.push(
      db.prepare("INSERT INTO notifications (id, user_id, event_key, kind, category, title, body, link, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
        .bind(`ntf_demo_${i}`, userId, `demo:${i}`, kind, CATEGORY[kind], title, text.split("\n\n")[0], link, at),
    );
  }
  const seen = new Set();
  for (const [i, [userId, email, kind, title, text, link, action, hoursAgo = 1]] of [...NOTICES, ...MORE].entries()) {
    if (seen.has(kind)) continue;
    seen.add(kind);
    const payload = { key: `demo:outbox:${kind}`, type: "email", kind, to: email, subject: title, text: `Hello,\n\n${text}`, category: CATEGORY[kind], cta: { label: action, url: `${SITE}${link}` }, ...(userId ? { userId } : {}), title, link };
    statements.push(
      db.prepare("INSERT INTO notification_outbox (id, message_key, channel, kind, recipient, subject, body, payload, status, attempts, created_at) VALUES (?, ?, 'email', ?, ?, ?, ?, ?, 'sent', 1, ?) ON CONFLICT DO NOTHING")
        .bind(`outbox_demo_${kind}`, payload.key, kind, email, title, payload.text, JSON.stringify(payload), now - hoursAgo * HOUR - i),
    );
  }
  await batch(statements);
}
