import { describe, expect, it } from "vitest";
import { readStoreAddress, storeAddressDefaults, storeAddressLine, storeLocatedAt } from "./store-address";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe("the store's own address", () => {
  it("is none when every field is left empty (the country list alone says nothing)", () => {
    expect(readStoreAddress(form({ "address.country": "GB", "address.city": "  " }))).toEqual({
      ok: true,
      value: null,
    });
  });

  it("is checked with its country's rules, in the shape of every address", () => {
    const berlin = readStoreAddress(
      form({
        "address.fullName": "Spree Rails",
        "address.addressLine1": "Unter den Linden 1",
        "address.city": "Berlin",
        "address.postalCode": " 10117 ",
        "address.country": "DE",
      }),
    );
    expect(berlin).toEqual({
      ok: true,
      value: {
        fullName: "Spree Rails",
        addressLine1: "Unter den Linden 1",
        city: "Berlin",
        postalCode: "10117",
        country: "DE",
      },
    });
    const zipInUk = readStoreAddress(
      form({
        "address.fullName": "Rails",
        "address.addressLine1": "1 High St",
        "address.city": "Leeds",
        "address.postalCode": "10118",
        "address.country": "GB",
      }),
    );
    expect(zipInUk).toEqual({ ok: false, errors: { "address.postalCode": "Enter a UK postcode, such as SW1A 1AA" } });
  });

  it("writes the store page's line the way the country does, without the name", () => {
    expect(
      storeAddressLine({
        fullName: "Rails",
        addressLine1: "350 Fifth Avenue",
        city: "New York",
        county: "NY",
        postalCode: "10118",
        country: "US",
      }),
    ).toBe("350 Fifth Avenue, New York, NY 10118, UNITED STATES");
    expect(
      storeAddressLine({
        fullName: "Rails",
        addressLine1: "2 New Street",
        city: "Leeds",
        postalCode: "LS1 4AP",
        country: "GB",
      }),
    ).toBe("2 New Street, Leeds, LS1 4AP");
    expect(storeAddressLine(null)).toBe("");
  });

  it("starts from the stored address, or empty fields for a store from before", () => {
    expect(storeAddressDefaults(null)).toEqual({ country: "GB" });
    expect(storeAddressDefaults({ city: "Paris", country: "FR", addressLine2: null })).toEqual({
      city: "Paris",
      country: "FR",
      addressLine2: undefined,
    });
  });

  it("keeps a store's old text while its fields stay empty, and only then", () => {
    const paris = {
      fullName: "Rails",
      addressLine1: "12 rue de la Paix",
      city: "Paris",
      postalCode: "75002",
      country: "FR",
    };
    expect(storeLocatedAt(null, null, "12 Kensington High St, London W8")).toBe("12 Kensington High St, London W8");
    expect(storeLocatedAt(paris, null, "12 Kensington High St, London W8")).toBe(
      "12 rue de la Paix, 75002 Paris, FRANCE",
    );
    // Saved in the fields before and emptied now: no address.
    expect(storeLocatedAt(null, paris, "12 rue de la Paix, 75002 Paris, FRANCE")).toBe("");
    expect(storeLocatedAt(null, null, null)).toBe("");
  });
});
