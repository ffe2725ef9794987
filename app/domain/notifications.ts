// Who is told of what, and how (issue 23). Every event that concerns a person becomes one
// notification (the notification centre) and, where their preferences allow, an e-mail. Pure:
// no storage.

/** The categories a person can switch between e-mail and in-site only (the account's Notifications section). */
export const NOTIFICATION_CATEGORIES = [
  "orders",
  "selling",
  "store",
  "payouts",
  "marketing",
  "alerts",
  "messages",
  "following",
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const CATEGORY_LABELS: Readonly<Record<NotificationCategory, string>> = {
  orders: "Orders and rentals",
  selling: "Selling",
  store: "Store",
  payouts: "Payouts",
  marketing: "Marketing",
  alerts: "Alerts",
  messages: "Messages",
  following: "Sellers you follow",
};

/** What each category holds, beside its choice on the Profile (decision 0068): staff find their review queues under Selling and Store. */
export const CATEGORY_NOTES: Readonly<Record<NotificationCategory, string>> = {
  orders: "Confirmations, posting, rentals and returns. Always e-mailed.",
  selling:
    "For sellers: listings reviewed, orders to post, price suggestions. For staff: listings and requests to sell waiting for review.",
  store: "For partner stores: concierge requests and price answers. For staff: store requests waiting.",
  payouts: "For sellers and stores: your weekly payouts.",
  marketing: "News and offers from Closetloop.",
  alerts: "Items back on sale, price drops on your favourites, new matches for your saved searches.",
  messages: "New messages about items, at most one e-mail each 15 minutes per conversation.",
  following:
    "New listings from sellers and stores you follow: in your notifications; switched on, one e-mail a day with all of them (off unless you choose it).",
};

/** Orders and rentals are transactional: always e-mailed, whatever the preference says. */
export const ALWAYS_EMAILED: ReadonlySet<NotificationCategory> = new Set(["orders"]);

/** Categories whose e-mails carry a one-click unsubscribe link and List-Unsubscribe headers. */
export const UNSUBSCRIBABLE: ReadonlySet<NotificationCategory> = new Set(["marketing", "alerts", "following"]);

/**
 * Categories told one at a time in the notification centre only, and e-mailed as one daily digest
 * to those who switched its e-mail on (decision 0090): off by default, unlike the others.
 */
export const DIGEST_ONLY: ReadonlySet<NotificationCategory> = new Set(["following"]);

export const isCategory = (value: unknown): value is NotificationCategory =>
  typeof value === "string" && (NOTIFICATION_CATEGORIES as readonly string[]).includes(value);

/**
 * Whether an event of `category` is e-mailed to a person whose stored choices are `emailOff`
 * (the categories they switched to in-site only). Every category is e-mailed by default.
 */
export function emails(category: NotificationCategory, emailOff: ReadonlySet<string>) {
  if (DIGEST_ONLY.has(category)) return false;
  return ALWAYS_EMAILED.has(category) || !emailOff.has(category);
}

/** Every kind of notification, with the category its preference falls under and who it concerns. */
export const NOTICE_KINDS = {
  // To the shopper: their orders and rentals (transactional).
  order_placed: { category: "orders", to: "shopper" },
  order_status_changed: { category: "orders", to: "shopper" },
  order_cancelled: { category: "orders", to: "shopper" },
  reservation_expired: { category: "orders", to: "shopper" },
  payment_failed: { category: "orders", to: "shopper" },
  rental_reminder: { category: "orders", to: "shopper" },
  rental_converted: { category: "orders", to: "shopper" },
  rental_bought: { category: "orders", to: "shopper" },
  return_instructions: { category: "orders", to: "shopper" },
  return_inspected: { category: "orders", to: "shopper" },
  // Buyer protection (issue 43): each step of a claim, to the shopper, the handler and staff.
  claim_update: { category: "orders", to: "shopper" },
  claim_handler: { category: "selling", to: "handler" },
  claim_staff: { category: "orders", to: "admins" },
  // Make an offer (issue 43 item 4): the shopper's offer to its handler, and the answers back.
  offer_handler: { category: "selling", to: "handler" },
  offer_update: { category: "orders", to: "shopper" },
  // To the seller: their listings and items.
  product_approved: { category: "selling", to: "seller" },
  product_rejected: { category: "selling", to: "seller" },
  concierge_decided: { category: "selling", to: "seller" },
  price_change_requested: { category: "selling", to: "seller" },
  brand_suggestion_decided: { category: "selling", to: "seller" },
  owner_item_update: { category: "selling", to: "seller" },
  order_to_send: { category: "selling", to: "handler" },
  // The day before a rental needed by a date must be posted (decision 0080).
  post_by_reminder: { category: "selling", to: "handler" },
  // The handler's copy of a cancellation ('do not send it'): about selling, not an order they placed.
  handler_order_cancelled: { category: "selling", to: "handler" },
  // The store that receives a concierge item sent back (decision 0068).
  handler_return_coming: { category: "selling", to: "handler" },
  // To the store.
  concierge_request: { category: "store", to: "store" },
  price_change_answered: { category: "store", to: "store" },
  store_request_received: { category: "store", to: "applicant" },
  // To people who start selling (issue 27 item 7).
  selling_started: { category: "selling", to: "seller" },
  seller_request_received: { category: "selling", to: "applicant" },
  seller_request_decided: { category: "selling", to: "applicant" },
  // To the payee.
  payout_calculated: { category: "payouts", to: "payee" },
  payout_paid: { category: "payouts", to: "payee" },
  // To staff: work waiting for them.
  listing_awaiting_review: { category: "selling", to: "reviewers" },
  store_request_waiting: { category: "store", to: "admins" },
  seller_request_waiting: { category: "selling", to: "admins" },
  // To the shopper: what they asked to be told of (issue 25).
  back_in_stock: { category: "alerts", to: "shopper" },
  price_drop: { category: "alerts", to: "shopper" },
  saved_search_matches: { category: "alerts", to: "shopper" },
  // To followers (issue 46 item 1): a followed seller's listing went live, and the daily digest of them.
  followed_new_listing: { category: "following", to: "follower" },
  following_digest: { category: "following", to: "follower" },
  // Marketing.
  newsletter_welcome: { category: "marketing", to: "subscriber" },
  // Conversations (issue 26): the other party of a new message, at most once per 15 minutes while unread.
  message_received: { category: "messages", to: "party" },
} as const satisfies Record<string, { category: NotificationCategory; to: string }>;
export type NoticeKind = keyof typeof NOTICE_KINDS;

/** E-mails that are no notice: an account's own (sign-up, password, e-mail change) and a store request's answer. */
export const ACCOUNT_EMAIL_KINDS = [
  "verify_email",
  "password_reset",
  "account_exists",
  "confirm_email_change",
  "email_change_requested",
  "store_request_approved",
  "store_request_rejected",
] as const;
export type EmailKind = NoticeKind | (typeof ACCOUNT_EMAIL_KINDS)[number];
/** Every kind of e-mail the queue carries: the account e-mails and every notice kind. */
export const EMAIL_KINDS = [...ACCOUNT_EMAIL_KINDS, ...(Object.keys(NOTICE_KINDS) as NoticeKind[])] as [
  EmailKind,
  ...EmailKind[],
];

export const categoryOf = (kind: string): NotificationCategory =>
  (NOTICE_KINDS as Record<string, { category: NotificationCategory }>)[kind]?.category ?? "orders";

/** The footer of an e-mail: why the person got it. */
export const REASONS: Readonly<Record<NotificationCategory, string>> = {
  orders: "You get this because you placed an order on Closetloop.",
  selling: "You get this because you sell on Closetloop.",
  store: "You get this because you run a partner store on Closetloop.",
  payouts: "You get this because Closetloop pays you for your sales.",
  marketing: "You get this because you signed up for Closetloop's newsletter.",
  alerts: "You get this because you asked Closetloop to tell you.",
  messages: "You get this because someone wrote to you on Closetloop.",
  following:
    "You get this because you follow sellers on Closetloop and asked for a daily e-mail of their new listings.",
};

/** Those who asked to sell or to be a partner store are not sellers or stores yet: their e-mails say what they asked. */
const APPLICANT_REASONS: Partial<Record<NotificationCategory, string>> = {
  selling: "You get this because you asked to sell on Closetloop.",
  store: "You get this because you asked to become a partner store on Closetloop.",
};
/** The footers of the e-mails that are no notice (ACCOUNT_EMAIL_KINDS) other than an account's own. */
const OTHER_REASONS: Readonly<Record<string, string>> = {
  store_request_approved: REASONS.store,
  store_request_rejected: APPLICANT_REASONS.store!,
};
export const ACCOUNT_REASON = "You get this because this e-mail address was given for an account on Closetloop.";

/** Work waiting for staff: they get it for their role on the team, not because they sell or run a store. */
export const STAFF_REASON = "You get this because you review work for Closetloop's team.";

/** The footer of an e-mail of this kind: why its recipient gets it. */
export function reasonFor(kind: string): string {
  const notice = (NOTICE_KINDS as Record<string, { category: NotificationCategory; to: string }>)[kind];
  if (!notice) return OTHER_REASONS[kind] ?? ACCOUNT_REASON;
  if (notice.to === "reviewers" || notice.to === "admins") return STAFF_REASON;
  return (notice.to === "applicant" ? APPLICANT_REASONS[notice.category] : undefined) ?? REASONS[notice.category];
}

/** Notifications shown per page of the notification centre. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
