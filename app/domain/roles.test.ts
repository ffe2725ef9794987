import { describe, expect, it } from "vitest";
import { roleFlags, type AdminSubrole, type Role, type SellerRole } from "./roles";

const roles: (Role | null)[] = [null, "admin", "team_member", "individual", "store"];
const subroles: (AdminSubrole | null)[] = [null, "superadmin", "admin", "product_reviewer", "customer_support"];
const sellerRoles: (SellerRole | null)[] = [null, "vendor", "store"];

// shopper.md §6, written out independently of the implementation.
function expected(role: Role | null, sub: AdminSubrole | null, seller: SellerRole | null) {
  const isAdmin = role === "admin" || (role === "team_member" && sub !== null);
  return {
    isAdmin,
    isVendor: role === "individual" || role === "team_member",
    isStore: role === "store" || seller === "store",
    isSuperAdmin: isAdmin && sub === "superadmin",
    isAdminRole: isAdmin && sub === "admin",
    isProductReviewer: isAdmin && sub === "product_reviewer",
    isCustomerSupport: isAdmin && sub === "customer_support",
  };
}

describe("roleFlags covers every role × subrole × seller role", () => {
  const cases = roles.flatMap((role) =>
    subroles.flatMap((sub) => sellerRoles.map((seller) => [role, sub, seller] as const)),
  );
  it.each(cases)("role %s, subrole %s, seller role %s", (role, adminSubrole, sellerRole) => {
    expect(roleFlags({ role, adminSubrole, sellerRole })).toEqual(expected(role, adminSubrole, sellerRole));
  });

  it("spot checks from the spec", () => {
    expect(roleFlags(null)).toEqual(expected(null, null, null));
    expect(roleFlags({ role: "team_member", adminSubrole: null, sellerRole: null }).isAdmin).toBe(false);
    expect(roleFlags({ role: "team_member", adminSubrole: "customer_support", sellerRole: null })).toMatchObject({
      isAdmin: true,
      isCustomerSupport: true,
      isVendor: true,
      isSuperAdmin: false,
    });
    expect(roleFlags({ role: "admin", adminSubrole: null, sellerRole: null })).toMatchObject({
      isAdmin: true,
      isSuperAdmin: false,
      isVendor: false,
    });
    expect(roleFlags({ role: "individual", adminSubrole: "superadmin", sellerRole: "store" })).toMatchObject({
      isAdmin: false,
      isSuperAdmin: false,
      isStore: true,
      isVendor: true,
    });
  });
});
