import { z } from "zod";
import { echoField } from "./form-body";
import { checkForm, fieldGroup } from "./submission";
import { ADDRESS_RULE_MESSAGES, checkAddressParts } from "./address-rules";

// shopper.md §3 (billing and shipping forms) and §5 (required marks). The same schemas check
// the form in the browser's round trip and on the server.
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;
const required = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max));
const optional = (label: string, max = 120) =>
  z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .optional()
    .transform((v) => (v ? v : undefined));

// An address in any country the shop delivers to (issue 45 item 5; decision 0087): the country is
// chosen from the list (stored as its code; an old 'United Kingdom' or 'UK' still reads as GB),
// and its postcode, state or province are checked as that country writes them
// (app/domain/address-rules.ts). Where a parcel may go is the handler's choice (shipping-zones.ts).
export const ADDRESS_MESSAGES = {
  postcode: "Enter a UK postcode, such as SW1A 1AA",
  country: ADDRESS_RULE_MESSAGES.country,
  city: "Enter a town or city",
  phone: "Enter a phone number, such as 07700 900123",
} as const;

const phoneDigits = (phone: string) => phone.replace(/\D/g, "").length;

/** The fields every address has, whatever its country (the stored shape). */
export const ShippingFields = z.object({
  fullName: required("Full name"),
  addressLine1: required("Address line 1", 200),
  addressLine2: optional("Address line 2", 200),
  city: required("City").regex(/\p{L}/u, ADDRESS_MESSAGES.city),
  county: optional("County"),
  postalCode: optional("Postal code", 20),
  country: required("Country").default("GB"),
});

const BillingFields = ShippingFields.extend({
  email: z
    .string({ error: "Email address is required" })
    .trim()
    .min(1, "Email address is required")
    .pipe(z.email("Please enter a valid email address")),
  phone: optional("Phone", 40).refine(
    (v) => v === undefined || (/^\+?[\d\s()-]+$/.test(v) && phoneDigits(v) >= 7 && phoneDigits(v) <= 15),
    ADDRESS_MESSAGES.phone,
  ),
});

/**
 * The country's own checks, at their fields, even when other fields are wrong too (all the form's
 * errors in one round); then the parts written its way (code, postcode, state).
 */
const countryIssues = (address: Partial<z.infer<typeof ShippingFields>>, ctx: z.RefinementCtx) => {
  const checked = checkAddressParts(address ?? {});
  if (!checked.ok)
    for (const [field, message] of Object.entries(checked.errors))
      ctx.addIssue({ code: "custom", path: [field], message });
};
const always = { when: () => true };
const byCountry = <T extends z.infer<typeof ShippingFields>>(address: T) => {
  const checked = checkAddressParts(address);
  return checked.ok ? { ...address, ...checked.value } : address;
};

export const ShippingAddress = ShippingFields.superRefine(countryIssues, always).transform(byCountry);
export const BillingAddress = BillingFields.superRefine(countryIssues, always).transform(byCountry);

export type ShippingAddress = z.infer<typeof ShippingAddress>;
export type BillingAddress = z.infer<typeof BillingAddress>;

// The checkout form as Conform reads it (decision 0062): `billing.*` and `shipping.*` into two
// objects, their errors named `billing.city`, `shipping.postalCode`.
const CheckoutForm = z.object({ billing: fieldGroup(BillingAddress), shipping: fieldGroup(ShippingAddress) });
const SameAddressForm = z.object({ billing: fieldGroup(BillingAddress) });

/** Reads `billing.*` and `shipping.*` fields; with 'Same as billing address' checked, shipping copies billing. */
export function parseCheckoutForm(form: FormData) {
  const sameAsBilling = form.get("sameAsBilling") === "on";
  if (sameAsBilling) {
    const parsed = checkForm(form, SameAddressForm);
    if (!parsed.ok) return { ok: false as const, errors: parsed.errors, sameAsBilling };
    // The billing address already passed the shipping address's rules: it is one less its e-mail and phone.
    const { email: _email, phone: _phone, ...shipping } = parsed.value.billing;
    return { ok: true as const, billing: parsed.value.billing, shipping, sameAsBilling };
  }
  const parsed = checkForm(form, CheckoutForm);
  if (!parsed.ok) return { ok: false as const, errors: parsed.errors, sameAsBilling };
  return { ok: true as const, ...parsed.value, sameAsBilling };
}

/** What the shopper typed, to show back in the checkout form when it is refused (none of it is trusted or stored). */
export function checkoutEcho(form: FormData) {
  // The fields are the billing schema's own (the shipping address is the same less e-mail and phone).
  const group = (prefix: "billing" | "shipping") =>
    Object.fromEntries(
      Object.keys(BillingFields.shape)
        .map((k) => [k, echoField(form, `${prefix}.${k}`, 200)])
        .filter(([, v]) => v !== ""),
    );
  return { billing: group("billing"), shipping: group("shipping"), sameAsBilling: form.get("sameAsBilling") === "on" };
}
export type CheckoutEcho = ReturnType<typeof checkoutEcho>;

/** The country a checkout started from these addresses sends to (the billing one when they are the same). */
export const savedShipTo = (
  saved: { shipping: Record<string, string>; billing: Record<string, string>; same: boolean } | null,
) => (saved ? (saved.same ? saved.billing.country : saved.shipping.country) : null);

/**
 * A checkout started from the shopper's last order (decision 0068): its billing details (with the
 * account's e-mail of today) and, when it was sent elsewhere, its shipping address. Only the
 * address fields, as text, are taken from what was stored.
 */
export function lastAddresses(stored: { billing: unknown; shipping: unknown } | undefined, email: string) {
  if (!stored) return null;
  const fields = (value: unknown, keys: readonly string[]): Record<string, string> =>
    Object.fromEntries(
      keys.flatMap((k) =>
        value && typeof value === "object" && typeof (value as Record<string, unknown>)[k] === "string"
          ? [[k, (value as Record<string, string>)[k]!]]
          : [],
      ),
    );
  const place = Object.keys(ShippingFields.shape);
  const billing: Record<string, string> = { ...fields(stored.billing, Object.keys(BillingFields.shape)), email };
  const shipping = fields(stored.shipping, place);
  return { billing, shipping, same: place.every((k) => (billing[k] ?? "") === (shipping[k] ?? "")) };
}
