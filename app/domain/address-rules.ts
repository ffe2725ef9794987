import { countryOf, type Country } from "./countries";

// Each country's checks on an address, and the way it prints (issue 45, item 5; decision 0087).
// Every address is stored in one shape (fullName, addressLine1, addressLine2, city, county,
// postalCode, country), `county` holding the state, province or county and `country` its ISO code.

// 'ZIP code' and 'Eircode' keep their capitals inside a sentence; 'Postal code' does not.
const lower = (label: string) =>
  /^[A-Z][a-z]/.test(label) && label !== "Eircode" ? label[0]!.toLowerCase() + label.slice(1) : label;

export const ADDRESS_RULE_MESSAGES = {
  country: "Choose a country from the list",
  noPostcode: (c: Country) => `Leave the postcode empty: ${c.name} has no postcodes`,
  postcodeRequired: (c: Country) => `${c.postcode!.label} is required`,
  postcodeShape: (c: Country) =>
    c.code === "GB"
      ? `Enter a UK postcode, such as ${c.postcode!.example}`
      : `Enter ${/^[AEIOU]/.test(c.postcode!.label) ? "an" : "a"} ${lower(c.postcode!.label)} for ${c.name}, such as ${c.postcode!.example}`,
  regionRequired: (c: Country) => `${c.region!.label} is required`,
  regionUnknown: (c: Country) => `Choose a ${c.region!.label.toLowerCase()} of ${c.name} from the list`,
} as const;

/** An address as stored (the parts of app/domain/postal-address.ts ADDRESS_FIELDS). */
type PostalAddress = Partial<
  Record<"fullName" | "addressLine1" | "addressLine2" | "city" | "county" | "postalCode" | "country", string | null>
>;

export type AddressErrors = Partial<Record<"country" | "postalCode" | "county", string>>;

export type CheckedAddressParts = {
  country: string;
  postalCode: string | undefined;
  county: string | undefined;
};

/**
 * The country's checks on the parts that differ by country: its code, its postcode (shape,
 * required, or none at all) and its state or province. What passes comes back written the
 * country's way (codes upper-cased, 'sw1a1aa' as 'SW1A 1AA', a US state as its code).
 */
export function checkAddressParts(input: {
  country?: unknown;
  postalCode?: unknown;
  county?: unknown;
}): { ok: true; value: CheckedAddressParts } | { ok: false; errors: AddressErrors } {
  const country = countryOf(input.country);
  if (!country) return { ok: false, errors: { country: ADDRESS_RULE_MESSAGES.country } };
  const errors: AddressErrors = {};
  const typed = typeof input.postalCode === "string" ? input.postalCode.trim().toUpperCase() : "";
  let postalCode: string | undefined;
  if (!country.postcode) {
    if (typed) errors.postalCode = ADDRESS_RULE_MESSAGES.noPostcode(country);
  } else if (!typed) {
    if (country.postcode.required) errors.postalCode = ADDRESS_RULE_MESSAGES.postcodeRequired(country);
  } else if (!country.postcode.shape.test(typed)) {
    errors.postalCode = ADDRESS_RULE_MESSAGES.postcodeShape(country);
  } else {
    postalCode = country.postcode.tidy ? country.postcode.tidy(typed) : typed;
  }
  const region = typeof input.county === "string" ? input.county.trim() : "";
  let county: string | undefined = region || undefined;
  if (country.region?.options) {
    const options = country.region.options;
    const code = Object.keys(options).find(
      (k) => k === region.toUpperCase() || options[k]!.toLowerCase() === region.toLowerCase(),
    );
    if (!region) errors.county = ADDRESS_RULE_MESSAGES.regionRequired(country);
    else if (!code) errors.county = ADDRESS_RULE_MESSAGES.regionUnknown(country);
    county = code;
  } else if (country.region?.required && !region) {
    errors.county = ADDRESS_RULE_MESSAGES.regionRequired(country);
  } else if (!country.region) {
    county = undefined;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { country: country.code, postalCode, county } };
}

/**
 * The address's lines as the destination writes them (its layout), the country's name last in
 * capitals as international post asks (none for the UK, where every parcel is sent from): one function for labels, pages and e-mails. An address
 * stored before countries had codes ('United Kingdom') prints the same way.
 */
export function formatAddress(address: PostalAddress | null | undefined): string[] {
  if (!address) return [];
  const country = countryOf(address.country);
  const part = (value: string | null | undefined) => (value ?? "").trim();
  if (!country) {
    return [
      address.fullName,
      address.addressLine1,
      address.addressLine2,
      address.city,
      address.county,
      address.postalCode,
      address.country,
    ]
      .map(part)
      .filter(Boolean);
  }
  const streets = [part(address.addressLine1), part(address.addressLine2)].filter(Boolean).join("\n");
  const lines = country.layout
    .replace("%N", part(address.fullName))
    .replace("%A", streets)
    .replace("%C", part(address.city))
    .replace("%S", part(address.county))
    .replace("%Z", part(address.postalCode))
    .split("%n")
    .flatMap((line) => line.split("\n"))
    .map((line) => line.replace(/\s+/g, " ").replace(/^[\s,]+|[\s,]+$/g, ""))
    .filter(Boolean);
  // Every parcel leaves from the UK: a UK address needs no country line, any other ends with it.
  return country.code === "GB" ? lines : [...lines, country.name.toUpperCase()];
}

/** The country's name for a stored address's code (or its old name), for a line such as 'Ships to France'. */
export const countryName = (value: unknown) => countryOf(value)?.name ?? null;
