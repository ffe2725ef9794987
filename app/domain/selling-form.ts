import { z } from "zod";
import { ProfileForm } from "./account-forms";
import { ShippingAddress } from "./checkout";
import { echoField } from "./form-body";
import { RETURN_FIELDS, SELLING_MESSAGES } from "./selling";
import { checkForm, fieldGroup } from "./submission";

// The return address as posted (`return.*`: the account's Profile tab and Start selling), and the
// Start selling form (decision 0057): the display name as the profile form checks it, the return
// address as the account's, and the seller terms accepted. Only actions import this. Conform
// reads `return.city` into `return: { city }` and names its errors `return.city` (decision 0062).

export const ReturnAddressForm = z.object({ return: fieldGroup(ShippingAddress) });

// In the page's order: the first message is the one the page's alert repeats.
export const StartSellingForm = z.object({
  displayName: ProfileForm.shape.displayName,
  return: fieldGroup(ShippingAddress),
  acceptTerms: z.literal("on", { error: SELLING_MESSAGES.termsRequired }),
});
export type StartSellingInput = { displayName: string; returnAddress: ShippingAddress };

/** The return address's fields as typed, by their posted names, to fill the form again (300 characters at most). */
export const returnAddressEcho = (form: FormData): Record<string, string> =>
  Object.fromEntries(RETURN_FIELDS.map((k) => [`return.${k}`, echoField(form, `return.${k}`, 300)]));

/** Reads the posted form: `displayName`, `return.*`, `acceptTerms`. Blank optional lines are left out. */
export function readStartSelling(form: FormData) {
  const parsed = checkForm(form, StartSellingForm);
  // A refused form shows the terms box as it was sent, ticked or not (decision 0068).
  const echo: Record<string, string> = {
    displayName: echoField(form, "displayName", 300),
    ...returnAddressEcho(form),
    acceptTerms: form.get("acceptTerms") === "on" ? "on" : "",
  };
  if (!parsed.ok) return { ok: false as const, errors: parsed.errors, echo };
  const value: StartSellingInput = { displayName: parsed.value.displayName, returnAddress: parsed.value.return };
  return { ok: true as const, value, echo };
}
