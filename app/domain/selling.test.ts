import { describe, expect, it } from "vitest";
import { missingForPay } from "./pay-readiness";
import { readStartSelling } from "./selling-form";
import { maySellCheck, sellerRoles, SELLING_MESSAGES, signupMode, type SellingCandidate } from "./selling";

const shopper: SellingCandidate = { emailVerifiedAt: 1, deactivatedAt: null, roles: null, request: null };

describe("who may start selling", () => {
  it.each<[string, SellingCandidate, "open" | "approval", ReturnType<typeof maySellCheck>]>([
    ["a verified shopper, open", shopper, "open", { ok: true }],
    ["a verified shopper, by approval", shopper, "approval", { ok: true }],
    [
      "unverified",
      { ...shopper, emailVerifiedAt: null },
      "open",
      { ok: false, status: 403, message: SELLING_MESSAGES.unverified },
    ],
    [
      "deactivated",
      { ...shopper, deactivatedAt: 5 },
      "open",
      { ok: false, status: 403, message: SELLING_MESSAGES.deactivated },
    ],
    [
      "already a vendor",
      { ...shopper, roles: { role: "individual", adminSubrole: null, sellerRole: "vendor" } },
      "open",
      { ok: false, status: 409, message: SELLING_MESSAGES.alreadySelling },
    ],
    [
      "staff (team member) sell already",
      { ...shopper, roles: { role: "team_member", adminSubrole: "admin", sellerRole: null } },
      "open",
      { ok: false, status: 409, message: SELLING_MESSAGES.alreadySelling },
    ],
    [
      "a legacy admin",
      { ...shopper, roles: { role: "admin", adminSubrole: null, sellerRole: null } },
      "open",
      { ok: false, status: 409, message: SELLING_MESSAGES.staffAccount },
    ],
    [
      "a store owner may sell as themselves",
      { ...shopper, roles: { role: "store", adminSubrole: null, sellerRole: "store" } },
      "open",
      { ok: true },
    ],
    [
      "a pending request is not sent twice",
      { ...shopper, request: { status: "pending" } },
      "approval",
      { ok: false, status: 409, message: SELLING_MESSAGES.pending },
    ],
    ["a declined person may ask again", { ...shopper, request: { status: "declined" } }, "approval", { ok: true }],
  ])("%s", (_name, person, mode, expected) => {
    expect(maySellCheck(person, mode)).toEqual(expected);
  });

  it("gives vendor access, and a store owner keeps their store", () => {
    expect(sellerRoles(null)).toEqual({ role: "individual", adminSubrole: null, sellerRole: "vendor" });
    expect(sellerRoles({ role: "store", adminSubrole: null, sellerRole: "store" })).toEqual({
      role: "individual",
      adminSubrole: null,
      sellerRole: "store",
    });
  });

  it("reads the site setting safely: only 'approval' is by approval", () => {
    expect(signupMode("approval")).toBe("approval");
    expect(signupMode(null)).toBe("open");
    expect(signupMode("anything")).toBe("open");
  });

  it("lists what is missing before a seller can be paid", () => {
    expect(missingForPay({ returnAddress: false, payouts: true })).toEqual(["returnAddress"]);
    expect(missingForPay({ returnAddress: true, payouts: true })).toEqual([]);
    expect(missingForPay({ returnAddress: true, payouts: false })).toEqual(["payouts"]);
    expect(missingForPay({ returnAddress: false, payouts: false })).toEqual(["returnAddress", "payouts"]);
  });
});

describe("the Start selling form", () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };
  const good = {
    displayName: "Nina  Sells",
    "return.fullName": "Nina",
    "return.addressLine1": "8 Elm Row",
    "return.city": "Edinburgh",
    "return.postalCode": "EH7 4AA",
    "return.country": "United Kingdom",
    acceptTerms: "on",
  };

  it("accepts a display name, a return address and the terms", () => {
    const parsed = readStartSelling(form(good));
    expect(parsed.ok && parsed.value).toMatchObject({
      displayName: "Nina Sells",
      returnAddress: { city: "Edinburgh", postalCode: "EH7 4AA" },
    });
  });

  it("names each field that is wrong", () => {
    const { acceptTerms: _, ...noTerms } = good;
    const parsed = readStartSelling(form({ ...noTerms, displayName: "<script>", "return.city": "" }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors.acceptTerms).toBe(SELLING_MESSAGES.termsRequired);
      expect(parsed.errors.displayName).toMatch(/Display name can use letters/);
      expect(parsed.errors["return.city"]).toBeTruthy();
      expect(parsed.echo["return.city"]).toBe("");
      expect(parsed.echo.acceptTerms).toBe("");
    }
  });

  it("gives back the ticked terms box with a refused form (decision 0068)", () => {
    const parsed = readStartSelling(form({ ...good, displayName: "<script>" }));
    expect(!parsed.ok && parsed.echo.acceptTerms).toBe("on");
  });
});
