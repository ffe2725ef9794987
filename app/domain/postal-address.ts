import { formatAddress } from "./address-rules";

// A postal address: its parts, in the order an envelope lists them (checkout's addresses, a
// seller's return address), and its lines. Pure and small: pages and e-mails share it.

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

/** The address's lines as its country writes them, blank parts left out (none for no address): formatAddress. */
export const addressLines = (address: PostalAddress | null | undefined): string[] => formatAddress(address);
