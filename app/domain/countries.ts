// The countries an address can be in (issue 45, item 5; decision 0087): a compact table after
// Google's address data (libaddressinput, chromium-i18n.appspot.com/ssl-address), cut to the
// countries the shop delivers to, so the Worker carries a few kilobytes rather than the whole set.
// Each says how its postcode looks (or that it has none), whether a state or province is part of
// an address, and the order an envelope writes the parts in (%N name, %A street lines, %C town,
// %S state/province/county, %Z postcode, %n a new line).

export type ShippingZone = "uk" | "europe" | "world";

export interface PostcodeRule {
  /** What the country calls it: 'Postcode', 'ZIP code', 'Eircode', 'Postal code'. */
  label: string;
  /** Its shape, after upper-casing and trimming. */
  shape: RegExp;
  example: string;
  /** Optional where many addresses have none yet (Ireland's Eircode). */
  required: boolean;
  /** Written the country's way: 'SW1A1AA' becomes 'SW1A 1AA'. */
  tidy?: (upper: string) => string;
}

export interface RegionRule {
  label: string;
  required: boolean;
  /** The country's own list (US states, Canadian provinces, Australian states): code to name. */
  options?: Readonly<Record<string, string>>;
}

export interface Country {
  code: string;
  name: string;
  zone: ShippingZone;
  /** null: the country has no postcodes (Hong Kong). */
  postcode: PostcodeRule | null;
  region: RegionRule | null;
  layout: string;
}

const digits = (n: number, example: string, label = "Postal code"): PostcodeRule => ({
  label,
  shape: new RegExp(`^\\d{${n}}$`),
  example,
  required: true,
});
const spaced = (at: number) => (upper: string) => {
  const bare = upper.replace(/[\s-]/g, "");
  return `${bare.slice(0, at)} ${bare.slice(at)}`;
};
const dashed = (at: number) => (upper: string) => {
  const bare = upper.replace(/[\s-]/g, "");
  return `${bare.slice(0, at)}-${bare.slice(at)}`;
};

const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  PR: "Puerto Rico",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};
const CA_PROVINCES: Record<string, string> = {
  AB: "Alberta",
  BC: "British Columbia",
  MB: "Manitoba",
  NB: "New Brunswick",
  NL: "Newfoundland and Labrador",
  NS: "Nova Scotia",
  NT: "Northwest Territories",
  NU: "Nunavut",
  ON: "Ontario",
  PE: "Prince Edward Island",
  QC: "Quebec",
  SK: "Saskatchewan",
  YT: "Yukon",
};
const AU_STATES: Record<string, string> = {
  ACT: "Australian Capital Territory",
  NSW: "New South Wales",
  NT: "Northern Territory",
  QLD: "Queensland",
  SA: "South Australia",
  TAS: "Tasmania",
  VIC: "Victoria",
  WA: "Western Australia",
};

const EUROPE_LAYOUT = "%N%n%A%n%Z %C";
const europe = (code: string, name: string, postcode: PostcodeRule, layout = EUROPE_LAYOUT): Country => ({
  code,
  name,
  zone: "europe",
  postcode,
  region: null,
  layout,
});

