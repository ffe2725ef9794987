import { describe, expect, it } from "vitest";
import { checkAddressParts, formatAddress } from "./address-rules";

describe("address rules per country", () => {
  it.each([
    [
      { country: "GB", postalCode: "sw1a1aa" },
      { country: "GB", postalCode: "SW1A 1AA", county: undefined },
    ],
    [
      { country: "United Kingdom", postalCode: "EH7 4AA", county: "Midlothian" },
      { country: "GB", postalCode: "EH7 4AA", county: "Midlothian" },
    ],
    [
      { country: "FR", postalCode: "75002" },
      { country: "FR", postalCode: "75002", county: undefined },
    ],
    [
      { country: "IE", postalCode: "" },
      { country: "IE", postalCode: undefined, county: undefined },
    ],
    [
      { country: "IE", postalCode: "d02x285" },
      { country: "IE", postalCode: "D02 X285", county: undefined },
    ],
    [
      { country: "HK", postalCode: "", county: "Kowloon" },
      { country: "HK", postalCode: undefined, county: "Kowloon" },
    ],
    [
      { country: "US", postalCode: "10001-1234", county: "new york" },
      { country: "US", postalCode: "10001-1234", county: "NY" },
    ],
    [
      { country: "CA", postalCode: "k1a0b1", county: "ON" },
      { country: "CA", postalCode: "K1A 0B1", county: "ON" },
    ],
    [
      { country: "NL", postalCode: "1012ab" },
      { country: "NL", postalCode: "1012 AB", county: undefined },
    ],
    [
      { country: "JP", postalCode: "1000001", county: "Tokyo" },
      { country: "JP", postalCode: "100-0001", county: "Tokyo" },
    ],
  ])("accepts %o", (input, value) => expect(checkAddressParts(input)).toEqual({ ok: true, value }));

  it.each([
    [{ country: "ZZ", postalCode: "1" }, { country: "Choose a country from the list" }],
    [{ country: "GB", postalCode: "10001" }, { postalCode: "Enter a UK postcode, such as SW1A 1AA" }],
    [{ country: "GB", postalCode: "" }, { postalCode: "Postal code is required" }],
    [{ country: "FR", postalCode: "SW1A 1AA" }, { postalCode: "Enter a postal code for France, such as 75002" }],
    [{ country: "HK", postalCode: "999077" }, { postalCode: "Leave the postcode empty: Hong Kong has no postcodes" }],
    [{ country: "IE", postalCode: "12345" }, { postalCode: "Enter an Eircode for Ireland, such as D02 X285" }],
    [
      { country: "US", postalCode: "SW1A 1AA", county: "NY" },
      { postalCode: "Enter a ZIP code for United States, such as 10001" },
    ],
    [{ country: "US", postalCode: "10001" }, { county: "State is required" }],
    [
      { country: "US", postalCode: "10001", county: "Narnia" },
      { county: "Choose a state of United States from the list" },
    ],
    [{ country: "JP", postalCode: "100-0001" }, { county: "Prefecture is required" }],
  ])("refuses %o at the field", (input, errors) => expect(checkAddressParts(input)).toEqual({ ok: false, errors }));

  it("prints an address the way its country writes it", () => {
    const base = { fullName: "Camille Martin", addressLine1: "12 rue de la Paix", addressLine2: null };
    expect(formatAddress({ ...base, city: "Paris", postalCode: "75002", country: "FR" })).toEqual([
      "Camille Martin",
      "12 rue de la Paix",
      "75002 Paris",
      "FRANCE",
    ]);
    expect(
      formatAddress({
        fullName: "Ada Lovelace",
        addressLine1: "12 St James's Square",
        city: "London",
        postalCode: "SW1Y 4JH",
        country: "United Kingdom",
      }),
    ).toEqual(["Ada Lovelace", "12 St James's Square", "London", "SW1Y 4JH"]);
    expect(
      formatAddress({
        fullName: "Sam Lee",
        addressLine1: "350 Fifth Avenue",
        addressLine2: "Floor 21",
        city: "New York",
        county: "NY",
        postalCode: "10118",
        country: "US",
      }),
    ).toEqual(["Sam Lee", "350 Fifth Avenue", "Floor 21", "New York, NY 10118", "UNITED STATES"]);
    expect(
      formatAddress({
        fullName: "Wing Chan",
        addressLine1: "1 Nathan Road",
        city: "Tsim Sha Tsui",
        county: "Kowloon",
        country: "HK",
      }),
    ).toEqual(["Wing Chan", "1 Nathan Road", "Tsim Sha Tsui", "Kowloon", "HONG KONG"]);
    expect(formatAddress(null)).toEqual([]);
  });
});
