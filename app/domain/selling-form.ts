import { z } from "zod";
import { ProfileForm } from "./account-forms";
import { ShippingAddress } from "./checkout";
import { RETURN_FIELDS, SELLING_MESSAGES } from "./selling";

// The Start selling form (decision 0057): the display name as the profile form checks it, the
// return address as the account's, and the seller terms accepted. Only actions import this.

export const StartSellingForm = z.object({
  displayName: ProfileForm.shape.displayName,
  returnAddress: ShippingAddress,
  acceptTerms: z.literal("on", { error: SELLING_MESSAGES.termsRequired }),
});
export type StartSellingInput = z.infer<typeof StartSellingForm>;

/** Reads the posted form: `displayName`, `return.*`, `acceptTerms`. Blank optional lines are left out. */
export function readStartSelling(form: FormData) {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const address = Object.fromEntries(RETURN_FIELDS.map((k) => [k, value(`return.${k}`).slice(0, 300)]).map(([k, v]) => [k, v === "" && k !== "country" ? undefined : v]));
  const parsed = StartSellingForm.safeParse({ displayName: value("displayName"), returnAddress: address, acceptTerms: form.get("acceptTerms") ?? undefined });
  const echo: Record<string, string> = { displayName: value("displayName").slice(0, 300), ...Object.fromEntries(RETURN_FIELDS.map((k) => [`return.${k}`, value(`return.${k}`).slice(0, 300)])) };
  if (parsed.success) return { ok: true as const, value: parsed.data, echo };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [head, field] = issue.path.map(String);
    const key = head === "returnAddress" ? `return.${field}` : head!;
    errors[key] ??= issue.message;
  }
  return { ok: false as const, errors, echo };
}
