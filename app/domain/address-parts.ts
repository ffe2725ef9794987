// A postal address's parts, in the order an envelope lists them: a module of its own, without the
// countries' rules, so that a page that only names the parts (a seller's readiness to be paid)
// does not load every country's (decision 0127). postal-address.ts gives them with the lines.

export const ADDRESS_FIELDS = [
  "fullName",
  "addressLine1",
  "addressLine2",
  "city",
  "county",
  "postalCode",
  "country",
] as const;
export type PostalAddress = Partial<Record<(typeof ADDRESS_FIELDS)[number], string | null>>;