export const COUNTRIES: readonly Country[] = [
  {
    code: "GB",
    name: "United Kingdom",
    zone: "uk",
    postcode: {
      label: "Postal code",
      shape: /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/,
      example: "SW1A 1AA",
      required: true,
      tidy: (u) => u.replace(/^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/, "$1 $2"),
    },
    region: { label: "County", required: false },
    layout: "%N%n%A%n%C%n%S%n%Z",
  },
  {
    code: "AU",
    name: "Australia",
    zone: "world",
    postcode: digits(4, "2000", "Postcode"),
    region: { label: "State", required: true, options: AU_STATES },
    layout: "%N%n%A%n%C %S %Z",
  },
  europe("AT", "Austria", digits(4, "1010")),
  europe("BE", "Belgium", digits(4, "1000")),
  {
    code: "CA",
    name: "Canada",
    zone: "world",
    postcode: {
      label: "Postal code",
      shape: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\s?\d[ABCEGHJ-NPRSTV-Z]\d$/,
      example: "K1A 0B1",
      required: true,
      tidy: spaced(3),
    },
    region: { label: "Province", required: true, options: CA_PROVINCES },
    layout: "%N%n%A%n%C %S %Z",
  },
  europe("DK", "Denmark", digits(4, "1050")),
  europe("FI", "Finland", digits(5, "00100")),
  europe("FR", "France", digits(5, "75002")),
  europe("DE", "Germany", digits(5, "10115")),
  {
    code: "HK",
    name: "Hong Kong",
    zone: "world",
    postcode: null,
    region: { label: "Area", required: false },
    layout: "%N%n%A%n%C%n%S",
  },
  {
    code: "IE",
    name: "Ireland",
    zone: "europe",
    postcode: {
      label: "Eircode",
      shape: /^([AC-FHKNPRTV-Y]\d{2}|D6W)\s?[0-9AC-FHKNPRTV-Y]{4}$/,
      example: "D02 X285",
      required: false,
      tidy: spaced(3),
    },
    region: { label: "County", required: false },
    layout: "%N%n%A%n%C%n%S%n%Z",
  },
  {
    ...europe("IT", "Italy", digits(5, "00144")),
    region: { label: "Province", required: false },
    layout: "%N%n%A%n%Z %C %S",
  },
  {
    code: "JP",
    name: "Japan",
    zone: "world",
    postcode: { label: "Postal code", shape: /^\d{3}-?\d{4}$/, example: "100-0001", required: true, tidy: dashed(3) },
    region: { label: "Prefecture", required: true },
    layout: "%N%n%A%n%C, %S%n%Z",
  },
  europe("NL", "Netherlands", {
    label: "Postcode",
    shape: /^\d{4}\s?[A-Z]{2}$/,
    example: "1012 AB",
    required: true,
    tidy: spaced(4),
  }),
  {
    code: "NZ",
    name: "New Zealand",
    zone: "world",
    postcode: digits(4, "6011", "Postcode"),
    region: null,
    layout: "%N%n%A%n%C %Z",
  },
  europe("NO", "Norway", digits(4, "0150")),
  europe("PL", "Poland", {
    label: "Postal code",
    shape: /^\d{2}-?\d{3}$/,
    example: "00-950",
    required: true,
    tidy: dashed(2),
  }),
  europe("PT", "Portugal", {
    label: "Postal code",
    shape: /^\d{4}-?\d{3}$/,
    example: "1000-001",
    required: true,
    tidy: dashed(4),
  }),
  {
    code: "SG",
    name: "Singapore",
    zone: "world",
    postcode: digits(6, "049315"),
    region: null,
    layout: "%N%n%A%n%C %Z",
  },
  {
    ...europe("ES", "Spain", digits(5, "28013")),
    region: { label: "Province", required: false },
    layout: "%N%n%A%n%Z %C%n%S",
  },
  europe("SE", "Sweden", {
    label: "Postal code",
    shape: /^\d{3}\s?\d{2}$/,
    example: "111 22",
    required: true,
    tidy: spaced(3),
  }),
  europe("CH", "Switzerland", digits(4, "8001")),
  {
    code: "US",
    name: "United States",
    zone: "world",
    postcode: { label: "ZIP code", shape: /^\d{5}(-\d{4})?$/, example: "10001", required: true },
    region: { label: "State", required: true, options: US_STATES },
    layout: "%N%n%A%n%C, %S %Z",
  },
];

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));
// Addresses stored before countries had codes say 'United Kingdom'; people type these too.
const UK_NAMES = [
  "united kingdom",
  "uk",
  "u.k.",
  "gb",
  "great britain",
  "britain",
  "england",
  "scotland",
  "wales",
  "northern ireland",
];
const BY_NAME = new Map<string, Country>([
  ...COUNTRIES.map((c) => [c.name.toLowerCase(), c] as const),
  ...UK_NAMES.map((n) => [n, BY_CODE.get("GB")!] as const),
]);

/** The country of a code ('FR') or a name ('France', 'United Kingdom'), or null for one we do not know. */
export function countryOf(value: unknown): Country | null {
  if (typeof value !== "string") return null;
  const typed = value.trim();
  return BY_CODE.get(typed.toUpperCase()) ?? BY_NAME.get(typed.toLowerCase()) ?? null;
}

/** The countries in the order a list shows them: the United Kingdom first, then by name. */
export const COUNTRY_CHOICES = COUNTRIES.map((c) => ({ code: c.code, name: c.name }));
