import { describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES, BillingAddress, lastAddresses, ShippingAddress } from "./checkout";

// A parcel is sent to, and returned from, an address in the United Kingdom (decision 0067).
const address = (over: Record<string, string> = {}) => ({
  fullName: "Ada Lovelace",
  addressLine1: "12 St James's Square",
  city: "London",
  postalCode: "SW1Y 4JH",
  country: "United Kingdom",
  ...over,
});
const errorOf = (result: ReturnType<typeof ShippingAddress.safeParse>) =>
  result.success ? null : result.error.issues[0]!.message;

describe("a UK address", () => {
  it.each([
    ["sw1y4jh", "SW1Y 4JH"],
    [" n1  1aa ", "N1 1AA"],
    ["EH7 4AA", "EH7 4AA"],
    ["l17 8uu", "L17 8UU"],
  ])("writes the postcode %j as Royal Mail does: %j", (typed, written) => {
    expect(ShippingAddress.parse(address({ postalCode: typed })).postalCode).toBe(written);
  });

  it.each(["!!!", "XXXXX", "12345", "SW1Y", "SW1Y 4JHX"])("refuses the postcode %j", (postalCode) => {
    expect(errorOf(ShippingAddress.safeParse(address({ postalCode })))).toBe(ADDRESS_MESSAGES.postcode);
  });

  it("takes the country by its code or usual names, stored as its code, and no unknown country", () => {
    for (const country of ["GB", "UK", "great britain", "Scotland", "Northern Ireland", "United Kingdom"])
      expect(ShippingAddress.parse(address({ country })).country).toBe("GB");
    expect(ShippingAddress.parse(address({ country: "FR", postalCode: "75002" }))).toMatchObject({
      country: "FR",
      postalCode: "75002",
    });
    expect(errorOf(ShippingAddress.safeParse(address({ country: "FR" })))).toBe(
      "Enter a postal code for France, such as 75002",
    );
    expect(errorOf(ShippingAddress.safeParse(address({ country: "HK" })))).toBe(
      "Leave the postcode empty: Hong Kong has no postcodes",
    );
    expect(errorOf(ShippingAddress.safeParse(address({ country: "Narnia" })))).toBe(ADDRESS_MESSAGES.country);
  });

  it("wants a town with letters, and a phone number with 7 to 15 digits", () => {
    expect(errorOf(ShippingAddress.safeParse(address({ city: "1234" })))).toBe(ADDRESS_MESSAGES.city);
    const billing = (phone: string) => BillingAddress.safeParse({ ...address(), email: "ada@example.test", phone });
    expect(billing("+44 (0)7700 900123").success).toBe(true);
    for (const phone of ["call me maybe", "123", "1".repeat(16)])
      expect(errorOf(billing(phone))).toBe(ADDRESS_MESSAGES.phone);
  });
});

describe("lastAddresses", () => {
  const home = {
    fullName: "Ada Lovelace",
    addressLine1: "12 St James's Square",
    city: "London",
    postalCode: "SW1Y 4JH",
    country: "United Kingdom",
  };
  it("starts from the last order's addresses, with today's e-mail; same address when shipping was billing's", () => {
    expect(
      lastAddresses(
        { billing: { ...home, email: "old@example.test", phone: "07700 900123" }, shipping: home },
        "new@example.test",
      ),
    ).toEqual({
      billing: { ...home, email: "new@example.test", phone: "07700 900123" },
      shipping: home,
      same: true,
    });
    const office = { ...home, addressLine1: "1 Office Row" };
    expect(
      lastAddresses({ billing: { ...home, email: "a@example.test" }, shipping: office }, "a@example.test")?.same,
    ).toBe(false);
  });

  it("takes only address fields, as text, and nothing without an order", () => {
    expect(lastAddresses(undefined, "a@example.test")).toBeNull();
    expect(
      lastAddresses({ billing: { fullName: 5, admin: "yes", city: "Leeds" }, shipping: null }, "a@example.test"),
    ).toEqual({ billing: { city: "Leeds", email: "a@example.test" }, shipping: {}, same: false });
  });
});
