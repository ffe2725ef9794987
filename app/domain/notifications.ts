// Who is told of what, and how (issue 23). Every event that concerns a person becomes one
// notification (the notification centre) and, where their preferences allow, an e-mail. Pure:
// no storage.

/** The categories a person can switch between e-mail and in-site only (the account's Notifications section). */
export const NOTIFICATION_CATEGORIES = ["orders", "selling", "store", "payouts", "marketing", "alerts"] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const CATEGORY_LABELS: Readonly<Record<NotificationCategory, string>> = {
  orders: "Orders and rentals",
  selling: "Selling",
  store: "Store",
  payouts: "Payouts",
  marketing: "Marketing",
  alerts: "Alerts",
};

/** Orders and rentals are transactional: always e-mailed, whatever the preference says. */
export const ALWAYS_EMAILED: ReadonlySet<NotificationCategory> = new Set(["orders"]);

/** Categories whose e-mails carry a one-click unsubscribe link and List-Unsubscribe headers. */
export const UNSUBSCRIBABLE: ReadonlySet<NotificationCategory> = new Set(["marketing", "alerts"]);

export const isCategory = (value: unknown): value is NotificationCategory => typeof value === "string" && (NOTIFICATION_CATEGORIES as readonly string[]).includes(value);

/**
 * Whether an event of `category` is e-mailed to a person whose stored choices are `emailOff`
 * (the categories they switched to in-site only). Every category is e-mailed by default.
 */
export function emails(category: NotificationCategory, emailOff: ReadonlySet<string>) {
  return ALWAYS_EMAILED.has(category) || !emailOff.has(category);
}
