import { RETURN_FIELDS } from "../domain/selling";
import { Field } from "./forms";

// The return address's fields (issue 22): the account's Profile and Start selling both ask for it.

const RETURN_LABELS: Record<(typeof RETURN_FIELDS)[number], [string, boolean, string]> = {
  fullName: ["Name", true, "name"],
  addressLine1: ["Address line 1", true, "address-line1"],
  addressLine2: ["Address line 2", false, "address-line2"],
  city: ["City", true, "address-level2"],
  county: ["County", false, "address-level1"],
  postalCode: ["Postal code", true, "postal-code"],
  country: ["Country", true, "country-name"],
};

/** Fields named `return.{field}`; `values` and `errors` are keyed by those names (what was sent, what is wrong). */
export function ReturnAddressFields({ address, values, errors }: { address: Record<string, string | undefined> | null | undefined; values?: Record<string, string | undefined>; errors?: Record<string, string | undefined> }) {
  return (
    <>
      {RETURN_FIELDS.map((field) => {
        const [label, required, autoComplete] = RETURN_LABELS[field];
        return <Field key={field} label={label} name={`return.${field}`} autoComplete={`section-return ${autoComplete}`} required={required} maxLength={200} defaultValue={values?.[`return.${field}`] ?? address?.[field] ?? (field === "country" ? "United Kingdom" : "")} error={errors?.[`return.${field}`]} />;
      })}
    </>
  );
}
