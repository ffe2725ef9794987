import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseCheckoutForm } from "./checkout";
import { readStartSelling } from "./selling-form";
import { checkForm, fieldGroup, firstMessages } from "./submission";

const posted = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

const Simple = z.object({
  email: z.string({ error: "Email is required" }).trim().min(1, "Email is required"),
  note: z.string().max(5, "Too long").optional(),
  address: fieldGroup(
    z.object({
      city: z.string({ error: "City is required" }).trim().min(1, "City is required"),
      country: z.string().min(1, "Country is required").default("United Kingdom"),
    }),
  ),
});

describe("checkForm (Conform's parseWithZod)", () => {
  it("reads dotted names into objects and answers the value", () => {
    expect(
      checkForm(
        posted([
          ["email", "a@b.c"],
          ["address.city", "York"],
          ["address.country", "France"],
        ]),
        Simple,
      ),
    ).toEqual({ ok: true, value: { email: "a@b.c", address: { city: "York", country: "France" } } });
  });

  it("names each error by its field, first message only", () => {
    const result = checkForm(
      posted([
        ["email", " "],
        ["note", "toolong"],
        ["address.city", ""],
      ]),
      Simple,
    );
    expect(result).toEqual({
      ok: false,
      errors: { email: "Email is required", note: "Too long", "address.city": "City is required" },
    });
  });

  it("keeps an emptied field empty: its own message, not the schema's default", () => {
    const result = checkForm(
      posted([
        ["email", "a@b.c"],
        ["address.city", "York"],
        ["address.country", ""],
      ]),
      Simple,
    );
    expect(result).toEqual({ ok: false, errors: { "address.country": "Country is required" } });
  });

  it("says a group's fields are missing at each field when none was sent", () => {
    expect(checkForm(posted([["email", "a@b.c"]]), Simple)).toEqual({
      ok: false,
      errors: { "address.city": "City is required" },
    });
  });

  it("reads a field sent twice once (the first), as form.get does", () => {
    expect(
      checkForm(
        posted([
          ["email", "first@b.c"],
          ["email", "second@b.c"],
          ["address.city", "York"],
        ]),
        Simple,
      ),
    ).toMatchObject({ ok: true, value: { email: "first@b.c" } });
  });

  it("ignores Conform's own reserved names, forged or not JSON", () => {
    for (const name of ["__intent__", "__state__"]) {
      expect(() =>
        checkForm(
          posted([
            [name, "{not json"],
            ["email", "a@b.c"],
            ["address.city", "York"],
          ]),
          Simple,
        ),
      ).not.toThrow();
      expect(
        checkForm(
          posted([
            [name, JSON.stringify({ type: "validate", payload: {} })],
            ["email", "a@b.c"],
            ["address.city", "York"],
          ]),
          Simple,
        ).ok,
      ).toBe(true);
    }
  });

  it("never throws on names that are no path (prototype keys, brackets)", () => {
    const result = checkForm(
      posted([
        ["__proto__.polluted", "x"],
        ["constructor", "x"],
        ["a[", "x"],
        ["email", "a@b.c"],
        ["address.city", "York"],
      ]),
      Simple,
    );
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("puts an error about the whole form under `form`", () => {
    expect(firstMessages({ "": ["Whole form"], email: ["One", "Two"], note: null })).toEqual({
      form: "Whole form",
      email: "One",
    });
  });
});

describe("forms read through checkForm", () => {
  const billing: [string, string][] = [
    ["billing.fullName", "Ada"],
    ["billing.email", "ada@example.test"],
    ["billing.addressLine1", "1 Road"],
    ["billing.city", "York"],
    ["billing.postalCode", "YO1 1AA"],
    ["billing.country", "United Kingdom"],
  ];

  it("checkout: shipping copies billing when asked, without its e-mail and phone", () => {
    const parsed = parseCheckoutForm(posted([...billing, ["sameAsBilling", "on"], ["shipping.city", ""]]));
    expect(parsed).toMatchObject({
      ok: true,
      sameAsBilling: true,
      shipping: { fullName: "Ada", city: "York", country: "GB" },
    });
    expect(parsed.ok && "email" in parsed.shipping).toBe(false);
  });

  it("checkout: each missing field at its own name", () => {
    const parsed = parseCheckoutForm(posted([["billing.fullName", "Ada"]]));
    expect(parsed.ok ? {} : parsed.errors).toEqual({
      "billing.email": "Email address is required",
      "billing.addressLine1": "Address line 1 is required",
      "billing.city": "City is required",
      "billing.postalCode": "Postal code is required",
      "shipping.fullName": "Full name is required",
      "shipping.addressLine1": "Address line 1 is required",
      "shipping.city": "City is required",
      "shipping.postalCode": "Postal code is required",
    });
  });

  it("start selling: the return address's errors by their posted names, the display name's first", () => {
    const parsed = readStartSelling(
      posted([
        ["displayName", "<b>"],
        ["return.fullName", "Nina"],
        ["return.city", ""],
        ["return.country", ""],
      ]),
    );
    expect(parsed.ok).toBe(false);
    // Without a country its postcode cannot be checked: the country is asked for first (issue 45).
    expect(Object.keys(parsed.ok ? {} : parsed.errors)).toEqual([
      "displayName",
      "return.addressLine1",
      "return.city",
      "return.country",
      "acceptTerms",
    ]);
    expect(parsed.echo["return.fullName"]).toBe("Nina");
  });
});
