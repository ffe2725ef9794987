import { describe, expect, it } from "vitest";
import type { RoleRecord } from "./roles";
import {
  planDeactivation,
  planRoleChange,
  roleLabels,
  ROLE_MESSAGES,
  subroleChoicesFor,
  type RoleChangeContext,
} from "./admin-roles";

const superadmin: RoleChangeContext = { actorIsSuperadmin: true, self: false, otherActiveSuperadmins: 1 };
const admin: RoleChangeContext = { actorIsSuperadmin: false, self: false, otherActiveSuperadmins: 1 };
const shopper = null;
const vendor: RoleRecord = { role: "individual", adminSubrole: null, sellerRole: "vendor" };
const store: RoleRecord = { role: "store", adminSubrole: null, sellerRole: "store" };
const team = (adminSubrole: RoleRecord["adminSubrole"], sellerRole: RoleRecord["sellerRole"] = null): RoleRecord => ({
  role: "team_member",
  adminSubrole,
  sellerRole,
});

describe("the sub-role dropdown (§6)", () => {
  it("lists Superadmin only for a superadmin", () => {
    expect(subroleChoicesFor(true)).toEqual(["none", "admin", "product_reviewer", "customer_support", "superadmin"]);
    expect(subroleChoicesFor(false)).toEqual(["none", "admin", "product_reviewer", "customer_support"]);
  });
});

