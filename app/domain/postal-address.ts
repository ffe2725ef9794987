import { formatAddress } from "./address-rules";
import type { PostalAddress } from "./address-parts";

export { ADDRESS_FIELDS, type PostalAddress } from "./address-parts";

// A postal address (checkout's addresses, a seller's return address): its parts, in the order an
// envelope lists them (address-parts.ts), and its lines. Pure and small: pages and e-mails share it.

/** The address's lines as its country writes them, blank parts left out (none for no address): formatAddress. */
export const addressLines = (address: PostalAddress | null | undefined): string[] => formatAddress(address);
