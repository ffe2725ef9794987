import { describe, expect, it } from "vitest";
import { listingShippingTo, myCountryLink, narrowedZone, readShipsTo, shopperCountry } from "./ships-to-filter";

const read = (qs: string) => readShipsTo(new URLSearchParams(qs));

describe("the listings' 'Ships to' filter", () => {
  it.each([
    ["", { kind: "none" }],
    ["ships_to=", { kind: "none" }],
    ["ships_to=mine", { kind: "mine" }],
    ["ships_to=MINE", { kind: "mine" }],
    ["ships_to=FR", { kind: "country", country: { code: "FR", name: "France" }, zone: "europe" }],
    ["ships_to=us", { kind: "country", country: { code: "US", name: "United States" }, zone: "world" }],
    ["ships_to=GB", { kind: "country", country: { code: "GB", name: "United Kingdom" }, zone: "uk" }],
  ])("reads ?%s", (qs, expected) => expect(read(qs)).toEqual(expected));

  it.each(["ZZ", "France", "F", "<script>"])("leaves out %s with a note", (raw) => {
    expect(read(`ships_to=${encodeURIComponent(raw)}`)).toEqual({
      kind: "unknown",
      note: `Ships to: "${raw}" is not a country we deliver to, so it was left out.`,
    });
  });

  it("narrows a listing only abroad: every handler ships inside the UK", () => {
    expect(narrowedZone(read("ships_to=GB"))).toBeNull();
    expect(narrowedZone(read("ships_to=DE"))).toBe("europe");
    expect(narrowedZone(read("ships_to=JP"))).toBe("world");
    expect(narrowedZone(read("ships_to=XX"))).toBeNull();
  });

  it("takes the last delivery address, else the edge's country where it is trusted, else the UK", () => {
    expect(shopperCountry("FR", "US", true)).toBe("FR");
    expect(shopperCountry("France", null, false)).toBe("FR");
    expect(shopperCountry(undefined, "US", true)).toBe("US");
    expect(shopperCountry(undefined, "US", false)).toBe("GB");
    expect(shopperCountry("Narnia", "T1", true)).toBe("GB");
    expect(shopperCountry(null, "KP", true)).toBe("GB");
  });

  it("comes back to the listing's first page with the country, and only to our own pages", () => {
    expect(myCountryLink("/categories/coats", new URLSearchParams("brand=Ganni&ships_to=mine&after=x"))).toBe(
      `/ships-to?return=${encodeURIComponent("/categories/coats?brand=Ganni")}`,
    );
    expect(listingShippingTo("/categories/coats?brand=Ganni&before=y&ships_to=GB", "FR")).toBe(
      "/categories/coats?brand=Ganni&ships_to=FR",
    );
    expect(listingShippingTo("//evil.example/x", "FR")).toBe("/all-products?ships_to=FR");
    expect(listingShippingTo(null, "GB")).toBe("/all-products?ships_to=GB");
  });
});
