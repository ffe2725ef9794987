// Which columns hold what is private to a person or to a payment (issue 41 item 3; decision
// 0071): what names, reaches, locates or pays someone. Their values never appear on a public page
// (the anonymous HTML or its `.data`); tests/integration/public-pages-private-data.test.ts reads
// every such column of the demo from D1 and looks for each value in every public page.
//
// One rule over the column names, so a column added later under a telling name (`billing_phone`,
// `payment_refund_id`, `vat_email`) is covered the day it lands, plus the few private columns
// whose names do not say so. A private column read by a public page's loader is a leak even when
// the page hides it: the loader data travels with the page.

/** Names that say a column identifies, reaches or pays someone. */
const PRIVATE_NAME = [
  /(^|_)(email|phone|full_name|contact_name|address)$/,
  /(^|_)(password_hash|password_salt|token_hash|client_token|idempotency_key)$/,
  // Payment and payout providers' ids and links: customers, cards, intents, sessions, accounts, transfers.
  /^(payment|provider)_/,
  /(^|_)transfer_id$/,
  // A parcel's tracking number leads to where it goes.
  /(^|_)tracking_number$/,
];

/** Private columns whose names do not say so, by table. */
const ALSO_PRIVATE: Readonly<Record<string, readonly string[]>> = {
  // A conversation is between its two sides.
  messages: ["body"],
  // Every e-mail that left: its address and its text.
  notification_outbox: ["recipient", "body"],
};

/**
 * Columns whose names sound private but that a public page shows by design, by table: a partner
 * store is a shop, and its shop's address is on its public page ('Store located at …', decision
 * 0094), as it was when the address was free text in its description.
 */
const PUBLIC_BY_DESIGN: Readonly<Record<string, readonly string[]>> = {
  stores: ["address"],
};

/** Whether `column` of `table` (their SQL names) is private. */
export function isPrivateColumn(table: string, column: string) {
  if (PUBLIC_BY_DESIGN[table]?.includes(column)) return false;
  return PRIVATE_NAME.some((rule) => rule.test(column)) || (ALSO_PRIVATE[table]?.includes(column) ?? false);
}

/**
 * The parts of an address (a JSON column: billing, shipping, return) that point at one person:
 * their name, street, postcode, phone and e-mail. A town or a country is shared by many (and the
 * public pages name towns), so it is not one of them.
 */
export const PRIVATE_ADDRESS_PARTS = [
  "fullName",
  "addressLine1",
  "addressLine2",
  "postalCode",
  "phone",
  "email",
] as const;
