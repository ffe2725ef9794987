import { RETURN_FIELDS } from "../domain/selling";
import { Field } from "./forms";
import { CountrySelect } from "./address-fields";

// The return address's fields (issue 22): the account's Profile and Start selling both ask for it.

const RETURN_LABELS: Record<(typeof RETURN_FIELDS)[number], [string, boolean, string]> = {
  fullName: ["Name", true, "name"],
  addressLine1: ["Address line 1", true, "address-line1"],
  addressLine2: ["Address line 2", false, "address-line2"],
  city: ["City", true, "address-level2"],
  county: ["County, state or province", false, "address-level1"],
  postalCode: ["Postal code", true, "postal-code"],
  country: ["Country", true, "country-name"],
};

/** Fields named `{prefix}.{field}` (`return.city`; the store's settings use `address`); `values` and `errors` are keyed by those names (what was sent, what is wrong). */
export function ReturnAddressFields({
  address,
  values,
  errors,
  prefix = "return",
}: {
  address: Record<string, string | undefined> | null | undefined;
  values?: Record<string, string | undefined>;
  errors?: Record<string, string | undefined>;
  prefix?: string;
}) {
  return (
    <>
      {RETURN_FIELDS.map((field) => {
        const [label, required, autoComplete] = RETURN_LABELS[field];
        // Any country the shop delivers to, from the list (issue 45 item 5): checked by its own rules.
        if (field === "country")
          return (
            <CountrySelect
              key={field}
              id={`field-${prefix}.country`}
              name={`${prefix}.country`}
              autoComplete={`section-${prefix} ${autoComplete}`}
              defaultValue={values?.[`${prefix}.country`] ?? address?.country ?? "GB"}
              error={errors?.[`${prefix}.country`]}
            />
          );
        return (
          <Field
            key={field}
            label={label}
            name={`${prefix}.${field}`}
            autoComplete={`section-${prefix} ${autoComplete}`}
            required={required}
            maxLength={200}
            defaultValue={values?.[`${prefix}.${field}`] ?? address?.[field] ?? ""}
            error={errors?.[`${prefix}.${field}`]}
          />
        );
      })}
    </>
  );
}
