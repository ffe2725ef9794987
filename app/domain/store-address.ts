import { z } from "zod";
import { formatAddress } from "./address-rules";
import { ShippingAddress } from "./checkout";
import { echoField } from "./form-body";
import { ADDRESS_FIELDS, type PostalAddress } from "./postal-address";
import { checkForm, fieldGroup } from "./submission";

// The partner store's own address in its Settings (issue 45 item 5; decision 0094): the country
// list and each country's fields and checks, the same schema as checkout's ship-to and the return
// address (`ShippingAddress`), posted as `address.*` and stored in the same shape. The store's page
// still reads 'Store located at: …' in its description (spec §2): that line is made from it.

const StoreAddressForm = z.object({ address: fieldGroup(ShippingAddress) });

/** The fields as typed, by their posted names, to fill the form again (300 characters at most). */
export const storeAddressEcho = (form: FormData): Record<string, string> =>
  Object.fromEntries(ADDRESS_FIELDS.map((k) => [`address.${k}`, echoField(form, `address.${k}`, 300)]));

/**
 * The posted address: null when every field was left empty (a store may have none yet, as before),
 * else checked as a whole with the country's rules; errors are named `address.postalCode` and the like.
 */
export function readStoreAddress(
  form: FormData,
): { ok: true; value: ShippingAddress | null } | { ok: false; errors: Record<string, string> } {
  const typed = Object.entries(storeAddressEcho(form)).filter(
    ([name, value]) => name !== "address.country" && value.trim() !== "",
  );
  if (typed.length === 0) return { ok: true, value: null };
  const parsed = checkForm(form, StoreAddressForm);
  return parsed.ok ? { ok: true, value: parsed.value.address } : { ok: false, errors: parsed.errors };
}

/** The one line after 'Store located at: ' on the store's page: the address as its country writes it, without the name. */
export const storeAddressLine = (address: PostalAddress | null | undefined) =>
  formatAddress(address).slice(1).join(", ");

/**
 * What the form starts from: the stored address; for a store from before, empty fields (its old
 * free text is shown above them and kept until the fields are filled: a store changing its logo is
 * not made to move its address first).
 */
export function storeAddressDefaults(stored: PostalAddress | null | undefined): Record<string, string | undefined> {
  if (stored) return Object.fromEntries(Object.entries(stored).map(([k, v]) => [k, v ?? undefined]));
  return { country: "GB" };
}

/** The 'Store located at' line to write: the address saved in the fields, else a store's old text while it has no address in them. */
export const storeLocatedAt = (
  saved: PostalAddress | null,
  storedBefore: PostalAddress | null | undefined,
  oldText: string | null,
) => (saved ? storeAddressLine(saved) : storedBefore ? "" : (oldText ?? ""));
