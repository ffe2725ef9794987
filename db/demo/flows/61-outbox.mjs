// The local outbox as a newcomer should find it (issue 23): one e-mail of each kind, as the queue
// consumer records them (its page renders the HTML from the message); the notification centre's
// kinds (60-notifications.mjs) first, then the rest. Idempotent: fixed ids and keys.

import { CATEGORY } from "../notification-categories.mjs";
import { NOTICES } from "./60-notifications.mjs";

const SITE = "http://localhost:4173";

// One e-mail of each kind the notification centre's notices (60-notifications.mjs) leave out.
const MORE = [
  [
    null,
    "shopper@closetloop.test",
    "order_cancelled",
    "Your Closetloop order is cancelled",
    "Your order was cancelled at your request. What you paid is refunded to your card.",
    "/account/orders/order_demo_cancelled",
    "View your order",
  ],
  [
    null,
    "shopper@closetloop.test",
    "rental_converted",
    "Your rental is yours now",
    "Your rental window ended and the item was not returned, so it is now a purchase at its Buy Now price.",
    "/account?tab=orders",
    "Your orders",
  ],
  [
    null,
    "shopper@closetloop.test",
    "rental_bought",
    "You bought your rental",
    "You kept your rental with Buy it now. It is yours.",
    "/account?tab=orders",
    "Your orders",
  ],
  [
    null,
    "shopper@closetloop.test",
    "return_instructions",
    "How to return your rental",
    "Post it to the handler's return address with your order reference on the parcel, by the date on your order page.",
    "/account/orders/order_demo_returning",
    "View your order",
  ],
  [
    null,
    "shopper@closetloop.test",
    "return_inspected",
    "Your return arrived in good condition",
    "Your return arrived in good condition. Thank you.",
    "/account/orders/order_demo_returning",
    "View your order",
  ],
  [
    null,
    "vendor@closetloop.test",
    "owner_item_update",
    "Your item came back",
    "Your rental came back from the shopper; record its condition on your Orders tab.",
    "/vendor?tab=orders",
    "Your orders",
  ],
  [
    null,
    "vendor2@closetloop.test",
    "concierge_decided",
    "Kensington Closet will manage your item",
    "Kensington Closet accepted your item as a concierge item. Our team reviews the listing next.",
    "/vendor?tab=products",
    "View your listing",
  ],
  [
    null,
    "priya@bricklanerails.test",
    "store_request_received",
    "We received your store request for Brick Lane Rails",
    "Thank you for applying to become a Closetloop partner store. Our team answers by e-mail, usually within five working days.",
    "/pages/about_us",
    "About Closetloop",
  ],
  [
    null,
    "vendor@closetloop.test",
    "payout_paid",
    "Your payout is paid",
    "We paid your payout. It can take a few working days to reach your account.",
    "/vendor?tab=orders",
    "Your dashboard",
  ],
  [
    null,
    "newcomer@closetloop.test",
    "verify_email",
    "Verify your Closetloop e-mail address",
    "Open the link to verify your e-mail address and finish creating your account.",
    "/auth/verify",
    "Verify your e-mail",
  ],
  [
    null,
    "shopper@closetloop.test",
    "password_reset",
    "Reset your Closetloop password",
    "Someone asked to reset your password. If it was you, open the link within an hour; if not, ignore this e-mail.",
    "/auth/reset",
    "Reset your password",
  ],
  [
    null,
    "shopper@closetloop.test",
    "account_exists",
    "You already have a Closetloop account",
    "Someone tried to sign up with your address. If it was you, sign in instead, or reset your password.",
    "/auth",
    "Sign in",
  ],
  [
    null,
    "shopper@closetloop.test",
    "confirm_email_change",
    "Confirm your new e-mail address",
    "Open the link to confirm this address for your Closetloop account.",
    "/account?tab=profile",
    "Confirm it",
  ],
  [
    null,
    "shopper@closetloop.test",
    "email_change_requested",
    "Your e-mail address is changing",
    "Someone asked to change the e-mail address of your account. If it was not you, change your password now.",
    "/account?tab=security",
    "Your security settings",
  ],
  [
    null,
    "hello@kensingtoncloset.test",
    "store_request_approved",
    "Your Closetloop store is ready",
    "Welcome to Closetloop: your partner store is ready. Set your password to open your store dashboard.",
    "/auth/reset",
    "Set your password",
  ],
  [
    null,
    "owner@oldtownvintage.test",
    "store_request_rejected",
    "Your Closetloop store request",
    "Thank you for your interest. We are not able to approve your store request at this time.\n\nOur reason: We already have a partner store on that street.",
    "/pages/about_us",
    "About Closetloop",
  ],
  [
    null,
    "reader@closetloop.test",
    "newsletter_welcome",
    "Welcome to the Closetloop newsletter",
    "Thank you for subscribing. Once a month we send the best new arrivals, style notes and offers.",
    "/all-products",
    "Browse new arrivals",
  ],
];

export async function seed({ db, now, batch }) {
  const HOUR = 3_600_000;
  const statements = [];
  const seen = new Set();
  for (const [i, [userId, email, kind, title, text, link, action, hoursAgo = 1]] of [...NOTICES, ...MORE].entries()) {
    if (seen.has(kind)) continue;
    seen.add(kind);
    const payload = {
      key: `demo:outbox:${kind}`,
      type: "email",
      kind,
      to: email,
      subject: title,
      text: `Hello,\n\n${text}`,
      category: CATEGORY[kind],
      cta: { label: action, url: `${SITE}${link}` },
      ...(userId ? { userId } : {}),
      title,
      link,
    };
    statements.push(
      db
        .prepare(
          "INSERT INTO notification_outbox (id, message_key, channel, kind, recipient, subject, body, payload, status, attempts, created_at) VALUES (?, ?, 'email', ?, ?, ?, ?, ?, 'sent', 1, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          `outbox_demo_${kind}`,
          payload.key,
          kind,
          email,
          title,
          payload.text,
          JSON.stringify(payload),
          now - hoursAgo * HOUR - i,
        ),
    );
  }
  await batch(statements);
}
