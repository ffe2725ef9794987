import { useState } from "react";
import { COUNTRY_CHOICES, countryOf } from "../domain/countries";
import { Field, FieldFrame, INPUT_CLASS, invalidProps } from "./forms";

// An address in any country the shop delivers to (issue 45 item 5; decision 0087): checkout's
// billing and shipping, a seller's return address. The country is chosen from a list; without
// JavaScript the labels are the general ones and the server's check names the country's rules,
// with it they follow the chosen country (its postcode's name, its state or province, none where
// it has no postcodes).

export function CountrySelect({
  id,
  name,
  error,
  defaultValue,
  onChange,
  autoComplete,
}: {
  id: string;
  name: string;
  error?: string;
  defaultValue?: string;
  onChange?: (code: string) => void;
  autoComplete?: string;
}) {
  const chosen = countryOf(defaultValue)?.code ?? (defaultValue ? "" : "GB");
  return (
    <FieldFrame id={id} label="Country" required error={error}>
      <select
        id={id}
        name={name}
        required
        defaultValue={chosen}
        autoComplete={autoComplete}
        onChange={(e) => onChange?.(e.currentTarget.value)}
        {...invalidProps(id, error)}
        className={INPUT_CLASS}
      >
        {chosen === "" ? <option value="">Choose a country</option> : null}
        {COUNTRY_CHOICES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Fields named `{prefix}.{part}` (`billing.city`, `return.postalCode`); `defaults` and `errors` by part and by name. */
export function AddressFields({
  prefix,
  errors,
  defaults,
  withContact,
  section,
}: {
  prefix: string;
  errors: Partial<Record<string, string>>;
  defaults: Partial<Record<string, string>>;
  withContact?: boolean;
  section?: string;
}) {
  const [country, setCountry] = useState(() => countryOf(defaults.country ?? "GB"));
  const auto = (token: string) =>
    `${section ? `section-${section} ` : ""}${prefix === "billing" || prefix === "shipping" ? `${prefix} ` : ""}${token}`;
  const f = (name: string) => `${prefix}.${name}`;
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      key={name}
      label={label}
      name={f(name)}
      id={`${prefix}-${name}`}
      error={errors[f(name)]}
      defaultValue={defaults[name] ?? ""}
      maxLength={200}
      {...extra}
    />
  );
  const postcode = country ? country.postcode : { label: "Postcode or ZIP code", required: true, example: "" };
  const region = country ? country.region : { label: "County, state or province", required: false };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {field("fullName", "Full Name", { required: true, autoComplete: auto("name") })}
      {withContact ? field("email", "Email Address", { required: true, type: "email", autoComplete: "email" }) : null}
      {withContact ? field("phone", "Phone", { type: "tel", autoComplete: "tel" }) : null}
      <CountrySelect
        id={`${prefix}-country`}
        name={f("country")}
        error={errors[f("country")]}
        defaultValue={defaults.country}
        onChange={(code) => setCountry(countryOf(code))}
        autoComplete={auto("country")}
      />
      {field("addressLine1", "Address Line 1", { required: true, autoComplete: auto("address-line1") })}
      {field("addressLine2", "Address Line 2", { autoComplete: auto("address-line2") })}
      {field("city", "City", { required: true, autoComplete: auto("address-level2") })}
      {region || errors[f("county")]
        ? field("county", region?.label ?? "County", {
            required: region?.required,
            autoComplete: auto("address-level1"),
            list: region && "options" in region && region.options ? `${prefix}-regions` : undefined,
          })
        : null}
      {region && "options" in region && region.options ? (
        <datalist id={`${prefix}-regions`}>
          {Object.entries(region.options).map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </datalist>
      ) : null}
      {postcode || errors[f("postalCode")]
        ? field("postalCode", postcode?.label ?? "Postcode", {
            required: postcode?.required,
            autoComplete: auto("postal-code"),
            hint: postcode?.example ? `Such as ${postcode.example}` : undefined,
          })
        : null}
    </div>
  );
}