describe("planRoleChange: §4's rule", () => {
  it("an admin sub-role makes the role team_member, keeping the seller role", () => {
    expect(planRoleChange(shopper, { type: "subrole", to: "customer_support" }, admin)).toEqual({
      ok: true,
      changed: true,
      next: team("customer_support"),
      message: ROLE_MESSAGES.assigned,
    });
    expect(planRoleChange(store, { type: "subrole", to: "admin" }, admin)).toMatchObject({
      ok: true,
      next: team("admin", "store"),
    });
    expect(planRoleChange(team("admin"), { type: "subrole", to: "product_reviewer" }, admin)).toMatchObject({
      ok: true,
      changed: true,
      next: team("product_reviewer"),
    });
    // A vendor made staff is remembered as a vendor, so 'none' gives their selling back.
    expect(planRoleChange(vendor, { type: "subrole", to: "admin" }, admin)).toMatchObject({
      ok: true,
      next: team("admin", "vendor"),
    });
    expect(
      planRoleChange(
        { role: "individual", adminSubrole: null, sellerRole: null },
        { type: "subrole", to: "admin" },
        admin,
      ),
    ).toMatchObject({ ok: true, next: team("admin", "vendor") });
  });

  it("'none' returns a seller to individual and removes the sub-role; on a non-staff user it changes nothing", () => {
    expect(planRoleChange(team("product_reviewer", "vendor"), { type: "subrole", to: "none" }, admin)).toEqual({
      ok: true,
      changed: true,
      next: { role: "individual", adminSubrole: null, sellerRole: "vendor" },
      message: ROLE_MESSAGES.removed,
    });
    // Removing a staff role never grants selling: a shopper made staff goes back to a shopper, a store to its store.
    expect(planRoleChange(team("product_reviewer"), { type: "subrole", to: "none" }, admin)).toMatchObject({
      ok: true,
      changed: true,
      next: null,
    });
    expect(planRoleChange(team("admin", "store"), { type: "subrole", to: "none" }, admin)).toMatchObject({
      ok: true,
      next: { role: "store", adminSubrole: null, sellerRole: "store" },
    });
    expect(planRoleChange(shopper, { type: "subrole", to: "none" }, admin)).toMatchObject({
      ok: true,
      changed: false,
      next: null,
    });
    expect(planRoleChange(vendor, { type: "subrole", to: "none" }, admin)).toMatchObject({ ok: true, changed: false });
  });

  it("the same sub-role again changes nothing", () => {
    expect(planRoleChange(team("admin"), { type: "subrole", to: "admin" }, admin)).toMatchObject({
      ok: true,
      changed: false,
    });
  });

  it("only a superadmin grants superadmin or changes a superadmin", () => {
    expect(planRoleChange(team("admin"), { type: "subrole", to: "superadmin" }, admin)).toEqual({
      ok: false,
      status: 403,
      message: ROLE_MESSAGES.superadminOnlyAssign,
    });
    expect(planRoleChange(team("superadmin"), { type: "subrole", to: "none" }, admin)).toEqual({
      ok: false,
      status: 403,
      message: ROLE_MESSAGES.superadminOnlyChange,
    });
    expect(planRoleChange(team("admin"), { type: "subrole", to: "superadmin" }, superadmin)).toMatchObject({
      ok: true,
      next: team("superadmin"),
    });
    expect(planRoleChange(team("superadmin"), { type: "subrole", to: "admin" }, superadmin)).toMatchObject({
      ok: true,
      next: team("admin"),
    });
  });

  it("nobody removes the last active superadmin, or changes their own roles", () => {
    const last = { ...superadmin, otherActiveSuperadmins: 0 };
    expect(planRoleChange(team("superadmin"), { type: "subrole", to: "admin" }, last)).toEqual({
      ok: false,
      status: 409,
      message: ROLE_MESSAGES.lastSuperadmin,
    });
    expect(planRoleChange(team("superadmin"), { type: "subrole", to: "none" }, last)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(planRoleChange(team("superadmin"), { type: "subrole", to: "superadmin" }, last)).toMatchObject({
      ok: true,
      changed: false,
    });
    expect(planRoleChange(team("superadmin"), { type: "subrole", to: "none" }, { ...superadmin, self: true })).toEqual({
      ok: false,
      status: 403,
      message: ROLE_MESSAGES.self,
    });
    expect(planRoleChange(vendor, { type: "vendor", grant: false }, { ...admin, self: true })).toMatchObject({
      ok: false,
      status: 403,
    });
  });
});

describe("planRoleChange: vendor access", () => {
  it("grants a shopper the individual role with seller role vendor; a store keeps its store access", () => {
    expect(planRoleChange(shopper, { type: "vendor", grant: true }, admin)).toEqual({
      ok: true,
      changed: true,
      next: vendor,
      message: ROLE_MESSAGES.updated,
    });
    expect(planRoleChange(store, { type: "vendor", grant: true }, admin)).toMatchObject({
      ok: true,
      next: { role: "individual", adminSubrole: null, sellerRole: "store" },
    });
    expect(planRoleChange(vendor, { type: "vendor", grant: true }, admin)).toMatchObject({ ok: true, changed: false });
  });

  it("removes it: a vendor becomes a shopper again, a vendor who is also a store stays a store; staff keep it", () => {
    expect(planRoleChange(vendor, { type: "vendor", grant: false }, admin)).toEqual({
      ok: true,
      changed: true,
      next: null,
      message: ROLE_MESSAGES.updated,
    });
    expect(
      planRoleChange(
        { role: "individual", adminSubrole: null, sellerRole: "store" },
        { type: "vendor", grant: false },
        admin,
      ),
    ).toMatchObject({ ok: true, next: store });
    expect(planRoleChange(team("admin"), { type: "vendor", grant: false }, admin)).toEqual({
      ok: false,
      status: 409,
      message: ROLE_MESSAGES.staffKeepVendor,
    });
    expect(planRoleChange(shopper, { type: "vendor", grant: false }, admin)).toMatchObject({
      ok: true,
      changed: false,
    });
  });
});

describe("planDeactivation (DECISIONS.md, Staff)", () => {
  const target = { deactivated: false, isSuperadmin: false };
  it("is for superadmins only, never themselves, never the last superadmin", () => {
    expect(planDeactivation(target, true, admin)).toMatchObject({ ok: false, status: 403 });
    expect(planDeactivation(target, true, { ...superadmin, self: true })).toMatchObject({ ok: false, status: 403 });
    expect(
      planDeactivation({ deactivated: false, isSuperadmin: true }, true, { ...superadmin, otherActiveSuperadmins: 0 }),
    ).toMatchObject({ ok: false, status: 409 });
    expect(planDeactivation({ deactivated: false, isSuperadmin: true }, true, superadmin)).toEqual({
      ok: true,
      changed: true,
    });
    expect(planDeactivation(target, true, superadmin)).toEqual({ ok: true, changed: true });
    expect(planDeactivation({ deactivated: true, isSuperadmin: false }, true, superadmin)).toEqual({
      ok: true,
      changed: false,
    });
    expect(planDeactivation({ deactivated: true, isSuperadmin: false }, false, superadmin)).toEqual({
      ok: true,
      changed: true,
    });
  });
});

describe("roleLabels", () => {
  it("says what the account can do", () => {
    expect(roleLabels(null)).toEqual(["Shopper"]);
    expect(roleLabels(vendor)).toEqual(["Vendor"]);
    expect(roleLabels(store)).toEqual(["Store"]);
    expect(roleLabels(team("customer_support"))).toEqual(["Customer Support", "Vendor"]);
  });
});
