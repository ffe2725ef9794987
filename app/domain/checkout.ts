import { z } from "zod";

// shopper.md §3 (billing and shipping forms) and §5 (required marks). The same schemas check
// the form in the browser's round trip and on the server.
const required = (label: string, max = 120) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);
const optional = (max = 120) => z.string().trim().max(max).optional().transform((v) => (v ? v : undefined));

export const ShippingAddress = z.object({
  fullName: required("Full name"),
  addressLine1: required("Address line 1", 200),
  addressLine2: optional(200),
  city: required("City"),
  county: optional(),
  postalCode: required("Postal code", 20),
  country: required("Country").default("United Kingdom"),
});

export const BillingAddress = ShippingAddress.extend({
  email: z.string({ error: "Email address is required" }).trim().min(1, "Email address is required").pipe(z.email("Please enter a valid email address")),
  phone: optional(40),
});

export type ShippingAddress = z.infer<typeof ShippingAddress>;
export type BillingAddress = z.infer<typeof BillingAddress>;

/** Reads `billing.*` and `shipping.*` fields; with 'Same as billing address' checked, shipping copies billing. */
export function parseCheckoutForm(form: FormData) {
  const pick = (prefix: string) => {
    const out: Record<string, string> = {};
    for (const [key, value] of form) if (key.startsWith(prefix) && typeof value === "string") out[key.slice(prefix.length)] = value;
    return out;
  };
  const billing = BillingAddress.safeParse(pick("billing."));
  const sameAsBilling = form.get("sameAsBilling") === "on";
  const shipping = sameAsBilling
    ? billing.success
      ? ShippingAddress.safeParse(billing.data)
      : null
    : ShippingAddress.safeParse(pick("shipping."));
  const errors: Record<string, string> = {};
  if (!billing.success) for (const issue of billing.error.issues) errors[`billing.${String(issue.path[0])}`] ??= issue.message;
  if (shipping && !shipping.success) for (const issue of shipping.error.issues) errors[`shipping.${String(issue.path[0])}`] ??= issue.message;
  if (billing.success && shipping?.success) return { ok: true as const, billing: billing.data, shipping: shipping.data, sameAsBilling };
  return { ok: false as const, errors, sameAsBilling };
}
