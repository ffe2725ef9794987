import { Field } from "../forms";

/** The checkout's billing or shipping address fields (shopper.md §3). */
export function AddressFields({ prefix, errors, defaults, withContact }: { prefix: "billing" | "shipping"; errors: Record<string, string>; defaults: Record<string, string>; withContact: boolean }) {
  const f = (name: string) => `${prefix}.${name}`;
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field key={name} label={label} name={f(name)} id={`${prefix}-${name}`} error={errors[f(name)]} defaultValue={defaults[name]} {...extra} />
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {field("fullName", "Full Name", { required: true, autoComplete: `${prefix} name` })}
      {withContact ? field("email", "Email Address", { required: true, type: "email", autoComplete: "email" }) : null}
      {withContact ? field("phone", "Phone", { type: "tel", autoComplete: "tel" }) : null}
      {field("addressLine1", "Address Line 1", { required: true, autoComplete: `${prefix} address-line1` })}
      {field("addressLine2", "Address Line 2", { autoComplete: `${prefix} address-line2` })}
      {field("city", "City", { required: true, autoComplete: `${prefix} address-level2` })}
      {field("county", "County", { autoComplete: `${prefix} address-level1` })}
      {field("postalCode", "Postal Code", { required: true, autoComplete: `${prefix} postal-code` })}
      {field("country", "Country", { required: true, autoComplete: `${prefix} country-name` })}
    </div>
  );
}
